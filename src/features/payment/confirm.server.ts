// The paid checkout sent signed to the seller as ONDC confirm, by the server (issue 23): a payment
// that is paid (or cash on delivery, chosen) is confirmed whether or not the shopper's page is
// still open; POST /ondc/confirm only joins that confirm and answers the same order. One order
// per transaction: a double tap, a retried request, the sweep or a restart mid-way finds the order
// row and never sends a second order id (the seller answers a repeated confirm with the order it
// already made). A checkout the seller refuses, or that cannot be confirmed while its quote holds,
// ends unplaced: its coins go back and its money is refunded in full, once.
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '#/db/client.ts';
import { storeListing } from '#/features/catalogue/catalogue.server.ts';
import { sendRequest } from '#/ondc/bap.server.ts';
import { TRANSACTION_LIFETIME_MS, waitForAnswer } from '#/ondc/message-store.server.ts';
import { answerTo, findTransaction, sentMessage } from '#/ondc/stored-messages.server.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { bapTerms, BUYER_FINDER_FEE, confirmQuote } from '#/ondc/terms.ts';
import { refusedOrderMessage } from '#/ondc/error-codes.ts';
import { releaseCoins } from '#/features/coins/coins.server.ts';
import { findPayment, finishPayment, initQuote, paymentById, refundSettlements, wholeRefund, type PaymentRow } from './payment.server.ts';
import { SELLER_UNREACHABLE_CODE, type ConfirmRequest } from './payment.ts';
import { withShopperInstructions } from '#/features/checkout/instructions.ts';
import {
  claimToConfirm,
  lockUnplacedCandidate,
  markPlacingFailed,
  markUnplaced,
  orderOfTransaction,
  orderRowFor,
  placingOrder,
  recordConfirmSent,
  UNPLACED,
  type PlacingOrderRow,
} from '#/features/orders/orders.server.ts';

export type ConfirmOutcome =
  | { ok: true; orderId: string; messageId: string }
  | { ok: false; status: 404 | 409 | 502; message: string; code?: string | undefined };

/** What the shopper reads when no confirm could be sent while the seller's quote held. */
const QUOTE_EXPIRED = { code: null, message: 'The store could not be reached before its quote expired' } as const;

/** POST /ondc/confirm: the shopper's page joins the server's confirm of its settled payment. */
export async function confirmOrder(database: Database, app: BuyerApp, shopper: string, request: ConfirmRequest): Promise<ConfirmOutcome> {
  const payment = await findPayment(database, shopper, request.payment_id);
  if (!payment || payment.transaction_id !== request.transaction_id) return { ok: false, status: 404, message: 'Unknown payment' };
  // Prepaid orders go to the seller paid; cash on delivery goes unpaid, the seller collects.
  if (payment.status !== 'PAID' && payment.status !== 'ON-DELIVERY') return { ok: false, status: 409, message: 'The payment is not complete' };
  const outcome = await placeOrder(database, app, payment.payment_id);
  if (outcome.ok) return outcome;
  const transaction = await findTransaction(database, payment.transaction_id);
  return { ...outcome, message: refusalText({ code: outcome.code ?? null, message: outcome.message }, transaction?.domain ?? null) ?? outcome.message };
}

/**
 * A seller's refusal as the shopper reads it (issue 28: never a seller's raw text, never silence):
 * SPEC §8's words for its network code ("restaurant" for food), else the text we have; a seller
 * we could not reach keeps our own words.
 */
function refusalText(failure: { code: string | null; message: string | null }, domain: string | null): string | null {
  if (!failure.code || failure.code === SELLER_UNREACHABLE_CODE) return failure.message;
  return refusedOrderMessage(failure.code, { appType: domain === 'ONDC:RET11' ? 'food' : 'retail' });
}

/**
 * Sends the confirm of a settled payment, once, or answers the one already sent: what the
 * gateway's notice, the page's confirm and the sweep all call. `wait` false (the sweep) does not
 * wait for another holder of the claim.
 */
