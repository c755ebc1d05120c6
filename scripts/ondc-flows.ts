// npm run ondc:flows: drives the storefront and the embedded sellers through what shoppers do, with
// the protocol log on and the sellers' clock fast and at lunch time (restaurants keep hours), then
// checks the whole log with ONDC's log validator (scripts/ondc-validate.ts, VALIDATOR_URL): every
// store's catalogue (flows 1, 7 and 9, no store left out), and orders in every domain the storefront
// lists (RET10 groceries, RET13 personal care, RET16 home care, RET18 health, RET11 restaurants), paid
// by UPI and cash on delivery, a plain dish and one customised with add-ons, every cancel reason the
// order page's form offers (and one after the store accepted the order), a return on its own, a
// damaged item liquidated on its own, flow 6's part cancel with returns, a store that cancels on the
// way (flow 5; at core 1.2.5 after cutting a unit it lacked, as ONDC's 1.2.5 flow 5 has it), an item out of stock
// at select (flow 3), and a delivery window picked at checkout (issue 29). The runner makes the calls the pages make, with the bodies they send (the
// cart, the checkout form, the order page's refreshes, the track map, the cancel form, the return
// screen), and nothing the pages do not collect. The log is kept in ./data/ondc-flows/<time>/.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { shopper } from '../tests/support/http.ts';
import { cartAnswerSchema, type Cart } from '#/features/cart/payload.ts';
import { checkoutPlace } from '#/features/checkout/session.ts';
import { CANCEL_REASONS } from '#/features/orders/orders.ts';
import { generateNetwork, providerItems, type DishItem, type GroceryStore, type Restaurant } from '#/network/catalogue/generate.ts';
import { ALL_DAY } from '#/network/catalogue/hours.ts';
import type { StoreDomain } from '#/network/catalogue/names.ts';
import { hasListingFlaw } from '#/network/listing-flaws.ts';
import { isCancellable } from '#/network/catalogue/on-search.ts';
import { healthy, startServer, type StartedServer } from '../tests/support/server.ts';
import type { IfShortChoice } from '#/ondc/if-short.ts';

type Client = ReturnType<typeof shopper>;
type Shop = {
  domain: StoreDomain | 'ONDC:RET11';
  /** the city the shopper orders in: the store's own */
  city: string;
  bppId: string;
  providerId: string;
  location: { id: string; lat: number; lng: number; pincode: string };
};
/** One cart line as the shopper taps it: an item, and for a dish the add-ons chosen. */
type Line = { itemId: string; quantity: number; customisations?: string[] };
type Payment = 'upi' | 'cod';

// A loaded machine may take minutes to build and start; the runner waits, then stops whatever it
// started however it ends (an error, Ctrl-C, a SIGTERM from CI).
const STARTUP_LIMIT_MS = 10 * 60_000;
let server: StartedServer | null = null;
let spawnedPid = 0;
async function stopEverything() {
  if (server) await server.stop();
  else if (spawnedPid) process.kill(spawnedPid, 'SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: stopping the storefront and its sellers`);
    void stopEverything().finally(() => process.exit(130));
  });
}

// A machine this loaded may leave a connection waiting past fetch's 10 s connect timeout (the
// storefront busy ingesting catalogues): a connection never made sent nothing, so it is tried
// again, as long as the start-up limit, rather than failing the run.
const plainFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  for (const started = Date.now(); ; ) {
    try {
      return await plainFetch(input, init);
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== 'UND_ERR_CONNECT_TIMEOUT' || Date.now() - started > STARTUP_LIMIT_MS) throw error;
    }
  }
};

