// Issue 28, the money moments of the checkout: the order empties the cart it was placed from
// (server side, with the order), the offers the store advertises are the offers checkout
// accepts, and the bill is the same before and after payment.
import { describe, expect, inject, it } from 'vitest';
import { fillCart, initBody, lines, pollFor, placeOrder, selectAndQuote, selectBody, store, type Line } from '../support/checkout.ts';
import { generateNetwork } from '#/network/catalogue/generate.ts';
import { shopper } from '../support/http.ts';
import { formatRupees } from '#/lib/money.ts';

// The offer the all-day store advertises (its catalogue's), and one that only another store does.
const advertised = store.provider.offers[0]!;
const elsewhere = generateNetwork()
  .sellers.flatMap((s) => s.providers)
  .filter((p) => p.cityId === 'bengaluru')
  .flatMap((p) => p.offers)
  // Not one of the storefront's own coupons either (migrations: FLAT50, SAVE10, HALFOFF).
  .find((o) => !store.provider.offers.some((own) => own.code === o.code) && !['FLAT50', 'SAVE10', 'HALFOFF'].includes(o.code))!;
const banana = store.items.find((i) => i.pricePaise * 10 >= advertised.minOrderPaise) ?? store.items[1]!;
/** Enough of one item to reach the advertised offer's minimum order value. */
const bigOrder = (): Line[] => [{ sku_id: banana.id, quantity: Math.ceil(advertised.minOrderPaise / banana.pricePaise) }];
const apply = (client: ReturnType<typeof shopper>, transactionId: string, messageId: string, code: string) =>
  client.post('/ondc/offer/apply', { transactionId, messageId, cityName: 'bengaluru', manualCoupon: code });

const summaryOf = async (client: ReturnType<typeof shopper>, transactionId: string) =>
  ((await (await client.get(`/ondc/checkout/summary?transaction_id=${transactionId}`)).json()) as { data: { totalPaise: number; offer: unknown } }).data;

const cartOf = async (client: ReturnType<typeof shopper>) =>
  ((await (await client.get('/ondc/cart?cityName=bengaluru')).json()) as { data: unknown[] }).data.at(-1) ?? null;

