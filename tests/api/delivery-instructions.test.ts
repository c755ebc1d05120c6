// Issue 29: the shopper's delivery instructions reach the seller in the ONDC order: the delivery
// end's `instructions` of the init and of the confirm, as the protocol log shows what went on the
// wire, and come back on the order's pages; what cannot be instructions is a 400 and sends nothing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOf } from '#/ondc/conformance/validator-payload.ts';
import { orderMessageProblems } from '#/ondc/order-schemas.ts';
import { initBody, lines, placeOrder, selectAndQuote } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { startServer, type StartedServer } from '../support/server.ts';

let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ ONDC_LOG: '1' });
}, 200_000);
afterAll(async () => server?.stop());

type Order = { fulfillments?: Array<{ type?: string; end?: { instructions?: unknown } }> };

/** The order messages of one transaction as they went on the wire (ours out, the seller's in). */
function wire(transactionId: string) {
  const dir = path.join(server.dataDir, 'ondc-log');
  return readdirSync(dir)
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
    .filter(Boolean)
    .map((l) => messageOf(JSON.parse(l)))
    .filter((m) => m !== null && m.context.transaction_id === transactionId && !m.error)
    .map((m) => ({ action: m!.context.action, order: (m!.message as { order?: Order }).order, message: m!.message }));
}

const deliveryEnd = (order: Order | undefined) => order?.fulfillments?.find((f) => f.type === 'Delivery')?.end;

const WRITTEN = 'Ring twice, leave with the guard\nगेट नंबर 2';

describe('issue 29: delivery instructions in the ONDC order', () => {
  it('go to the seller in init and confirm as the delivery end’s instructions, and the order pages show them', async () => {
    const client = shopper(server.url);
    const { transactionId, orderId } = await placeOrder(client, 'upi', lines(), { init: { delivery_instructions: `  ${WRITTEN} ` } });
    const sent = wire(transactionId);
    const expected = { name: 'Delivery instructions', long_desc: WRITTEN };
    const init = sent.find((m) => m.action === 'init');
    const confirm = sent.find((m) => m.action === 'confirm');
    expect(deliveryEnd(init?.order)?.instructions).toEqual(expected);
    expect(deliveryEnd(confirm?.order)?.instructions).toEqual(expected);
    // Still ONDC 1.2.0's init and confirm with them.
    expect(orderMessageProblems('init', init?.message)).toEqual([]);
    expect(orderMessageProblems('confirm', confirm?.message)).toEqual([]);
    // The confirm says who holds the money, as ONDC's 1.2.5 confirm schema requires of every order.
    expect(confirm?.message).toMatchObject({ order: { payment: { type: 'ON-ORDER', status: 'PAID', collected_by: 'BAP' } } });
    // The seller's order carries them back, and so do the confirmation and the order page.
    expect(deliveryEnd(sent.find((m) => m.action === 'on_confirm')?.order)?.instructions).toEqual(expected);
    for (const page of [`/order-confirmation?order_id=${orderId}`, `/order-history?order_id=${orderId}`]) {
      const html = await (await client.get(page)).text();
      expect(html).toMatch(/data-delivery-instructions[^>]*>Your instructions for the rider: Ring twice, leave with the guard\nगेट नंबर 2</);
    }
  }, 60_000);

  it('are left out of the order when the shopper writes none', async () => {
    const client = shopper(server.url);
    const { transactionId } = await placeOrder(client, 'cod', lines(), { init: { delivery_instructions: '   ' } });
    const sent = wire(transactionId);
    for (const action of ['init', 'confirm']) expect(deliveryEnd(sent.find((m) => m.action === action)?.order)).not.toHaveProperty('instructions');
    // Cash on delivery: the store's rider collects it.
    expect(sent.find((m) => m.action === 'confirm')?.message).toMatchObject({
      order: { payment: { type: 'ON-FULFILLMENT', status: 'NOT-PAID', collected_by: 'BPP' } },
    });
  }, 60_000);

  it('a cancel names the delivery it cancels (ONDC 1.2.5 requires the descriptor, 1.2.0 allows it)', async () => {
    const client = shopper(server.url);
    const { transactionId, orderId } = await placeOrder(client, 'upi', lines());
    expect((await client.post('/ondc/order/update', { type: 'cancel', order_id: orderId, reason_id: '006' })).status).toBe(200);
    const sent = wire(transactionId);
    const delivery = sent.find((m) => m.action === 'on_confirm')?.order?.fulfillments?.find((f) => f.type === 'Delivery') as { id?: string } | undefined;
    expect(delivery?.id).toBeTruthy();
    expect(sent.find((m) => m.action === 'cancel')?.message).toEqual({
      order_id: orderId,
      cancellation_reason_id: expect.any(String),
      descriptor: { name: 'fulfillment', short_desc: delivery?.id },
    });
  }, 60_000);

  it.each([
    ['longer than 200 characters', JSON.stringify('a'.repeat(201))],
    ['with NUL', '"gate\\u0000code"'],
    ['with a lone surrogate', '"gate\\ud800code"'],
    ['with a control character', '"gate\\u001bcode"'],
    ['not text', '42'],
  ])(
    'written %s are a 400 and send no init',
    async (_case, instructions) => {
      const client = shopper(server.url);
      const { transactionId } = await selectAndQuote(client, lines());
      const body = JSON.stringify(initBody(transactionId, lines())).replace(/}$/, `,"delivery_instructions":${instructions}}`);
      const response = await client.post('/ondc/init', body);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toMatch(/^delivery_instructions: /);
      expect(wire(transactionId).filter((m) => m.action === 'init')).toEqual([]);
    },
    60_000,
  );
});
