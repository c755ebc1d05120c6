// The settlement ledger of our prepaid orders and the recon of it with each seller (issue 26,
// RSF 2.0.0). The ledger is read from what the orders hold (the payment, every refund written in
// payment_refunds, the terms our confirm stated), so reading it twice gives the same figures. A
// recon is written whole (its message, each order's figures) before it leaves and claimed by this
// process: one a killed process left unsent is sent again as it was, with the same message id,
// and an order goes into a new recon only when its figures changed since the last one it was in.
import { randomUUID } from 'node:crypto';
import { claimAbandoned, type Database, type Queryable } from '#/db/client.ts';
import { rupeesToPaise } from '#/lib/money.ts';
import { durationMs } from '#/ondc/context.ts';
import { recordAck, recordRequest, startTransaction, type CallbackVetting } from '#/ondc/message-store.server.ts';
import { latestSentOrderSql, sentMessage, TRANSACTION_SELLERS } from '#/ondc/stored-messages.server.ts';
import {
  inr,
  reconContext,
  reconMessageSchema,
  rsfContext,
  settleMessageSchema,
  type OnReconEnvelope,
  type OnSettlementEnvelope,
  type ReconMessage,
  type ReconOrder,
  type ReportMessage,
  type SettleMessage,
} from '#/ondc/rsf.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { statedFinderFee, type FinderFee } from '#/ondc/finder-fee.ts';
import { npTypeOf } from '#/ondc/tax-withholding.ts';
import { orderLedger, type Ledger } from './ledger.ts';
import { ISSUE_RECORDS } from '#/features/issues/issues.server.ts';
import { ORDER_RECORDS } from '#/features/orders/orders.server.ts';
import { PAYMENT_RECORDS, REFUND_RECORDS } from '#/features/payment/payment.server.ts';

/** A recon's transaction takes answers this long: RSF's ttl is a day, a late answer still counts. */
const RECON_LIFETIME_MS = 7 * 24 * 3600_000;
/** Return states after which nothing more comes back from a return. */
const RETURN_ENDED = ['Return_Delivered', 'Liquidated', 'Return_Rejected', 'Return_Failed', 'Return_Pick_Failed'];
const NO_FEE: FinderFee = { type: 'amount', value: '0' };

type LedgerRow = {
  order_id: string;
  bpp_id: string;
  bpp_uri: string;
  provider_id: string | null;
  payment_id: string;
  status: string;
  status_at: string | Date | null;
  amount_paise: number;
  quote_paise: string | null;
  tip_paise: string | null;
  terms: Record<string, unknown> | null;
  refunds_paise: number;
  last_refund_at: string | Date | null;
  settled: boolean;
  seller_tags: unknown;
  breakup: unknown;
  placed_at: string | Date;
};

export type OrderSettlement = {
  orderId: string;
  sellerId: string;
  sellerUri: string;
  providerId: string | null;
  paymentId: string;
  status: string;
  /** final (delivered or cancelled), no refund still being paid, no complaint or return under way */
  settled: boolean;
  /** when the seller is to be paid: the settlement window after the order ended */
  dueDate: string | null;
  /** the latest change to the order's money, never later than now */
  updatedAt: string;
  ledger: Ledger;
};

/** The figures a recon states of an order, compared to know whether it needs another. */
type SentFigures = Pick<Ledger, 'collectedPaise' | 'refundsPaise' | 'feePaise' | 'withholdingPaise' | 'sharePaise'> &
  Partial<Pick<Ledger, 'tcsPaise' | 'tdsPaise'>>;