// `--core 1.2.5`: the embedded sellers speak retail core 1.2.5 and the storefront searches in it
// (issue 25); `--only <words>` runs the flows whose names hold them (repeatable), while developing.
const args = process.argv.slice(2).filter((a) => a !== '--');
const optionValues = (name: string) => args.flatMap((a, i) => (args[i - 1] === name ? [a] : []));
const core = optionValues('--core').at(-1) ?? '1.2.0';
if (core !== '1.2.0' && core !== '1.2.5') throw new Error(`--core is 1.2.0 or 1.2.5, not ${core}`);
const only = optionValues('--only');
const out = path.resolve('data', 'ondc-flows', `${new Date().toISOString().replace(/[:.]/g, '-')}${core === '1.2.0' ? '' : `-core-${core}`}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function poll(client: Client, address: string, done: (body: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const body = (await (await client.get(address)).json()) as Record<string, unknown>;
    if (done(body)) return body;
    await sleep(100);
  }
  throw new Error(`${address}: no answer`);
}

/** The cart as the product and add-on screens fill it (POST /ondc/cart, one tap per line). */
async function fillCart(client: Client, shop: Shop, lines: readonly Line[]): Promise<Cart> {
  let cart: Cart | undefined;
  for (const line of lines) {
    const answer = await client.post('/ondc/cart?offer=1', {
      action: 'UPDATE_ITEM',
      sku_id: line.itemId,
      quantity: line.quantity,
      cart_metadata: { bpp_id: shop.bppId, provider_id: shop.providerId },
      item_metadata: {
        itemId: line.itemId,
        providerId: shop.providerId,
        locationId: shop.location.id,
        ...(line.customisations ? { customisations: line.customisations } : {}),
      },
    });
    if (!answer.ok) throw new Error(`the cart refused ${line.itemId}: ${await answer.text()}`);
    cart = cartAnswerSchema.parse(await answer.json()).data.find((c) => c.provider_id === shop.providerId);
  }
  if (!cart) throw new Error('an empty cart');
  return cart;
}

const placeOf = (shop: Shop) => ({ label: 'Home', city: shop.city, pincode: shop.location.pincode, lat: shop.location.lat, lng: shop.location.lng });

/** The checkout page's select from the cart; a second select keeps the transaction (SPEC §4). */
async function select(client: Client, shop: Shop, cart: Cart, transactionId?: string, fulfillmentId?: string) {
  const ack = (await (
    await client.post('/ondc/select', {
      ...checkoutPlace(cart, placeOf(shop)),
      address: { area_code: shop.location.pincode },
      ...(transactionId ? { transaction_id: transactionId } : {}),
      ...(fulfillmentId ? { fulfillment_id: fulfillmentId } : {}),
    })
  ).json()) as {
    data: { message_id: string; transaction_id: string };
  };
  const answer = await poll(client, `/ondc/fetchMessage?type=select&message_id=${ack.data.message_id}`, (b) => b['status'] !== 'PENDING');
  return { transactionId: ack.data.transaction_id, answer };
}

/**
 * The checkout form as a shopper fills it: name, phone, address, and the email where the shopper
 * gives one (it is optional); what the form does not ask is not sent.
 */
function initBody(shop: Shop, cart: Cart, transactionId: string, payment: Payment, email: string | undefined, fulfillmentId: string, ifShort: IfShortChoice) {
  const address = {
    door: '12',
    building: 'Lake View Apartments',
    name: 'Asha Rao',
    locality: 'Indiranagar 2nd Stage',
    city: shop.city,
    state: 'Karnataka',
    country: 'IND',
    area_code: shop.location.pincode,
  };
  return {
    ...checkoutPlace(cart, placeOf(shop)),
    transaction_id: transactionId,
    customer_details: { name: 'Asha Rao', phone: '9876543210', ...(email ? { email } : {}) },
    billing_address: address,
    delivery_address: address,
    fulfillment_id: fulfillmentId,
    is_consent_accepted: true,
    payment_type: payment === 'cod' ? 'ON-FULFILLMENT' : 'ON-ORDER',
    if_short: ifShort,
  };
}

/**
 * Cart, select, init and payment; the confirm is the returned step. The server sends the confirm
 * once the payment settles (issue 23), so what another party does before the confirm
 * (`beforePayment`: a store counting its shelf) happens between init and payment.
 */
async function checkout(
  client: Client,
  shop: Shop,
  lines: readonly Line[],
  payment: Payment = 'upi',
  transactionId?: string,
  email?: string,
  beforePayment?: () => Promise<void>,
  /**
   * Issue 29: the shopper picks the first delivery window the store offers, and asks for no order
   * unless it is whole where the store honours that.
   */
  choices: { window?: boolean; ifShort?: IfShortChoice } = {},
): Promise<() => Promise<string>> {
  const { window = false, ifShort = 'leave_out' } = choices;
  const cart = await fillCart(client, shop, lines);
  let selected = await select(client, shop, cart, transactionId);
  if (selected.answer['error']) throw new Error(`select failed: ${JSON.stringify(selected.answer['error'])}`);
  if (window) {
    const offered = quoted(selected.answer).delivery?.options.find((o) => o.start !== null);
    if (!offered) throw new Error(`${shop.providerId} offered no delivery window`);
    selected = await select(client, shop, cart, selected.transactionId, offered.id);
    if (selected.answer['error']) throw new Error(`select of window ${offered.id} failed: ${JSON.stringify(selected.answer['error'])}`);
  }
  // The checkout page names the delivery the quote is for.
  const fulfillmentId = quoted(selected.answer).fulfillmentId ?? 'F1';
  const init = (await (await client.post('/ondc/init', initBody(shop, cart, selected.transactionId, payment, email, fulfillmentId, ifShort))).json()) as {
    data: { message_id: string };
  };
  const initAnswer = await poll(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING');
  if (initAnswer['order_status'] !== 'CREATED') throw new Error(`init failed: ${JSON.stringify(initAnswer)}`);
  await beforePayment?.();
  const paid = (await (
    await client.post('/ondc/payment', {
      method: payment,
      transaction_id: selected.transactionId,
      init_message_id: init.data.message_id,
      ...(payment === 'upi' ? { vpa: 'asha@okaxis' } : {}),
      burn_coins: false,
    })
  ).json()) as { data: { payment_id: string } };
  return async () => {
    const confirm = (await (await client.post('/ondc/confirm', { transaction_id: selected.transactionId, payment_id: paid.data.payment_id })).json()) as {
      data: { message_id: string };
    };
    const placed = await poll(client, `/ondc/status?type=confirm&message_id=${confirm.data.message_id}`, (b) => b['order_status'] !== 'PENDING');
    if (placed['order_status'] !== 'CONFIRMED') throw new Error(`confirm failed: ${JSON.stringify(placed)}`);
    return placed['order_id'] as string;
  };
}

/** What the select poll adds for the checkout page: the delivery the quote is for and the times on offer. */
const quoted = (answer: Record<string, unknown>) =>
  (answer['checkout'] ?? {}) as { fulfillmentId?: string | null; delivery?: { options: Array<{ id: string; start: string | null }> } | null };

async function order(client: Client, shop: Shop, lines: readonly Line[], payment: Payment = 'upi', transactionId?: string, email?: string): Promise<string> {
  return (await checkout(client, shop, lines, payment, transactionId, email))();
}

type Detail = { status: string; return_state: string | null; refunds: unknown[]; rto_state: string | null; cancel_error: string | null };

/**
 * The order page open on the shopper's phone: it reads the order now and then and asks the seller
 * for its state (ONDC status) on the first read and every sixth after (src/pages/order-history.astro),
 * and the track map asks where the rider is while the order is on the road.
 */
async function watch(
  client: Client,
  orderId: string,
  what: string,
  done: (detail: Detail) => boolean,
  seconds: number,
  options: { track?: boolean } = {},
): Promise<Detail> {
  let tracked = false;
  for (let tick = 0, deadline = Date.now() + seconds * 1000; Date.now() < deadline; tick++) {
    const detail = (await (await client.get(`/ondc/order/detail?order_id=${orderId}${tick % 6 === 0 ? '&refresh=1' : ''}`)).json()) as Detail;
    // The map is open once the rider has the order: out for delivery may last less than a tick.
    if (options.track && !tracked && (detail.status === 'picked_up' || detail.status === 'out_for_delivery')) {
      tracked = true;
      await trackRider(client, orderId);
    }
    if (done(detail)) {
      // Core 1.2.5's flow 2 wants the track: an order the page never saw on the road is named here
      // rather than left for the validator's report to explain.
      if (options.track && !tracked && detail.status === 'delivered')
        console.log(`  order ${orderId}: delivered before the order page saw the rider on the road (no track)`);
      return detail;
    }
    // On a fast seller clock a quick store's rider is on the road for a second or so: a shopper
    // watching for the map looks more often than one waiting for the order to arrive.
    await sleep(options.track && !tracked ? 200 : 500);
  }
  throw new Error(`order ${orderId}: no ${what} within ${seconds} s`);
}

const until = (client: Client, orderId: string, step: string, seconds: number, options: { track?: boolean } = {}) =>
  watch(client, orderId, step, (d) => d.status === step, seconds, options);

/** The track map: ONDC track, then the page polls for the seller's on_track (src/pages/track-map.astro). */
async function trackRider(client: Client, orderId: string) {
  const asked = await client.get(`/ondc/order/track?order_id=${encodeURIComponent(orderId)}`);
  if (!asked.ok) throw new Error(`track of ${orderId} refused: ${await asked.text()}`);
  const { data } = (await asked.json()) as { data: { message_id: string } };
  await poll(client, `/ondc/fetchMessage?type=track&message_id=${data.message_id}`, (b) => b['status'] === 'SUCCESS');
}

function networkUrl(): string {
  const found = /Kirana seller network on (http:\/\/\S+)/.exec(server?.output() ?? '')?.[1];
  if (!found) throw new Error('the seller network did not say where it listens');
  return found;
}

async function desk(shop: Shop, what: string, body: unknown) {
  const answer = await fetch(`${networkUrl()}/sellers/${encodeURIComponent(shop.bppId)}/desk/${what}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`the store's desk refused ${what}: ${await answer.text()}`);
}
/** The seller's own desk (src/network/server.ts): the store cancels the order itself. */
const storeCancels = (shop: Shop, orderId: string, reasonId: string) => desk(shop, `orders/${encodeURIComponent(orderId)}/cancel`, { reason_id: reasonId });
/** The store's desk counts an item's shelf: orders confirmed from now on get at most that many. */
const countShelf = (shop: Shop, itemId: string, count: number) => desk(shop, `items/${encodeURIComponent(itemId)}/stock`, { count });

