// Prepaid payments of a checkout: the amount is payable() of on_init's quote (issue 23), never
// what the client says; one live payment per transaction, so nothing is charged twice.
// A payment that is paid (or cash on delivery, chosen) is taken up by the server, which sends the
// confirm itself (issue 23): the gateway's notice, or the server's own look at pending payments,
// hands it to the finisher the storefront process registered.
import { randomUUID } from 'node:crypto';
import { getDatabase, type Database, type Queryable } from '#/db/client.ts';
import type { SummaryLine } from '#/features/checkout/summary.ts';
import { rupeesToPaise } from '#/lib/money.ts';
import { ttlToMs } from '#/ondc/context.ts';
import { findAnswer } from '#/ondc/message-store.server.ts';
import { payableFor, vetStore } from '#/features/checkout/checkout.server.ts';
import { COIN_PROGRAMME, releaseCoins, reserveCoins } from '#/features/coins/coins.server.ts';
import { ORDER_RECORDS, orderPaymentId } from '#/features/orders/orders.server.ts';
import { PRICE_UPDATE_MESSAGE } from '#/features/checkout/quote-check.ts';
import { quoteSchema } from '#/features/checkout/quote-check.ts';
import { createSimulatedGateway, type GatewayPayment, type PaymentGateway, type PaymentStatus, type RecordedStatus } from './gateway.ts';
import { deliverNotice } from './notices.server.ts';
import { COD_UNAVAILABLE_MESSAGE, NO_QUOTE_TO_PAY_MESSAGE, PAYMENT_UNDER_WAY_MESSAGE, type PaymentStart } from './payment.ts';
import { INTENT_TTL_MS, intentExpired, secondsLeft } from './upi-intent.ts';

// What other features may ask of a checkout's confirm, which this feature runs (issue 27: one front per feature).
export { endUnplaced } from './confirm.server.ts';

// The gateway the storefront process chose (serve.ts, PAYMENT_GATEWAY): Astro's routes are
// bundled apart from it, so it lives on globalThis, as the settled hook below does.
const PAYMENTS = Symbol.for('kirana.payment.gateway');
type PaymentSettings = { gateway: PaymentGateway; intentTtlMs: number };
type PaymentsHolder = { [PAYMENTS]?: PaymentSettings };

/**
 * A real gateway replaces the simulator here (and tests may too); its notices come to the webhook.
 * `intentTtlMs`: how long a UPI intent may be paid (UPI_INTENT_SECONDS).
 */
export function usePaymentGateway(gateway: PaymentGateway, intentTtlMs = INTENT_TTL_MS) {
  (globalThis as PaymentsHolder)[PAYMENTS] = { gateway, intentTtlMs };
}

const payments = () =>
  ((globalThis as PaymentsHolder)[PAYMENTS] ??= { gateway: createSimulatedGateway(getDatabase, deliverNotice), intentTtlMs: INTENT_TTL_MS });

/** The gateway payments go through: the embedded simulator unless the operator named another. */
export const paymentGateway = () => payments().gateway;

// The storefront process registers what takes up a settled payment (src/serve.ts); Astro's
// routes are bundled apart from it, so the hook lives on globalThis, as the database does.
const SETTLED = Symbol.for('kirana.payment.settled');
type SettledHolder = { [SETTLED]?: (paymentId: string) => void };

/** Who sends the confirm of a payment that is paid or to be paid on delivery. */
export function whenPaymentSettles(finish: (paymentId: string) => void) {
  (globalThis as SettledHolder)[SETTLED] = finish;
}

function settled(paymentId: string) {
  (globalThis as SettledHolder)[SETTLED]?.(paymentId);
}

/**
 * The gateway's word on a pending payment, once its webhook has proven it (webhook.server.ts):
 * recorded, and a paid one is taken up at once.
 */
