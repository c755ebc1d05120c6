// Issue 23 (part B): the checkout belongs to the server. What is ordered is the shopper's server
// cart, the SPEC §5 quote checks and the amount due are worked out there, and the figure the
// poll reports is the figure charged and kept on the order.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { CART_CHANGED_MESSAGE, QUOTE_STALE_MESSAGE } from '#/features/checkout/session.ts';
import { PRICE_UPDATE_MESSAGE } from '#/features/checkout/quote-check.ts';
import { formatRupees } from '#/lib/money.ts';
import { HIGH_RISE_DROP_FEE_PAISE } from '#/network/serviceability.ts';
import { cartUpdate, fillCart, initBody, lines, pollFor, selectAndQuote, selectBody } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';

/** Requests of `action` that went out to a seller, from the protocol log (the PGlite server writes one). */
function sent(dataDir: string, action: string): number | null {
  const dir = path.join(dataDir, 'ondc-log');
  if (!existsSync(dir)) return null;
  return readdirSync(dir)
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { direction?: string; action?: string })
    .filter((l) => l.direction === 'out' && l.action === action).length;
}

const towerAddress = { building: 'Prestige Lakeside Tower 4' };

describe.each(inject('servers'))('issue 23: the checkout belongs to the server on $name', ({ url, dataDir }) => {
  it('a seller whose on_init raises the delivery charge: the init poll, the payment and the order carry the new total, to the paisa', async () => {
    const client = shopper(url);
    const { transactionId, answer } = await selectAndQuote(client, lines());
    const quotedPaise = answer.checkout.payable.totalPaise as number;
    const delivery = (due: { lines: Array<{ kind: string; amountPaise: number }> }) => due.lines.find((l) => l.kind === 'delivery')?.amountPaise ?? 0;
    const selectDelivery = delivery(answer.checkout.payable);

    // The seller learns it is a tower-block drop from the full address at init, and requotes.
    const init = await (await client.post('/ondc/init', initBody(transactionId, lines(), { address: towerAddress }))).json();
    const status = await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 5);
    const raisedPaise = quotedPaise + HIGH_RISE_DROP_FEE_PAISE;
    expect(status).toMatchObject({ order_status: 'CREATED', onInitTotalPrice: raisedPaise / 100 });
    expect(status.checkout).toMatchObject({ priceChanged: true, previousTotal: quotedPaise / 100, payable: { totalPaise: raisedPaise } });
    expect(delivery(status.checkout.payable)).toBe(selectDelivery + HIGH_RISE_DROP_FEE_PAISE);

    // The amount shown before on_init is not charged: the shopper is asked to look again (SPEC §5).
    const pay = (amount: number) =>
      client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: init.data.message_id, vpa: 'asha@okaxis', amount });
    const stale = await pay(quotedPaise / 100);
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.message).toBe(PRICE_UPDATE_MESSAGE);
    const paid = await (await pay(raisedPaise / 100)).json();
    expect(paid.data).toMatchObject({ status: 'PAID', amount: raisedPaise / 100 });

    const confirmed = await (await client.post('/ondc/confirm', { transaction_id: transactionId, payment_id: paid.data.payment_id })).json();
    const placed = await pollFor(client, `/ondc/status?type=confirm&message_id=${confirmed.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
    expect(placed.order_status).toBe('CONFIRMED');
    const page = await (await client.get(`/order-history?order_id=${placed.order_id}`)).text();
    // The order keeps what was paid, the seller's raised delivery line with it.
    expect(/Total paid<\/th><td[^>]*><strong[^>]*>(₹[\d,.]+)<\/strong>/.exec(page)?.[1]).toBe(formatRupees(raisedPaise));
    expect(/Delivery charges<\/th> <td[^>]*>(₹[\d,.]+)<\/td>/.exec(page)?.[1]).toBe(formatRupees(selectDelivery + HIGH_RISE_DROP_FEE_PAISE));
  });

  it('a select or init whose items differ from the server cart is refused (409) and nothing goes to the seller', async () => {
    const client = shopper(url);
    await fillCart(client, lines());
    const selects = sent(dataDir, 'select');
    // Another tab changed the cart: the client's copy says 2 of each.
    const stale = await client.post('/ondc/select', selectBody(lines(2)));
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ status: 'FAILURE', error: { code: 'CART_CHANGED', message: CART_CHANGED_MESSAGE } });
    expect(sent(dataDir, 'select')).toBe(selects);

    const { transactionId } = await selectAndQuote(client, lines());
    const inits = sent(dataDir, 'init');
    const wrong = await client.post('/ondc/init', initBody(transactionId, lines(3)));
    expect(wrong.status).toBe(409);
    expect((await wrong.json()).error).toMatchObject({ code: 'CART_CHANGED', message: CART_CHANGED_MESSAGE });
    // The cart changed after the quote (another tab added one): an init without items is stale.
    expect((await client.post('/ondc/cart', cartUpdate(2))).status).toBe(200);
    const { items: _items, ...withoutItems } = initBody(transactionId, lines());
    const changed = await client.post('/ondc/init', withoutItems);
    expect(changed.status).toBe(409);
    expect((await changed.json()).error).toMatchObject({ code: 'QUOTE_STALE', message: QUOTE_STALE_MESSAGE });
    expect(sent(dataDir, 'init')).toBe(inits);

    // An empty cart has nothing to order.
    const empty = shopper(url);
    await empty.get('/');
    const none = await empty.post('/ondc/select', selectBody(lines()));
    expect(none.status).toBe(409);
    expect((await none.json()).error.code).toBe('CART_EMPTY');
  });

  it('the summary follows the coupon and the coins on the server, and the payment is for it', async () => {
    const client = shopper(url);
    const { transactionId, messageId, answer } = await selectAndQuote(client, lines());
    const applied = await (await client.post('/ondc/offer/apply', { transactionId, messageId, cityName: 'bengaluru', manualCoupon: 'SAVE10' })).json();
    const summary = await (await client.get(`/ondc/checkout/summary?transaction_id=${transactionId}`)).json();
    const discountPaise = Math.round(applied.data.discount * 100);
    expect(summary.data.totalPaise).toBe(answer.checkout.payable.totalPaise - discountPaise);
    expect(summary.data.lines.filter((l: { kind: string }) => l.kind === 'discount').map((l: { label: string }) => l.label)).toEqual(['Discount']);
    const stranger = shopper(url);
    await stranger.get('/');
    expect((await stranger.get(`/ondc/checkout/summary?transaction_id=${transactionId}`)).status).toBe(404);
  });
});