/**
 * Flow 5: the store cancels an order while the rider is out with it. The rider is out for 1.6 s of
 * our time at 120×; on a loaded machine the order page's reads can miss that, or the rider can
 * deliver before the store's cancel arrives (50001). Either way the store could not cancel that
 * order on the way: a fresh order tries again, as a seller would with the next one.
 */
async function cancelOnTheWay(shop: Shop, lines: readonly Line[], reasonId: string, seconds: number): Promise<{ client: Client; orderId: string }> {
  // Core 1.2.5's flow 5 is the RTO of an order the store first cut (ONDC's validator: on_update_part_cancel
  // and its settlement before the ride): the store finds one unit of the first line short between
  // the shopper's init and payment, as in flow 6. At 1.2.0 the order goes out whole.
  const [first] = lines;
  const short = core === '1.2.5' && first && first.quantity > 1 ? first : null;
  for (let attempt = 1; ; attempt++) {
    const client = await newShopper();
    const confirm = await checkout(
      client,
      shop,
      lines,
      'upi',
      undefined,
      'asha@example.com',
      short ? () => countShelf(shop, short.itemId, short.quantity - 1) : undefined,
    );
    const orderId = await confirm();
    if (short) {
      await countShelf(shop, short.itemId, 99);
      await watch(client, orderId, 'the part cancel refunded', (d) => d.refunds.length === 1, 30);
    }
    const seen = await watch(client, orderId, 'out_for_delivery', (d) => d.status === 'out_for_delivery' || d.status === 'delivered', seconds);
    const cancelled =
      seen.status === 'out_for_delivery' &&
      (await storeCancels(shop, orderId, reasonId).then(
        () => true,
        (error: unknown) => {
          if (String(error).includes('50001')) return false;
          throw error;
        },
      ));
    if (cancelled) return { client, orderId };
    if (attempt === 3) throw new Error(`the rider delivered ${attempt} orders before the store could cancel on the way: the machine is too slow for 120×`);
    console.log(`  the rider delivered ${orderId} before the store's cancel reached it: a fresh order`);
  }
}