const LEDGER_SQL = `
  SELECT o.order_id, t.bpp_id, t.bpp_uri, o.on_confirm->'provider'->>'id' AS provider_id, o.payment_id, o.status, o.status_at,
    o.on_confirm->'tags' AS seller_tags, o.on_confirm->'quote'->'breakup' AS breakup, o.created_at AS placed_at, p.amount_paise, p.payable->>'quotePaise' AS quote_paise, p.payable->>'tipPaise' AS tip_paise,
    ${latestSentOrderSql('o.transaction_id', 'confirm')}->'payment' AS terms,
    coalesce((SELECT sum(r.amount_paise) FROM ${REFUND_RECORDS} r WHERE r.order_id = o.order_id), 0)::int AS refunds_paise,
    (SELECT max(r.updated_at) FROM ${REFUND_RECORDS} r WHERE r.order_id = o.order_id) AS last_refund_at,
    (o.status IN ('delivered', 'cancelled')
      AND NOT EXISTS (SELECT 1 FROM ${REFUND_RECORDS} r WHERE r.order_id = o.order_id AND r.status = 'PENDING')
      AND NOT EXISTS (SELECT 1 FROM ${ISSUE_RECORDS} i WHERE i.order_id = o.order_id AND i.status IN ('OPEN', 'PROCESSING'))
      AND (o.return_message_id IS NULL OR o.return_state = ANY($3::text[]))) AS settled
  FROM ${ORDER_RECORDS} o
  JOIN ${PAYMENT_RECORDS} p ON p.payment_id = o.payment_id
  JOIN ${TRANSACTION_SELLERS} t ON t.transaction_id = o.transaction_id
  WHERE p.method = 'upi' AND p.status = 'PAID' AND o.on_confirm IS NOT NULL AND o.status <> 'failed' AND t.bpp_id IS NOT NULL
    AND ($1::text IS NULL OR t.bpp_id = $1) AND ($2::text[] IS NULL OR o.order_id = ANY($2::text[]))
  ORDER BY t.bpp_id, o.created_at, o.order_id`;

function rupeesOr0(value: unknown): number {
  try {
    return typeof value === 'string' ? Math.max(0, rupeesToPaise(value)) : 0;
  } catch {
    return 0;
  }
}

/** The GST the seller's bill states apart from the prices (its quote's tax lines). */
function statedGstPaise(breakup: unknown): number {
  if (!Array.isArray(breakup)) return 0;
  return breakup
    .filter(
      (line): line is { price?: { value?: unknown } } =>
        typeof line === 'object' && line !== null && (line as Record<string, unknown>)['@ondc/org/title_type'] === 'tax',
    )
    .reduce((n, line) => n + rupeesOr0(line.price?.value), 0);
}

/** Days of an ISO duration such as P1D or PT24H, rounded up to whole days (a due date is a day). */
function windowDays(window: unknown): number {
  const ms = typeof window === 'string' ? durationMs(window) : null;
  return ms === null ? 1 : Math.ceil(ms / 86_400_000);
}

function settlementOf(row: LedgerRow, now: Date): OrderSettlement {
  const quotePaise = row.quote_paise === null ? row.amount_paise : Number(row.quote_paise);
  const ledger = orderLedger({
    collectedPaise: row.amount_paise,
    ourDiscountPaise: Math.max(0, quotePaise - row.amount_paise),
    refundsPaise: row.refunds_paise,
    // The finder fee our confirm stated (the same as search and init: ondc/terms.ts).
    fee: statedFinderFee(row.terms) ?? NO_FEE,
    withholdingPaise: rupeesOr0(row.terms?.['@ondc/org/withholding_amount']),
    tipPaise: Number(row.tip_paise ?? 0),
    tax: { npType: npTypeOf(row.seller_tags), gstPaise: statedGstPaise(row.breakup), placedAt: new Date(row.placed_at) },
  });
  const endedAt = row.status_at ? new Date(row.status_at).getTime() : null;
  const changedAt = Math.max(endedAt ?? 0, row.last_refund_at ? new Date(row.last_refund_at).getTime() : 0);
  return {
    orderId: row.order_id,
    sellerId: row.bpp_id,
    sellerUri: row.bpp_uri,
    providerId: row.provider_id,
    paymentId: row.payment_id,
    status: row.status,
    settled: row.settled,
    dueDate: endedAt === null ? null : new Date(endedAt + windowDays(row.terms?.['@ondc/org/settlement_window']) * 86_400_000).toISOString().slice(0, 10),
    updatedAt: new Date(Math.min(now.getTime(), changedAt || now.getTime())).toISOString(),
    ledger,
  };
}

/** Every placed prepaid order's ledger, of one seller or some orders when asked. */
export async function orderSettlements(database: Queryable, filter: { sellerId?: string; orderIds?: string[]; now?: Date } = {}): Promise<OrderSettlement[]> {
  const rows = await database.query<LedgerRow>(LEDGER_SQL, [filter.sellerId ?? null, filter.orderIds ?? null, RETURN_ENDED]);
  const now = filter.now ?? new Date();
  return rows.map((row) => settlementOf(row, now));
}

