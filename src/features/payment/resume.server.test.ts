import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { buildContext } from '#/ondc/context.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { coinBalance, ledgerBalance } from '#/features/coins/coins.server.ts';
import { usePaymentGateway } from './payment.server.ts';
import { recordOrderMessage } from '#/features/orders/orders.server.ts';
import { finishCheckouts } from './resume.server.ts';

const SHOPPER = 'device:d1';
const sent: Array<{ action: string; orderId: string }> = [];
const refunds: string[] = [];
const app = {
  identity: { subscriberId: 'bap.test' },
  bapUri: 'http://127.0.0.1:1/bap',
  taxNumber: '29ABCDE1234F1Z5',
  client: {
    post: async (_url: string, action: string, body: { message: { order?: { id: string }; order_id?: string } }) => {
      sent.push({ action, orderId: body.message.order?.id ?? body.message.order_id ?? '' });
      return { ok: true, response: { message: { ack: { status: 'ACK' } } } };
    },
  },
} as unknown as BuyerApp;

const context = (id: string, action: string, messageId: string) => ({
  ...buildContext({
    action: 'init',
    domain: 'ONDC:RET10',
    city: 'std:080',
    transactionId: `T${id}`,
    bapId: 'bap.test',
    bapUri: 'http://127.0.0.1:1/bap',
    messageId,
  }),
  action,
});
const quote = { price: { currency: 'INR', value: '500.00' }, breakup: [], ttl: 'P1D' };

/**
 * A checkout paid by UPI (₹500, 5 coins held of the shopper's 100) whose page went away: its
 * payment settled `ageSeconds` ago, with the order row in `order` (none: never confirmed).
 * `intent`: instead, a UPI intent (issue 29) made `ageSeconds` ago and still pending here, which
 * expires `expiresInSeconds` from now.
 */
async function paidCheckout(
  database: Database,
  id: string,
  options: {
    ageSeconds?: number;
    confirmBy?: string;
    order?: { state: string; confirmMessageId?: string; claimedBy?: number | null; ageSeconds?: number };
    intent?: { expiresInSeconds: number };
  } = {},
) {
  await database.query(
    "INSERT INTO ondc_transactions (transaction_id, shopper_key, domain, city, bpp_id, bpp_uri, expires_at) VALUES ($1, $2, 'ONDC:RET10', 'std:080', 'bpp', 'http://127.0.0.1:1/x', clock_timestamp() + interval '1 day')",
    [`T${id}`, SHOPPER],
  );
  await database.query(
    "INSERT INTO ondc_messages (transaction_id, message_id, action, direction, body_digest, body) VALUES ($1, $2, 'init', 'out', $3, '{}'::jsonb)",
    [`T${id}`, `init-${id}`, `d-out-${id}`],
  );
  const onInit = {
    context: context(id, 'on_init', `init-${id}`),
    message: {
      order: { provider: { id: 'P1', descriptor: { name: 'FreshMart' } }, items: [], billing: {}, fulfillments: [], payment: { type: 'ON-ORDER' }, quote },
    },
  };
  await database.query(
    "INSERT INTO ondc_messages (transaction_id, message_id, action, direction, body_digest, body) VALUES ($1, $2, 'on_init', 'in', $3, $4::jsonb)",
    [`T${id}`, `init-${id}`, `d-in-${id}`, JSON.stringify(onInit)],
  );
  await database.query(
    `INSERT INTO payments (payment_id, transaction_id, shopper_key, init_message_id, amount_paise, method, vpa, status, coins_burned, coin_discount_paise, confirm_by, updated_at, flow, created_at, expires_at)
     VALUES ($1, $2, $3, $4, 49500, 'upi', $7, $8, 5, 500, COALESCE($5::timestamptz, clock_timestamp() + interval '1 day'), clock_timestamp() - make_interval(secs => $6), $9,
       CASE WHEN $9 = 'intent' THEN clock_timestamp() - make_interval(secs => $6) ELSE clock_timestamp() END,
       CASE WHEN $9 = 'intent' THEN clock_timestamp() + make_interval(secs => $10) END)`,
    [
      `P${id}`,
      `T${id}`,
      SHOPPER,
      `init-${id}`,
      options.confirmBy ?? null,
      options.ageSeconds ?? 10,
      options.intent ? null : 'asha@okaxis',
      options.intent ? 'PENDING' : 'PAID',
      options.intent ? 'intent' : 'collect',
      options.intent?.expiresInSeconds ?? 0,
    ],
  );
  await database.query('INSERT INTO coin_reservations (payment_id, shopper_key, coins) VALUES ($1, $2, 5)', [`P${id}`, SHOPPER]);
  if (options.order) {
    await database.query(
      `INSERT INTO orders (order_id, transaction_id, shopper_key, payment_id, total_paise, state, confirm_message_id, updated_at, claimed_by)
       VALUES ($1, $2, $3, $4, 49500, $5, $6, clock_timestamp() - make_interval(secs => $7), $8)`,
      [
        `O${id}`,
        `T${id}`,
        SHOPPER,
        `P${id}`,
        options.order.state,
        options.order.confirmMessageId ?? null,
        options.order.ageSeconds ?? 0,
        options.order.claimedBy ?? null,
      ],
    );
  }
}

