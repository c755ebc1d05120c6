// npm run ondc:flows: drives the storefront and the embedded sellers through the ONDC retail flows
// ONDC's log validator checks, with the protocol log on and the sellers' clock fast and at lunch
// time (restaurants keep hours), then checks the log (scripts/ondc-validate.ts, VALIDATOR_URL):
// for a grocery store (RET10) and a restaurant (RET11) alike: flow 2 (an order to delivery), flow 3
// (an item out of stock at select, then a good select), flow 4 (a buyer cancel), flow 5 (the store
// cancels while the rider is on the way and the goods ride back), flow 6 (the store cancels units
// it no longer has, then a return the rider fetches and a damaged item the store liquidates, each
// refund settled), and the
// catalogue flows 1 (full, then incremental refresh), 7 (catalog_rejection of a full catalogue) and
// 9 (of an incremental one), checked for the two shops the order flows use. Where the storefront
// has a screen the runner uses the same JSON calls its pages make. The log is kept in
// ./data/ondc-flows/<time>/.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { shopper } from '../tests/support/http.ts';
import { providerItems } from '../src/network/catalogue/generate.ts';
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

// Today's lunch hour in India (13:00 IST), whatever the time here; the restaurant flows go first,
// while the kitchen is open.
const lunch = new Date();
lunch.setUTCHours(7, 30, 0, 0);
// 120×: a grocery order's ten-minute trip takes 5 s, and the rider is out for delivery long enough
// (1.6 s) for the store to cancel on the way. Incremental catalogue refreshes every 6 s, so the
// changes the flows make come back as deltas.
const server = await startServer({ NETWORK_CLOCK_SPEED: '120', NETWORK_CLOCK_START: lunch.toISOString(), ONDC_LOG: '1', LOG_LEVEL: 'silent', CATALOGUE_INC_REFRESH_MINUTES: '0.1' });
const out = path.resolve('data', 'ondc-flows', new Date().toISOString().replace(/[:.]/g, '-'));

// Every 100 ms: flow 4's cancel must reach the store before it accepts the order (a network minute
// after the confirm, 0.5 s at 120×), or its precancel_state is no longer on_confirm's.
async function poll(client: Client, url: string, done: (body: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const body = (await (await client.get(url)).json()) as Record<string, unknown>;
    if (done(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
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
  return (await checkout(client, shop, lines, transactionId))();
}

/** Select, init and pay; the confirm is the returned step (another shopper may act in between). */
async function checkout(client: Client, shop: Shop, lines: Line[], transactionId?: string): Promise<() => Promise<string>> {
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
  return async () => {
    const confirm = (await (await client.post('/ondc/confirm', { transaction_id: selected.transactionId, payment_id: payment.data.payment_id })).json()) as { data: { message_id: string } };
    const placed = await poll(client, `/ondc/status?type=confirm&message_id=${confirm.data.message_id}`, (b) => b['order_status'] !== 'PENDING');
    if (placed['order_status'] !== 'CONFIRMED') throw new Error(`confirm failed: ${JSON.stringify(placed)}`);
    return placed['order_id'] as string;
  };
}

type Detail = { status: string; return_state: string | null; refunds: unknown[]; rto_state: string | null };

async function waitFor(client: Client, orderId: string, what: string, done: (detail: Detail) => boolean, seconds: number): Promise<Detail> {
  for (let i = 0; i < seconds * 2; i++) {
    const detail = (await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json()) as Detail;
    if (done(detail)) return detail;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`order ${orderId}: no ${what} within ${seconds} s`);
}

function networkUrl(): string {
  const found = /Kirana seller network on (http:\/\/\S+)/.exec(server.output())?.[1];
  if (!found) throw new Error('the seller network did not say where it listens');
  return found;
}

/** The seller's own desk (src/network/server.ts): the store cancels the order itself. */
async function storeCancels(shop: Shop, orderId: string, reasonId: string) {
  const answer = await fetch(`${networkUrl()}/sellers/${encodeURIComponent(shop.bppId)}/desk/orders/${encodeURIComponent(orderId)}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reason_id: reasonId }),
  });
  if (!answer.ok) throw new Error(`the store could not cancel ${orderId}: ${await answer.text()}`);
}

/** The store's desk counts an item's shelf: orders confirmed from now on get at most that many. */
async function countShelf(shop: Shop, itemId: string, count: number) {
  const answer = await fetch(`${networkUrl()}/sellers/${encodeURIComponent(shop.bppId)}/desk/items/${encodeURIComponent(itemId)}/stock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count }),
  });
  if (!answer.ok) throw new Error(`the store could not count ${itemId}: ${await answer.text()}`);
}

async function returnItem(client: Client, orderId: string, itemId: string, reasonId: string) {
  // Reasons 003–005 want a photo of the goods: a small JPEG, as the phone sends it after resizing.
  const photo = Uint8Array.from({ length: 20_000 }, (_, i) => (i < 3 ? [0xff, 0xd8, 0xff][i]! : i % 251));
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const uploaded = (await (await fetch(`${server.url}/ondc/order/return-photo?order_id=${orderId}`, { method: 'POST', body: photo, headers: { 'content-type': 'image/jpeg', cookie } })).json()) as { data: { photo_id: string } };
  const answer = await client.post('/ondc/order/update', { type: 'return', order_id: orderId, reason_id: reasonId, items: [{ item_id: itemId, quantity: 1 }], photo_ids: [uploaded.data.photo_id] });
  if (!answer.ok) throw new Error(`return of ${itemId} refused: ${await answer.text()}`);
}