function sentFigures(ledger: Ledger): SentFigures {
  return {
    collectedPaise: ledger.collectedPaise,
    refundsPaise: ledger.refundsPaise,
    feePaise: ledger.feePaise,
    tcsPaise: ledger.tcsPaise,
    tdsPaise: ledger.tdsPaise,
    withholdingPaise: ledger.withholdingPaise,
    sharePaise: ledger.sharePaise,
  };
}

const sameFigures = (a: SentFigures, b: SentFigures) => (Object.keys(a) as Array<keyof SentFigures>).every((k) => a[k] === b[k]);

/**
 * One order as a recon states it: one settlement, the seller's share, with our fee, the
 * withholding and the TCS and TDS we keep (0.00 to a marketplace, which keeps them itself) beside it.
 */
function reconOrder(settlement: OrderSettlement): ReconOrder {
  const { ledger } = settlement;
  return {
    id: settlement.orderId,
    amount: inr(ledger.sharePaise),
    settlements: [
      {
        id: `STL-${settlement.orderId}`.slice(0, 64),
        payment_id: settlement.paymentId,
        status: 'PENDING',
        amount: inr(ledger.sharePaise),
        commission: inr(ledger.feePaise),
        withholding_amount: inr(ledger.withholdingPaise),
        tcs: inr(ledger.tcsPaise),
        tds: inr(ledger.tdsPaise),
        ...(settlement.dueDate ? { due_date: settlement.dueDate } : {}),
        updated_at: settlement.updatedAt,
      },
    ],
  };
}

type ReconClaim = { messageId: string; transactionId: string; bppId: string; bppUri: string; message: ReconMessage };

/** The last figures each order was sent with in a recon the seller did not refuse. */
async function lastSent(tx: Queryable, sellerId: string): Promise<Map<string, SentFigures>> {
  const rows = await tx.query<{ order_id: string; figures: SentFigures }>(
    `SELECT DISTINCT ON (ro.order_id) ro.order_id, ro.figures FROM settlement_recon_orders ro JOIN settlement_recons r ON r.message_id = ro.message_id
     WHERE r.bpp_id = $1 AND r.state <> 'REFUSED' ORDER BY ro.order_id, r.created_at DESC`,
    [sellerId],
  );
  return new Map(rows.map((r) => [r.order_id, r.figures]));
}

/**
 * This process's claim on the seller's next recon: one a dead process left unsent (taken over as
 * it was), or a new one of the settled orders whose figures the seller has not had; null when a
 * live process is sending one, or nothing is due. Decided under the seller's lock, so two
 * processes never put the same order in two recons.
 */
async function claimRecon(database: Database, sellerId: string, now: Date): Promise<ReconClaim | null> {
  return database.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('recon:' || $1))", [sellerId]);
    const [sending] = await tx.query<{ message_id: string; transaction_id: string; bpp_uri: string; message: ReconMessage; abandoned: boolean }>(
      `SELECT message_id, transaction_id, bpp_uri, message, ${claimAbandoned()} AS abandoned FROM settlement_recons WHERE bpp_id = $1 AND state = 'SENDING' ORDER BY created_at LIMIT 1`,
      [sellerId],
    );
    if (sending) {
      if (!sending.abandoned) return null;
      await tx.query('UPDATE settlement_recons SET claimed_by = $2, updated_at = clock_timestamp() WHERE message_id = $1', [sending.message_id, database.boot]);
      return { messageId: sending.message_id, transactionId: sending.transaction_id, bppId: sellerId, bppUri: sending.bpp_uri, message: sending.message };
    }
    const sent = await lastSent(tx, sellerId);
    const due = (await orderSettlements(tx, { sellerId, now })).filter((s) => {
      if (!s.settled) return false;
      const before = sent.get(s.orderId);
      return !before || !sameFigures(before, sentFigures(s.ledger));
    });
    const first = due[0];
    if (!first) return null;
    const message = reconMessageSchema.parse({ orders: due.slice(0, 500).map(reconOrder) });
    const claim = { messageId: randomUUID(), transactionId: randomUUID(), bppId: sellerId, bppUri: first.sellerUri, message };
    await tx.query(
      "INSERT INTO settlement_recons (message_id, transaction_id, bpp_id, bpp_uri, state, claimed_by, message) VALUES ($1, $2, $3, $4, 'SENDING', $5, $6::jsonb)",
      [claim.messageId, claim.transactionId, sellerId, claim.bppUri, database.boot, JSON.stringify(message)],
    );
    for (const s of due.slice(0, 500)) {
      await tx.query('INSERT INTO settlement_recon_orders (message_id, order_id, figures) VALUES ($1, $2, $3::jsonb)', [
        claim.messageId,
        s.orderId,
        JSON.stringify(sentFigures(s.ledger)),
      ]);
    }
    return claim;
  });
}

