// Issue 28: an offer with hours (the grocery stores' EVENING50, 4 pm–7 pm, its catalogue's timing
// tag) is advertised and accepted only inside them, from the one reading of the catalogue
// (checkout/store-offers.ts); outside, the checkout lists it with when it is available and
// refuses it with the same words. The shared storefronts' clock is at noon (issue 27); the
// evening is a storefront of its own whose sellers' clock starts at 17:00 IST.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fillCart, pollFor, selectAndQuote, selectBody, store, type Client, type Line } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { startServer, type StartedServer } from '../support/server.ts';
import { eveningClock } from '../support/test-clock.ts';

const evening = store.provider.offers.find((o) => o.window)!;
const item = store.items.find((i) => i.pricePaise * Math.min(i.maxPerOrder, i.stock) >= evening.minOrderPaise)!;
/** Enough of one item to reach the evening offer's minimum order value. */
const enough = (): Line[] => [{ sku_id: item.id, quantity: Math.ceil(evening.minOrderPaise / item.pricePaise) }];

type Listed = { code: string; source: string; reason: string | null; description: string };
const listed = async (client: Client, transactionId: string) =>
  ((await (await client.get(`/ondc/offer/list?transactionId=${transactionId}&cityName=bengaluru`)).json()).data as Listed[]).find(
    (o) => o.code === evening.code,
  );
const apply = (client: Client, transactionId: string, messageId: string, code: string) =>
  client.post('/ondc/offer/apply', { transactionId, messageId, cityName: 'bengaluru', manualCoupon: code });

describe.each(inject('servers'))('an offer with hours, at noon on $name', ({ url }) => {
  it('is listed with when it is available, and refused with the same words', async () => {
    const client = shopper(url);
    const { transactionId, messageId } = await selectAndQuote(client, enough());
    expect(await listed(client, transactionId)).toMatchObject({
      source: 'store',
      reason: 'Available 4 pm–7 pm',
      description: '₹50 off on orders of ₹249 or more, 4 pm–7 pm',
    });
    const refused = await apply(client, transactionId, messageId, evening.code.toLowerCase());
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ status: 'FAILURE', errorMessage: 'Available 4 pm–7 pm', reason: 'time' });
  });

  it('the cart does not advertise it, even above its minimum', async () => {
    const client = shopper(url);
    await fillCart(client, enough());
    const cart = (await (await client.get('/ondc/cart?cityName=bengaluru&offer=1')).json()).data.at(-1);
    expect(cart.offer_strip?.code).not.toBe(evening.code);
    expect(cart.offer_strip?.text ?? '').not.toContain(evening.code);
  });
});

describe('an offer with hours, at 5 pm', () => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await startServer({ NETWORK_CLOCK_START: eveningClock().start });
  }, 200_000);
  afterAll(async () => server?.stop());

  it('is listed without a reason, accepted, and the seller quotes its discount', async () => {
    const client = shopper(server.url);
    const items = enough();
    const { transactionId, messageId, answer } = await selectAndQuote(client, items);
    expect(await listed(client, transactionId)).toMatchObject({ source: 'store', reason: null });
    const applied = await apply(client, transactionId, messageId, evening.code);
    expect(applied.status).toBe(200);
    expect((await applied.json()).data).toMatchObject({ code: evening.code, source: 'store', discount: 50 });
    const again = await (await client.post('/ondc/select', { ...selectBody(items), transaction_id: transactionId })).json();
    const requoted = await pollFor(client, `/ondc/fetchMessage?type=select&message_id=${again.data.message_id}`, (b) => b['status'] !== 'PENDING', 20);
    const discount = requoted.checkout.payable.lines.find((l: { label: string }) => l.label === 'Store discount');
    expect(discount?.amountPaise).toBe(5000);
    expect(requoted.checkout.payable.totalPaise).toBe(answer.checkout.payable.totalPaise - 5000);
  });
});