async function until(client: Client, orderId: string, wanted: string, seconds: number) {
  for (let i = 0; i < seconds * 10; i++) {
    const detail = (await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json()) as { status: string };
    if (detail.status === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`order ${orderId} did not reach ${wanted} within ${seconds} s`);
}

async function newShopper(): Promise<Client> {
  const client = shopper(server.url);
  await client.get('/');
  return client;
}

/**
 * Flow 6 on three items of a shop: the store counts the first one's shelf at one unit after the
 * shopper paid for two (it cancels the other, reason 002, and restocks after), then the shopper
 * returns one item for the rider to fetch (004) and one damaged (003, liquidated); each refund is
 * settled with the seller.
 */
async function partCancelAndReturns(shop: Shop, itemIds: readonly string[]) {
  const [short, backByRider, liquidated] = itemIds;
  if (!short || !backByRider || !liquidated) throw new Error(`${shop.providerId} has too few items`);
  const client = await newShopper();
  const confirm = await checkout(client, shop, [{ sku_id: short, quantity: 2 }, { sku_id: backByRider, quantity: 1 }, { sku_id: liquidated, quantity: 1 }]);
  await countShelf(shop, short, 1);
  const orderId = await confirm();
  await countShelf(shop, short, 99);
  await waitFor(client, orderId, 'the part cancel refunded', (d) => d.refunds.length === 1, 30);
  await until(client, orderId, 'delivered', 120);
  await returnItem(client, orderId, backByRider, '004');
  await waitFor(client, orderId, 'Return_Delivered', (d) => d.return_state === 'Return_Delivered' && d.refunds.length === 2, 90);
  await returnItem(client, orderId, liquidated, '003');
  await waitFor(client, orderId, 'Liquidated', (d) => d.return_state === 'Liquidated' && d.refunds.length === 3, 60);
}

const grocery = openGroceryStore();
const groceryShop: Shop = { domain: 'ONDC:RET10', bppId: grocery.seller.id, providerId: grocery.provider.id, location: grocery.location };
const restaurant = lunchRestaurant();
const restaurantShop: Shop = { domain: 'ONDC:RET11', bppId: restaurant.seller.id, providerId: restaurant.provider.id, location: restaurant.location };
const groceryLines = grocery.items.slice(0, 2).map((item) => ({ sku_id: item.id, quantity: 1 }));
// Dishes as they come (no add-ons) from the menus served at lunch.
const atLunch = new Set(restaurant.provider.menus.filter((m) => m.timing === null || (m.timing.timeFrom <= 1300 && m.timing.timeTo >= 1400)).map((m) => m.id));
const plainDishes = [...providerItems(restaurant.provider)].flatMap((i) => (i.kind === 'dish' && i.customGroupIds.length === 0 && i.stock > 5 && atLunch.has(i.menuId) ? [i.id] : [])).slice(0, 3);

try {
  const flows: Array<[string, () => Promise<void>]> = [
    ['flow 6, RET11: part cancel, return with reverse QC, liquidation, and the refunds settled', () => partCancelAndReturns(restaurantShop, plainDishes)],
    ['flow 2, RET11: a restaurant order to delivery', async () => {
      const client = await newShopper();
      await until(client, await order(client, restaurantShop, [{ sku_id: restaurant.dish.id, quantity: 1 }]), 'delivered', 120);
    }],
    ['flow 5, RET11: the restaurant cancels on the way, the food is disposed of', async () => {
      const client = await newShopper();
      const orderId = await order(client, restaurantShop, [{ sku_id: restaurant.dish.id, quantity: 1 }]);
      await until(client, orderId, 'out_for_delivery', 120);
      await storeCancels(restaurantShop, orderId, '013');
      await waitFor(client, orderId, 'RTO-Disposed', (d) => d.status === 'cancelled' && d.rto_state === 'RTO-Disposed', 60);
    }],
    ['flow 3, RET11: the kitchen has one portion left at select, then a good select', async () => {
      const client = await newShopper();
      const dish = restaurant.dish;
      await countShelf(restaurantShop, dish.id, 1);
      const short = await select(client, restaurantShop, [{ sku_id: dish.id, quantity: 2 }]);
      await countShelf(restaurantShop, dish.id, dish.stock);
      await until(client, await order(client, restaurantShop, [{ sku_id: dish.id, quantity: 1 }], short.transactionId), 'delivered', 120);
    }],
    ['flow 4, RET11: a buyer cancel', async () => {
      const client = await newShopper();
      const orderId = await order(client, restaurantShop, [{ sku_id: restaurant.dish.id, quantity: 1 }]);
      await client.post('/ondc/order/update', { type: 'cancel', order_id: orderId, reason_id: '010' });
      await until(client, orderId, 'cancelled', 30);
    }],
    ['flow 2, RET10: a grocery order to delivery', async () => {
      const client = await newShopper();
      await until(client, await order(client, groceryShop, groceryLines), 'delivered', 90);
    }],
    ['flow 3, RET10: out of stock at select, then a good select', async () => {
      const client = await newShopper();
      const short = await select(client, groceryShop, [...groceryLines, { sku_id: grocery.scarce.id, quantity: grocery.scarce.stock + 1 }]);
      await until(client, await order(client, groceryShop, groceryLines, short.transactionId), 'delivered', 90);
    }],
    ['flow 5, RET10: the store cancels on the way (rider could not reach the buyer), the goods ride back', async () => {
      const client = await newShopper();
      const orderId = await order(client, groceryShop, groceryLines);
      await until(client, orderId, 'out_for_delivery', 90);
      await storeCancels(groceryShop, orderId, '011');
      await waitFor(client, orderId, 'RTO-Delivered', (d) => d.status === 'cancelled' && d.rto_state === 'RTO-Delivered', 60);
    }],
    ['flow 6, RET10: part cancel, return with reverse QC, liquidation, and the refunds settled', () => partCancelAndReturns(groceryShop, grocery.items.map((i) => i.id))],
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
