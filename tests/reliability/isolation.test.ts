// Isolation matrix (issue 14): two shoppers, one known by the device cookie and one by the native
// app's userId cookie, each in turn the owner of every resource (cart, transaction messages,
// payment, order, invoice, return photo, address, coins) while the other tries to read and to
// change it. Every cross access is refused, and the owner finds everything as it was.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartUpdate, initBody, lines, plentifulItems, pollFor, selectAndQuote, store, type Client } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { userIdCookieValue } from '../support/identity.ts';
import { startServer, type StartedServer } from '../support/server.ts';

let server: StartedServer;
beforeAll(async () => {
  // A fast seller clock: an order is delivered within seconds, so it can have photos and an invoice.
  server = await startServer({ NETWORK_CLOCK_SPEED: '600' });
  plentiful = await plentifulItems(server.url, 8, 20);
}, 120_000);
afterAll(async () => server?.stop());

type Kind = 'device' | 'user';
async function newShopper(kind: Kind): Promise<Client> {
  const client = shopper(server.url);
  if (kind === 'user') client.cookies.set('userId', userIdCookieValue(`iso-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`));
  client.cookies.set('isCoinEnabled', 'true');
  await client.get('/');
  return client;
}

const cookieHeader = (client: Client) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
// A real photo: the storefront decodes and re-encodes every return photo (issue 24).
const jpeg = async (width: number) =>
  new Uint8Array(
    await sharp({ create: { width, height: 240, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer(),
  );
const cartItem = store.items[2]!;
// Items the all-day store has plenty of at the catalogue price, two for each owner.
let plentiful: Awaited<ReturnType<typeof plentifulItems>> = [];
const ownersCartUpdate = (extra: Record<string, unknown> = {}) => ({ ...cartUpdate(2, cartItem), ...extra });
const homeAddress = (id: string) => ({
  id,
  address_type: 'HOME',
  latitude: 12.9116,
  longitude: 77.6389,
  city: 'Bengaluru',
  state: 'Karnataka',
  pin_code: '560102',
  locality: 'HSR Layout',
  address: `${id}, HSR Layout, Bengaluru, Karnataka 560102`,
});

/** Everything one shopper owns, made through the shop as a shopper makes it. */
async function ownEverything(owner: Client, kind: Kind) {
  // Enough for the order to earn coins (one per ₹100), from items each owner has to itself.
  const items = plentiful.splice(0, 2).map((item) => ({ sku_id: item.id, quantity: 4 }));
  const { transactionId, messageId: selectMessageId } = await selectAndQuote(owner, items);
  const init = await (await owner.post('/ondc/init', initBody(transactionId, items))).json();
  const initMessageId = String(init.data.message_id);
  await pollFor(owner, `/ondc/status?type=init&message_id=${initMessageId}`, (b) => b['order_status'] !== 'PENDING', 10);
  const payment = await (
    await owner.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: initMessageId, vpa: 'asha@okaxis' })
  ).json();
  const paymentId = String(payment.data.payment_id);
  const confirmed = await (await owner.post('/ondc/confirm', { transaction_id: transactionId, payment_id: paymentId })).json();
  const placed = await pollFor(owner, `/ondc/status?type=confirm&message_id=${confirmed.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
  const orderId = String(placed['order_id']);
  for (let i = 0; i < 120; i++) {
    const detail = await (await owner.get(`/ondc/order/detail?order_id=${orderId}`)).json();
    if (detail.status === 'delivered') break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const photo = await fetch(`${server.url}/ondc/order/return-photo?order_id=${orderId}`, {
    method: 'POST',
    body: await jpeg(320),
    headers: { 'content-type': 'image/jpeg', cookie: cookieHeader(owner) },
  });
  expect(photo.status).toBe(200);
  const photoId = String((await photo.json()).data.photo_id);
  const cart = (await (await owner.post('/ondc/cart', ownersCartUpdate())).json()) as {
    data: Array<{ cart_reference_id: string; available_coins_balance: number }>;
  };
  const cartReference = cart.data[0]!.cart_reference_id;
  const addressId = kind === 'user' ? `home-${Date.now()}` : null;
  if (addressId) expect((await owner.post('/save/unified/address', homeAddress(addressId))).status).toBe(200);
  return { transactionId, selectMessageId, initMessageId, paymentId, orderId, photoId, cartReference, addressId, coins: cart.data[0]!.available_coins_balance };
}

type Owned = Awaited<ReturnType<typeof ownEverything>>;
const refused = (status: number) => status === 401 || status === 403 || status === 404;

/** resource × read/write: what the other shopper tries, and whether the shop refused it. */
function attempts(owned: Owned, stranger: Client, strangerKind: Kind): Array<[string, () => Promise<boolean>]> {
  const status = async (response: Promise<Response>) => (await response).status;
  const deleteAddress = (id: string) =>
    fetch(`${server.url}/save/unified/address?id=${id}`, { method: 'DELETE', headers: { origin: server.url, cookie: cookieHeader(stranger) } });
  return [
    ['cart read', async () => !JSON.stringify(await (await stranger.get('/ondc/cart?cityName=bengaluru')).json()).includes(owned.cartReference)],
    [
      'cart write (update with its reference)',
      async () => refused(await status(stranger.post('/ondc/cart', ownersCartUpdate({ quantity: 9, cart_reference_id: owned.cartReference })))),
    ],
    [
      'cart write (clear with its reference)',
      async () => refused(await status(stranger.post('/ondc/clear-cart', { action: 'CLEAR_CART', cart_reference_id: owned.cartReference }))),
    ],
    [
      'transaction messages read (on_select)',
      async () => refused(await status(stranger.get(`/ondc/fetchMessage?type=select&message_id=${owned.selectMessageId}`))),
    ],
    ['transaction messages read (on_init)', async () => refused(await status(stranger.get(`/ondc/status?type=init&message_id=${owned.initMessageId}`)))],
    ['transaction write (init on its transaction)', async () => refused(await status(stranger.post('/ondc/init', initBody(owned.transactionId, lines()))))],
    ['payment read', async () => refused(await status(stranger.get(`/ondc/payment/status?payment_id=${owned.paymentId}`)))],
    [
      'payment write (pay for its checkout)',
      async () =>
        refused(
          await status(
            stranger.post('/ondc/payment', { method: 'upi', transaction_id: owned.transactionId, init_message_id: owned.initMessageId, vpa: 'thief@okaxis' }),
          ),
        ),
    ],
    [
      'payment write (a UPI app intent for its checkout)',
      async () =>
        refused(
          await status(stranger.post('/ondc/payment', { method: 'upi_intent', transaction_id: owned.transactionId, init_message_id: owned.initMessageId })),
        ),
    ],
    [
      'payment write (confirm with its payment)',
      async () => refused(await status(stranger.post('/ondc/confirm', { transaction_id: owned.transactionId, payment_id: owned.paymentId }))),
    ],
    ['order read (detail)', async () => refused(await status(stranger.get(`/ondc/order/detail?order_id=${owned.orderId}`)))],
    ['order read (history page)', async () => refused(await status(stranger.get(`/order-history?order_id=${owned.orderId}`)))],
    ['order read (history list)', async () => !(await (await stranger.get('/order-history')).text()).includes(owned.orderId)],
    ['order read (tracking)', async () => refused(await status(stranger.get(`/ondc/order/track?order_id=${owned.orderId}`)))],
    [
      'order write (cancel)',
      async () => refused(await status(stranger.post('/ondc/order/update', { type: 'cancel', order_id: owned.orderId, reason_id: '001' }))),
    ],
    [
      'order write (return)',
      async () =>
        refused(
          await status(
            stranger.post('/ondc/order/update', {
              type: 'return',
              order_id: owned.orderId,
              reason_id: '003',
              items: [{ item_id: store.items[0]!.id, quantity: 1 }],
              photo_ids: [owned.photoId],
            }),
          ),
        ),
    ],
    [
      'order write (rating)',
      async () =>
        refused(
          await status(stranger.post('/ondc/order/rating', { order_id: owned.orderId, ratings: [{ rating_category: 'Order', id: owned.orderId, value: 1 }] })),
        ),
    ],
    ['invoice read', async () => refused(await status(stranger.get(`/invoice?order_id=${owned.orderId}`)))],
    ['photo read', async () => refused(await status(stranger.get(`/return-photos/${owned.photoId}`)))],
    [
      'photo write (upload to its order)',
      async () =>
        refused(
          await status(
            fetch(`${server.url}/ondc/order/return-photo?order_id=${owned.orderId}`, {
              method: 'POST',
              body: await jpeg(200),
              headers: { 'content-type': 'image/jpeg', cookie: cookieHeader(stranger) },
            }),
          ),
        ),
    ],
    [
      'address read',
      async () => {
        const answer = await stranger.get('/get/unified/address');
        return !owned.addressId || refused(answer.status) || !(await answer.text()).includes(owned.addressId);
      },
    ],
    [
      'address write (delete its address)',
      async () => {
        if (!owned.addressId) return true;
        const answer = await deleteAddress(owned.addressId);
        return strangerKind === 'device' ? refused(answer.status) : !(await answer.text()).includes(owned.addressId);
      },
    ],
    [
      'coins read',
      async () => {
        // The stranger's own cart states the balance it may burn: its own, none.
        const cart = (await (await stranger.post('/ondc/cart', ownersCartUpdate())).json()) as { data: Array<{ available_coins_balance?: number }> };
        return cart.data[0]?.available_coins_balance === 0;
      },
    ],
  ];
}

describe.each([
  ['device', 'user'],
  ['user', 'device'],
  ['user', 'user'],
  ['device', 'device'],
] as const)('a %s-cookie shopper’s things, tried by a %s-cookie shopper', (ownerKind, strangerKind) => {
  it('every cross read and write is refused, and the owner finds everything as it was', async () => {
    const owner = await newShopper(ownerKind);
    const owned = await ownEverything(owner, ownerKind);
    // The owner earned coins with the order: the coins row of the matrix is not empty.
    expect(owned.coins).toBeGreaterThan(0);
    const stranger = await newShopper(strangerKind);
    const allowed: string[] = [];
    for (const [name, tryIt] of attempts(owned, stranger, strangerKind)) if (!(await tryIt())) allowed.push(name);
    expect(allowed).toEqual([]);

    // Nothing of the owner's changed.
    const cart = (await (await owner.get('/ondc/cart?cityName=bengaluru')).json()) as {
      data: Array<{ cart_reference_id: string; items: Array<{ sku_id: string; quantity: number }> }>;
    };
    expect(cart.data[0]?.cart_reference_id).toBe(owned.cartReference);
    expect(cart.data[0]?.items).toContainEqual(expect.objectContaining({ sku_id: cartItem.id, quantity: 2 }));
    const detail = await (await owner.get(`/ondc/order/detail?order_id=${owned.orderId}`)).json();
    expect(detail.status).toBe('delivered');
    expect((await (await owner.get(`/ondc/payment/status?payment_id=${owned.paymentId}`)).json()).data.status).toBe('PAID');
    expect((await owner.get(`/return-photos/${owned.photoId}`)).status).toBe(200);
    expect((await owner.get(`/invoice?order_id=${owned.orderId}`)).status).toBe(200);
    if (owned.addressId) expect(await (await owner.get('/get/unified/address')).text()).toContain(owned.addressId);
  }, 180_000);
});
