// Issue 29: the rider's tip. The shopper picks one of the offered tips; the server states it to
// the seller as an order tag in init and confirm, the seller quotes it back as a "Tip" line, the
// server charges that quote (the browser never names an amount), the order's pages show it, and a
// cancel before delivery refunds it with the rest. A tip that is not on offer is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessageProblems } from '#/ondc/order-schemas.ts';
import { initBody, lines, placeOrder, selectAndQuote, type Client } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { wireOf } from '../support/protocol-log.ts';
import { startServer, type StartedServer } from '../support/server.ts';

let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ NETWORK_CLOCK_SPEED: '120', ONDC_LOG: '1' }, { timeoutMs: 400_000 });
}, 420_000);
afterAll(async () => server?.stop());

type Breakup = Array<{ title?: string; '@ondc/org/title_type'?: string; price?: { value?: string } }>;
type Order = { tags?: Array<{ code: string; list: Array<{ code: string; value: string }> }>; quote?: { price?: { value?: string }; breakup?: Breakup } };

/** The order messages of one transaction as they went on the wire (ours out, the seller's in), refusals left out. */
const wire = (transactionId: string) =>
  wireOf(server.dataDir, transactionId)
    .filter((m) => !m.error)
    .map((m) => ({ ...m, order: m.order as Order | undefined }));

const tipLines = (order: Order | undefined) => order?.quote?.breakup?.filter((l) => l.title === 'Tip') ?? [];
const tipTag = (order: Order | undefined) => order?.tags?.find((t) => t.code === 'tip');

async function detail(client: Client, orderId: string) {
  return (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json();
}

describe('issue 29: the rider’s tip', () => {
  it('goes to the seller in init and confirm, comes back as the quote’s "Tip" line, is charged, and shows on the order’s pages', async () => {
    const client = shopper(server.url);
    const without = await placeOrder(shopper(server.url), 'upi', lines());
    const { transactionId, orderId, totalPaise, initTotalPaise } = await placeOrder(client, 'upi', lines(), { init: { tip: 30 } });
    // Charged what the seller quoted: the same order and ₹30 more.
    expect(totalPaise).toBe(without.totalPaise + 3_000);
    expect(initTotalPaise).toBe(totalPaise);
    const sent = wire(transactionId);
    const at = (action: string) => sent.find((m) => m.action === action);
    const stated = {
      code: 'tip',
      list: [
        { code: 'currency', value: 'INR' },
        { code: 'value', value: '30.00' },
      ],
    };
    expect(tipTag(at('init')?.order)).toEqual(stated);
    expect(tipTag(at('confirm')?.order)).toEqual(stated);
    for (const action of ['on_init', 'confirm', 'on_confirm']) {
      expect(tipLines(at(action)?.order), action).toEqual([
        { '@ondc/org/item_id': 'F1', title: 'Tip', '@ondc/org/title_type': 'misc', price: { currency: 'INR', value: '30.00' } },
      ]);
    }
    // Still ONDC 1.2.0 as the validator's schemas read it, both ways.
    for (const action of ['init', 'on_init', 'confirm', 'on_confirm']) expect(orderMessageProblems(action as 'init', at(action)?.message), action).toEqual([]);
    const confirmation = await (await client.get(`/order-confirmation?order_id=${orderId}`)).text();
    expect(confirmation).toMatch(/data-rider-tip[^>]*>Includes your ₹30 tip for the rider</);
    const page = await (await client.get(`/order-history?order_id=${orderId}`)).text();
    expect(page).toMatch(/<th scope="row"[^>]*>Rider tip<\/th>\s*<td[^>]*>₹30</);
    // The tip is no "other charge" of the store's.
    expect(page).not.toMatch(/<th scope="row"[^>]*>Tip<\/th>/);
  }, 90_000);

  it('is refunded with the rest of an order cancelled before delivery', async () => {
    const client = shopper(server.url);
    const { orderId, totalPaise } = await placeOrder(client, 'upi', lines(), { init: { tip: 50 } });
    expect((await client.post('/ondc/order/update', { type: 'cancel', order_id: orderId, reason_id: '006' })).status).toBe(200);
    let refunds: Array<{ amount: number }> = [];
    for (let i = 0; i < 40 && refunds.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const order = await detail(client, orderId);
      if (order.status === 'cancelled') refunds = order.refunds;
    }
    expect(refunds).toEqual([expect.objectContaining({ amount: totalPaise / 100 })]);
  }, 60_000);

  it('is no tag and no line when the shopper tips nothing', async () => {
    const { transactionId } = await placeOrder(shopper(server.url), 'cod', lines(), { init: { tip: 0 } });
    const sent = wire(transactionId);
    for (const action of ['init', 'confirm']) expect(tipTag(sent.find((m) => m.action === action)?.order)).toBeUndefined();
    expect(tipLines(sent.find((m) => m.action === 'on_init')?.order)).toEqual([]);
  }, 60_000);

  it.each([['25'], ['-20'], ['20.5'], ['5000'], ['"20"'], ['null']])(
    'of %s is a 400 and sends no init',
    async (tip) => {
      const client = shopper(server.url);
      const { transactionId } = await selectAndQuote(client, lines());
      const body = JSON.stringify(initBody(transactionId, lines())).replace(/}$/, `,"tip":${tip}}`);
      const response = await client.post('/ondc/init', body);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toMatch(/^tip: /);
      expect(wire(transactionId).filter((m) => m.action === 'init')).toEqual([]);
    },
    60_000,
  );
});
