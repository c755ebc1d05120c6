// Issue 28 point 7, through the real calls: an order paid less than its goods (a coupon) and then
// cancelled is refunded what was paid, and its page says why the refund is less than the goods,
// in English and Hindi; the coins the order earned go with it.
import { describe, expect, inject, it } from 'vitest';
import { cartUpdate, initBody, pollFor, refundsSettled, selectAndQuote, store, type Client, type Line } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { formatRupees } from '#/lib/money.ts';
import { messagesFor } from '#/features/i18n/catalogue.ts';
import { fill } from '#/features/i18n/text.ts';

const html = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code))).replace(/&amp;/g, '&');

/** SPEC §3 available_coins_balance, as the cart shows it (the order emptied the cart: one item goes in to read it). */
async function coins(client: Client) {
  const carts = (await (await client.post('/ondc/cart', cartUpdate(1))).json()) as { data: Array<{ available_coins_balance: number }> };
  return carts.data.at(-1)?.available_coins_balance ?? null;
}

async function orderUntil(client: Client, orderId: string, done: (order: Record<string, unknown>) => boolean) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const order = (await (await client.get(`/ondc/order/detail?order_id=${orderId}&refresh=1`)).json()) as Record<string, unknown>;
    if (done(order)) return order;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`order ${orderId}: not there in 30 s`);
}

describe.each(inject('servers'))('issue 28: a refund capped by a coupon says so, and a cancelled order takes its coins back, on $name', ({ url }) => {
  it('FLAT50 on ₹250 of goods, paid by UPI, cancelled: refunded what was paid, the order page explains the cap (en, hi), the coins earned are reversed', async () => {
    const client = shopper(url);
    // ₹250 of goods or more: after the coupon's ₹50, still at least ₹100 paid, so at least one coin earned.
    const item = store.items.find((i) => i.pricePaise * i.maxPerOrder >= 25_000)!;
    const quantity = Math.ceil(25_000 / item.pricePaise);
    const items: Line[] = [{ sku_id: item.id, quantity }];
    const { transactionId, messageId } = await selectAndQuote(client, items);
    // The checkout page, as a web shopper opens it: it turns coins on for them.
    expect((await client.get('/payment')).status).toBe(200);
    const applied = await client.post('/ondc/offer/apply', { transactionId, messageId, cityName: 'bengaluru', manualCoupon: 'FLAT50' });
    expect(applied.status).toBe(200);
    const init = await (await client.post('/ondc/init', initBody(transactionId, items))).json();
    const initStatus = await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
    expect(initStatus.order_status).toBe('CREATED');
    const payment = await (
      await client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: init.data.message_id, vpa: 'asha@okaxis' })
    ).json();
    const confirmed = await (await client.post('/ondc/confirm', { transaction_id: transactionId, payment_id: payment.data.payment_id })).json();
    const placed = await pollFor(client, `/ondc/status?type=confirm&message_id=${confirmed.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
    expect(placed.order_status).toBe('CONFIRMED');
    const orderId = placed.order_id as string;
    const paidPaise = Math.round(Number(payment.data.amount) * 100);
    const goodsPaise = item.pricePaise * quantity;
    // SPEC §5: 1 % of what was paid, in whole coins: at least one here.
    const earned = Math.floor(paidPaise / 10_000);
    expect(earned).toBeGreaterThan(0);
    expect(await coins(client)).toBe(earned);
    // The web shopper sees them with their orders, once the checkout turned coins on (SPEC §5 cookie).
    expect(client.cookies.get('isCoinEnabled')).toBe('true');
    for (const locale of ['en', 'hi'] as const) {
      const orders = html(await (await client.get(`/order-history?lang=${locale}`)).text());
      expect(orders, locale).toContain(fill(messagesFor(locale).orders.coinBalance, { coins: earned, programme: 'Kirana Coins' }));
    }

    const cancel = await (await client.post('/ondc/order/update', { type: 'cancel', order_id: orderId, reason_id: '006' })).json();
    expect(cancel.status).toBe('ACK');
    const cancelled = await orderUntil(client, orderId, (o) => o['status'] === 'cancelled' && refundsSettled(o));
    // The whole payment back, and not a paisa more: the coupon's ₹50 is not cash.
    expect(cancelled['refunds']).toEqual([{ amount: paidPaise / 100, status: 'REFUNDED', at: expect.any(String) }]);
    expect(await coins(client)).toBe(0);
    expect(html(await (await client.get('/order-history')).text())).not.toContain('data-coin-balance');

    for (const locale of ['en', 'hi'] as const) {
      const page = html(await (await client.get(`/order-history?order_id=${orderId}&lang=${locale}`)).text());
      // "Refunds are capped at what you paid, ₹X: the order came to ₹Y before your coupon and coins…"
      const cap = fill(messagesFor(locale).orders.refundCap, { paid: formatRupees(paidPaise, locale), goods: '{goods}' }).split('{goods}')[0]!;
      expect(page, locale).toContain(cap);
      const goods = new RegExp(`${cap.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(₹[\\d,.]+)`).exec(page)?.[1];
      expect(Number(goods?.replace(/[₹,]/g, '')) * 100, locale).toBeGreaterThanOrEqual(goodsPaise);
    }
  }, 420_000);
});