export async function placeOrder(database: Database, app: BuyerApp, paymentId: string, options: { wait?: boolean } = {}): Promise<ConfirmOutcome> {
  const payment = await paymentById(database, paymentId);
  if (!payment) return { ok: false, status: 404, message: 'Unknown payment' };
  if (payment.status !== 'PAID' && payment.status !== 'ON-DELIVERY') return { ok: false, status: 409, message: 'The payment is not complete' };

  // ondc-notes §1 confirm: order.id is at most 32 letters and digits.
  const orderId = `KO${randomUUID().replaceAll('-', '').slice(0, 20).toUpperCase()}`;
  const order = await orderRowFor(database, {
    orderId,
    transactionId: payment.transaction_id,
    shopperKey: payment.shopper_key,
    paymentId: payment.payment_id,
    // The order's total is what the shopper pays: the seller's quote less our coupon and coins,
    // the figure the checkout summary showed (the seller's own quote stays in on_confirm).
    totalPaise: payment.amount_paise,
  });
  if (order.state === UNPLACED) {
    await refundUnplaced(database, order);
    return { ok: false, status: 502, message: order.failure_message ?? 'The store refused the order', code: order.failure_code ?? undefined };
  }
  if (order.confirm_message_id && order.state !== 'FAILED') return { ok: true, orderId: order.order_id, messageId: order.confirm_message_id };
  const confirmBy = payment.confirm_by ? new Date(payment.confirm_by).getTime() : new Date(payment.created_at).getTime() + 24 * 3600_000;
  if (order.on_confirm === null && Date.now() > confirmBy) {
    await endUnplaced(database, order.order_id, QUOTE_EXPIRED);
    return { ok: false, status: 502, message: QUOTE_EXPIRED.message };
  }
  // One request sends the confirm; a concurrent one (a double tap, or another process) waits for
  // its message id. A claim whose holder died is taken over at once.
  if (!(await claimToConfirm(database, order.order_id)))
    return options.wait === false ? { ok: false, status: 409, message: 'Your order is being placed. Please wait' } : waitForConfirm(database, order.order_id);
  try {
    return await sendConfirm(database, app, { order, payment });
  } catch (error) {
    // A live holder's claim is never taken over: one that failed half-way (as one that ended
    // without sending) lets the next try in.
    await markPlacingFailed(database, order.order_id).catch(() => undefined);
    throw error;
  }
}

/**
 * Issue 29: what our init stated that confirm states again: the shopper's delivery instructions,
 * and the order tags beyond the terms (the rider's tip).
 */
async function sentInInit(database: Database, initMessageId: string): Promise<{ instructions: unknown; tags: unknown[] }> {
  const order = (await sentMessage(database, initMessageId, 'init'))?.order;
  const fulfillment = Array.isArray(order?.['fulfillments']) ? (order['fulfillments'][0] as { end?: { instructions?: unknown } } | undefined) : undefined;
  const tags = order?.['tags'];
  return { instructions: fulfillment?.end?.instructions ?? null, tags: Array.isArray(tags) ? tags : [] };
}

