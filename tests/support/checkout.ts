// A checkout over the real protocol, as tests/api drive it: select, init, pay, confirm.
import { expect } from 'vitest';
import type { GroceryItem } from '#/network/catalogue/generate.ts';
import { DELIVERY_LOCATION_COOKIE, deliveryLocationCookieValue } from '#/features/location/delivery-location.ts';
import { openGroceryStore, slottedGroceryStore } from './fixtures.ts';
import { shopper } from './http.ts';

export const store = openGroceryStore();
export type Client = ReturnType<typeof shopper>;
export type Line = { sku_id: string; quantity: number };

export const lines = (quantity = 1): Line[] => store.items.slice(0, 2).map((item) => ({ sku_id: item.id, quantity }));

/** A shopper whose delivery address is beside the all-day store. */
export function nearTheStore(url: string): Client {
  const client = shopper(url);
  const value = deliveryLocationCookieValue({
    label: 'Near the store',
    city: 'bengaluru',
    pincode: store.location.pincode,
    lat: store.location.lat,
    lng: store.location.lng,
  });
  client.cookies.set(DELIVERY_LOCATION_COOKIE, encodeURIComponent(value));
  return client;
}

type StoreAt = { seller: { id: string }; provider: { id: string }; location: { id: string } };

/** A POST /ondc/cart body that sets `quantity` of `item` of the store `at`. */
const itemUpdate = (at: StoreAt, item: { id: string; name: string }, quantity: number) => ({
  action: 'UPDATE_ITEM',
  sku_id: item.id,
  quantity,
  cart_metadata: { bpp_id: at.seller.id, provider_id: at.provider.id },
  item_metadata: { itemId: item.id, name: item.name, providerId: at.provider.id, locationId: at.location.id },
});

/** A POST /ondc/cart body that sets `quantity` of one of the store's items. */
export const cartUpdate = (quantity: number, item = store.items[0]!) => itemUpdate(store, item, quantity);

/** Empties this shopper's server cart in Bengaluru, if it holds anything. */
async function clearCart(client: Client) {
  const current = await (await client.get('/ondc/cart?cityName=bengaluru')).json().catch(() => null);
  const reference = (current?.data as Array<{ cart_reference_id: string }> | undefined)?.at(-1)?.cart_reference_id;
  if (!reference) return;
  const cleared = await client.post('/ondc/cart', { action: 'CLEAR_CART', cart_reference_id: reference });
  if (cleared.status !== 200) throw new Error(`clearing the cart: ${cleared.status} ${await cleared.text()}`);
}

/**
 * Puts exactly `items` of the all-day store in this shopper's server cart (issue 23: select and
 * init order the server cart; the body's items are only compared with it).
 */
export async function fillCart(client: Client, items: Line[]) {
  await clearCart(client);
  for (const line of items) {
    const item = store.items.find((i) => i.id === line.sku_id) ?? ([store.scarce, store.drifted, store.cheapest] as const).find((i) => i.id === line.sku_id);
    const added = await client.post('/ondc/cart', itemUpdate(store, { id: line.sku_id, name: item?.name ?? line.sku_id }, line.quantity));
    if (added.status !== 200) throw new Error(`adding ${line.sku_id} × ${line.quantity}: ${added.status} ${await added.text()}`);
  }
}

/** Only `item` of the store `at`, one of it, in this shopper's server cart, as its card's Add puts it there. */
export async function cartOfOne(client: Client, at: StoreAt, item: { id: string; name: string }) {
  await clearCart(client);
  const added = await client.post('/ondc/cart', itemUpdate(at, item, 1));
  expect(added.status).toBe(200);
}

export function selectBody(items: Line[], areaCode = store.location.pincode) {
  return {
    categoryDomain: 'ONDC:RET10',
    ondcCity: 'bengaluru',
    bpp: { bpp_id: store.seller.id },
    provider: { id: store.provider.id, locations: [store.location.id] },
    items: items.map((line) => ({ ...line, location_id: store.location.id })),
    lat_long: `${store.location.lat},${store.location.lng}`,
    address: { area_code: areaCode },
  };
}

/** The delivery address the checkout form is filled with, beside the all-day store unless overridden. */
export const checkoutAddress = (overrides: Record<string, string> = {}) => ({
  door: '12',
  building: 'Lake View Apartments',
  name: 'Asha Rao',
  locality: 'Indiranagar 2nd Stage',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'IND',
  area_code: store.location.pincode,
  ...overrides,
});