/** Sends a claimed recon, signed, recorded before it leaves so the seller's on_recon finds it. */
async function sendRecon(database: Database, app: BuyerApp, claim: ReconClaim, now: Date): Promise<'SENT' | 'REFUSED' | 'UNREACHED'> {
  const context = reconContext({
    bapId: app.identity.subscriberId,
    bapUri: app.bapUri,
    bppId: claim.bppId,
    bppUri: claim.bppUri,
    transactionId: claim.transactionId,
    messageId: claim.messageId,
    now,
  });
  const body = { context, message: claim.message };
  await startTransaction(database, {
    transactionId: claim.transactionId,
    shopperKey: null,
    domain: context.domain,
    city: '*',
    bppId: claim.bppId,
    bppUri: claim.bppUri,
    lifetimeMs: RECON_LIFETIME_MS,
  });
  await recordRequest(database, { context, body, participantId: claim.bppId });
  const result = await app.client.post(claim.bppUri, 'recon', body);
  const ack = result.ok ? result.response.message.ack.status : 'NACK';
  const error = result.ok ? result.response.error : { code: '23001', message: `The seller could not be reached (${result.error.kind})` };
  await recordAck(database, { messageId: claim.messageId, action: 'recon', ack, error: error ? { code: error.code, message: error.message } : undefined });
  // Not reached: left to be sent again (claimed by nobody, it is taken over after a while).
  const state = !result.ok ? 'SENDING' : ack === 'ACK' ? 'SENT' : 'REFUSED';
  await database.query('UPDATE settlement_recons SET state = $2, claimed_by = NULL, error = $3, updated_at = clock_timestamp() WHERE message_id = $1', [
    claim.messageId,
    state,
    error?.message ?? null,
  ]);
  return state === 'SENDING' ? 'UNREACHED' : state;
}

export type ReconRun = { sellers: number; recons: number; orders: number; refused: number; unreached: number };

/** A recon to each seller with settled orders it has not had our figures of (RSF 2.0 collector). */
export async function sendRecons(database: Database, app: BuyerApp, now = new Date()): Promise<ReconRun> {
  const sellers = await database.query<{ bpp_id: string }>(
    `SELECT DISTINCT t.bpp_id FROM ${ORDER_RECORDS} o JOIN ${PAYMENT_RECORDS} p ON p.payment_id = o.payment_id JOIN ${TRANSACTION_SELLERS} t ON t.transaction_id = o.transaction_id
     WHERE p.method = 'upi' AND o.on_confirm IS NOT NULL AND t.bpp_id IS NOT NULL
     UNION SELECT bpp_id FROM settlement_recons WHERE state = 'SENDING' ORDER BY 1`,
  );
  const run: ReconRun = { sellers: 0, recons: 0, orders: 0, refused: 0, unreached: 0 };
  for (const { bpp_id: sellerId } of sellers) {
    // A seller's recons go one at a time: the next is only decided once this one is sent. One the
    // seller refused or we could not deliver ends this seller's turn (its orders wait for the next).
    let claim = await claimRecon(database, sellerId, now);
    if (claim) run.sellers += 1;
    while (claim) {
      const outcome = await sendRecon(database, app, claim, now);
      run.recons += 1;
      run.orders += claim.message.orders.length;
      if (outcome === 'REFUSED') run.refused += 1;
      if (outcome === 'UNREACHED') run.unreached += 1;
      claim = outcome === 'SENT' ? await claimRecon(database, sellerId, now) : null;
    }
  }
  return run;
}

/**
 * The receiver's check of an on_recon before it is kept: the seller answers only for the orders
 * our recon to it named (the signer and the recon were already matched by the message store).
 */
