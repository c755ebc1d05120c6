// POST /ondc/confirm and GET /ondc/status?type=confirm: the paid checkout sent signed to the
// seller as ONDC confirm, and on_confirm recorded as the order. One order per transaction: a
// double tap, a retried request or a restart mid-way finds the order row and never sends a
// second order id (the seller answers a repeated confirm with the order it already made).
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { sendRequest } from '../../ondc/bap.server.ts';
import { TRANSACTION_LIFETIME_MS, waitForAnswer } from '../../ondc/message-store.server.ts';
import type { BuyerApp } from '../../ondc/runtime.server.ts';
import { bapTerms, BUYER_FINDER_FEE, confirmQuote } from '../../ondc/terms.ts';
import { burnForOrder, rewardOrder } from '../checkout/coins.server.ts';
import type { ConfirmRequest } from './payment.ts';
import { findPayment, initQuote } from './payment.server.ts';

type OrderRow = { order_id: string; transaction_id: string; payment_id: string; confirm_message_id: string | null; state: string; total_paise: number; on_confirm: unknown };

export type ConfirmOutcome = { ok: true; orderId: string; messageId: string } | { ok: false; status: 404 | 409 | 502; message: string; code?: string | undefined };

export async function confirmOrder(database: Database, app: BuyerApp, shopper: string, request: ConfirmRequest): Promise<ConfirmOutcome> {
  const payment = await findPayment(database, shopper, request.payment_id);
  if (!payment || payment.transaction_id !== request.transaction_id) return { ok: false, status: 404, message: 'Unknown payment' };
  // Prepaid orders go to the seller paid; cash on delivery goes unpaid, the seller collects.
  if (payment.status !== 'PAID' && payment.status !== 'ON-DELIVERY') return { ok: false, status: 409, message: 'The payment is not complete' };
  const init = await initQuote(database, shopper, request.transaction_id, payment.init_message_id);
  if (!init) return { ok: false, status: 404, message: 'No confirmed quote for this checkout' };

  // ondc-notes §1 confirm: order.id is at most 32 letters and digits.
  const orderId = `KO${randomUUID().replaceAll('-', '').slice(0, 20).toUpperCase()}`;
  await database.query(
    `INSERT INTO orders (order_id, transaction_id, shopper_key, payment_id, total_paise) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (transaction_id) DO NOTHING`,
    // The order's total is what the shopper pays: the seller's quote less our coupon and coins,
    // the figure the checkout summary showed (the seller's own quote stays in on_confirm).
    [orderId, request.transaction_id, shopper, payment.payment_id, payment.amount_paise],
  );
  const [order] = await database.query<OrderRow>('SELECT * FROM orders WHERE transaction_id = $1', [request.transaction_id]);
  if (!order) throw new Error(`order row for ${request.transaction_id} vanished`);
  if (order.confirm_message_id && order.state !== 'FAILED') return { ok: true, orderId: order.order_id, messageId: order.confirm_message_id };
  // One request sends the confirm; a concurrent one (a double tap, or another process) waits for
  // its message id. A claim whose holder died is taken over at once.
  const claimed = await database.query<{ order_id: string }>(
    `UPDATE orders SET state = 'SENDING', claimed_by = $2, updated_at = clock_timestamp()
     WHERE order_id = $1 AND (confirm_message_id IS NULL OR state = 'FAILED') AND (state <> 'SENDING' OR ${claimAbandoned()})
     RETURNING order_id`,
    [order.order_id, database.boot],
  );
  if (claimed.length === 0) return waitForConfirm(database, order.order_id);
  try {
    return await sendConfirm(database, app, shopper, request, { order, payment, init });
  } catch (error) {
    // A live holder's claim is never taken over: one that failed half-way (as one that ended
    // without sending) lets the next try in.
    await setOrderState(database, order.order_id, 'FAILED', null).catch(() => undefined);
    throw error;
  }
}

/**
 * SQL: the confirm claim on this order row belongs to a process that is gone: its holder no
 * longer holds its boot lock (killed, crashed, or its host lost and PostgreSQL has noticed). A
 * claim made before claims named their holder is judged by its age.
 */
export function claimAbandoned(row = '') {
  return `(CASE WHEN ${row}claimed_by IS NULL THEN ${row}updated_at < clock_timestamp() - interval '30 seconds' ELSE NOT kirana_boot_alive(${row}claimed_by) END)`;
}

type Claimed = { order: OrderRow; payment: NonNullable<Awaited<ReturnType<typeof findPayment>>>; init: NonNullable<Awaited<ReturnType<typeof initQuote>>> };