export async function gatewayNotice(database: Database, notice: { payment_id: string; status: 'PAID' | 'FAILED' }): Promise<void> {
  const moved = await database.query(
    "UPDATE payments SET status = $2, updated_at = clock_timestamp(), finished_at = CASE WHEN $2 = 'FAILED' THEN clock_timestamp() END WHERE payment_id = $1 AND status = 'PENDING' RETURNING payment_id",
    [notice.payment_id, notice.status],
  );
  // Whoever moves the payment (this notice, or the answer to the call that asked) takes it up.
  if (moved.length === 0) return;
  if (notice.status === 'PAID') settled(notice.payment_id);
  else await releaseCoins(database, notice.payment_id);
}

export type PaymentRow = {
  payment_id: string;
  transaction_id: string;
  init_message_id: string;
  amount_paise: number;
  method: 'upi' | 'cod';
  /** A collect request to the shopper's UPI id, or an intent their UPI app opens (issue 29). */
  flow: 'collect' | 'intent';
  vpa: string | null;
  status: RecordedStatus;
  coins_burned: number;
  coin_discount_paise: number;
  shopper_key: string;
  /** An intent's: until when it may be paid, and the link the gateway gave for it. */
  expires_at: string | Date | null;
  intent_link: string | null;
};

/** A pending intent as the page shows it: the link to open, its QR code, and the seconds left to pay. */
type IntentView = { link: string; qr: string; expires_in: number };

export type PaymentView = {
  payment_id: string;
  method: 'upi' | 'cod';
  status: RecordedStatus;
  amount: number;
  coins_burned: number;
  coin_discount: number;
  intent?: IntentView;
};
const view = (row: PaymentRow): PaymentView => ({
  payment_id: row.payment_id,
  method: row.method,
  status: row.status,
  amount: row.amount_paise / 100,
  coins_burned: row.coins_burned,
  coin_discount: row.coin_discount_paise / 100,
  ...(row.flow === 'intent' && row.status === 'PENDING' && row.intent_link && row.expires_at
    ? { intent: { link: row.intent_link, qr: `/ondc/payment/qr?payment_id=${row.payment_id}`, expires_in: secondsLeft(row.expires_at) } }
    : {}),
});

/** The payment as the gateway knows it: an intent names no UPI id. */
const accountOf = (row: PaymentRow): GatewayPayment => ({ paymentId: row.payment_id, vpa: row.vpa });

/** A pending intent past its time: not payable, and withdrawn at the gateway when next looked at. */
const expiredIntent = (row: PaymentRow) => row.flow === 'intent' && row.status === 'PENDING' && (!row.expires_at || intentExpired(row.expires_at));

/** Where a pending payment stands at the gateway; an intent past its time is withdrawn instead (PAID if it was paid first). */
const gatewayWord = (row: PaymentRow): Promise<PaymentStatus> =>
  expiredIntent(row) ? paymentGateway().cancel(accountOf(row)) : paymentGateway().status(accountOf(row));

export type PaymentFailure = { ok: false; status: 404 | 409; message: string };

/** The on_init this shopper got for their transaction, and the total it quoted, or why not. */
export async function initQuote(database: Database, shopper: string, transactionId: string, initMessageId: string) {
  const answer = await vetStore(database, initMessageId, 'init', await findAnswer(database, { messageId: initMessageId, action: 'init', shopperKey: shopper }));
  if (answer.state !== 'answered' || answer.context.transaction_id !== transactionId) return null;
  if (answer.error) return null;
  const order = answer.message?.['order'] as Record<string, unknown> | undefined;
  const quote = quoteSchema.safeParse(order?.['quote']);
  if (!order || !quote.success) return null;
  return {
    order,
    context: answer.context,
    totalPaise: rupeesToPaise(quote.data.price.value),
    validUntil: quoteValidUntil(answer.context.timestamp, order['quote']),
  };
}

/** ONDC quotes last a day for stocked goods (ondc-notes §6): the fallback for a quote without a ttl. */
const DEFAULT_QUOTE_TTL_MS = 24 * 3600_000;