export function vetReconAnswer(database: Database): CallbackVetting<OnReconEnvelope> {
  return async (envelope) => {
    if (!envelope.message) return null;
    const asked = await database.query<{ order_id: string }>(
      'SELECT ro.order_id FROM settlement_recon_orders ro JOIN settlement_recons r ON r.message_id = ro.message_id WHERE r.message_id = $1 AND r.transaction_id = $2 AND r.bpp_id = $3',
      [envelope.context.message_id, envelope.context.transaction_id, envelope.context.bpp_id],
    );
    const ours = new Set(asked.map((r) => r.order_id));
    const foreign = envelope.message.orders.find((o) => !ours.has(o.id));
    return foreign ? { type: 'DOMAIN-ERROR', code: '20008', message: `Order ${foreign.id} was not in this recon to ${envelope.context.bpp_id}` } : null;
  };
}

/** Keeps the seller's word on each order of our recon: agreed, or its own figures (already vetted). */
export async function recordReconAnswer(database: Database, envelope: OnReconEnvelope): Promise<void> {
  if (!envelope.message) {
    await database.query('UPDATE settlement_recons SET error = $2, updated_at = clock_timestamp() WHERE message_id = $1', [
      envelope.context.message_id,
      envelope.error?.message ?? envelope.error?.code ?? 'refused',
    ]);
    return;
  }
  for (const order of envelope.message.orders) {
    await database.query(
      `UPDATE settlement_recon_orders ro SET accord = $3, answer = $4::jsonb, answered_at = clock_timestamp()
       FROM settlement_recons r WHERE r.message_id = ro.message_id AND ro.message_id = $1 AND r.bpp_id = $2 AND ro.order_id = $5`,
      [envelope.context.message_id, envelope.context.bpp_id, order.recon_accord, JSON.stringify(order), order.id],
    );
  }
}

type ReconStatus = 'not settled' | 'due' | 'sending' | 'sent' | 'agreed' | 'disagreed' | 'refused';

/** Where an order's recon stands, from the last recon that carried its current figures (if any). */
function reconStatus(settled: boolean, recon: { state: string; accord: boolean | null } | null): ReconStatus {
  if (!settled) return 'not settled';
  if (!recon) return 'due';
  if (recon.state === 'REFUSED') return 'refused';
  if (recon.state === 'SENDING') return 'sending';
  if (recon.accord === null) return 'sent';
  return recon.accord ? 'agreed' : 'disagreed';
}

export type SettlementReportRow = OrderSettlement & {
  recon: ReconStatus;
  reconAt: string | null;
  sellerFigures: { sharePaise: number; feePaise: number } | null;
  /** where the order's settle stands: '' (none yet), sending, sent, refused, or the agency's word with its bank reference */
  payout: string;
};

/** The operator's report: each order's ledger and where its recon stands with the seller. */
export async function settlementReport(database: Database, now = new Date()): Promise<SettlementReportRow[]> {
  const settlements = await orderSettlements(database, { now });
  const recons = await database.query<{
    order_id: string;
    figures: SentFigures;
    state: string;
    accord: boolean | null;
    answer: { amount?: { value?: string }; settlements?: Array<{ commission?: { value?: string } }> } | null;
    created_at: string | Date;
  }>(
    `SELECT DISTINCT ON (ro.order_id) ro.order_id, ro.figures, r.state, ro.accord, ro.answer, r.created_at FROM settlement_recon_orders ro
     JOIN settlement_recons r ON r.message_id = ro.message_id ORDER BY ro.order_id, r.created_at DESC`,
  );
  const latest = new Map(recons.map((r) => [r.order_id, r]));
  const settles = await database.query<{ order_id: string; state: string; status: string | null; reference_no: string | null }>(
    'SELECT o.order_id, i.state, o.status, o.reference_no FROM settlement_instruction_orders o JOIN settlement_instructions i ON i.message_id = o.message_id',
  );
  const payouts = new Map(
    settles.map((p) => [
      p.order_id,
      p.status === 'SETTLED' ? `settled ${p.reference_no ?? ''}`.trim() : p.status === 'NOT_SETTLED' ? 'not settled' : p.state.toLowerCase(),
    ]),
  );
  return settlements.map((s) => {
    const recon = latest.get(s.orderId);
    const current = recon && sameFigures(recon.figures, sentFigures(s.ledger));
    const status = reconStatus(s.settled, recon && current ? recon : null);
    const theirs = recon?.answer && recon.accord === false ? recon.answer : null;
    return {
      ...s,
      recon: status,
      reconAt: recon ? new Date(recon.created_at).toISOString() : null,
      sellerFigures: theirs ? { sharePaise: rupeesOr0(theirs.amount?.value), feePaise: rupeesOr0(theirs.settlements?.[0]?.commission?.value) } : null,
      payout: payouts.get(s.orderId) ?? '',
    };
  });
}