const cookieOf = (client: Client) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** The order page's cancel form, posted as the browser posts it (no JavaScript needed). */
async function cancelByForm(client: Client, orderId: string, reasonId: string) {
  const answer = await fetch(`${url}/ondc/order/update`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieOf(client), origin: url },
    body: new URLSearchParams({ type: 'cancel', order_id: orderId, reason_id: reasonId }).toString(),
  });
  const location = answer.headers.get('location') ?? '';
  if (answer.status !== 303 || !location.includes('notice=submitted'))
    throw new Error(`cancel of ${orderId} (${reasonId}) refused: ${answer.status} ${location}`);
}

/**
 * A shopper who cancels once the store has taken the order: the order page shows Accepted (the
 * store's own on_status, pushed to us), then the cancel form. The page is read often, as a shopper
 * waiting on it would, so the cancel goes before the store packs (two network minutes, one real
 * second at 120×); whatever the store has done by then, the cancel goes.
 */
async function cancelOnceAccepted(shop: Shop, lines: readonly Line[], reasonId: string) {
  const client = await newShopper();
  const orderId = await order(client, shop, lines);
  for (let tick = 0; tick < 100; tick++) {
    const detail = (await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json()) as Detail;
    if (detail.status !== 'created') break;
    await sleep(50);
  }
  await cancelByForm(client, orderId, reasonId);
  await until(client, orderId, 'cancelled', 30);
}

/** The return screen (src/pages/camera.astro): a photo of the goods, then the request. */
async function returnItem(client: Client, orderId: string, itemId: string, reasonId: string) {
  // Reasons 003–005 want a photo of the goods: a small JPEG, as the phone sends it after resizing
  // (a real image: the storefront decodes and writes it again, issue 24).
  const photo = new Uint8Array(
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer(),
  );
  const upload = await fetch(`${url}/ondc/order/return-photo?order_id=${orderId}`, {
    method: 'POST',
    body: photo,
    headers: { 'content-type': 'image/jpeg', cookie: cookieOf(client) },
  });
  if (!upload.ok) throw new Error(`the return photo for ${orderId} was refused: ${await upload.text()}`);
  const uploaded = (await upload.json()) as { data: { photo_id: string } };
  const answer = await client.post('/ondc/order/update', {
    type: 'return',
    order_id: orderId,
    reason_id: reasonId,
    items: [{ item_id: itemId, quantity: 1 }],
    photo_ids: [uploaded.data.photo_id],
  });
  if (!answer.ok) throw new Error(`return of ${itemId} refused: ${await answer.text()}`);
}

async function newShopper(): Promise<Client> {
  const client = shopper(url);
  await client.get('/');
  return client;
}

/**
 * Flow 6 on three items of a shop: the store counts the first one's shelf at one unit after the
 * shopper's init was quoted two, before the payment (at confirm it cancels the other, reason 002,
 * and restocks after), then the shopper returns one item for the rider to fetch (004) and one
 * damaged (003, liquidated); each refund is settled with the seller.
 */
async function partCancelAndReturns(shop: Shop, itemIds: readonly string[]) {
  const [short, backByRider, liquidated] = itemIds;
  if (!short || !backByRider || !liquidated) throw new Error(`${shop.providerId} has too few items`);
  const client = await newShopper();
  // A shopper who gave an email: the store writes to it about the returns (README "Decisions").
  const confirm = await checkout(
    client,
    shop,
    [
      { itemId: short, quantity: 2 },
      { itemId: backByRider, quantity: 1 },
      { itemId: liquidated, quantity: 1 },
    ],
    'upi',
    undefined,
    'asha@example.com',
    () => countShelf(shop, short, 1),
  );
  const orderId = await confirm();
  await countShelf(shop, short, 99);
  await watch(client, orderId, 'the part cancel refunded', (d) => d.refunds.length === 1, 30);
  await until(client, orderId, 'delivered', 120);
  await returnItem(client, orderId, backByRider, '004');
  await watch(client, orderId, 'Return_Delivered', (d) => d.return_state === 'Return_Delivered' && d.refunds.length === 2, 90);
  await returnItem(client, orderId, liquidated, '003');
  await watch(client, orderId, 'Liquidated', (d) => d.return_state === 'Liquidated' && d.refunds.length === 3, 60);
}

/**
 * A return on its own once the order is delivered, one item sent back with a photo: a rider picks
 * it up (reason 005, Return_Delivered), or, damaged, the store liquidates it instead of fetching it
 * (reason 003, ONDC 1.2.5's flow 6); refunded either way.
 */