/** Until when the seller holds its on_init quote: the answer's time plus the quote's ttl. */
function quoteValidUntil(answeredAt: string, quote: unknown): Date {
  const ttl = (quote as { ttl?: unknown } | undefined)?.ttl;
  let ms = DEFAULT_QUOTE_TTL_MS;
  try {
    if (typeof ttl === 'string') ms = ttlToMs(ttl);
  } catch {
    // A ttl we cannot read leaves the default.
  }
  const from = Date.parse(answeredAt);
  return new Date((Number.isFinite(from) ? from : Date.now()) + ms);
}

/** The client polls a pending payment this long (10 polls, 1 s apart) before giving up on it. */
export const PENDING_GIVE_UP_MS = 10_000;

async function livePayment(database: Database, transactionId: string) {
  const [row] = await database.query<PaymentRow & { age_ms: number }>(
    `SELECT *, (extract(epoch FROM clock_timestamp() - created_at) * 1000)::float8 AS age_ms FROM payments
     WHERE transaction_id = $1 AND status IN ('PENDING', 'PAID', 'ON-DELIVERY')`,
    [transactionId],
  );
  return row;
}

export async function startPayment(database: Database, shopper: string, input: PaymentStart): Promise<{ ok: true; payment: PaymentView } | PaymentFailure> {
  const init = await initQuote(database, shopper, input.transaction_id, input.init_message_id);
  if (!init) return { ok: false, status: 404, message: NO_QUOTE_TO_PAY_MESSAGE };
  // A payment already under way or made is the answer to a second tap; one the shopper moved on
  // from is withdrawn at the gateway first, so a retry cannot charge twice.
  const existing = await livePayment(database, input.transaction_id);
  if (existing) {
    if (!replaces(input, existing)) return { ok: true, payment: view(existing) };
    const final = await paymentGateway().cancel(accountOf(existing));
    const settled = await setStatus(database, existing, final);
    if (final === 'PAID') return { ok: true, payment: view(settled) };
  }

  if (input.method === 'cod' && (init.order['payment'] as { type?: string } | undefined)?.type !== 'ON-FULFILLMENT') {
    return { ok: false, status: 409, message: COD_UNAVAILABLE_MESSAGE };
  }
  // Issue 23: the amount is payable() of on_init's quote, the applied offer and the coins, the
  // same figure the summary and the "Pay ₹X" button showed (SPEC §5 coins burn on what is left
  // after the offer).
  const due = await payableFor(database, shopper, input.transaction_id, { messageId: input.init_message_id, action: 'init' }, input.burn_coins);
  if (!due) return { ok: false, status: 404, message: NO_QUOTE_TO_PAY_MESSAGE };
  // The shopper confirms the amount they pay: another one (the quote changed meanwhile) is asked again.
  if (input.amount !== undefined && rupeesToPaise(input.amount.toFixed(2)) !== due.totalPaise) return { ok: false, status: 409, message: PRICE_UPDATE_MESSAGE };
  const afterOffer = due.totalPaise + due.coins.discountPaise;
  const paymentId = randomUUID();
  const vpa = input.method === 'upi' ? input.vpa : null;
  const intent = input.method === 'upi_intent' ? { expiresAt: new Date(Date.now() + payments().intentTtlMs) } : null;
  // The coins are held with the payment row, in one transaction under the shopper's lock, and
  // burned once the order stands: a second checkout racing for them finds them held, and this one
  // is asked again if what it may burn is no longer what the shopper saw.
  let coinsChanged = false;
  const burnCoins = input.burn_coins && COIN_PROGRAMME.config.enableCoinsFeature;
  const row = await database.transaction((tx) => {
    const insert = async (burn: { coins: number; discountPaise: number }) => {
      if (burn.coins !== due.coins.burned) {
        coinsChanged = true;
        return null;
      }
      const [inserted] = await tx.query<PaymentRow>(
        `INSERT INTO payments (payment_id, transaction_id, shopper_key, init_message_id, amount_paise, method, vpa, status, coins_burned, coin_discount_paise, confirm_by, payable, flow, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT DO NOTHING RETURNING *`,
        [
          paymentId,
          input.transaction_id,
          shopper,
          input.init_message_id,
          afterOffer - burn.discountPaise,
          input.method === 'cod' ? 'cod' : 'upi',
          vpa,
          input.method === 'cod' ? 'ON-DELIVERY' : 'PENDING',
          burn.coins,
          burn.discountPaise,
          init.validUntil.toISOString(),
          JSON.stringify(due),
          intent ? 'intent' : 'collect',
          intent?.expiresAt.toISOString() ?? null,
        ],
      );
      return inserted ? { paymentId, row: inserted } : null;
    };
    return burnCoins ? reserveCoins(tx, shopper, afterOffer, insert) : insert({ coins: 0, discountPaise: 0 }).then((inserted) => inserted?.row ?? null);
  });
  if (coinsChanged) return { ok: false, status: 409, message: PRICE_UPDATE_MESSAGE };
  if (!row) {
    // Another request for the same checkout won the race: its payment is this one.
    const raced = await livePayment(database, input.transaction_id);
    if (raced) return { ok: true, payment: view(raced) };
    return { ok: false, status: 409, message: PAYMENT_UNDER_WAY_MESSAGE };
  }
  if (intent) {
    // The row is written before the gateway is asked: a crash in between leaves a pending intent
    // with no link, which no one was shown; the next request replaces it, and the sweep's status
    // check (or, once it expires, withdrawal) ends it.
    const { link } = await paymentGateway().intent({ paymentId, amountPaise: row.amount_paise, expiresAt: intent.expiresAt });
    const [shown] = await database.query<PaymentRow>('UPDATE payments SET intent_link = $2 WHERE payment_id = $1 RETURNING *', [paymentId, link]);
    return { ok: true, payment: view(shown ?? row) };
  }
  if (!vpa) {
    // Cash on delivery: the order is placed now, whether or not the page stays to confirm it.
    settled(row.payment_id);
    return { ok: true, payment: view(row) };
  }
  const status = await paymentGateway().collect({ paymentId, amountPaise: row.amount_paise, vpa });
  return { ok: true, payment: view(await setStatus(database, row, status)) };
}