// Settlement through the settlement agency (RSF 2.0.0 settle / on_settle / report / on_report):
// an order whose figures the seller agreed to is settled once. Like a recon, a settle is written
// whole before it leaves and claimed by this process; one a killed process left unsent goes again
// as it was, and one sent but not answered is asked about (report) once its sender is gone or it
// has waited a while. The agency pays an order once, whatever it is sent twice.

type SettlementAgency = { id: string; uri: string };

/** A sent settle is asked about after this long without an answer (at once when its sender died). */
const REPORT_AFTER_MS = 60_000;

type SettleClaim = { messageId: string; transactionId: string; bppId: string; message: SettleMessage };

/** The seller's settled orders it agreed to at their current figures, not yet in a settle, with money to move. */
async function agreedUnsettled(tx: Queryable, sellerId: string, now: Date): Promise<OrderSettlement[]> {
  const settlements = (await orderSettlements(tx, { sellerId, now })).filter(
    (s) => s.settled && s.ledger.sharePaise + s.ledger.feePaise + s.ledger.tcsPaise + s.ledger.tdsPaise > 0,
  );
  if (settlements.length === 0) return [];
  const ids = settlements.map((s) => s.orderId);
  const recons = await tx.query<{ order_id: string; figures: SentFigures; accord: boolean | null; state: string }>(
    `SELECT DISTINCT ON (ro.order_id) ro.order_id, ro.figures, ro.accord, r.state FROM settlement_recon_orders ro
     JOIN settlement_recons r ON r.message_id = ro.message_id WHERE ro.order_id = ANY($1::text[]) ORDER BY ro.order_id, r.created_at DESC`,
    [ids],
  );
  const latest = new Map(recons.map((r) => [r.order_id, r]));
  const taken = new Set(
    (await tx.query<{ order_id: string }>('SELECT order_id FROM settlement_instruction_orders WHERE order_id = ANY($1::text[])', [ids])).map((r) => r.order_id),
  );
  return settlements.filter((s) => {
    const recon = latest.get(s.orderId);
    return !taken.has(s.orderId) && recon?.accord === true && recon.state === 'SENT' && sameFigures(recon.figures, sentFigures(s.ledger));
  });
}

function settleOrder(s: OrderSettlement): SettleMessage['settlement']['orders'][number] {
  const kept = s.ledger.feePaise + s.ledger.tcsPaise + s.ledger.tdsPaise;
  return { id: s.orderId, inter_participant: { amount: inr(s.ledger.sharePaise) }, collector: { amount: inr(kept) }, self: { amount: inr(kept) } };
}

async function claimSettle(database: Database, app: BuyerApp, sellerId: string, now: Date): Promise<SettleClaim | null> {
  return database.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('settle:' || $1))", [sellerId]);
    const [sending] = await tx.query<{ message_id: string; transaction_id: string; message: SettleMessage; abandoned: boolean }>(
      `SELECT message_id, transaction_id, message, ${claimAbandoned()} AS abandoned FROM settlement_instructions WHERE bpp_id = $1 AND state = 'SENDING' ORDER BY created_at LIMIT 1`,
      [sellerId],
    );
    if (sending) {
      if (!sending.abandoned) return null;
      await tx.query('UPDATE settlement_instructions SET claimed_by = $2, updated_at = clock_timestamp() WHERE message_id = $1', [
        sending.message_id,
        database.boot,
      ]);
      return { messageId: sending.message_id, transactionId: sending.transaction_id, bppId: sellerId, message: sending.message };
    }
    const due = (await agreedUnsettled(tx, sellerId, now)).slice(0, 500);
    if (due.length === 0) return null;
    const messageId = randomUUID();
    const message = settleMessageSchema.parse({
      collector_app_id: app.identity.subscriberId,
      receiver_app_id: sellerId,
      settlement: { type: 'NP-NP', id: messageId, orders: due.map(settleOrder) },
    });
    const claim = { messageId, transactionId: randomUUID(), bppId: sellerId, message };
    await tx.query(
      "INSERT INTO settlement_instructions (message_id, transaction_id, bpp_id, state, claimed_by, message) VALUES ($1, $2, $3, 'SENDING', $4, $5::jsonb)",
      [claim.messageId, claim.transactionId, sellerId, database.boot, JSON.stringify(message)],
    );
    for (const s of due) {
      await tx.query('INSERT INTO settlement_instruction_orders (order_id, message_id, share_paise, kept_paise) VALUES ($1, $2, $3, $4)', [
        s.orderId,
        claim.messageId,
        s.ledger.sharePaise,
        s.ledger.feePaise + s.ledger.tcsPaise + s.ledger.tdsPaise,
      ]);
    }
    return claim;
  });
}

