// The buyer app tells the seller of a refund (ONDC update, update_target payment) only after the
// seller's own on_update about the units or items it pays for: ONDC's flow 6 reads on_update, then
// update; the validator flags a settlement that goes first ("context/timestamp of
// /update_settlement_part_cancel should be greater than /on_update_part_cancel").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { buildContext, type Context } from '#/ondc/context.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { usePaymentGateway } from '#/features/payment/payment.server.ts';
import { recordOrderMessage, settleRefunds } from './orders.server.ts';

const SHOPPER = 'device:s1';
const sent: Array<{ action: string; message: { update_target?: string; order?: { id: string; fulfillments?: Array<{ id: string; type: string }> } } }> = [];
const app = {
  identity: { subscriberId: 'bap.test' },
  bapUri: 'http://127.0.0.1:1/bap',
  client: {
    post: async (_url: string, action: string, body: { message: (typeof sent)[number]['message'] }) => {
      sent.push({ action, message: body.message });
      return { ok: true, response: { message: { ack: { status: 'ACK' } } } };
    },
  },
} as unknown as BuyerApp;

const TXN = 'T-settle';
const ORDER = 'O-settle';
let messages = 0;
const contextOf = (action: string): Context => ({
  ...buildContext({
    action: 'status',
    domain: 'ONDC:RET10',
    city: 'std:080',
    transactionId: TXN,
    bapId: 'bap.test',
    bapUri: app.bapUri,
    bppId: 'bpp',
    bppUri: 'http://127.0.0.1:1/bpp',
    messageId: `m${++messages}`,
  }),
  action: action as Context['action'],
});

// The store confirmed one unit of two: its Cancel fulfillment C1 took ₹50 out of the order.
const cut = {
  id: 'C1',
  type: 'Cancel',
  state: { descriptor: { code: 'Cancelled' } },
  tags: [
    {
      code: 'quote_trail',
      list: [
        { code: 'type', value: 'item' },
        { code: 'id', value: 'I1' },
        { code: 'currency', value: 'INR' },
        { code: 'value', value: '-50.00' },
      ],
    },
  ],
};
const order = (state: string, fulfillments: unknown[]) => ({
  id: ORDER,
  state,
  fulfillments: [{ id: 'F1', type: 'Delivery', state: { descriptor: { code: 'Pending' } } }, ...fulfillments],
  quote: { price: { currency: 'INR', value: '450.00' }, breakup: [] },
});

/** A seller's callback as the receiver keeps it, then as the order reads it. */
async function receive(database: Database, action: string, message: Record<string, unknown>) {
  const envelope = { context: contextOf(action), message };
  const rawBody = JSON.stringify(envelope);
  await database.query(
    "INSERT INTO ondc_messages (transaction_id, message_id, action, direction, participant_id, body_digest, body) VALUES ($1, $2, $3, 'in', 'bpp', $4, $5::jsonb)",
    [TXN, envelope.context.message_id, action, `digest-${envelope.context.message_id}`, rawBody],
  );
  await recordOrderMessage(database, envelope, rawBody);
}

const refundsOf = async (database: Database) =>
  database.query<{ refund_id: string; status: string; amount_paise: number }>(
    'SELECT refund_id, status, amount_paise FROM payment_refunds WHERE order_id = $1',
    [ORDER],
  );

describe.each(testDatabases())('refund settlements follow the seller’s on_update on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    // What the seller was sent is each database's own run: the PGlite run's update is not PostgreSQL's.
    sent.length = 0;
    database = await open();
    usePaymentGateway({
      collect: async () => 'PAID',
      intent: async () => ({ link: '' }),
      status: async () => 'PAID',
      cancel: async () => 'FAILED',
      refund: async () => 'REFUNDED',
    });
    await database.query(
      "INSERT INTO ondc_transactions (transaction_id, shopper_key, domain, city, bpp_id, bpp_uri, expires_at) VALUES ($1, $2, 'ONDC:RET10', 'std:080', 'bpp', 'http://127.0.0.1:1/bpp', clock_timestamp() + interval '1 day')",
      [TXN, SHOPPER],
    );
    await database.query(
      "INSERT INTO payments (payment_id, transaction_id, shopper_key, init_message_id, amount_paise, method, vpa, status) VALUES ('P-settle', $1, $2, 'init-1', 50000, 'upi', 'asha@okaxis', 'PAID')",
      [TXN, SHOPPER],
    );
    await database.query(
      "INSERT INTO orders (order_id, transaction_id, shopper_key, payment_id, total_paise, state) VALUES ($1, $2, $3, 'P-settle', 50000, 'Created')",
      [ORDER, TXN, SHOPPER],
    );
  });
  afterAll(async () => database?.close());

  it('refunds the units the store cut in its on_confirm at once, and settles them with it after its on_update', async () => {
    await receive(database, 'on_confirm', { order: order('Accepted', [cut]) });
    expect(await refundsOf(database)).toEqual([{ refund_id: `${ORDER}:C1`, status: 'REFUNDED', amount_paise: 5000 }]);
    // The on_confirm and an on_status show the cut; the seller has not announced it by on_update yet.
    await receive(database, 'on_status', { order: order('Accepted', [cut]) });
    expect(await settleRefunds(database, app, ORDER)).toBe(0);
    expect(sent.filter((s) => s.action === 'update')).toEqual([]);

    await receive(database, 'on_update', { order: order('Accepted', [cut]) });
    expect(await settleRefunds(database, app, ORDER)).toBe(1);
    const updates = sent.filter((s) => s.action === 'update');
    expect(updates).toHaveLength(1);
    expect(updates[0]?.message).toMatchObject({ update_target: 'payment', order: { id: ORDER, fulfillments: [{ id: 'C1', type: 'Cancel' }] } });
    // Once: a later message settles nothing again.
    await receive(database, 'on_status', { order: order('In-progress', [cut]) });
    expect(await settleRefunds(database, app, ORDER)).toBe(0);
  });
});