const orderOf = async (database: Database, id: string) =>
  (
    await database.query<{ order_id: string; state: string; status: string; on_confirm: unknown; confirm_message_id: string | null }>(
      'SELECT * FROM orders WHERE transaction_id = $1',
      [`T${id}`],
    )
  )[0];
const finished = async (database: Database, id: string) =>
  (await database.query<{ done: boolean }>('SELECT finished_at IS NOT NULL AS done FROM payments WHERE payment_id = $1', [`P${id}`]))[0]?.done;

describe.each(testDatabases())('the server finishes paid checkouts on $name (issue 23)', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    usePaymentGateway({
      collect: async () => 'PAID',
      intent: async () => ({ link: '' }),
      status: async () => 'PAID',
      cancel: async () => 'FAILED',
      refund: async ({ refundId }) => {
        refunds.push(refundId);
        return 'REFUNDED';
      },
    });
    // The shopper's 100 coins, earned on earlier orders.
    await database.query("INSERT INTO coin_ledger (shopper_key, coins, reason, order_id) VALUES ($1, 100, 'reward', 'EARLIER')", [SHOPPER]);
  });
  afterAll(async () => database?.close());
  beforeEach(() => {
    sent.length = 0;
    refunds.length = 0;
  });
  const sweep = () => finishCheckouts(database, app);

  it('confirms a paid checkout nobody confirmed (the page closed after paying), once', async () => {
    await paidCheckout(database, '1');
    expect(await coinBalance(database, SHOPPER)).toBe(95);
    await sweep();
    const order = await orderOf(database, '1');
    expect(sent).toEqual([{ action: 'confirm', orderId: order!.order_id }]);
    expect(order).toMatchObject({ state: 'CONFIRMING', confirm_message_id: expect.any(String) });
    await sweep();
    expect(sent).toHaveLength(1);
  });

  it('sends again, with the same order id, a confirm whose claimant was killed; never one a live process holds', async () => {
    await paidCheckout(database, '2', { order: { state: 'SENDING', claimedBy: 1_234_567 } });
    await paidCheckout(database, '3', { order: { state: 'SENDING', claimedBy: database.boot, ageSeconds: 120 } });
    await sweep();
    expect(sent).toEqual([{ action: 'confirm', orderId: 'O2' }]);
  });

  it('records an on_confirm a killed process stored but never recorded: the order stands, the reward is credited and the held coins burned, once', async () => {
    await paidCheckout(database, '4', { order: { state: 'CONFIRMING', confirmMessageId: 'confirm-4', claimedBy: database.boot } });
    const body = { context: context('4', 'on_confirm', 'confirm-4'), message: { order: { id: 'O4', state: 'Created', quote } } };
    await database.query(
      "INSERT INTO ondc_messages (transaction_id, message_id, action, direction, body_digest, body) VALUES ('T4', 'confirm-4', 'on_confirm', 'in', 'd4', $1::jsonb)",
      [JSON.stringify(body)],
    );
    const before = await ledgerBalance(database, SHOPPER);
    await sweep();
    await sweep();
    expect((await orderOf(database, '4'))?.on_confirm).toMatchObject({ id: 'O4' });
    // floor(₹495 × 1 %) = 4 coins earned, 5 held coins burned.
    expect(await ledgerBalance(database, SHOPPER)).toBe(before + 4 - 5);
    expect(await finished(database, '4')).toBe(true);
    expect(sent).toEqual([]);
  });

  it('refunds in full, once, a paid checkout that could not be confirmed while its quote held; the coins go back', async () => {
    await paidCheckout(database, '5', { confirmBy: new Date(Date.now() - 1000).toISOString() });
    const spendable = await coinBalance(database, SHOPPER);
    await sweep();
    await sweep();
    expect(sent).toEqual([]);
    const order = await orderOf(database, '5');
    expect(order).toMatchObject({ state: 'UNPLACED', status: 'failed' });
    expect(refunds).toEqual([`${order!.order_id}:unplaced`]);
    expect(await database.query('SELECT amount_paise, status FROM payment_refunds WHERE order_id = $1', [order!.order_id])).toEqual([
      { amount_paise: 49500, status: 'REFUNDED' },
    ]);
    expect(await coinBalance(database, SHOPPER)).toBe(spendable + 5);
    expect(await finished(database, '5')).toBe(true);
  });

  it('a seller that refuses the confirm (40002): the order fails with its reason and the payment is refunded once, however often the refusal comes', async () => {
    await paidCheckout(database, '6', { order: { state: 'CONFIRMING', confirmMessageId: 'confirm-6', claimedBy: database.boot } });
    await database.query(
      "INSERT INTO ondc_messages (transaction_id, message_id, action, direction, body_digest, body) VALUES ('T6', 'confirm-6', 'confirm', 'out', 'd6-out', '{}'::jsonb)",
    );
    const refusal = {
      context: context('6', 'on_confirm', 'confirm-6'),
      message: { order: { id: 'O6', state: 'Cancelled' } },
      error: { type: 'DOMAIN-ERROR', code: '40002', message: 'Nothing of this order is in stock' },
    };
    await recordOrderMessage(database, refusal as never, JSON.stringify(refusal));
    await recordOrderMessage(database, refusal as never, JSON.stringify(refusal));
    await sweep();
    expect(await orderOf(database, '6')).toMatchObject({ state: 'UNPLACED', status: 'failed' });
    expect(refunds).toEqual(['O6:unplaced']);
    // A late word from the seller does not bring it back.
    const late = { context: context('6', 'on_status', 'status-6'), message: { order: { id: 'O6', state: 'Accepted' } } };
    await recordOrderMessage(database, late as never, JSON.stringify(late));
    expect(await orderOf(database, '6')).toMatchObject({ status: 'failed' });
  });

  it('asks the seller after a confirm unanswered for 30 s, and takes its on_status as the order', async () => {
    await paidCheckout(database, '7', { order: { state: 'CONFIRMING', confirmMessageId: 'confirm-7', claimedBy: database.boot, ageSeconds: 120 } });
    await sweep();
    expect(sent).toEqual([{ action: 'status', orderId: 'O7' }]);
    const status = {
      context: context('7', 'on_status', 'status-7'),
      message: { order: { id: 'O7', state: 'Accepted', fulfillments: [{ type: 'Delivery', state: { descriptor: { code: 'Pending' } } }], quote } },
    };
    await recordOrderMessage(database, status as never, JSON.stringify(status));
    expect(await orderOf(database, '7')).toMatchObject({ on_confirm: { id: 'O7' }, status: 'accepted' });
    expect(await finished(database, '7')).toBe(true);
  });

  it('pays and confirms, once, a UPI intent approved in the app while the shop was down (its notice lost)', async () => {
    await paidCheckout(database, '8', { intent: { expiresInSeconds: 240 } });
    await sweep();
    expect(await database.query("SELECT status FROM payments WHERE payment_id = 'P8'")).toEqual([{ status: 'PAID' }]);
    // The process that saw it paid takes it up at once (whenPaymentSettles, not wired here); past
    // that grace, the sweep does, as it would after that process too was killed.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await sweep();
    const order = await orderOf(database, '8');
    expect(sent).toEqual([{ action: 'confirm', orderId: order!.order_id }]);
    await sweep();
    expect(sent).toHaveLength(1);
  });

  it('withdraws a UPI intent that expired unpaid: it fails, places nothing, and its coins go back', async () => {
    await paidCheckout(database, '9', { intent: { expiresInSeconds: -1 } });
    const spendable = await coinBalance(database, SHOPPER);
    await sweep();
    expect(await database.query("SELECT status FROM payments WHERE payment_id = 'P9'")).toEqual([{ status: 'FAILED' }]);
    expect(await orderOf(database, '9')).toBeUndefined();
    expect(sent).toEqual([]);
    expect(await coinBalance(database, SHOPPER)).toBe(spendable + 5);
  });

  it('never lets the ledger go below zero', async () => {
    const [{ low } = { low: 0 }] = await database.query<{ low: number }>(
      'SELECT coalesce(min(s), 0)::int AS low FROM (SELECT sum(coins) AS s FROM coin_ledger GROUP BY shopper_key) t',
    );
    expect(low).toBeGreaterThanOrEqual(0);
  });
});