/** Signs and sends one RSF request to the agency, recorded before it leaves so the answer finds it. */
async function sendToAgency(
  database: Database,
  app: BuyerApp,
  agency: SettlementAgency,
  action: 'settle' | 'report',
  ids: { transactionId: string; messageId: string },
  message: unknown,
  now: Date,
) {
  const context = rsfContext(action, {
    bapId: app.identity.subscriberId,
    bapUri: app.bapUri,
    bppId: agency.id,
    bppUri: agency.uri,
    transactionId: ids.transactionId,
    messageId: ids.messageId,
    now,
  });
  const body = { context, message };
  await startTransaction(database, {
    transactionId: ids.transactionId,
    shopperKey: null,
    domain: context.domain,
    city: '*',
    bppId: agency.id,
    bppUri: agency.uri,
    lifetimeMs: RECON_LIFETIME_MS,
  });
  await recordRequest(database, { context, body, participantId: agency.id });
  const result = await app.client.post(agency.uri, action, body);
  const ack = result.ok ? result.response.message.ack.status : 'NACK';
  const error = result.ok ? result.response.error : { code: '23001', message: `The settlement agency could not be reached (${result.error.kind})` };
  await recordAck(database, { messageId: ids.messageId, action, ack, error: error ? { code: error.code, message: error.message } : undefined });
  return { reached: result.ok, ack, error: error?.message ?? null };
}

type SettleRun = { settles: number; orders: number; refused: number; unreached: number; reports: number };

/** A settle to the agency for each seller's agreed orders, then a report about each settle left unanswered. */
export async function sendSettlements(database: Database, app: BuyerApp, agency: SettlementAgency, now = new Date()): Promise<SettleRun> {
  const run: SettleRun = { settles: 0, orders: 0, refused: 0, unreached: 0, reports: 0 };
  const sellers = await database.query<{ bpp_id: string }>(
    `SELECT DISTINCT r.bpp_id FROM settlement_recons r JOIN settlement_recon_orders ro ON ro.message_id = r.message_id WHERE ro.accord
     UNION SELECT bpp_id FROM settlement_instructions WHERE state = 'SENDING' ORDER BY 1`,
  );
  for (const { bpp_id: sellerId } of sellers) {
    let claim = await claimSettle(database, app, sellerId, now);
    while (claim) {
      const sent = await sendToAgency(database, app, agency, 'settle', claim, claim.message, now);
      run.settles += 1;
      run.orders += claim.message.settlement.orders.length;
      // Not reached: left to be sent again as it was. Sent: still ours until answered, so a report
      // about it waits while we live and goes at once when we are gone.
      const state = !sent.reached ? 'SENDING' : sent.ack === 'ACK' ? 'SENT' : 'REFUSED';
      await database.query(
        'UPDATE settlement_instructions SET state = $2, claimed_by = $3, error = $4, updated_at = clock_timestamp() WHERE message_id = $1 AND state = $5',
        [claim.messageId, state, state === 'SENT' ? database.boot : null, sent.error, 'SENDING'],
      );
      if (state === 'REFUSED') run.refused += 1;
      if (state === 'SENDING') run.unreached += 1;
      claim = state === 'SENT' ? await claimSettle(database, app, sellerId, now) : null;
    }
  }
  const unanswered = await database.query<{ message_id: string; transaction_id: string }>(
    `UPDATE settlement_instructions SET reported_at = clock_timestamp()
     WHERE message_id IN (SELECT message_id FROM settlement_instructions WHERE state = 'SENT'
       AND (${claimAbandoned()} OR coalesce(reported_at, updated_at) < clock_timestamp() - make_interval(secs => $1))
       FOR UPDATE SKIP LOCKED)
     RETURNING message_id, transaction_id`,
    [REPORT_AFTER_MS / 1000],
  );
  for (const settle of unanswered) {
    const report: ReportMessage = { ref_transaction_id: settle.transaction_id, ref_message_id: settle.message_id };
    await sendToAgency(database, app, agency, 'report', { transactionId: randomUUID(), messageId: randomUUID() }, report, now);
    run.reports += 1;
  }
  return run;
}