/**
 * Whether a new request replaces the checkout's pending payment (withdrawn first) rather than being
 * answered with it: a collect the page stopped waiting for; an intent that expired, never got its
 * link, or that the shopper left for a fresh one (Retry), a UPI id or cash on delivery.
 */
function replaces(input: PaymentStart, existing: PaymentRow & { age_ms: number }): boolean {
  if (existing.status !== 'PENDING' || existing.method !== 'upi') return false;
  if (existing.flow === 'collect') return existing.age_ms >= PENDING_GIVE_UP_MS;
  return input.method !== 'upi_intent' || input.renew || !existing.intent_link || expiredIntent(existing);
}

async function setStatus(database: Database, row: PaymentRow, status: PaymentStatus): Promise<PaymentRow> {
  if (status === row.status) return row;
  const moved = await database.query(
    "UPDATE payments SET status = $2, updated_at = clock_timestamp(), finished_at = CASE WHEN $2 = 'FAILED' THEN clock_timestamp() END WHERE payment_id = $1 AND status = $3 RETURNING payment_id",
    [row.payment_id, status, row.status],
  );
  if (moved.length === 0) {
    // The gateway's notice got there first: the row says where the payment stands.
    const [now] = await database.query<PaymentRow>('SELECT * FROM payments WHERE payment_id = $1', [row.payment_id]);
    return now ?? row;
  }
  if (status === 'PAID') settled(row.payment_id);
  // A payment that failed holds no coins (the balance already leaves them out): say so on the hold.
  if (status === 'FAILED') await releaseCoins(database, row.payment_id);
  return { ...row, status };
}