const RETURNS_ALONE = {
  picked: { reason: '005', state: 'Return_Delivered', seconds: 90, track: false },
  liquidated: { reason: '003', state: 'Liquidated', seconds: 60, track: true },
} as const;

async function returnAlone(shop: Shop, itemIds: readonly string[], kind: keyof typeof RETURNS_ALONE) {
  const { reason, state, seconds, track } = RETURNS_ALONE[kind];
  const client = await newShopper();
  const orderId = await order(
    client,
    shop,
    itemIds.slice(0, 2).map((itemId) => ({ itemId, quantity: 1 })),
    'upi',
    undefined,
    'asha@example.com',
  );
  await until(client, orderId, 'delivered', 120, { track });
  await returnItem(client, orderId, itemIds[0]!, reason);
  await watch(client, orderId, state, (d) => d.return_state === state && d.refunds.length === 1, seconds);
}

// The stores a shopper in Bengaluru meets, one per domain the storefront lists, as the generator
// (same seed and scale as `npm start`) makes them.
const network = generateNetwork();
const providers = network.sellers.flatMap((seller) => seller.providers);
const shopOf = (provider: GroceryStore | Restaurant): Shop => ({
  domain: provider.domain,
  city: provider.cityId,
  bppId: provider.sellerId,
  providerId: provider.id,
  location: provider.locations[0]!,
});
const allDay = (p: GroceryStore | Restaurant) => p.openingHours.from === ALL_DAY.from && p.openingHours.to === ALL_DAY.to;
const STORE_DOMAINS: readonly StoreDomain[] = ['ONDC:RET10', 'ONDC:RET13', 'ONDC:RET16', 'ONDC:RET18'];
const stores = STORE_DOMAINS.map((domain) => {
  const store = providers.find(
    (p): p is GroceryStore => p.kind === 'grocery' && p.domain === domain && p.cityId === 'bengaluru' && p.status === 'enable' && allDay(p),
  );
  if (!store) throw new Error(`no all-day ${domain} store in Bengaluru`);
  const sellable = [...providerItems(store)].filter((i) => i.kind === 'grocery' && i.stock >= 5 && !hasListingFlaw(i));
  // The flows that cancel need items the store lets a buyer cancel; one it does not is RET_8's.
  const items = sellable.filter(isCancellable).map((i) => i.id);
  const fixed = sellable.find((i) => !isCancellable(i))?.id;
  const scarce = [...providerItems(store)].find(
    (i) => i.kind === 'grocery' && i.stock > 0 && i.stock < i.maxPerOrder && !hasListingFlaw(i) && isCancellable(i),
  );
  return { shop: shopOf(store), items, fixed, scarce };
});
const grocery = stores[0]!;
// Issue 29: the Bengaluru store that also delivers in windows (it keeps hours: its flow goes first).
const slotted = (() => {
  const store = providers.find((p): p is GroceryStore => p.kind === 'grocery' && p.deliverySlots && p.domain === 'ONDC:RET10' && p.cityId === 'bengaluru');
  if (!store) throw new Error('no Bengaluru store that delivers in windows');
  const lines = [...providerItems(store)]
    .filter((i) => i.kind === 'grocery' && i.stock >= 5 && !hasListingFlaw(i) && isCancellable(i))
    .slice(0, 2)
    .map((i) => ({ itemId: i.id, quantity: 1 }));
  return { shop: shopOf(store), lines };
})();
// The restaurant open around the clock: its menus are served whenever the flows run.
const restaurant = providers.find((p): p is Restaurant => p.kind === 'restaurant' && p.status === 'enable' && allDay(p));
if (!restaurant) throw new Error('no restaurant open around the clock');
const kitchen = shopOf(restaurant);
/** The restaurant's dishes a shopper can order at lunch. */
function lunchDishes(kitchen: Restaurant): DishItem[] {
  const atLunch = new Set(kitchen.menus.filter((m) => m.timing === null || (m.timing.timeFrom <= 1300 && m.timing.timeTo >= 1400)).map((m) => m.id));
  return [...providerItems(kitchen)].filter((i): i is DishItem => i.kind === 'dish' && i.stock > 5 && atLunch.has(i.menuId) && !hasListingFlaw(i));
}
const dishes = lunchDishes(restaurant);
const plainDishes = dishes.filter((d) => d.customGroupIds.length === 0 && isCancellable(d)).map((d) => d.id);
// A dish cooked to order, which the kitchen does not let a buyer cancel (RET_8), at a restaurant
// open at lunch.
const cookedToOrder = providers
  .filter((p): p is Restaurant => p.kind === 'restaurant' && p.status === 'enable' && p.openingHours.from <= 1300 && p.openingHours.to >= 1400)
  .flatMap((p) =>
    lunchDishes(p)
      .filter((d) => !isCancellable(d))
      .map((dish) => ({ shop: shopOf(p), dish: dish.id })),
  )[0];
const customisable = dishes.find((d) => d.customGroupIds.length > 0);
if (plainDishes.length < 3 || !customisable) throw new Error(`${restaurant.id} lacks plain or customisable dishes at lunch`);
if (!cookedToOrder) throw new Error('no restaurant open at lunch lists a dish cooked to order');