/** The agency answers only about a settle of ours, and only about its orders. */
export function vetSettlementAnswer(database: Database): CallbackVetting<OnSettlementEnvelope> {
  return async (envelope) => {
    if (!envelope.message) return null;
    const orders = await database.query<{ order_id: string }>(
      'SELECT o.order_id FROM settlement_instruction_orders o JOIN settlement_instructions i ON i.message_id = o.message_id WHERE i.message_id = $1 AND i.bpp_id = $2',
      [envelope.message.settlement.id, envelope.message.receiver_app_id],
    );
    const ours = new Set(orders.map((o) => o.order_id));
    if (ours.size === 0)
      return { type: 'DOMAIN-ERROR', code: '70021', message: `No settle ${envelope.message.settlement.id} to ${envelope.message.receiver_app_id} of ours` };
    const foreign = envelope.message.settlement.orders.find((o) => !ours.has(o.id));
    return foreign ? { type: 'DOMAIN-ERROR', code: '70021', message: `Order ${foreign.id} was not in settle ${envelope.message.settlement.id}` } : null;
  };
}

/**
 * Keeps the agency's word on each order of a settle. A report the agency could not answer (it
 * never carried the settle out) puts the settle back to be sent again as it was.
 */
export async function recordSettlementAnswer(database: Database, envelope: OnSettlementEnvelope): Promise<void> {
  if (!envelope.message) {
    if (envelope.context.action !== 'on_report') return;
    const settleId = (await sentMessage(database, envelope.context.message_id, 'report'))?.message['ref_message_id'];
    if (typeof settleId !== 'string') return;
    await database.query(
      `UPDATE settlement_instructions SET state = 'SENDING', claimed_by = NULL, updated_at = clock_timestamp() - interval '1 minute', error = $2
       WHERE state = 'SENT' AND message_id = $1`,
      [settleId, envelope.error?.message ?? 'unknown to the agency'],
    );
    return;
  }
  const { settlement } = envelope.message;
  for (const order of settlement.orders) {
    await database.query(
      `UPDATE settlement_instruction_orders SET status = $3, settled_paise = $4, reference_no = $5, answered_at = clock_timestamp()
       WHERE message_id = $1 AND order_id = $2`,
      [
        settlement.id,
        order.id,
        order.inter_participant.status,
        rupeesToPaise(order.inter_participant.settled_amount.value),
        order.inter_participant.reference_no || null,
      ],
    );
  }
  await database.query(
    `UPDATE settlement_instructions SET state = 'ANSWERED', claimed_by = NULL, updated_at = clock_timestamp()
     WHERE message_id = $1 AND NOT EXISTS (SELECT 1 FROM settlement_instruction_orders WHERE message_id = $1 AND status IS NULL)`,
    [settlement.id],
  );
}

/** The agency to settle through: the one configured, or the embedded network's; none without either. */
export function settlementAgencyOf(app: BuyerApp, configured: { id: string; url: string | undefined }): SettlementAgency | null {
  const uri = configured.url ?? (app.embeddedNetworkUrl ? `${app.embeddedNetworkUrl}/sa` : null);
  return uri ? { id: configured.id, uri } : null;
}

/** One round of settlement: recons of what changed, then settles of what the sellers agreed to. */
export async function settleWithSellers(
  database: Database,
  app: BuyerApp,
  agency: SettlementAgency | null,
  now = new Date(),
): Promise<{ recon: ReconRun; settle: SettleRun | null }> {
  const recon = await sendRecons(database, app, now);
  return { recon, settle: agency ? await sendSettlements(database, app, agency, now) : null };
}