/** A payment by its id alone: the server's own work on it (the shopper is on the row). */
export async function paymentById(
  database: Database,
  paymentId: string,
): Promise<(PaymentRow & { confirm_by: string | Date | null; finished_at: string | Date | null; created_at: string | Date }) | undefined> {
  const [row] = await database.query<PaymentRow & { confirm_by: string | Date | null; finished_at: string | Date | null; created_at: string | Date }>(
    'SELECT * FROM payments WHERE payment_id = $1',
    [paymentId],
  );
  return row;
}

/** A pending collect unanswered this long is asked after by the server, page or no page. */
const PENDING_CHECK_AFTER_MS = 3_000;
/** A collect still pending this long is withdrawn at the gateway (a UPI collect request expires). */
const PENDING_WITHDRAW_AFTER_MS = 10 * 60_000;

/**
 * The server's own look at pending UPI payments (issue 23): the shopper may have paid in their
 * UPI app and closed the page. A paid one is taken up as the gateway's notice would; one pending
 * past a collect's life, or an intent past its time, is withdrawn (FAILED, its coins no longer
 * held, or PAID if paid first).
 */
export async function checkPendingPayments(database: Database): Promise<number> {
  const pending = await database.query<PaymentRow & { age_ms: number }>(
    `SELECT *, (extract(epoch FROM clock_timestamp() - created_at) * 1000)::float8 AS age_ms FROM payments
     WHERE finished_at IS NULL AND status = 'PENDING' AND method = 'upi' AND created_at < clock_timestamp() - $1 * interval '1 millisecond'
     ORDER BY created_at LIMIT 100`,
    [PENDING_CHECK_AFTER_MS],
  );
  for (const row of pending) {
    const expiredCollect = row.flow === 'collect' && row.age_ms > PENDING_WITHDRAW_AFTER_MS;
    await setStatus(database, row, expiredCollect ? await paymentGateway().cancel(accountOf(row)) : await gatewayWord(row));
  }
  return pending.length;
}

/** A payment ended: its order stands, its money went back, or it was never paid. */
export async function finishPayment(database: Pick<Database, 'query'>, paymentId: string): Promise<void> {
  await database.query('UPDATE payments SET finished_at = COALESCE(finished_at, clock_timestamp()) WHERE payment_id = $1', [paymentId]);
}

/** The refund of a whole payment whose checkout ended without an order: keyed once per order. */
export function wholeRefund(orderId: string, amountPaise: number): RefundDue {
  return { key: `${orderId}:unplaced`, amountPaise };
}

/** Refunds a crash left written but unsent are sent again (the gateway's refund id makes it once). */
export async function resendPendingRefunds(database: Database): Promise<number> {
  const orders = await database.query<{ order_id: string }>(
    "SELECT DISTINCT order_id FROM payment_refunds WHERE status = 'PENDING' AND created_at < clock_timestamp() - interval '5 seconds' LIMIT 100",
  );
  for (const { order_id: orderId } of orders) await refundSettlements(database, orderId, []);
  return orders.length;
}

export type RefundRecord = { refund_id: string; amount_paise: number; status: string; fulfillment_id: string | null; created_at: string | Date };

/**
 * Payments and refunds as another feature may join them (issue 27): a coin hold counts only while
 * its payment is under way, read with the ledger in one statement; the settlement ledger reads
 * what each paid order collected and refunded in one snapshot.
 */
export const PAYMENT_RECORDS = '(SELECT payment_id, method, status, amount_paise, payable FROM payments)';
export const REFUND_RECORDS = '(SELECT order_id, amount_paise, status, updated_at FROM payment_refunds)';