/** The add-on picker's choices: the default (or first) of every group that opens, and one more add-on where a group allows it. */
async function addOns(client: Client, dish: DishItem): Promise<string[]> {
  const answer = (await (await client.get(`/ondc/customisations?bpp_id=${kitchen.bppId}&provider_id=${kitchen.providerId}&item_id=${dish.id}`)).json()) as {
    data: {
      tree: { rootGroupIds: string[]; groups: Record<string, { max?: number; options: Array<{ id: string; isDefault: boolean; childGroupIds: string[] }> }> };
    };
  };
  const tree = answer.data.tree;
  const picks: string[] = [];
  const pick = (groupId: string) => {
    const group = tree.groups[groupId];
    const options = group?.options ?? [];
    const first = options.find((o) => o.isDefault) ?? options[0];
    if (!first) return;
    const chosen = (group?.max ?? 1) > 1 ? [first, ...options.filter((o) => o !== first).slice(0, 1)] : [first];
    for (const option of chosen) {
      picks.push(option.id);
      option.childGroupIds.forEach(pick);
    }
  };
  tree.rootGroupIds.forEach(pick);
  return picks;
}

type Flow = [string, () => Promise<void>];

/**
 * The store turns an order down before the rider has it (ONDC flow 3C, Pramaan's RET_4c): the
 * shopper's order page then shows it cancelled by the store, the goods never left.
 */
const storeTurnsDown = (shop: Shop, lines: readonly Line[], reasonId: string) => async () => {
  const client = await newShopper();
  const orderId = await order(client, shop, lines);
  await storeCancels(shop, orderId, reasonId);
  await until(client, orderId, 'cancelled', 30);
};

/**
 * An order with an item the store does not let a buyer cancel (Pramaan's RET_8): the shopper
 * tries the cancel form anyway, the store refuses (50001) and the page says so; the order goes on
 * to delivery.
 */
const refusedCancel = (shop: Shop, lines: readonly Line[]) => async () => {
  const client = await newShopper();
  const orderId = await order(client, shop, lines);
  await cancelByForm(client, orderId, CANCEL_REASONS[0].id);
  await watch(client, orderId, 'the cancel refused', (d) => d.cancel_error !== null, 30);
  // The page stays open after the refusal, and its map opens when the rider has the order.
  await until(client, orderId, 'delivered', 120, { track: true });
};
const deliveredOrder = (shop: Shop, lines: () => Promise<Line[]> | Line[], payment: Payment, seconds: number) => async () => {
  const client = await newShopper();
  await until(client, await order(client, shop, await lines(), payment), 'delivered', seconds, { track: true });
};

/** Issue 29: the order placed for a delivery window at the start of the run, watched to its delivery while the run goes on. */
let windowDelivered: Promise<Detail> | null = null;

