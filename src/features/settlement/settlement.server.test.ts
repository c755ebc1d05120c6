// The settlement ledger and recons on each database: figures read from the order, its payment,
// its refunds and our confirm's terms; a recon goes once per change of figures, even with two
// senders at once; one a dead process claimed is sent again as it was; the seller's answer is
// kept, and only about orders of that recon.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import type { OnReconEnvelope, OnSettlementEnvelope, ReconMessage, ReportMessage, SettleMessage } from '#/ondc/rsf.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import {
  orderSettlements,
  recordReconAnswer,
  recordSettlementAnswer,
  sendRecons,
  sendSettlements,
  settlementReport,
  vetReconAnswer,
  vetSettlementAnswer,
} from './settlement.server.ts';

const SELLER = 'seller.example';
type Sent = {
  url: string;
  action: string;
  body: { context: OnReconEnvelope['context'] & { action: string }; message: ReconMessage & SettleMessage & ReportMessage };
};
const sent: Sent[] = [];
const app = {
  identity: { subscriberId: 'bap.test' },
  bapUri: 'http://127.0.0.1:1/bap',
  client: {
    post: async (url: string, action: string, body: Sent['body']) => {
      sent.push({ url, action, body });
      return { ok: true, response: { message: { ack: { status: 'ACK' } } } };
    },
  },
} as unknown as BuyerApp;

const TERMS = {
  '@ondc/org/buyer_app_finder_fee_type': 'percent',
  '@ondc/org/buyer_app_finder_fee_amount': '3',
  '@ondc/org/withholding_amount': '10.00',
  '@ondc/org/settlement_window': 'P2D',
};

/** A prepaid order of ours with the seller: its transaction, payment, confirm and on_confirm. */
async function placeOrder(database: Database, orderId: string, amountPaise: number, status: string, quotePaise = amountPaise, npType = 'MSN') {
  const txn = `T-${orderId}`;
  await database.query(
    "INSERT INTO ondc_transactions (transaction_id, shopper_key, domain, city, bpp_id, bpp_uri, expires_at) VALUES ($1, 'device:s1', 'ONDC:RET10', 'std:080', $2, 'http://127.0.0.1:1/bpp', clock_timestamp() + interval '1 day')",
    [txn, SELLER],
  );
  await database.query(
    "INSERT INTO payments (payment_id, transaction_id, shopper_key, init_message_id, amount_paise, method, vpa, status, payable) VALUES ($1, $2, 'device:s1', 'init-1', $3, 'upi', 'asha@okaxis', 'PAID', $4::jsonb)",
    [`P-${orderId}`, txn, amountPaise, JSON.stringify({ quotePaise, totalPaise: amountPaise })],
  );
  await database.query(
    `INSERT INTO orders (order_id, transaction_id, shopper_key, payment_id, total_paise, state, status, status_at, on_confirm)
     VALUES ($1, $2, 'device:s1', $3, $4, 'Completed', $5, '2026-11-20T10:00:00Z', $6::jsonb)`,
    [
      orderId,
      txn,
      `P-${orderId}`,
      amountPaise,
      status,
      JSON.stringify({ id: orderId, provider: { id: 'PR1' }, tags: [{ code: 'bpp_terms', list: [{ code: 'np_type', value: npType }] }] }),
    ],
  );
  await database.query(
    "INSERT INTO ondc_messages (transaction_id, message_id, action, direction, participant_id, body_digest, body) VALUES ($1, $2, 'confirm', 'out', $3, $2, $4::jsonb)",
    [txn, `confirm-${orderId}`, SELLER, JSON.stringify({ message: { order: { id: orderId, payment: TERMS } } })],
  );
}

const refund = (database: Database, orderId: string, key: string, paise: number, status = 'REFUNDED') =>
  database.query('INSERT INTO payment_refunds (refund_id, order_id, payment_id, amount_paise, status) VALUES ($1, $2, $3, $4, $5)', [
    `${orderId}:${key}`,
    orderId,
    `P-${orderId}`,
    paise,
    status,
  ]);