/** An order's refunds, oldest first: what went back (or is going back) to the shopper, each once. */
export function refundsOfOrder(q: Queryable, orderId: string): Promise<RefundRecord[]> {
  return q.query<RefundRecord>(
    'SELECT refund_id, amount_paise, status, fulfillment_id, created_at FROM payment_refunds WHERE order_id = $1 ORDER BY created_at, refund_id',
    [orderId],
  );
}

/** The bill the shopper paid, line by line, as the checkout summary showed it; null before one was made. */
export async function paidBill(q: Queryable, paymentId: string): Promise<SummaryLine[] | null> {
  const [row] = await q.query<{ payable: { lines?: SummaryLine[] } | string | null }>('SELECT payable FROM payments WHERE payment_id = $1', [paymentId]);
  const payable = typeof row?.payable === 'string' ? (JSON.parse(row.payable) as { lines?: SummaryLine[] }) : row?.payable;
  return payable?.lines ?? null;
}

/** The checkout a payment pays for: its transaction and the init whose quote it pays. */
export async function paymentCheckout(q: Queryable, paymentId: string): Promise<{ transactionId: string; initMessageId: string } | null> {
  const [row] = await q.query<{ transaction_id: string; init_message_id: string }>(
    'SELECT transaction_id, init_message_id FROM payments WHERE payment_id = $1',
    [paymentId],
  );
  return row ? { transactionId: row.transaction_id, initMessageId: row.init_message_id } : null;
}

/** What the shopper paid by UPI for a payment, or null when nothing was paid that way (cash on delivery, unpaid). */
export async function paidByUpi(q: Queryable, paymentId: string): Promise<{ amountPaise: number } | null> {
  const [row] = await q.query<{ amount_paise: number }>("SELECT amount_paise FROM payments WHERE payment_id = $1 AND method = 'upi' AND status = 'PAID'", [
    paymentId,
  ]);
  return row ? { amountPaise: row.amount_paise } : null;
}

export async function findPayment(database: Database, shopper: string, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await database.query<PaymentRow>('SELECT * FROM payments WHERE payment_id = $1 AND shopper_key = $2', [paymentId, shopper]);
  return row;
}

/** Where this shopper's payment stands, asking the gateway while it is pending (an expired intent is withdrawn). */
export async function paymentStatus(database: Database, shopper: string, paymentId: string): Promise<PaymentView | null> {
  const row = await findPayment(database, shopper, paymentId);
  if (!row) return null;
  if (row.status !== 'PENDING' || row.method !== 'upi') return view(row);
  return view(await setStatus(database, row, await gatewayWord(row)));
}

/** The link of this shopper's intent while it can be paid (its QR code), or null. */
export async function payableIntentLink(database: Database, shopper: string, paymentId: string): Promise<string | null> {
  const row = await findPayment(database, shopper, paymentId);
  return row?.flow === 'intent' && row.status === 'PENDING' && !expiredIntent(row) ? row.intent_link : null;
}

/** SPEC §7.3 getInstrumentDetails: the UPI id this shopper last paid with, if any. */
export async function lastUpiId(database: Database, shopper: string): Promise<string | null> {
  const [row] = await database.query<{ vpa: string }>(
    "SELECT vpa FROM payments WHERE shopper_key = $1 AND status = 'PAID' AND vpa IS NOT NULL ORDER BY updated_at DESC LIMIT 1",
    [shopper],
  );
  return row?.vpa ?? null;
}

/** Money due back to the shopper, keyed once (by the seller's fulfillment it pays for). */
export type RefundDue = { key: string; amountPaise: number; fulfillment?: { id: string; type: string } };

/**
 * Refunds what is due back for an order paid by UPI: never more than was paid, each refund once
 * (its key is the refund's id), the row written before the gateway is asked so a crash in between
 * leaves a PENDING refund that the next order message sends again.
 */
