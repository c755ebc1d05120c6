// npm run ondc:flows: drives the storefront and the embedded sellers through the ONDC retail flows
// ONDC's log validator checks, with the protocol log on and the sellers' clock fast and at lunch
// time (restaurants keep hours), then checks the log (scripts/ondc-validate.ts, VALIDATOR_URL):
// flow 2 for a grocery order (RET10) and a restaurant order (RET11), flow 3 (an item out of stock
// at select, then a good select), flow 4 (a buyer cancel), and the catalogue flows 1 (full, then
// incremental refresh), 7 (catalog_rejection of a full catalogue) and 9 (of an incremental one),
// checked for the two shops the order flows use. Where the storefront has a screen the runner uses
// the same JSON calls its pages make. The log is kept in ./data/ondc-flows/<time>/.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { shopper } from '../tests/support/http.ts';
import { lunchRestaurant, openGroceryStore } from '../tests/support/fixtures.ts';
import { startServer } from '../tests/support/server.ts';

type Client = ReturnType<typeof shopper>;
type Shop = {
  domain: 'ONDC:RET10' | 'ONDC:RET11';
  bppId: string;
  providerId: string;
  location: { id: string; lat: number; lng: number; pincode: string };
};
type Line = { sku_id: string; quantity: number };

// Today's lunch hour in India (13:00 IST), whatever the time here.
const lunch = new Date();
lunch.setUTCHours(7, 30, 0, 0);
// Incremental catalogue refreshes every 6 s, so the changes the flows make come back as deltas.
const server = await startServer({ NETWORK_CLOCK_SPEED: '300', NETWORK_CLOCK_START: lunch.toISOString(), ONDC_LOG: '1', LOG_LEVEL: 'silent', CATALOGUE_INC_REFRESH_MINUTES: '0.1' });
const out = path.resolve('data', 'ondc-flows', new Date().toISOString().replace(/[:.]/g, '-'));