/** Sends the claimed order to its seller as ONDC confirm and records the message id. */
async function sendConfirm(database: Database, app: BuyerApp, { order, payment }: { order: PlacingOrderRow; payment: PaymentRow }): Promise<ConfirmOutcome> {
  const init = await initQuote(database, payment.shopper_key, payment.transaction_id, payment.init_message_id);
  // The seller's address as our catalogue recorded it at select, not as a callback says it.
  const seller = await findTransaction(database, payment.transaction_id);
  if (!init || !seller?.bppId || !seller.bppUri) {
    const failure = { code: null, message: 'No seller for this checkout' };
    await endUnplaced(database, order.order_id, failure);
    return { ok: false, status: 404, message: failure.message };
  }
  const { context } = init;
  // ondc-notes §1 confirm: a new order's created_at is the confirm's own timestamp.
  const at = new Date();
  const now = at.toISOString();
  const onInit = init.order;
  const stated = await sentInInit(database, payment.init_message_id);
  const sent = await sendRequest(database, app, {
    action: 'confirm',
    url: seller.bppUri,
    domain: context.domain,
    city: context.city,
    transactionId: payment.transaction_id,
    shopperKey: payment.shopper_key,
    bppId: seller.bppId,
    bppUri: seller.bppUri,
    lifetimeMs: TRANSACTION_LIFETIME_MS.confirm,
    at,
    message: {
      order: {
        id: order.order_id,
        provider: onInit['provider'],
        items: onInit['items'],
        billing: onInit['billing'],
        fulfillments: withShopperInstructions(onInit['fulfillments'], stated.instructions),
        quote: confirmQuote(onInit['quote']),
        payment: {
          ...(onInit['payment'] as Record<string, unknown>),
          ...BUYER_FINDER_FEE,
          // ONDC's confirm schema wants the amount in params either way, and its RET11 schema a
          // transaction id even for cash on delivery: ours names the payment to be collected.
          status: payment.method === 'upi' ? 'PAID' : 'NOT-PAID',
          // Who holds the money, whether or not the seller's on_init said it (a 1.2.5 seller says it
          // only when it collects itself; ONDC's 1.2.5 confirm schema requires it).
          collected_by: payment.method === 'upi' ? 'BAP' : 'BPP',
          params: { amount: (onInit['quote'] as { price: { value: string } }).price.value, currency: 'INR', transaction_id: payment.payment_id },
        },
        // ondc-notes §1 confirm: a new order is Created; the seller's terms echoed, ours added.
        state: 'Created',
        tags: [...((onInit['tags'] as unknown[] | undefined) ?? []), bapTerms(app.taxNumber), ...stated.tags],
        created_at: now,
        updated_at: now,
      },
    },
  });
  if (sent.ack !== 'ACK') {
    const failure = { code: sent.error?.code ?? null, message: sent.error?.message ?? 'The store refused the order' };
    // A seller we could not reach may still take it: the sweep sends the same order id again
    // while the quote holds. A seller's own refusal ends the checkout.
    if (failure.code === SELLER_UNREACHABLE_CODE) await markPlacingFailed(database, order.order_id);
    else await endUnplaced(database, order.order_id, failure);
    return { ok: false, status: 502, message: failure.message, code: failure.code ?? undefined };
  }
  // The seller's on_confirm may have been recorded already (it can come before its ACK).
  await recordConfirmSent(database, order.order_id, sent.messageId);
  return { ok: true, orderId: order.order_id, messageId: sent.messageId };
}

const CLAIM_WAIT_MS = 5_000;

async function waitForConfirm(database: Database, orderId: string): Promise<ConfirmOutcome> {
  for (let waited = 0; waited < CLAIM_WAIT_MS; waited += 100) {
    const row = await placingOrder(database, orderId);
    if (row?.state === UNPLACED)
      return { ok: false, status: 502, message: row.failure_message ?? 'The store refused the order', code: row.failure_code ?? undefined };
    if (row?.confirm_message_id && row.state !== 'SENDING' && row.state !== 'FAILED') return { ok: true, orderId, messageId: row.confirm_message_id };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ok: false, status: 409, message: 'Your order is being placed. Please wait' };
}

/**
 * Ends a checkout without an order, once, in one transaction: the order reads as failed (with the
 * seller's reason) in the shopper's history, the coins its payment held go back, and a paid
 * payment's refund of the whole amount is written; then the refund is sent. An order that stands
 * (its on_confirm recorded) is never ended this way.
 */
export async function endUnplaced(database: Database, orderId: string, failure: { code: string | null; message: string | null }): Promise<void> {
  const ended = await database.transaction(async (tx) => {
    const locked = await lockUnplacedCandidate(tx, orderId);
    if (!locked) return null;
    const [paid] = await tx.query<{ amount_paise: number; method: string; payment_status: string; init_message_id: string }>(
      'SELECT amount_paise, method, status AS payment_status, init_message_id FROM payments WHERE payment_id = $1',
      [locked.payment_id],
    );
    if (!paid) return null;
    const order = { ...locked, ...paid };
    const record = await unplacedRecord(tx, order);
    await markUnplaced(tx, orderId, failure, record);
    await releaseCoins(tx, order.payment_id);
    if (order.method === 'upi' && order.payment_status === 'PAID') {
      const refund = wholeRefund(orderId, order.amount_paise);
      await tx.query(
        "INSERT INTO payment_refunds (refund_id, order_id, payment_id, amount_paise, status) VALUES ($1, $2, $3, $4, 'PENDING') ON CONFLICT DO NOTHING",
        [refund.key, orderId, order.payment_id, refund.amountPaise],
      );
    } else {
      await finishPayment(tx, order.payment_id);
    }
    return { ...order, state: UNPLACED };
  });
  if (ended) await refundUnplaced(database, ended);
}