describe.each(testDatabases())('settlement on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    sent.length = 0;
    database = await open();
    await placeOrder(database, 'O-DELIVERED', 50_000, 'delivered');
    await placeOrder(database, 'O-CANCELLED', 30_000, 'cancelled');
    await refund(database, 'O-CANCELLED', 'C1', 30_000);
    await placeOrder(database, 'O-COUPON', 45_000, 'delivered', 50_000);
    await refund(database, 'O-COUPON', 'issue:ISS1', 10_000);
    await placeOrder(database, 'O-ONWAY', 20_000, 'out_for_delivery');
    await placeOrder(database, 'O-REFUNDING', 20_000, 'cancelled');
    await refund(database, 'O-REFUNDING', 'C1', 20_000, 'PENDING');
  });
  afterAll(async () => database?.close());

  it('reads each order’s ledger from its payment, refunds and the terms our confirm stated', async () => {
    const byId = new Map((await orderSettlements(database)).map((s) => [s.orderId, s]));
    expect(byId.get('O-DELIVERED')).toMatchObject({
      sellerId: SELLER,
      providerId: 'PR1',
      settled: true,
      dueDate: '2026-11-22',
      ledger: { collectedPaise: 50_000, refundsPaise: 0, feePaise: 1_500, withholdingPaise: 1_000, sharePaise: 48_500 },
    });
    expect(byId.get('O-CANCELLED')).toMatchObject({ settled: true, ledger: { refundsPaise: 30_000, feePaise: 0, sharePaise: 0, withholdingPaise: 0 } });
    // ₹50 of our coupon: the seller is owed its price less the complaint refund, less our fee on that.
    expect(byId.get('O-COUPON')?.ledger).toMatchObject({
      collectedPaise: 45_000,
      ourDiscountPaise: 5_000,
      refundsPaise: 10_000,
      salePaise: 40_000,
      feePaise: 1_200,
      sharePaise: 38_800,
    });
    expect(byId.get('O-ONWAY')?.settled).toBe(false);
    expect(byId.get('O-REFUNDING')?.settled).toBe(false);
    for (const s of byId.values())
      expect(s.ledger.sharePaise + s.ledger.feePaise + s.ledger.refundsPaise).toBe(s.ledger.collectedPaise + s.ledger.ourDiscountPaise);
  });

  it('sends the seller one recon of its settled orders, even asked twice at once, and none again while nothing changed', async () => {
    const runs = await Promise.all([sendRecons(database, app), sendRecons(database, app)]);
    expect(runs.reduce((n, r) => n + r.recons, 0)).toBe(1);
    const recons = sent.filter((s) => s.action === 'recon');
    expect(recons).toHaveLength(1);
    expect(recons[0]?.url).toBe('http://127.0.0.1:1/bpp');
    const message = recons[0]!.body.message;
    expect(message.orders.map((o) => o.id).sort()).toEqual(['O-CANCELLED', 'O-COUPON', 'O-DELIVERED']);
    expect(message.orders.find((o) => o.id === 'O-DELIVERED')).toMatchObject({
      amount: { currency: 'INR', value: '485.00' },
      settlements: [
        {
          payment_id: 'P-O-DELIVERED',
          status: 'PENDING',
          amount: { value: '485.00' },
          commission: { value: '15.00' },
          withholding_amount: { value: '10.00' },
          tcs: { value: '0.00' },
          tds: { value: '0.00' },
          due_date: '2026-11-22',
        },
      ],
    });
    expect(recons[0]?.body.context).toMatchObject({
      domain: 'ONDC:NTS10',
      version: '2.0.0',
      action: 'recon',
      bpp_id: SELLER,
      location: { city: { code: '*' } },
    });
    expect(await sendRecons(database, app)).toMatchObject({ recons: 0, orders: 0 });
  });

  it('keeps the seller’s word on the orders of its recon, and refuses an answer about another order', async () => {
    const recon = sent.find((s) => s.action === 'recon')!.body;
    const answer = (orders: ReconMessage['orders'], accord: boolean): OnReconEnvelope => ({
      context: { ...recon.context, action: 'on_recon', bpp_id: SELLER, timestamp: new Date().toISOString() },
      message: { orders: orders.map((o) => ({ ...o, recon_accord: accord })) },
    });
    const foreign = answer([{ ...recon.message.orders[0]!, id: 'O-ONWAY' }], true);
    expect(await vetReconAnswer(database)(foreign)).toMatchObject({ code: '20008', message: expect.stringContaining('O-ONWAY was not in this recon') });
    const fine = answer(recon.message.orders, true);
    expect(await vetReconAnswer(database)(fine)).toBeNull();
    await recordReconAnswer(database, { ...fine, message: { orders: fine.message!.orders.map((o) => ({ ...o, recon_accord: o.id !== 'O-COUPON' })) } });
    const report = new Map((await settlementReport(database)).map((r) => [r.orderId, r.recon]));
    expect(Object.fromEntries(report)).toEqual({
      'O-DELIVERED': 'agreed',
      'O-CANCELLED': 'agreed',
      'O-COUPON': 'disagreed',
      'O-ONWAY': 'not settled',
      'O-REFUNDING': 'not settled',
    });
  });

  it('puts an order whose figures changed in a new recon, alone', async () => {
    sent.length = 0;
    await refund(database, 'O-DELIVERED', 'goodwill', 1_000);
    await database.query("UPDATE payment_refunds SET status = 'REFUNDED' WHERE order_id = 'O-REFUNDING'");
    await sendRecons(database, app);
    expect(
      sent
        .filter((s) => s.action === 'recon')
        .flatMap((s) => s.body.message.orders.map((o) => o.id))
        .sort(),
    ).toEqual(['O-DELIVERED', 'O-REFUNDING']);
    expect((await settlementReport(database)).find((r) => r.orderId === 'O-DELIVERED')?.recon).toBe('sent');
  });

  it('a recon the seller refuses ends its turn; its orders go in the next one', async () => {
    sent.length = 0;
    await refund(database, 'O-DELIVERED', 'goodwill-2', 100);
    const refusing = {
      ...app,
      client: { post: async () => ({ ok: true, response: { message: { ack: { status: 'NACK' } }, error: { code: '30000', message: 'Invalid request' } } }) },
    } as unknown as BuyerApp;
    expect(await sendRecons(database, refusing)).toMatchObject({ recons: 1, refused: 1, orders: 1 });
    expect((await settlementReport(database)).find((r) => r.orderId === 'O-DELIVERED')?.recon).toBe('refused');
    expect(await sendRecons(database, app)).toMatchObject({ recons: 1, refused: 0, orders: 1 });
  });

  it('a recon claimed by a process that died is sent again as it was, with its message id', async () => {
    sent.length = 0;
    await refund(database, 'O-COUPON', 'goodwill', 500);
    // The claim and the message are written, then the holder dies (its boot lock gone) before sending.
    const dying = { ...app, client: { post: () => new Promise(() => undefined) } } as unknown as BuyerApp;
    void sendRecons({ ...database, boot: 2_000_000_000 }, dying);
    for (let i = 0; i < 50 && (await database.query("SELECT 1 FROM settlement_recons WHERE state = 'SENDING'")).length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    const [claimed] = await database.query<{ message_id: string }>("SELECT message_id FROM settlement_recons WHERE state = 'SENDING'");
    expect(claimed).toBeDefined();
    expect(await sendRecons(database, app)).toMatchObject({ recons: 1, orders: 1 });
    const recons = sent.filter((s) => s.action === 'recon');
    expect(recons.map((s) => s.body.context.message_id)).toEqual([claimed!.message_id]);
    expect(recons[0]?.body.message.orders.map((o) => o.id)).toEqual(['O-COUPON']);
    expect(await sendRecons(database, app)).toMatchObject({ recons: 0 });
  });
});