const flows: Flow[] = [
  // Issue 29 first: the store that delivers in windows keeps hours, and lunch is when the run starts.
  // The order is placed now and read to its delivery at the end: waiting here for the window would
  // take the clock past the restaurants' hours.
  [
    'flow 2, RET10, a delivery window picked at checkout, no order unless whole: the order placed',
    async () => {
      const client = await newShopper();
      const confirm = await checkout(client, slotted.shop, slotted.lines, 'cod', undefined, undefined, undefined, { window: true, ifShort: 'cancel_order' });
      const orderId = await confirm();
      // The order page stays open on the shopper's phone while the run goes on, and opens the track
      // map when the rider has the order (ONDC's flow 2 wants a track).
      windowDelivered = until(client, orderId, 'delivered', 1500, { track: true });
      windowDelivered.catch(() => undefined);
    },
  ],
  // Restaurants next, while the clock is at lunch.
  ['flow 6, RET11: part cancel, return with reverse QC, liquidation, and the refunds settled', () => partCancelAndReturns(kitchen, plainDishes)],
  ['flow 6, RET11: a dish returned damaged on its own, liquidated and refunded', () => returnAlone(kitchen, plainDishes.slice(1), 'liquidated')],
  ['flow 2, RET11, UPI: a plain dish to delivery', deliveredOrder(kitchen, () => [{ itemId: plainDishes[0]!, quantity: 1 }], 'upi', 120)],
  ['flow 2, RET11, cash on delivery: a plain dish to delivery', deliveredOrder(kitchen, () => [{ itemId: plainDishes[1]!, quantity: 1 }], 'cod', 120)],
  [
    'flow 2, RET11, UPI: a dish customised with add-ons to delivery',
    deliveredOrder(kitchen, async () => [{ itemId: customisable.id, quantity: 1, customisations: await addOns(await newShopper(), customisable) }], 'upi', 120),
  ],
  [
    'flow 2, RET11, cash on delivery: a customised dish and a plain one to delivery',
    deliveredOrder(
      kitchen,
      async () => [
        { itemId: customisable.id, quantity: 2, customisations: await addOns(await newShopper(), customisable) },
        { itemId: plainDishes[2]!, quantity: 1 },
      ],
      'cod',
      120,
    ),
  ],
  [
    'flow 5, RET11: the restaurant cancels on the way, the food is disposed of',
    async () => {
      const { client, orderId } = await cancelOnTheWay(
        kitchen,
        [
          { itemId: plainDishes[0]!, quantity: 2 },
          { itemId: plainDishes[1]!, quantity: 1 },
        ],
        '013',
        120,
      );
      await watch(client, orderId, 'RTO-Disposed', (d) => d.status === 'cancelled' && d.rto_state === 'RTO-Disposed', 60);
    },
  ],
  [
    'flow 3, RET11: the kitchen has one portion left at select, then a good select',
    async () => {
      const client = await newShopper();
      const dish = dishes.find((d) => d.id === plainDishes[0])!;
      await countShelf(kitchen, dish.id, 1);
      const cart = await fillCart(client, kitchen, [{ itemId: dish.id, quantity: 2 }]);
      const short = await select(client, kitchen, cart);
      await countShelf(kitchen, dish.id, dish.stock);
      await until(client, await order(client, kitchen, [{ itemId: dish.id, quantity: 1 }], 'upi', short.transactionId), 'delivered', 120, { track: true });
    },
  ],
  ...CANCEL_REASONS.map(
    (reason): Flow => [
      `flow 4, RET11: the shopper cancels, "${reason.text}" (${reason.id})`,
      async () => {
        const client = await newShopper();
        const orderId = await order(client, kitchen, [{ itemId: plainDishes[1]!, quantity: 1 }]);
        await cancelByForm(client, orderId, reason.id);
        await until(client, orderId, 'cancelled', 30);
      },
    ],
  ),
  ['flow 5 before pickup, RET11: the restaurant turns the order down (005)', storeTurnsDown(kitchen, [{ itemId: plainDishes[2]!, quantity: 1 }], '005')],
  [
    'non-cancellable, RET11: a dish cooked to order, the cancel refused, the order delivered',
    refusedCancel(cookedToOrder.shop, [{ itemId: cookedToOrder.dish, quantity: 1 }]),
  ],
  [
    'flow 4, RET11: the shopper cancels once the restaurant has accepted',
    () => cancelOnceAccepted(kitchen, [{ itemId: plainDishes[1]!, quantity: 1 }], CANCEL_REASONS[2].id),
  ],
  ...stores.flatMap(({ shop, items }): Flow[] => {
    const name = shop.domain.slice(5);
    const two = () => items.slice(0, 2).map((itemId) => ({ itemId, quantity: 1 }));
    return [
      [`flow 2, ${name}, UPI: an order to delivery`, deliveredOrder(shop, two, 'upi', 90)],
      [`flow 2, ${name}, cash on delivery: an order to delivery`, deliveredOrder(shop, two, 'cod', 90)],
    ];
  }),
  [
    'flow 3, RET10: out of stock at select, then a good select',
    async () => {
      const client = await newShopper();
      const scarce = grocery.scarce;
      if (!scarce) throw new Error('the grocery store has no scarce item');
      const lines = grocery.items.slice(0, 2).map((itemId) => ({ itemId, quantity: 1 }));
      const cart = await fillCart(client, grocery.shop, [...lines, { itemId: scarce.id, quantity: scarce.stock + 1 }]);
      const short = await select(client, grocery.shop, cart);
      await client.post('/ondc/cart?offer=1', {
        action: 'DELETE_ITEM',
        sku_id: scarce.id,
        cart_metadata: { bpp_id: grocery.shop.bppId, provider_id: grocery.shop.providerId },
        item_metadata: { itemId: scarce.id, providerId: grocery.shop.providerId, locationId: grocery.shop.location.id },
      });
      await until(client, await order(client, grocery.shop, lines, 'upi', short.transactionId), 'delivered', 90, { track: true });
    },
  ],
  [
    'flow 5, RET10: the store cancels on the way (rider could not reach the buyer), the goods ride back',
    async () => {
      const { client, orderId } = await cancelOnTheWay(
        grocery.shop,
        grocery.items.slice(0, 2).map((itemId, i) => ({ itemId, quantity: i === 0 ? 2 : 1 })),
        '011',
        90,
      );
      await watch(client, orderId, 'RTO-Delivered', (d) => d.status === 'cancelled' && d.rto_state === 'RTO-Delivered', 60);
    },
  ],
  ['flow 6, RET10: part cancel, return with reverse QC, liquidation, and the refunds settled', () => partCancelAndReturns(grocery.shop, grocery.items)],
  ['flow 6, RET10: a return on its own (photo, pickup, refund)', () => returnAlone(grocery.shop, grocery.items.slice(3), 'picked')],
  ['flow 6, RET10: an item returned damaged on its own, liquidated and refunded', () => returnAlone(grocery.shop, grocery.items.slice(5), 'liquidated')],
  ...CANCEL_REASONS.map(
    (reason): Flow => [
      `flow 4, RET10: the shopper cancels, "${reason.text}" (${reason.id})`,
      async () => {
        const client = await newShopper();
        const orderId = await order(
          client,
          grocery.shop,
          grocery.items.slice(0, 2).map((itemId) => ({ itemId, quantity: 1 })),
        );
        await cancelByForm(client, orderId, reason.id);
        await until(client, orderId, 'cancelled', 30);
      },
    ],
  ),
  [
    'flow 5 before pickup, RET10: the store cannot supply the order (002)',
    storeTurnsDown(
      grocery.shop,
      grocery.items.slice(0, 2).map((itemId) => ({ itemId, quantity: 1 })),
      '002',
    ),
  ],
  [
    'non-cancellable, RET10: an item cut to order, the cancel refused, the order delivered',
    async () => {
      if (!grocery.fixed) throw new Error('the grocery store lists no item it does not let a buyer cancel');
      await refusedCancel(grocery.shop, [
        { itemId: grocery.items[0]!, quantity: 1 },
        { itemId: grocery.fixed, quantity: 1 },
      ])();
    },
  ],
  [
    'flow 4, RET10: the shopper cancels once the store has accepted',
    () =>
      cancelOnceAccepted(
        grocery.shop,
        grocery.items.slice(0, 2).map((itemId) => ({ itemId, quantity: 1 })),
        CANCEL_REASONS[2].id,
      ),
  ],
  // The storefront rejected the mislisted items of the first full catalogue (flow 7); the sellers'
  // first corrections come back in an incremental refresh and are rejected again (flow 9); the
  // item sold out here and the final corrections come in later ones (flow 1).
  [
    'flows 1, 7 and 9: rejected items, incremental refreshes, and rejection of a refresh',
    async () => {
      const client = await newShopper();
      const scarce = grocery.scarce;
      // The shopper who bought the last units watches that order to its door, map and all, while
      // the refreshes come in.
      const watched = scarce
        ? order(client, grocery.shop, [{ itemId: scarce.id, quantity: scarce.stock }]).then((orderId) =>
            until(client, orderId, 'delivered', 90, { track: true }),
          )
        : null;
      await Promise.all([sleep(8000), watched]);
    },
  ],
  [
    'flow 2, RET10, a delivery window picked at checkout: the order delivered in it',
    async () => {
      if (!windowDelivered) throw new Error('the window order was not placed');
      await windowDelivered;
    },
  ],
];