/**
 * What an unplaced order shows in the shopper's history: the order as it would have been
 * confirmed (the seller's on_init, our order id), Cancelled, named by its store as our catalogue
 * lists it (an on_init carries no name) and paid as the shopper paid. It is the order row's
 * on_confirm, so history and detail list it like any other.
 */
async function unplacedRecord(
  tx: Queryable,
  order: PlacingOrderRow & { method: string; payment_status: string; init_message_id: string },
): Promise<Record<string, unknown>> {
  const onInit = await answerTo(tx, order.init_message_id, 'init', 'latest');
  const seen = onInit?.order ?? {};
  const provider = seen['provider'] as Record<string, unknown> | undefined;
  const payment = seen['payment'] as Record<string, unknown> | undefined;
  const bppId = onInit?.context['bpp_id'];
  const store = typeof bppId === 'string' && typeof provider?.['id'] === 'string' ? await storeListing(tx, { bppId, providerId: provider['id'] }) : null;
  return {
    ...seen,
    id: order.order_id,
    state: 'Cancelled',
    ...(provider && store ? { provider: { ...provider, descriptor: { name: store.name } } } : {}),
    ...(payment ? { payment: { ...payment, status: order.method === 'upi' && order.payment_status === 'PAID' ? 'PAID' : 'NOT-PAID' } } : {}),
  };
}

/** Sends an unplaced order's refund if it is still due; its payment is finished once it went back. */
async function refundUnplaced(database: Database, order: Pick<PlacingOrderRow, 'order_id' | 'payment_id'>): Promise<void> {
  await refundSettlements(database, order.order_id, []);
  const [due] = await database.query<{ pending: number }>("SELECT count(*)::int AS pending FROM payment_refunds WHERE order_id = $1 AND status = 'PENDING'", [
    order.order_id,
  ]);
  if ((due?.pending ?? 0) === 0) await finishPayment(database, order.payment_id);
}

export type ConfirmStatus = {
  order_status: 'PENDING' | 'CONFIRMED' | 'FAILED';
  order_id: string;
  error: { code: string | null; message: string | null } | null;
};

/**
 * GET /ondc/status?type=confirm: where the order stands, read only (the order is recorded by
 * whoever receives the seller's word, not by a page asking). Held up to `waitMs` for on_confirm.
 */
export async function confirmStatus(database: Database, shopper: string, messageId: string, waitMs: number): Promise<ConfirmStatus | null> {
  const confirm = await sentMessage(database, messageId, 'confirm');
  if (!confirm) return null;
  const domain = (await findTransaction(database, confirm.transactionId))?.domain ?? null;
  const read = async () => {
    const row = await orderOfTransaction(database, confirm.transactionId, shopper);
    return row ? { ...row, domain } : null;
  };
  const order = await read();
  if (!order) return null;
  const now = statusOf(order);
  if (now.order_status !== 'PENDING') return now;
  const answer = await waitForAnswer(database, { messageId, action: 'confirm', shopperKey: shopper, waitMs });
  if (answer.state !== 'answered') return now;
  // The receiver records what the seller said right after storing it: a moment to see it.
  for (let look = 0; look < 5; look++) {
    const after = statusOf((await read()) ?? order);
    if (after.order_status !== 'PENDING') return after;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return now;
}

function statusOf(order: PlacingOrderRow & { domain: string | null }): ConfirmStatus {
  const base = { order_id: order.order_id };
  if (order.state === UNPLACED) {
    const failure = { code: order.failure_code, message: order.failure_message };
    return { ...base, order_status: 'FAILED', error: { ...failure, message: refusalText(failure, order.domain) } };
  }
  // The order may stand without this confirm's on_confirm: it went to a process that died, and
  // the seller's on_status, asked for by the sweep, recorded the order.
  if (order.on_confirm !== null) return { ...base, order_status: 'CONFIRMED', error: null };
  return { ...base, order_status: 'PENDING', error: null };
}