export function initBody(transactionId: string, items: Line[], overrides: { address?: Record<string, string> } = {}) {
  const { address: _unused, items: _items, ...select } = selectBody(items);
  return {
    ...select,
    transaction_id: transactionId,
    items: items.map((line) => ({ id: line.sku_id, quantity: line.quantity, location_id: store.location.id, fulfillment_id: 'F1' })),
    customer_details: { name: 'Asha Rao', phone: '9876543210', email: 'asha@example.com' },
    billing_address: checkoutAddress(overrides.address),
    delivery_address: checkoutAddress(overrides.address),
    fulfillment_id: 'F1',
    is_consent_accepted: true,
  };
}

/** SPEC §4: poll every 1 s, at most `max` times. */
export async function pollFor(client: Client, path: string, done: (body: Record<string, unknown>) => boolean, max: number) {
  for (let attempt = 0; attempt < max; attempt++) {
    const response = await client.get(path);
    expect(response.status).toBe(200);
    const body = await response.json();
    if (done(body)) return body;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${path}: no answer within ${max} polls`);
}

export async function selectAndQuote(client: Client, items: Line[]) {
  await fillCart(client, items);
  const response = await client.post('/ondc/select', selectBody(items));
  expect(response.status).toBe(200);
  const ack = await response.json();
  const answer = await pollFor(client, `/ondc/fetchMessage?type=select&message_id=${ack.data.message_id}`, (b) => b['status'] !== 'PENDING', 20);
  return { transactionId: ack.data.transaction_id as string, messageId: ack.data.message_id as string, answer };
}

/** A whole order: select → init → pay (UPI or cash on delivery) → confirm → on_confirm. */
/**
 * `beforePayment` runs between the quote (on_init) and the payment (another shopper acting
 * meanwhile): since issue 23 the server confirms as soon as the payment is made.
 * `address`: fields of the delivery address to change (a tower block's drop is requoted at init, issue 23).
 * `init`: more fields of the init body (issue 29: the shopper's delivery instructions).
 * `refused`: the store is expected to refuse the confirm (issue 29: short of stock, and asked for
 * no order unless whole); `error` says what the shopper was told, and the order is the one listed last.
 */
export async function placeOrder(
  client: Client,
  method: 'upi' | 'cod' = 'upi',
  items: Line[] = lines(),
  options: { beforePayment?: () => Promise<unknown>; address?: Record<string, string>; init?: Record<string, unknown>; refused?: boolean } = {},
) {
  const { transactionId } = await selectAndQuote(client, items);
  const init = await (
    await client.post('/ondc/init', {
      ...initBody(transactionId, items, options.address ? { address: options.address } : {}),
      ...(method === 'cod' ? { payment_type: 'ON-FULFILLMENT' } : {}),
      ...options.init,
    })
  ).json();
  const initStatus = await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
  expect(initStatus.order_status).toBe('CREATED');
  await options.beforePayment?.();
  const payment = await (
    await client.post(
      '/ondc/payment',
      method === 'upi'
        ? { method: 'upi', transaction_id: transactionId, init_message_id: init.data.message_id, vpa: 'asha@okaxis' }
        : { method: 'cod', transaction_id: transactionId, init_message_id: init.data.message_id },
    )
  ).json();
  const confirmed = await client.post('/ondc/confirm', { transaction_id: transactionId, payment_id: payment.data.payment_id });
  if (options.refused) {
    // The server confirmed as soon as the payment was made: the page's confirm hears the refusal,
    // or (the seller's answer not yet in) joins the confirm and reads it from the status.
    expect([200, 502]).toContain(confirmed.status);
    const answer = await confirmed.json();
    const { error } =
      confirmed.status === 502
        ? (answer as { error: { code?: string; message: string } })
        : await pollFor(client, `/ondc/status?type=confirm&message_id=${answer.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
    expect(error).not.toBeNull();
    const listed = /order_id=(KO[A-Z0-9]+)/.exec(await (await client.get('/order-history')).text());
    return {
      transactionId,
      orderId: listed?.[1] ?? '',
      error: error as { code: string | null; message: string },
      totalPaise: Math.round(Number(payment.data.amount) * 100),
      initTotalPaise: undefined,
    };
  }
  const ack = await confirmed.json();
  const placed = await pollFor(client, `/ondc/status?type=confirm&message_id=${ack.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
  expect(placed.order_status).toBe('CONFIRMED');
  return {
    transactionId,
    orderId: placed.order_id as string,
    error: null,
    totalPaise: Math.round(Number(payment.data.amount) * 100),
    initTotalPaise: initStatus.checkout?.payable?.totalPaise as number | undefined,
  };
}

/**
 * An order's view (`/ondc/order/detail`) once its refunds are made and settled: a refund is listed
 * PENDING the moment it is due and REFUNDED once the gateway has paid it, so a test that stops at
 * the first refund listed may read it half-way.
 */
export const refundsSettled = (order: Record<string, unknown>) => {
  const refunds = order['refunds'] as Array<{ status: string }>;
  return refunds.length > 0 && refunds.every((r) => r.status !== 'PENDING');
};

/**
 * Items of the all-day store with at least `minStock` on the shelf at the catalogue price that the
 * storefront sells (it turns some catalogue items away): enough for many orders without emptying
 * a shelf. Each is tried once in a throwaway cart.
 */
export async function plentifulItems(url: string, count: number, minStock: number) {
  const { providerItems } = await import('#/network/catalogue/generate.ts');
  const { hasPriceDrift } = await import('#/network/price-drift.ts');
  const candidates = [...providerItems(store.provider)].filter((i): i is GroceryItem => i.kind === 'grocery' && i.stock >= minStock && !hasPriceDrift(i));
  const probe = shopper(url);
  const sold: GroceryItem[] = [];
  for (const item of candidates) {
    if (sold.length >= count) break;
    const answer = await probe.post('/ondc/cart', itemUpdate(store, item, 1));
    if (answer.status === 200) sold.push(item);
  }
  return sold;
}

/** A delivery window the store offers, as the checkout's answer lists it (issue 29). */
export type WindowOption = { id: string; label: string; start: string | null; end: string | null };

/** Where a shopper of the store that delivers in windows is: a select's place, its address aside. */
export const windowStorePlace = (() => {
  const slotted = slottedGroceryStore();
  return { categoryDomain: 'ONDC:RET10', ondcCity: 'bengaluru', lat_long: `${slotted.location.lat},${slotted.location.lng}` };
})();

/** A select at the store that delivers in windows (`extra`: the transaction and the window picked), and its answer once it came. */
export async function quoteWindowStore(client: Client, extra: Record<string, unknown> = {}) {
  const sent = await client.post('/ondc/select', { ...windowStorePlace, address: { area_code: slottedGroceryStore().location.pincode }, ...extra });
  expect(sent.status).toBe(200);
  const ack = await sent.json();
  const answer = await pollFor(client, `/ondc/fetchMessage?type=select&message_id=${ack.data.message_id}`, (b) => b['status'] !== 'PENDING', 20);
  return {
    transactionId: ack.data.transaction_id as string,
    answer,
    delivery: (answer['checkout'] as { delivery: { options: WindowOption[] } | null } | undefined)?.delivery ?? null,
  };
}

/**
 * A UPI order at the store that delivers in windows (issue 29), booked for the latest window it
 * offers: quoted soonest first, quoted again for the window, then init, pay and confirm.
 */
export async function placeWindowOrder(client: Client) {
  const slotted = slottedGroceryStore();
  await cartOfOne(client, slotted, slotted.items[0]!);
  const first = await quoteWindowStore(client);
  const window = first.delivery?.options.filter((o) => o.start !== null).at(-1);
  expect(window).toBeDefined();
  await quoteWindowStore(client, { transaction_id: first.transactionId, fulfillment_id: window!.id });
  const address = checkoutAddress({ area_code: slotted.location.pincode });
  const init = await (
    await client.post('/ondc/init', {
      ...windowStorePlace,
      transaction_id: first.transactionId,
      customer_details: { name: 'Asha Rao', phone: '9876543210' },
      billing_address: address,
      delivery_address: address,
      fulfillment_id: window!.id,
    })
  ).json();
  const initStatus = await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
  expect(initStatus['order_status']).toBe('CREATED');
  const payment = await (
    await client.post('/ondc/payment', { method: 'upi', transaction_id: first.transactionId, init_message_id: init.data.message_id, vpa: 'asha@okaxis' })
  ).json();
  const ack = await (await client.post('/ondc/confirm', { transaction_id: first.transactionId, payment_id: payment.data.payment_id })).json();
  const placed = await pollFor(client, `/ondc/status?type=confirm&message_id=${ack.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
  expect(placed['order_status']).toBe('CONFIRMED');
  return { orderId: placed['order_id'] as string, window: window! };
}