async function poll(client: Client, url: string, done: (body: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const body = (await (await client.get(url)).json()) as Record<string, unknown>;
    if (done(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url}: no answer`);
}

async function select(client: Client, shop: Shop, lines: Line[], transactionId?: string) {
  const ack = (await (
    await client.post('/ondc/select', {
      categoryDomain: shop.domain,
      ondcCity: 'bengaluru',
      bpp: { bpp_id: shop.bppId },
      provider: { id: shop.providerId, locations: [shop.location.id] },
      items: lines.map((line) => ({ ...line, location_id: shop.location.id })),
      lat_long: `${shop.location.lat},${shop.location.lng}`,
      address: { area_code: shop.location.pincode },
      ...(transactionId ? { transaction_id: transactionId } : {}),
    })
  ).json()) as { data: { message_id: string; transaction_id: string } };
  const answer = await poll(client, `/ondc/fetchMessage?type=select&message_id=${ack.data.message_id}`, (b) => b['status'] !== 'PENDING');
  return { transactionId: ack.data.transaction_id, answer };
}

async function order(client: Client, shop: Shop, lines: Line[], transactionId?: string): Promise<string> {
  const selected = await select(client, shop, lines, transactionId);
  const address = { door: '12', building: 'Lake View Apartments', name: 'Asha Rao', locality: 'Indiranagar 2nd Stage', city: 'Bengaluru', state: 'Karnataka', country: 'IND', area_code: shop.location.pincode };
  const init = (await (
    await client.post('/ondc/init', {
      categoryDomain: shop.domain,
      ondcCity: 'bengaluru',
      bpp: { bpp_id: shop.bppId },
      provider: { id: shop.providerId, locations: [shop.location.id] },
      lat_long: `${shop.location.lat},${shop.location.lng}`,
      transaction_id: selected.transactionId,
      items: lines.map((line) => ({ id: line.sku_id, quantity: line.quantity, location_id: shop.location.id, fulfillment_id: 'F1' })),
      customer_details: { name: 'Asha Rao', phone: '9876543210', email: 'asha@example.com' },
      billing_address: address,
      delivery_address: address,
      fulfillment_id: 'F1',
      is_consent_accepted: true,
    })
  ).json()) as { data: { message_id: string } };
  const initAnswer = await poll(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING');
  if (initAnswer['order_status'] !== 'CREATED') throw new Error(`init failed: ${JSON.stringify(initAnswer)}`);
  const payment = (await (
    await client.post('/ondc/payment', { method: 'upi', transaction_id: selected.transactionId, init_message_id: init.data.message_id, vpa: 'asha@okaxis' })
  ).json()) as { data: { payment_id: string } };
  const confirm = (await (await client.post('/ondc/confirm', { transaction_id: selected.transactionId, payment_id: payment.data.payment_id })).json()) as { data: { message_id: string } };
  const placed = await poll(client, `/ondc/status?type=confirm&message_id=${confirm.data.message_id}`, (b) => b['order_status'] !== 'PENDING');
  if (placed['order_status'] !== 'CONFIRMED') throw new Error(`confirm failed: ${JSON.stringify(placed)}`);
  return placed['order_id'] as string;
}

async function until(client: Client, orderId: string, wanted: string, seconds: number) {
  for (let i = 0; i < seconds * 2; i++) {
    const detail = (await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json()) as { status: string };
    if (detail.status === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`order ${orderId} did not reach ${wanted} within ${seconds} s`);
}

async function newShopper(): Promise<Client> {
  const client = shopper(server.url);
  await client.get('/');
  return client;
}

const grocery = openGroceryStore();
const groceryShop: Shop = { domain: 'ONDC:RET10', bppId: grocery.seller.id, providerId: grocery.provider.id, location: grocery.location };
const restaurant = lunchRestaurant();
const restaurantShop: Shop = { domain: 'ONDC:RET11', bppId: restaurant.seller.id, providerId: restaurant.provider.id, location: restaurant.location };
const groceryLines = grocery.items.slice(0, 2).map((item) => ({ sku_id: item.id, quantity: 1 }));

try {
  const flows: Array<[string, () => Promise<void>]> = [
    ['flow 2, RET10: a grocery order to delivery', async () => {
      const client = await newShopper();
      await until(client, await order(client, groceryShop, groceryLines), 'delivered', 90);
    }],
    ['flow 2, RET11: a restaurant order to delivery', async () => {
      const client = await newShopper();
      await until(client, await order(client, restaurantShop, [{ sku_id: restaurant.dish.id, quantity: 1 }]), 'delivered', 120);
    }],
    ['flow 3, RET10: out of stock at select, then a good select', async () => {
      const client = await newShopper();
      const short = await select(client, groceryShop, [...groceryLines, { sku_id: grocery.scarce.id, quantity: grocery.scarce.stock + 1 }]);
      await until(client, await order(client, groceryShop, groceryLines, short.transactionId), 'delivered', 90);
    }],
    ['flow 4, RET10: a buyer cancel', async () => {
      const client = await newShopper();
      const orderId = await order(client, groceryShop, groceryLines);
      // 010 (wrong address) is a buyer reason in SPEC §8 and in ONDC's validator alike.
      await client.post('/ondc/order/update', { type: 'cancel', order_id: orderId, reason_id: '010' });
      await until(client, orderId, 'cancelled', 30);
    }],
    // The storefront rejected the mislisted items of the first full catalogue (flow 7); the sellers'
    // first corrections come back in an incremental refresh and are rejected again (flow 9); the
    // item sold out here and the final corrections come in later ones (flow 1).
    ['flows 1, 7 and 9: rejected items, incremental refreshes, and rejection of a refresh', async () => {
      const client = await newShopper();
      await order(client, groceryShop, [{ sku_id: grocery.scarce.id, quantity: grocery.scarce.stock }]);
      await new Promise((resolve) => setTimeout(resolve, 8000));
    }],
  ];
  for (const [name, run] of flows) {
    await run();
    console.log(`${name}: done`);
  }
  // Pushed callbacks still on their way are part of the flows.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  mkdirSync(out, { recursive: true });
  cpSync(path.join(server.dataDir, 'ondc-log'), out, { recursive: true });
} finally {
  await server.stop();
}
console.log(`protocol log: ${out}\n`);
const shops = [groceryShop, restaurantShop].flatMap((shop) => ['--provider', shop.providerId]);
const checked = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', path.resolve('scripts/ondc-validate.ts'), ...shops, out], { stdio: 'inherit' });
process.exitCode = checked.status ?? 1;