export async function refundSettlements(database: Database, orderId: string, settlements: ReadonlyArray<RefundDue>): Promise<void> {
  const paymentId = await orderPaymentId(database, orderId);
  const [payment] = paymentId
    ? await database.query<PaymentRow>("SELECT * FROM payments WHERE payment_id = $1 AND method = 'upi' AND status = 'PAID'", [paymentId])
    : [];
  if (!payment) return;
  // The payment row is locked while the cap is worked out: two processes handling two settlement
  // messages at once must not each see the other's refund missing and together pay back too much.
  await database.transaction(async (tx) => {
    await tx.query('SELECT payment_id FROM payments WHERE payment_id = $1 FOR UPDATE', [payment.payment_id]);
    for (const settlement of settlements) {
      const [{ refunded } = { refunded: 0 }] = await tx.query<{ refunded: number }>(
        'SELECT coalesce(sum(amount_paise), 0)::int AS refunded FROM payment_refunds WHERE order_id = $1',
        [orderId],
      );
      const amount = Math.min(settlement.amountPaise, payment.amount_paise - refunded);
      if (amount <= 0) continue;
      await tx.query(
        "INSERT INTO payment_refunds (refund_id, order_id, payment_id, amount_paise, status, fulfillment_id, fulfillment_type) VALUES ($1, $2, $3, $4, 'PENDING', $5, $6) ON CONFLICT DO NOTHING",
        [settlement.key, orderId, payment.payment_id, amount, settlement.fulfillment?.id ?? null, settlement.fulfillment?.type ?? null],
      );
    }
  });
  const pending = await database.query<{ refund_id: string; amount_paise: number }>(
    "SELECT refund_id, amount_paise FROM payment_refunds WHERE order_id = $1 AND status = 'PENDING'",
    [orderId],
  );
  for (const refund of pending) {
    const status = await paymentGateway().refund({ ...accountOf(payment), refundId: refund.refund_id, amountPaise: refund.amount_paise });
    if (status === 'REFUNDED')
      await database.query("UPDATE payment_refunds SET status = 'REFUNDED', updated_at = clock_timestamp() WHERE refund_id = $1", [refund.refund_id]);
  }
}

/** A settlement update left claimed this long by a process that died is sent again. */
const SETTLEMENT_CLAIM_MS = 60_000;

/**
 * The paid refunds of an order that goes on (not cancelled) whose settlement the seller has not
 * been told of, among those it announced, claimed for this process's update (orders.server.ts
 * settleRefunds): one claimed by a process that died is taken over after SETTLEMENT_CLAIM_MS.
 */
export async function claimRefundSettlements(database: Database, orderId: string, announced: readonly string[]) {
  return database.query<{
    refund_id: string;
    amount_paise: number;
    fulfillment_id: string;
    fulfillment_type: string;
    updated_at: string | Date;
    transaction_id: string;
    shopper_key: string;
  }>(
    `UPDATE payment_refunds r SET settlement_message_id = 'SENDING', settled_at = clock_timestamp()
     FROM ${ORDER_RECORDS} o
     WHERE r.order_id = $1 AND o.order_id = r.order_id AND o.status <> 'cancelled' AND r.status = 'REFUNDED' AND r.fulfillment_id IS NOT NULL
       AND r.refund_id = ANY($3::text[])
       AND (r.settlement_message_id IS NULL OR (r.settlement_message_id = 'SENDING' AND r.settled_at < clock_timestamp() - $2 * interval '1 millisecond'))
     RETURNING r.refund_id, r.amount_paise, r.fulfillment_id, r.fulfillment_type, r.updated_at, o.transaction_id, o.shopper_key`,
    [orderId, SETTLEMENT_CLAIM_MS, announced],
  );
}

/** The seller was told of the refund (its update's message id), or was not (null: claimable again). */
export async function recordRefundSettlement(database: Database, refundId: string, messageId: string | null): Promise<void> {
  await database.query(
    'UPDATE payment_refunds SET settlement_message_id = $2, settled_at = CASE WHEN $2::text IS NULL THEN NULL ELSE settled_at END WHERE refund_id = $1',
    [refundId, messageId],
  );
}