describe.each(inject('servers'))('issue 28: the checkout money moments on $name', ({ url }) => {
  it('a placed order empties the cart it was placed from, whether or not a page is watching', async () => {
    const client = shopper(url);
    const { orderId } = await placeOrder(client, 'upi', lines());
    expect(orderId).toMatch(/^KO/);
    expect(await cartOf(client)).toBeNull();
    // Nothing re-places it: a select now finds an empty cart.
    const again = await client.post('/ondc/select', {
      ondcCity: 'bengaluru',
      lat_long: `${store.location.lat},${store.location.lng}`,
      address: { area_code: store.location.pincode },
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatchObject({ code: 'CART_EMPTY' });
  });

  it('cash on delivery empties it too', async () => {
    const client = shopper(url);
    await placeOrder(client, 'cod', lines());
    expect(await cartOf(client)).toBeNull();
  });

  it('the offer the store advertises is listed at checkout and, below its minimum, says how much more to add', async () => {
    const client = shopper(url);
    const { transactionId, messageId, answer } = await selectAndQuote(client, lines());
    const listed = (await (await client.get(`/ondc/offer/list?transactionId=${transactionId}&cityName=bengaluru`)).json()).data as Array<{
      code: string;
      source: string;
      reason: string | null;
    }>;
    // The items' total as the store quoted it: a shelf price can drift from the catalogue's.
    const breakup = answer.message.order.quote.breakup as Array<{ '@ondc/org/title_type': string; price: { value: string } }>;
    const quotedItemsPaise = breakup
      .filter((l) => l['@ondc/org/title_type'] === 'item')
      .reduce((total, l) => total + Math.round(Number(l.price.value) * 100), 0);
    const shortfall = advertised.minOrderPaise - quotedItemsPaise;
    const reason = `Add ${formatRupees(shortfall)} more to use ${advertised.code} (orders of ${formatRupees(advertised.minOrderPaise)} or more)`;
    expect(listed.find((o) => o.code === advertised.code)).toMatchObject({ source: 'store', reason });
    const refused = await apply(client, transactionId, messageId, advertised.code.toLowerCase());
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ status: 'FAILURE', errorMessage: reason, reason: 'minimum' });
    // Another store's offer says so; a code nobody advertises stays SPEC §8's 'Invalid coupon'.
    const other = await apply(client, transactionId, messageId, elsewhere.code);
    expect(await other.json()).toMatchObject({ errorMessage: `${elsewhere.code} is not an offer of ${store.provider.name}`, reason: 'store' });
    expect(await (await apply(client, transactionId, messageId, 'NOSUCH99')).json()).toMatchObject({ errorMessage: 'Invalid coupon' });
  });

  it('the advertised offer applies: the seller quotes its discount, and the payment is for the discounted total', async () => {
    const client = shopper(url);
    const items = bigOrder();
    const { transactionId, messageId, answer } = await selectAndQuote(client, items);
    const before = answer.checkout.payable.totalPaise as number;
    const applied = await apply(client, transactionId, messageId, advertised.code);
    expect(applied.status).toBe(200);
    expect((await applied.json()).data).toMatchObject({ code: advertised.code, source: 'store' });
    // The page asks for a new quote of the same checkout; the seller applies its offer in it.
    const again = await (await client.post('/ondc/select', { ...selectBody(items), transaction_id: transactionId })).json();
    const requoted = await pollFor(client, `/ondc/fetchMessage?type=select&message_id=${again.data.message_id}`, (b) => b['status'] !== 'PENDING', 20);
    const discount = requoted.checkout.payable.lines.find((l: { label: string }) => l.label === 'Store discount');
    expect(discount?.amountPaise).toBeGreaterThan(0);
    expect(requoted.checkout.payable.totalPaise).toBe(before - discount.amountPaise);
    const init = await (await client.post('/ondc/init', initBody(transactionId, items))).json();
    const initStatus = await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
    expect(initStatus.checkout.payable.totalPaise).toBe(requoted.checkout.payable.totalPaise);
    const paid = await (
      await client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: init.data.message_id, vpa: 'asha@okaxis' })
    ).json();
    expect(Math.round(paid.data.amount * 100)).toBe(requoted.checkout.payable.totalPaise);
  });

  it('the advertised offer taken back: the next quote and the payment are without its discount', async () => {
    const client = shopper(url);
    const items = bigOrder();
    const { transactionId, messageId, answer } = await selectAndQuote(client, items);
    const before = answer.checkout.payable.totalPaise as number;
    expect((await apply(client, transactionId, messageId, advertised.code)).status).toBe(200);
    const requote = async () => {
      const again = await (await client.post('/ondc/select', { ...selectBody(items), transaction_id: transactionId })).json();
      return pollFor(client, `/ondc/fetchMessage?type=select&message_id=${again.data.message_id}`, (b) => b['status'] !== 'PENDING', 20);
    };
    expect((await requote()).checkout.payable.totalPaise).toBeLessThan(before);

    const removed = await client.post('/ondc/offer/remove', { transactionId, code: advertised.code.toLowerCase() });
    expect(removed.status).toBe(200);
    expect((await removed.json()).data).toEqual({ code: advertised.code, source: 'store' });
    const plain = await requote();
    expect(plain.checkout.payable.lines.map((l: { label: string }) => l.label)).not.toContain('Store discount');
    expect(plain.checkout.payable.totalPaise).toBe(before);
    const init = await (await client.post('/ondc/init', initBody(transactionId, items))).json();
    const initStatus = await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
    expect(initStatus.checkout.payable.totalPaise).toBe(before);
  });

  it('a coupon of ours taken back leaves the payable at once', async () => {
    const client = shopper(url);
    const { transactionId, messageId, answer } = await selectAndQuote(client, lines());
    const before = answer.checkout.payable.totalPaise as number;
    expect((await apply(client, transactionId, messageId, 'FLAT50')).status).toBe(200);
    expect((await summaryOf(client, transactionId)).totalPaise).toBeLessThan(before);
    const removed = await client.post('/ondc/offer/remove', { transactionId, code: 'FLAT50' });
    expect(await removed.json()).toMatchObject({ status: 'SUCCESS', data: { code: 'FLAT50', source: 'storefront' } });
    const after = await summaryOf(client, transactionId);
    expect(after.totalPaise).toBe(before);
    expect(after.offer).toBeNull();
  });

  it("refuses a bad remove with a 400, and one of an offer not applied or of another shopper's checkout with a 404", async () => {
    const client = shopper(url);
    const { transactionId, messageId } = await selectAndQuote(client, lines());
    expect((await client.post('/ondc/offer/remove', { transactionId, code: 'FLAT 50' })).status).toBe(400);
    expect((await client.post('/ondc/offer/remove', { transactionId: 'x', code: 'FLAT50' })).status).toBe(400);
    expect((await client.post('/ondc/offer/remove', '{')).status).toBe(400);
    expect((await client.post('/ondc/offer/remove', { transactionId, code: 'FLAT50' })).status).toBe(404);
    expect((await apply(client, transactionId, messageId, 'FLAT50')).status).toBe(200);
    const discounted = (await summaryOf(client, transactionId)).totalPaise;
    const other = shopper(url);
    await fillCart(other, lines());
    expect((await other.post('/ondc/offer/remove', { transactionId, code: 'FLAT50' })).status).toBe(404);
    expect((await summaryOf(client, transactionId)).totalPaise).toBe(discounted);
  });

  it('refuses bad offer input with a clear 400', async () => {
    const client = shopper(url);
    await fillCart(client, lines());
    const bad = await client.post('/ondc/offer/apply', { transactionId: 'x', messageId: 'y', cityName: 'bengaluru', manualCoupon: 'FRESH 15' });
    expect(bad.status).toBe(400);
  });
});