// The stores and flows are chosen before anything starts: a store lacking what a flow needs
// stops the run with nothing left running.
// Today's lunch hour in India (13:00 IST), whatever the time here; the restaurant flows go first,
// while the kitchen is open.
const lunch = new Date();
lunch.setUTCHours(7, 30, 0, 0);
// 120×: a grocery order's ten-minute trip takes 5 s, and the rider is out for delivery long enough
// (1.6 s) for the store to cancel on the way. Incremental catalogue refreshes every 6 s, so the
// changes the flows make come back as deltas, pulled and (asked once after the full refresh)
// pushed by the sellers within a network minute (half a second).
server = await startServer(
  {
    NETWORK_CLOCK_SPEED: '120',
    NETWORK_CLOCK_START: lunch.toISOString(),
    ONDC_LOG: '1',
    LOG_LEVEL: 'silent',
    CATALOGUE_INC_REFRESH_MINUTES: '0.1',
    CATALOGUE_INC_PUSH: '1',
    NETWORK_CORE_VERSION: core,
    ONDC_SEARCH_CORE_VERSION: core,
  },
  { timeoutMs: STARTUP_LIMIT_MS, onSpawn: (pid) => (spawnedPid = pid) },
).catch(async (error: unknown) => {
  await stopEverything();
  throw error;
});
const url = server.url;

/**
 * Ready: /healthz answers and the catalogues the sellers pushed at start are ingested (a shopper
 * who opens the app then finds every store); on a loaded machine that takes minutes.
 */
async function ready() {
  const started = Date.now();
  // Sellers pace their pages to what the storefront takes, so its inbox can be empty while later
  // cities' pages are still to come: the count of stores must also have stopped growing.
  let seen = { providers: -1, since: Date.now() };
  for (let report = await healthy(url, STARTUP_LIMIT_MS); ; report = await healthy(url, STARTUP_LIMIT_MS)) {
    const catalogue = report['catalogue'] as { providers?: number; pagesWaiting?: number; dedupeWaiting?: number } | undefined;
    if ((catalogue?.providers ?? 0) !== seen.providers) seen = { providers: catalogue?.providers ?? 0, since: Date.now() };
    const settled = Date.now() - seen.since >= 20_000;
    if (settled && (catalogue?.providers ?? 0) > 0 && catalogue?.pagesWaiting === 0 && catalogue.dedupeWaiting === 0) return;
    if (Date.now() - started > STARTUP_LIMIT_MS)
      throw new Error(`catalogues not ingested within ${STARTUP_LIMIT_MS / 60_000} min: ${JSON.stringify(catalogue)}`);
    await sleep(1000);
  }
}

const chosen = only.length > 0 ? flows.filter(([name]) => only.some((text) => name.includes(text))) : flows;

try {
  await ready();
  for (const [name, run] of chosen) {
    await run();
    console.log(`${name}: done`);
  }
  // Pushed callbacks still on their way are part of the flows.
  await sleep(1500);
} finally {
  // The log is kept however the run ends: a failed flow is read from it.
  mkdirSync(out, { recursive: true });
  cpSync(path.join(server.dataDir, 'ondc-log'), out, { recursive: true });
  await stopEverything();
}
console.log(`protocol log: ${out}\n`);
const checked = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', path.resolve('scripts/ondc-validate.ts'), out], { stdio: 'inherit' });
process.exitCode = checked.status ?? 1;