const AGENCY = { id: 'nocs.example', uri: 'http://127.0.0.1:1/sa' };

describe.each(testDatabases())('settling through the agency on $name', ({ open }) => {
  let database: Database;
  const agree = async () => {
    for (const recon of sent.filter((s) => s.action === 'recon')) {
      await recordReconAnswer(database, {
        context: { ...recon.body.context, action: 'on_recon', timestamp: new Date().toISOString() },
        message: { orders: recon.body.message.orders.map((o) => ({ ...o, recon_accord: true })) },
      });
    }
  };
  const onSettle = (settle: Sent['body'], action: 'on_settle' | 'on_report' = 'on_settle'): OnSettlementEnvelope => ({
    context: { ...settle.context, action, bpp_id: AGENCY.id, timestamp: new Date().toISOString() },
    message: {
      collector_app_id: settle.message.collector_app_id,
      receiver_app_id: settle.message.receiver_app_id,
      settlement: {
        type: 'NP-NP',
        id: settle.message.settlement.id,
        orders: settle.message.settlement.orders.map((o, i) => ({
          id: o.id,
          inter_participant: { settled_amount: o.inter_participant.amount, amount: o.inter_participant.amount, status: 'SETTLED', reference_no: `REF${i}` },
          collector: o.collector,
          self: { amount: o.self.amount, status: 'SETTLED', reference_no: `OWN${i}` },
        })),
      },
    },
  });
  beforeAll(async () => {
    sent.length = 0;
    database = await open();
    // A seller app that is the seller itself (ISN): we keep TCS and TDS; a marketplace: we do not.
    await placeOrder(database, 'O-ISN', 50_000, 'delivered', 50_000, 'ISN');
    await placeOrder(database, 'O-MSN', 20_000, 'delivered');
    await placeOrder(database, 'O-WAITING', 10_000, 'out_for_delivery');
  });
  afterAll(async () => database?.close());

  it('states the TCS and TDS we keep in the recon, and takes them off the share', async () => {
    await sendRecons(database, app);
    const orders = sent.find((s) => s.action === 'recon')!.body.message.orders;
    expect(orders.find((o) => o.id === 'O-ISN')?.settlements[0]).toMatchObject({
      amount: { value: '482.00' },
      commission: { value: '15.00' },
      tcs: { value: '2.50' },
      tds: { value: '0.50' },
    });
    expect(orders.find((o) => o.id === 'O-MSN')?.settlements[0]).toMatchObject({ amount: { value: '194.00' }, tcs: { value: '0.00' }, tds: { value: '0.00' } });
  });

  it('settles only what the seller agreed to, once, with the share to the seller and our part to us', async () => {
    expect(await sendSettlements(database, app, AGENCY)).toMatchObject({ settles: 0 });
    await agree();
    sent.length = 0;
    const runs = await Promise.all([sendSettlements(database, app, AGENCY), sendSettlements(database, app, AGENCY)]);
    expect(runs.reduce((n, r) => n + r.settles, 0)).toBe(1);
    const settles = sent.filter((s) => s.action === 'settle');
    expect(settles.map((s) => s.url)).toEqual([AGENCY.uri]);
    const settle = settles[0]!.body;
    expect(settle.context).toMatchObject({
      domain: 'ONDC:NTS10',
      version: '2.0.0',
      action: 'settle',
      bap_id: 'bap.test',
      bpp_id: AGENCY.id,
      location: { city: { code: '*' } },
    });
    expect(settle.message).toMatchObject({
      collector_app_id: 'bap.test',
      receiver_app_id: SELLER,
      settlement: { type: 'NP-NP', id: settle.context.message_id },
    });
    expect(settle.message.settlement.orders).toEqual([
      {
        id: 'O-ISN',
        inter_participant: { amount: { currency: 'INR', value: '482.00' } },
        collector: { amount: { currency: 'INR', value: '18.00' } },
        self: { amount: { currency: 'INR', value: '18.00' } },
      },
      {
        id: 'O-MSN',
        inter_participant: { amount: { currency: 'INR', value: '194.00' } },
        collector: { amount: { currency: 'INR', value: '6.00' } },
        self: { amount: { currency: 'INR', value: '6.00' } },
      },
    ]);
    expect(await sendSettlements(database, app, AGENCY)).toMatchObject({ settles: 0, reports: 0 });
  });

  it('keeps the agency’s word per order, and refuses its word about an order not in that settle', async () => {
    const settle = sent.find((s) => s.action === 'settle')!.body;
    const answer = onSettle(settle);
    const foreign = {
      ...answer,
      message: { ...answer.message!, settlement: { ...answer.message!.settlement, orders: [{ ...answer.message!.settlement.orders[0]!, id: 'O-WAITING' }] } },
    };
    expect(await vetSettlementAnswer(database)(foreign)).toMatchObject({ code: '70021', message: expect.stringContaining('O-WAITING was not in settle') });
    expect(await vetSettlementAnswer(database)(answer)).toBeNull();
    await recordSettlementAnswer(database, answer);
    const payouts = Object.fromEntries((await settlementReport(database)).map((r) => [r.orderId, r.payout]));
    expect(payouts).toEqual({ 'O-ISN': 'settled REF0', 'O-MSN': 'settled REF1', 'O-WAITING': '' });
  });

  it('a settle whose sender died unanswered is asked about at once; one the agency never saw goes again as it was', async () => {
    await database.query("UPDATE orders SET status = 'delivered' WHERE order_id = 'O-WAITING'");
    await sendRecons(database, app);
    await agree();
    sent.length = 0;
    // Sent and ACKed by a process that is gone before the agency's answer came.
    await sendSettlements({ ...database, boot: 2_000_000_000 }, app, AGENCY);
    const settle = sent.find((s) => s.action === 'settle')!.body;
    expect(settle.message.settlement.orders.map((o) => o.id)).toEqual(['O-WAITING']);
    sent.length = 0;
    expect(await sendSettlements(database, app, AGENCY)).toMatchObject({ settles: 0, reports: 1 });
    const report = sent.find((s) => s.action === 'report')!.body;
    expect(report.message).toEqual({ ref_transaction_id: settle.context.transaction_id, ref_message_id: settle.context.message_id });
    expect(report.context.transaction_id).not.toBe(settle.context.transaction_id);
    // The agency never carried it out: the settle goes again, the same message.
    await recordSettlementAnswer(database, {
      context: { ...report.context, action: 'on_report', bpp_id: AGENCY.id },
      error: { type: 'DOMAIN-ERROR', code: '70021', message: 'No such settle' },
    });
    sent.length = 0;
    expect(await sendSettlements(database, app, AGENCY)).toMatchObject({ settles: 1, orders: 1 });
    expect(sent.filter((s) => s.action === 'settle').map((s) => s.body.context.message_id)).toEqual([settle.context.message_id]);
    await recordSettlementAnswer(database, onSettle(sent.find((s) => s.action === 'settle')!.body, 'on_settle'));
    expect((await settlementReport(database)).find((r) => r.orderId === 'O-WAITING')?.payout).toBe('settled REF0');
    const [{ n }] = (await database.query<{ n: number }>('SELECT count(*)::int AS n FROM settlement_instruction_orders')) as [{ n: number }];
    expect(n).toBe(3);
  });
});