/** Sends the claimed order to its seller as ONDC confirm and records the message id. */
async function sendConfirm(database: Database, app: BuyerApp, shopper: string, request: ConfirmRequest, { order, payment, init }: Claimed): Promise<ConfirmOutcome> {
  // The seller's address as our catalogue recorded it at select, not as a callback says it.
  const [seller] = await database.query<{ bpp_id: string | null; bpp_uri: string | null }>(
    'SELECT bpp_id, bpp_uri FROM ondc_transactions WHERE transaction_id = $1',
    [request.transaction_id],
  );
  if (!seller?.bpp_id || !seller.bpp_uri) {
    await setOrderState(database, order.order_id, 'FAILED', null);
    return { ok: false, status: 404, message: 'No seller for this checkout' };
  }
  const { context } = init;
  // ondc-notes §1 confirm: a new order's created_at is the confirm's own timestamp.
  const at = new Date();
  const now = at.toISOString();
  const onInit = init.order;
  const sent = await sendRequest(database, app, {
    action: 'confirm',
    url: seller.bpp_uri,
    domain: context.domain,
    city: context.city,
    transactionId: request.transaction_id,
    shopperKey: shopper,
    bppId: seller.bpp_id,
    bppUri: seller.bpp_uri,
    lifetimeMs: TRANSACTION_LIFETIME_MS.confirm,
    at,
    message: {
      order: {
        id: order.order_id,
        provider: onInit['provider'],
        items: onInit['items'],
        billing: onInit['billing'],
        fulfillments: onInit['fulfillments'],
        quote: confirmQuote(onInit['quote']),
        payment: {
          ...(onInit['payment'] as Record<string, unknown>),
          ...BUYER_FINDER_FEE,
          // ONDC's confirm schema wants the amount in params either way, and its RET11 schema a
          // transaction id even for cash on delivery: ours names the payment to be collected.
          status: payment.method === 'upi' ? 'PAID' : 'NOT-PAID',
          params: { amount: (onInit['quote'] as { price: { value: string } }).price.value, currency: 'INR', transaction_id: payment.payment_id },
        },
        // ondc-notes §1 confirm: a new order is Created; the seller's terms echoed, ours added.
        state: 'Created',
        tags: [...((onInit['tags'] as unknown[] | undefined) ?? []), bapTerms(app.taxNumber)],
        created_at: now,
        updated_at: now,
      },
    },
  });
  if (sent.ack !== 'ACK') {
    await setOrderState(database, order.order_id, 'FAILED', null);
    return { ok: false, status: 502, message: sent.error?.message ?? 'The store refused the order', code: sent.error?.code };
  }
  await database.query("UPDATE orders SET confirm_message_id = $2, state = 'CONFIRMING', updated_at = clock_timestamp() WHERE order_id = $1", [order.order_id, sent.messageId]);
  return { ok: true, orderId: order.order_id, messageId: sent.messageId };
}

const CLAIM_WAIT_MS = 5_000;

async function waitForConfirm(database: Database, orderId: string): Promise<ConfirmOutcome> {
  for (let waited = 0; waited < CLAIM_WAIT_MS; waited += 100) {
    const [row] = await database.query<OrderRow>('SELECT * FROM orders WHERE order_id = $1', [orderId]);
    if (row?.confirm_message_id && row.state !== 'SENDING' && row.state !== 'FAILED') return { ok: true, orderId, messageId: row.confirm_message_id };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ok: false, status: 409, message: 'Your order is being placed. Please wait' };
}

export type ConfirmStatus = { order_status: 'PENDING' | 'CONFIRMED' | 'FAILED'; order_id: string; error: { code: string | null; message: string | null } | null };

export async function confirmStatus(database: Database, shopper: string, messageId: string, waitMs: number): Promise<ConfirmStatus | null> {
  const [order] = await database.query<OrderRow>(
    `SELECT o.* FROM orders o JOIN ondc_messages m ON m.transaction_id = o.transaction_id
     WHERE m.message_id = $1 AND m.action = 'confirm' AND m.direction = 'out' AND o.shopper_key = $2`,
    [messageId, shopper],
  );
  if (!order) return null;
  const base = { order_id: order.order_id };
  // The order may stand without this confirm's on_confirm: it went to a process that died, and
  // the seller's on_status, asked for by the crash-resume sweep, recorded the order.
  if (order.on_confirm !== null && order.state !== 'FAILED') {
    await settleConfirmedOrder(database, shopper, order);
    return { ...base, order_status: 'CONFIRMED', error: null };
  }
  const answer = await waitForAnswer(database, { messageId, action: 'confirm', shopperKey: shopper, waitMs });
  switch (answer.state) {
    case 'unknown':
      return null;
    case 'pending':
      return { ...base, order_status: 'PENDING', error: null };
    case 'refused':
      await setOrderState(database, order.order_id, 'FAILED', null);
      return { ...base, order_status: 'FAILED', error: answer.error };
    case 'answered': {
      if (answer.error) {
        await setOrderState(database, order.order_id, 'FAILED', null);
        return { ...base, order_status: 'FAILED', error: answer.error };
      }
      const confirmed = (answer.message?.['order'] ?? null) as { state?: string } | null;
      await setOrderState(database, order.order_id, confirmed?.state ?? 'Created', confirmed);
      await settleConfirmedOrder(database, shopper, order);
      return { ...base, order_status: 'CONFIRMED', error: null };
    }
  }
}

/** SPEC §5 coins of a confirmed order: the reward earned and the coins burned, once each. */
async function settleConfirmedOrder(database: Database, shopper: string, order: OrderRow) {
  await rewardOrder(database, shopper, order.order_id, order.total_paise);
  const [payment] = await database.query<{ coins_burned: number }>('SELECT coins_burned FROM payments WHERE payment_id = $1', [order.payment_id]);
  await burnForOrder(database, shopper, order.order_id, payment?.coins_burned ?? 0);
}

async function setOrderState(database: Database, orderId: string, state: string, onConfirm: unknown) {
  await database.query('UPDATE orders SET state = $2, on_confirm = COALESCE($3::jsonb, on_confirm), updated_at = clock_timestamp() WHERE order_id = $1', [
    orderId,
    state,
    onConfirm === null ? null : JSON.stringify(onConfirm),
  ]);
}

export type OrderSummaryRow = { order_id: string; state: string; total_paise: number; on_confirm: unknown; created_at: string | Date };

/** This shopper's order, for /order-confirmation; another shopper's reads as none. */
export async function findOrder(database: Database, shopper: string, orderId: string): Promise<OrderSummaryRow | null> {
  const [row] = await database.query<OrderSummaryRow>(
    'SELECT order_id, state, total_paise, on_confirm, created_at FROM orders WHERE order_id = $1 AND shopper_key = $2',
    [orderId, shopper],
  );
  return row ?? null;
}
