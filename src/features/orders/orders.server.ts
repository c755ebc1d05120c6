// The storefront's own order records after purchase: built from on_confirm, kept current by every
// on_status, on_update and on_cancel (asked for or pushed by the seller), each one an order event.
// An order is its shopper's alone: every read here is keyed by the shopper as well as the id.
import { createHash } from 'node:crypto';
import { changeFeed } from '#/db/change-feed.server.ts';
import type { Database, Queryable } from '#/db/client.ts';
import { storeListing } from '#/features/catalogue/catalogue.server.ts';
import { sendRequest, type SendResult } from '#/ondc/bap.server.ts';
import type { Domain, RequestAction } from '#/ondc/context.ts';
import { readableOrder } from '#/ondc/callback-schemas.ts';
import { TRANSACTION_LIFETIME_MS, type CallbackEnvelope, type CallbackVetting } from '#/ondc/message-store.server.ts';
import { answerTo, findTransaction, sellerOrders, sentInTransaction, sentMessage, type TransactionRecord } from '#/ondc/stored-messages.server.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { blake512Digest } from '#/ondc/signing.ts';
import { paiseToRupees, rupeesToPaise } from '#/lib/money.ts';
import { refusedOrderMessage } from '#/ondc/error-codes.ts';
import { emptyOrderedCart } from '#/features/cart/cart.server.ts';
import { paysOnDelivery, storeNameOf } from './order-view.ts';
import { reverseOrderCoins, settleOrderCoins } from '#/features/coins/coins.server.ts';
import type { SummaryLine } from '#/features/checkout/summary.ts';
import {
  claimRefundSettlements,
  endUnplaced,
  finishPayment,
  paidBill,
  recordRefundSettlement,
  refundsOfOrder,
  refundSettlements,
  type RefundDue,
} from '#/features/payment/payment.server.ts';
import {
  cancelEligibility,
  CANCEL_REASON_ON_THE_WIRE,
  cancellationView,
  nextStatus,
  ORDER_VIEW_HOLD_MS,
  ORDERS_PAGE_SIZE,
  reportProblem,
  storeCancelledUnits,
  type CancellationView,
  type CancelReasonId,
  type Eligibility,
  type OrderReport,
  type OrderStatus,
} from './orders.ts';

// A seller's answer to a rating, recorded with the order's ratings.
export { recordRatingAnswer } from './ratings.server.ts';
// A return photo's address, for the complaint that shows it, and whose photos a complaint may name.
export { photosOfOrder, signedPhotoUrl } from './returns.server.ts';
export {
  claimToConfirm,
  claimUnanswered,
  findOrder,
  lockUnplacedCandidate,
  markPlacingFailed,
  markUnplaced,
  orderOfTransaction,
  orderRowFor,
  placingOrder,
  recordConfirmSent,
  UNPLACED,
  type PlacingOrderRow,
} from './placing.server.ts';

const ORDER_ACTIONS = new Set(['on_confirm', 'on_status', 'on_cancel', 'on_update']);

type SellerTag = { code?: string; list?: Array<{ code?: string; value?: string }> };
type SellerOrder = {
  id?: string;
  state?: string;
  updated_at?: string;
  fulfillments?: Array<{
    id?: string;
    type?: string;
    state?: { descriptor?: { code?: string } };
    start?: { location?: { descriptor?: { name?: string } } };
    tags?: SellerTag[];
  }>;
  cancellation?: { cancelled_by?: string; reason?: { id?: string } };
};

function reportOf(order: SellerOrder): OrderReport {
  const delivery = order.fulfillments?.find((f) => f.type === 'Delivery') ?? order.fulfillments?.[0];
  return { orderState: order.state ?? 'Created', fulfillmentState: delivery?.state?.descriptor?.code ?? null };
}

/** The state of the order's newest Return fulfillment, if it has one. */
function latestReturnState(order: SellerOrder): string | null {
  const returns = (order.fulfillments ?? []).filter((f) => f.type === 'Return');
  return returns.at(-1)?.state?.descriptor?.code ?? null;
}

// When the money of a fulfillment that takes goods out of the order is due back: a cancel (of
// some units, or of all, also when the goods ride back), and a return once the goods are collected
// or the store lets the shopper keep them (ondc-notes §1 on_update states).
const REFUND_WHEN: Record<string, (state: string) => boolean> = {
  Cancel: (state) => state === 'Cancelled',
  RTO: () => true,
  Return: (state) => state === 'Return_Picked' || state === 'Return_Delivered' || state === 'Liquidated',
};
const RUPEES = /^-?\d+(\.\d{1,2})?$/;

/**
 * The refunds a seller's order message makes due, one per fulfillment: what its quote_trail took
 * out of the order (negative lines), keyed by order and fulfillment so each is paid once.
 */
export function refundsDueOf(orderId: string, order: SellerOrder): RefundDue[] {
  return (order.fulfillments ?? []).flatMap((f) => {
    const due = f.type ? REFUND_WHEN[f.type] : undefined;
    if (!f.id || !f.type || !due?.(f.state?.descriptor?.code ?? '')) return [];
    const removed = (f.tags ?? [])
      .filter((t) => t.code === 'quote_trail')
      .map((t) => t.list?.find((e) => e.code === 'value')?.value ?? '')
      .filter((value) => RUPEES.test(value))
      .reduce((sum, value) => sum + rupeesToPaise(value), 0);
    return removed < 0 ? [{ key: `${orderId}:${f.id}`, amountPaise: -removed, fulfillment: { id: f.id, type: f.type } }] : [];
  });
}

/**
 * What a cash-on-delivery shopper hands over at the door: the order's total less the goods the
 * store cancelled out of it before delivery (the same quote_trail a prepaid order is refunded
 * from), never below nothing. A return comes after the cash was paid, so it takes nothing off.
 */
export function cashDuePaise(orderId: string, totalPaise: number, order: SellerOrder): number {
  const cancelled = refundsDueOf(orderId, order)
    .filter((due) => due.fulfillment?.type === 'Cancel')
    .reduce((sum, due) => sum + due.amountPaise, 0);
  return Math.max(0, totalPaise - cancelled);
}

/**
 * The receiver's check of an order message against the order we hold, before it is stored: a move
 * the order's state machine does not make is refused (20007) and changes nothing.
 */
/** Whether an order of ours has this id in this transaction: a seller may push updates about it. */
export async function isOrderInTransaction(database: Database, orderId: string, transactionId: string): Promise<boolean> {
  return (await database.query('SELECT 1 FROM orders WHERE order_id = $1 AND transaction_id = $2', [orderId, transactionId])).length > 0;
}

export function vetOrderMessage(database: Database): CallbackVetting {
  return async (envelope) => {
    if (!ORDER_ACTIONS.has(envelope.context.action) || envelope.error) return null;
    const order = envelope.message?.['order'] as (SellerOrder & { fulfillments?: Parameters<typeof reportProblem>[1]['fulfillments'] }) | undefined;
    // A seller may turn an order down in its on_confirm (ONDC: on_confirm state Cancelled): the
    // order never stood, there is nothing of it to cancel.
    if (!order?.id || (envelope.context.action === 'on_confirm' && order.state === 'Cancelled')) return null;
    const [row] = await database.query<{ status: OrderStatus; return_requested: boolean }>(
      'SELECT status, (return_state IS NOT NULL OR return_message_id IS NOT NULL) AS return_requested FROM orders WHERE order_id = $1 AND transaction_id = $2',
      [order.id, envelope.context.transaction_id],
    );
    if (!row) return null;
    const problem = reportProblem({ status: row.status, returnRequested: row.return_requested }, order);
    return problem ? { type: 'DOMAIN-ERROR', code: '20007', message: `Invalid order state: ${problem}` } : null;
  };
}

/**
 * Records what a seller's order message says (after the receiver verified and stored it). A late
 * or repeated message never moves the order back; an error (a refused cancel) is kept in words.
 * The order stands from the seller's on_confirm (or, when that never reached us, its next word on
 * the order): in the one transaction that records it, the SPEC §5 reward is credited and the
 * coins its payment held are burned, once, whether or not a page is watching (issue 23), and the
 * cart it was ordered from is emptied (issue 28). A
 * refused confirm ends the checkout unplaced, its payment refunded.
 */
export async function recordOrderMessage(database: Database, envelope: CallbackEnvelope, rawBody: string): Promise<void> {
  if (!ORDER_ACTIONS.has(envelope.context.action)) return;
  if (envelope.error && envelope.context.action === 'on_confirm') return refusedConfirm(database, envelope);
  const order = envelope.message?.['order'] as SellerOrder | undefined;
  if (!order?.id) return;
  const [known] = await database.query<{ order_id: string }>('SELECT order_id FROM orders WHERE order_id = $1 AND transaction_id = $2', [
    order.id,
    envelope.context.transaction_id,
  ]);
  if (!known) return;
  await applyOrderMessage(database, envelope, rawBody, order, known.order_id);
  // An open order page holding its view (orderViewAfter) shows the seller's word now.
  await orderViews.announce(database, known.order_id);
}

async function applyOrderMessage(database: Database, envelope: CallbackEnvelope, rawBody: string, order: SellerOrder, orderId: string): Promise<void> {
  if (envelope.error && envelope.context.action === 'on_cancel') {
    await database.query('UPDATE orders SET cancel_error = $2, updated_at = clock_timestamp() WHERE order_id = $1', [
      orderId,
      envelope.error.message ?? envelope.error.code,
    ]);
    return;
  }
  if (envelope.error && envelope.context.action === 'on_update') {
    await database.query('UPDATE orders SET return_error = $2, updated_at = clock_timestamp() WHERE order_id = $1', [
      orderId,
      envelope.error.message ?? envelope.error.code,
    ]);
    return;
  }
  if (envelope.error) return;
  const report = reportOf(order);
  const sellerAt = order.updated_at ?? envelope.context.timestamp;
  // Money taken out of the order goes back to the shopper's UPI id (once per fulfillment).
  const refunds = refundsDueOf(orderId, order);
  const recorded = await database.transaction(async (tx) => {
    const [row] = await tx.query<{ order_id: string; status: OrderStatus; shopper_key: string; payment_id: string; total_paise: number; on_confirm: unknown }>(
      'SELECT order_id, status, shopper_key, payment_id, total_paise, on_confirm FROM orders WHERE order_id = $1 FOR UPDATE',
      [orderId],
    );
    // An order that never stood (refused, refunded) is not brought back by a late word.
    if (!row || row.status === 'failed') return false;
    if (row.on_confirm === null) {
      await tx.query('UPDATE orders SET on_confirm = $2::jsonb, state = $3, updated_at = clock_timestamp() WHERE order_id = $1', [
        row.order_id,
        JSON.stringify(order),
        order.state ?? 'Created',
      ]);
      await settleOrderCoins(tx, { shopper: row.shopper_key, orderId: row.order_id, paymentId: row.payment_id, totalPaise: row.total_paise });
      await finishPayment(tx, row.payment_id);
      await emptyOrderedCart(tx, { shopper: row.shopper_key, paymentId: row.payment_id });
    }
    // The newest return the seller reports sets the return line the shopper sees.
    const returnState = latestReturnState(order);
    if (returnState) await tx.query('UPDATE orders SET return_state = $2, return_error = NULL WHERE order_id = $1', [row.order_id, returnState]);
    const status = nextStatus(row.status, report);
    const inserted = await tx.query(
      `INSERT INTO order_events (order_id, action, message_id, order_state, fulfillment_state, status, seller_at, body_digest)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING id`,
      [
        row.order_id,
        envelope.context.action,
        envelope.context.message_id,
        report.orderState,
        report.fulfillmentState,
        status,
        sellerAt,
        blake512Digest(rawBody),
      ],
    );
    if (inserted.length === 0) return true;
    await tx.query(
      `UPDATE orders SET status = $2,
         status_at = CASE WHEN status <> $2 THEN $3::timestamptz ELSE status_at END,
         refund_initiated_at = COALESCE(refund_initiated_at, $4::timestamptz),
         cancel_error = CASE WHEN $2 = 'cancelled' THEN NULL ELSE cancel_error END,
         updated_at = clock_timestamp()
       WHERE order_id = $1`,
      [row.order_id, status, sellerAt, refunds.length > 0 ? sellerAt : null],
    );
    // Cancelled in full (and refunded in full, by the cancel's own settlement): no coins earned on it, none spent.
    if (status === 'cancelled' && row.status !== 'cancelled') await reverseOrderCoins(tx, { shopper: row.shopper_key, orderId: row.order_id });
    return true;
  });
  if (recorded && refunds.length > 0) await refundSettlements(database, orderId, refunds);
}

/**
 * The seller refused our confirm (on_confirm with an error: out of stock, 40002, and the like):
 * the checkout ends unplaced, once. Found by the confirm it answers, since a refusal need not
 * carry the order.
 */
async function refusedConfirm(database: Database, envelope: CallbackEnvelope): Promise<void> {
  const confirm = await sentMessage(database, envelope.context.message_id, 'confirm');
  if (confirm?.transactionId !== envelope.context.transaction_id || !envelope.error) return;
  const [row] = await database.query<{ order_id: string }>('SELECT order_id FROM orders WHERE transaction_id = $1 AND on_confirm IS NULL', [
    confirm.transactionId,
  ]);
  if (!row) return;
  await endUnplaced(database, row.order_id, { code: envelope.error.code, message: envelope.error.message ?? null });
}

export type OrderListEntry = {
  orderId: string;
  storeName: string;
  itemsSummary: string;
  /** Each item line ("Atta × 2") for the page to summarise in its language (issue 28). */
  itemLines: string[];
  totalPaise: number;
  status: OrderStatus;
  placedAt: string;
};

type OrderRecordRow = {
  order_id: string;
  transaction_id: string;
  payment_id: string;
  state: string;
  status: OrderStatus;
  status_at: string | Date | null;
  total_paise: number;
  on_confirm: SellerOrderFull | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: string | Date;
  cancel_message_id: string | null;
  cancel_error: string | null;
  /** the shopper's reason as chosen (SPEC §8), migration 55 */
  cancel_reason_id: string | null;
  refund_initiated_at: string | Date | null;
  return_message_id: string | null;
  return_error: string | null;
  return_state: string | null;
};

type SellerOrderFull = SellerOrder & {
  provider?: { descriptor?: { name?: string } };
  items?: Array<{ id: string; quantity?: { count?: number } }>;
  quote?: {
    price?: { value?: string };
    breakup?: Array<{ title?: string; price?: { value?: string }; '@ondc/org/title_type'?: string; '@ondc/org/item_quantity'?: { count?: number } }>;
  };
  billing?: { name?: string; phone?: string };
};

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * An order as stored, when it reads as ONDC's order (issue 24: nothing a seller sends makes a page
 * fail). Rows stored before callbacks were checked whole may not: the page shows less instead.
 */
function readable(order: unknown): SellerOrderFull | null {
  return readableOrder(order) ? (order as SellerOrderFull) : null;
}

/** The store's name as the seller wrote it into the order: the provider, or the pickup location. */
function storeName(order: SellerOrderFull | null): string {
  return storeNameOf(order) ?? 'Store';
}

function itemLines(order: SellerOrderFull | null): string[] {
  const lines = (order?.quote?.breakup ?? []).filter((b) => b['@ondc/org/title_type'] === 'item');
  return lines.map((l) => `${l.title ?? 'Item'} × ${l['@ondc/org/item_quantity']?.count ?? 1}`);
}

/** Two item lines, then how many more: "Atta × 2, Dal × 1 and 3 more" (`andMore` in the page's language). */
export function summariseItems(names: readonly string[], andMore = '{items} and {count} more'): string {
  return names.length > 2 ? andMore.replace('{items}', names.slice(0, 2).join(', ')).replace('{count}', String(names.length - 2)) : names.join(', ');
}

function itemsSummary(order: SellerOrderFull | null): string {
  return summariseItems(itemLines(order));
}

/** The shopper's placed orders, newest first (an order the seller never confirmed is not one). */
export async function listOrders(database: Database, shopper: string, page: number): Promise<{ orders: OrderListEntry[]; hasMore: boolean }> {
  const rows = await database.query<OrderRecordRow>(
    `SELECT * FROM orders WHERE shopper_key = $1 AND on_confirm IS NOT NULL
     ORDER BY created_at DESC, order_id LIMIT $2 OFFSET $3`,
    [shopper, ORDERS_PAGE_SIZE + 1, page * ORDERS_PAGE_SIZE],
  );
  return {
    orders: rows.slice(0, ORDERS_PAGE_SIZE).map((r) => ({
      orderId: r.order_id,
      storeName: storeName(readable(r.on_confirm)),
      itemsSummary: itemsSummary(readable(r.on_confirm)),
      itemLines: itemLines(readable(r.on_confirm)),
      totalPaise: r.total_paise,
      status: r.status,
      placedAt: iso(r.created_at) ?? '',
    })),
    hasMore: rows.length > ORDERS_PAGE_SIZE,
  };
}

type OrderEvent = { action: string; status: OrderStatus; orderState: string; fulfillmentState: string | null; sellerAt: string };

export type OrderDetail = OrderListEntry & {
  transactionId: string;
  /** cash on delivery: what the rider collects, after what the store cancelled (null when prepaid) */
  cashDuePaise: number | null;
  /** The order as confirmed: what was bought and paid. */
  sellerOrder: SellerOrderFull;
  /** The order as the seller last reported it. */
  currentOrder: SellerOrderFull;
  events: OrderEvent[];
  cancelPending: boolean;
  cancelError: string | null;
  refundInitiatedAt: string | null;
  /** money sent back through the payment gateway (prepaid orders) */
  refunds: Array<{ amountPaise: number; status: string; at: string }>;
  /** the latest return's state: ours ('submitted') until the seller names its own */
  returnState: string | null;
  returnError: string | null;
  returnPending: boolean;
  /** who cancelled the order and why, once cancelled */
  cancellation: CancellationView | null;
  /** where the goods of an order cancelled on its way are (RTO-Initiated, RTO-Delivered, RTO-Disposed) */
  rtoState: string | null;
  /** units the store cancelled from an order it kept, titled from the bill */
  storeCancelled: Array<{ itemId: string; title: string; quantity: number; reasonId: string; reason: string }>;
  eligibility: { cancel: Eligibility };
  /** why an order that never stood was not placed, in SPEC §8's words for the seller's code */
  failure: { code: string | null; message: string } | null;
  /** The bill as the shopper saw it when paying (issue 28: the same lines before and after payment); null for orders paid before it was kept. */
  bill: SummaryLine[] | null;
};

/**
 * Orders as another feature may join them, in one statement with its own rows (issue 27: the
 * columns orders/ answers for; its table stays its own): a refund claimed only while its order
 * goes on, the settlement ledger's snapshot of every paid order.
 */
export const ORDER_RECORDS =
  '(SELECT order_id, transaction_id, shopper_key, payment_id, status, status_at, on_confirm, created_at, return_message_id, return_state FROM orders)';

/** The payment an order was placed with, or null for no such order. */
export async function orderPaymentId(database: Queryable, orderId: string): Promise<string | null> {
  const [row] = await database.query<{ payment_id: string }>('SELECT payment_id FROM orders WHERE order_id = $1', [orderId]);
  return row?.payment_id ?? null;
}

/** An order's id, announced once a seller's word about it is recorded. */
const orderViews = changeFeed('order_changed');

/**
 * The order's view as `read` shapes it, with its version (a digest of it). Given the version the
 * page already shows, the answer waits until a seller's word about the order lands, or for
 * ORDER_VIEW_HOLD_MS: the page learns of a step the moment it is recorded, without asking again
 * and again. null when `read` finds no such order for this shopper.
 */
export async function orderViewAfter<V extends object>(
  database: Database,
  orderId: string,
  seen: string | undefined,
  read: () => Promise<V | null>,
): Promise<(V & { version: string }) | null> {
  const versioned = (view: V) => ({ ...view, version: createHash('sha256').update(JSON.stringify(view)).digest('base64url').slice(0, 22) });
  const watch = seen ? await orderViews.watch(database, orderId) : null;
  try {
    const view = await read();
    if (!view) return null;
    const now = versioned(view);
    if (!watch || now.version !== seen) return now;
    await watch.changed(ORDER_VIEW_HOLD_MS);
    const after = await read();
    return after ? versioned(after) : null;
  } finally {
    watch?.stop();
  }
}

/** One order of this shopper's, with its history; another shopper's is none (callers answer 404). */
export async function findOrderDetail(database: Database, shopper: string, orderId: string): Promise<OrderDetail | null> {
  const [found] = await database.query<OrderRecordRow>('SELECT * FROM orders WHERE order_id = $1 AND shopper_key = $2 AND on_confirm IS NOT NULL', [
    orderId,
    shopper,
  ]);
  if (!found?.on_confirm) return null;
  const row = { ...found, on_confirm: readable(found.on_confirm) ?? { id: found.order_id } };
  const events = await database.query<{ action: string; status: OrderStatus; order_state: string; fulfillment_state: string | null; seller_at: string | Date }>(
    'SELECT action, status, order_state, fulfillment_state, seller_at FROM order_events WHERE order_id = $1 ORDER BY seller_at, id',
    [orderId],
  );
  // The order as the seller last wrote it (the rider, the return states): the newest order message
  // that reads as one.
  const recent = await sellerOrders(database, row.transaction_id, { limit: 10 });
  const latest = recent.map((order) => readable(order)).find((order) => order !== null);
  const bill = await paidBill(database, row.payment_id);
  const refunds = await refundsOfOrder(database, orderId);
  const currentOrder = latest ?? row.on_confirm;
  const seller = await sellerOf(database, row.transaction_id);
  const sellerId = seller?.bppId ?? null;
  const titles = new Map(
    (row.on_confirm.quote?.breakup ?? []).map((b) => [(b as { '@ondc/org/item_id'?: string })['@ondc/org/item_id'] ?? '', b.title ?? 'Item']),
  );
  const cancelPending = row.cancel_message_id !== null && row.status !== 'cancelled' && row.cancel_error === null;
  return {
    orderId: row.order_id,
    storeName: storeName(row.on_confirm),
    itemsSummary: itemsSummary(row.on_confirm),
    itemLines: itemLines(row.on_confirm),
    totalPaise: row.total_paise,
    cashDuePaise: paysOnDelivery(currentOrder) ? cashDuePaise(row.order_id, row.total_paise, currentOrder) : null,
    status: row.status,
    placedAt: iso(row.created_at) ?? '',
    transactionId: row.transaction_id,
    sellerOrder: row.on_confirm,
    currentOrder,
    events: events.map((e) => ({
      action: e.action,
      status: e.status,
      orderState: e.order_state,
      fulfillmentState: e.fulfillment_state,
      sellerAt: iso(e.seller_at) ?? '',
    })),
    cancelPending,
    cancelError: row.cancel_error,
    refundInitiatedAt: iso(row.refund_initiated_at),
    refunds: refunds.map((r) => ({ amountPaise: r.amount_paise, status: r.status, at: iso(r.created_at) ?? '' })),
    returnState: row.return_state,
    returnError: row.return_error,
    returnPending:
      row.return_error === null && (row.return_message_id === 'SENDING' || row.return_state === 'submitted' || row.return_state === 'Return_Initiated'),
    cancellation: row.status === 'cancelled' ? cancellationView(currentOrder, sellerId, row.cancel_reason_id) : null,
    rtoState: currentOrder.fulfillments?.find((f) => f.type === 'RTO')?.state?.descriptor?.code ?? null,
    storeCancelled: storeCancelledUnits(currentOrder, sellerId).map((u) => ({ ...u, title: titles.get(u.itemId) ?? 'Item' })),
    eligibility: { cancel: cancelEligibility(row.status, cancelPending) },
    failure: row.status === 'failed' ? failureOf(row, seller?.domain === 'ONDC:RET11' ? 'food' : 'retail') : null,
    bill,
  };
}

function failureOf(row: OrderRecordRow, appType: 'food' | 'retail'): { code: string | null; message: string } {
  if (row.failure_code) return { code: row.failure_code, message: refusedOrderMessage(row.failure_code, { appType }) };
  return { code: null, message: row.failure_message ?? 'Something went wrong' };
}

async function sellerOf(database: Database, transactionId: string): Promise<(TransactionRecord & { bppId: string; bppUri: string }) | null> {
  const seller = await findTransaction(database, transactionId);
  return seller?.bppId && seller.bppUri ? { ...seller, bppId: seller.bppId, bppUri: seller.bppUri } : null;
}

/**
 * Sends one of the shopper's requests about an order to the seller its transaction names (signed,
 * stored, kept for the order's lifetime); null when the transaction names no seller.
 */
export async function sendToSeller(
  database: Database,
  app: BuyerApp,
  input: { shopper: string; transactionId: string; action: RequestAction; message: Record<string, unknown>; at?: Date; messageId?: string },
): Promise<SendResult | null> {
  const seller = await sellerOf(database, input.transactionId);
  if (!seller) return null;
  return sendRequest(database, app, {
    action: input.action,
    url: seller.bppUri,
    domain: seller.domain as Domain,
    city: seller.city,
    transactionId: input.transactionId,
    shopperKey: input.shopper,
    bppId: seller.bppId,
    bppUri: seller.bppUri,
    lifetimeMs: TRANSACTION_LIFETIME_MS.confirm,
    message: input.message,
    ...(input.at ? { at: input.at } : {}),
    ...(input.messageId ? { messageId: input.messageId } : {}),
  });
}

/**
 * Tells the seller of each refund paid for this order and not yet told (ONDC update, update_target
 * payment: the fulfillment it pays for and the settlement), once each: a refund is claimed before
 * its update goes, and a refused or unsent update is left for the next order message to retry.
 * Only for an order that goes on (units cancelled, items returned): a cancelled order has no
 * updates in ONDC's flows, its cancel settles it. The shopper is refunded as soon as any message
 * shows the money due, but the seller is told only of a refund its own on_update announced (the
 * fulfillment in the state that makes it due): ONDC's flow 6 is on_update, then the buyer's
 * settlement update, and a settlement of units the seller cut in its on_confirm or on_status,
 * sent before its on_update about them, is out of sequence (ONDC's log validator).
 */
export async function settleRefunds(database: Database, app: BuyerApp, orderId: string): Promise<number> {
  const announced = await refundsAnnounced(database, orderId);
  if (announced.length === 0) return 0;
  const claimed = await claimRefundSettlements(database, orderId, announced);
  let sentCount = 0;
  for (const refund of claimed) {
    const sent = await sendToSeller(database, app, {
      shopper: refund.shopper_key,
      transactionId: refund.transaction_id,
      action: 'update',
      message: {
        update_target: 'payment',
        order: {
          id: orderId,
          fulfillments: [{ id: refund.fulfillment_id, type: refund.fulfillment_type }],
          payment: {
            '@ondc/org/settlement_details': [
              {
                settlement_counterparty: 'buyer',
                settlement_phase: 'refund',
                settlement_type: 'upi',
                settlement_amount: paiseToRupees(refund.amount_paise),
                settlement_timestamp: new Date(refund.updated_at).toISOString(),
              },
            ],
          },
        },
      },
    });
    const told = sent?.ack === 'ACK';
    await recordRefundSettlement(database, refund.refund_id, told ? sent.messageId : null);
    if (told) sentCount++;
  }
  return sentCount;
}

/** The refunds (by key) the seller's own on_update messages about this order made due. */
async function refundsAnnounced(database: Database, orderId: string): Promise<string[]> {
  const [row] = await database.query<{ transaction_id: string }>('SELECT transaction_id FROM orders WHERE order_id = $1', [orderId]);
  const updates = row ? ((await sellerOrders(database, row.transaction_id, { actions: ['on_update'] })) as SellerOrder[]) : [];
  const keys = updates.flatMap((order) => (order.id === orderId ? refundsDueOf(orderId, order).map((due) => due.key) : []));
  return [...new Set(keys)];
}

/** Asks the seller for the order's state now (ONDC status); the answer lands as on_status. */
export async function refreshStatus(
  database: Database,
  app: BuyerApp,
  shopper: string,
  order: Pick<OrderDetail, 'orderId' | 'transactionId'>,
): Promise<string | null> {
  const sent = await sendToSeller(database, app, { shopper, transactionId: order.transactionId, action: 'status', message: { order_id: order.orderId } });
  return sent?.ack === 'ACK' ? sent.messageId : null;
}

export type CancelOutcome = { ok: true; messageId: string } | { ok: false; status: 404 | 409 | 502; message: string };

/**
 * SPEC §4 cancel: eligibility first, then the signed cancel. One cancel per order at a time: a
 * double tap finds the first one's claim and sends nothing.
 */
export async function requestCancel(database: Database, app: BuyerApp, shopper: string, orderId: string, reasonId: CancelReasonId): Promise<CancelOutcome> {
  const order = await findOrderDetail(database, shopper, orderId);
  if (!order) return { ok: false, status: 404, message: 'No such order' };
  if (!order.eligibility.cancel.eligible) return { ok: false, status: 409, message: order.eligibility.cancel.reason };
  const claimed = await database.query(
    `UPDATE orders SET cancel_message_id = 'SENDING', cancel_error = NULL, cancel_reason_id = $2, updated_at = clock_timestamp()
     WHERE order_id = $1 AND (cancel_message_id IS NULL OR cancel_error IS NOT NULL) RETURNING order_id`,
    [orderId, reasonId],
  );
  if (claimed.length === 0) return { ok: false, status: 409, message: 'A cancellation is already with the store' };
  // The delivery it cancels (optional in retail 1.2.0, required in 1.2.5: ONDC's cancel schemas).
  const delivery = order.currentOrder.fulfillments?.find((f) => f.type === 'Delivery')?.id;
  const message = {
    order_id: orderId,
    cancellation_reason_id: CANCEL_REASON_ON_THE_WIRE[reasonId],
    ...(delivery ? { descriptor: { name: 'fulfillment', short_desc: delivery } } : {}),
  };
  const sent = await sendToSeller(database, app, { shopper, transactionId: order.transactionId, action: 'cancel', message });
  if (!sent) return { ok: false, status: 404, message: 'No seller for this order' };
  if (sent.ack !== 'ACK') {
    await database.query('UPDATE orders SET cancel_message_id = NULL WHERE order_id = $1', [orderId]);
    return { ok: false, status: 502, message: sent.error?.message ?? 'The store did not take the request' };
  }
  await database.query('UPDATE orders SET cancel_message_id = $2 WHERE order_id = $1', [orderId, sent.messageId]);
  return { ok: true, messageId: sent.messageId };
}

type AskOutcome = { ok: true; messageId: string } | { ok: false; status: 404 | 502; message: string };

/** Sends one of the shopper's order requests to the order's seller; the answer is fetched by message id. */
async function askSeller(
  database: Database,
  app: BuyerApp,
  shopper: string,
  orderId: string,
  action: 'support' | 'track',
  message: Record<string, unknown>,
): Promise<AskOutcome> {
  const order = await findOrderDetail(database, shopper, orderId);
  if (!order) return { ok: false, status: 404, message: 'No such order' };
  const sent = await sendToSeller(database, app, { shopper, transactionId: order.transactionId, action, message });
  if (!sent) return { ok: false, status: 404, message: 'No seller for this order' };
  return sent.ack === 'ACK' ? { ok: true, messageId: sent.messageId } : { ok: false, status: 502, message: sent.error?.message ?? 'The store did not answer' };
}

/** SPEC §4 provider support: sends ONDC support for the order; the answer is fetched by message id. */
export function requestSupport(database: Database, app: BuyerApp, shopper: string, orderId: string): Promise<AskOutcome> {
  return askSeller(database, app, shopper, orderId, 'support', { ref_id: orderId });
}

/** ONDC track: where the rider is now; the answer (on_track) is fetched by message id. */
export function requestTrack(database: Database, app: BuyerApp, shopper: string, orderId: string): Promise<AskOutcome> {
  return askSeller(database, app, shopper, orderId, 'track', { order_id: orderId });
}

export type ActiveDelivery = { orderId: string; storeName: string; status: OrderStatus; rider: { name: string; phone: string | null } | null };

/** The shopper's orders still on their way (at most 20, newest first), each with its rider once named. */
export async function activeDeliveries(database: Database, shopper: string): Promise<ActiveDelivery[]> {
  const rows = await database.query<{ order_id: string }>(
    `SELECT order_id FROM orders WHERE shopper_key = $1 AND on_confirm IS NOT NULL AND status NOT IN ('delivered', 'cancelled', 'failed')
     ORDER BY created_at DESC LIMIT 20`,
    [shopper],
  );
  const deliveries: ActiveDelivery[] = [];
  for (const { order_id: orderId } of rows) {
    const order = await findOrderDetail(database, shopper, orderId);
    if (!order) continue;
    type Delivery = { type?: string; agent?: { name?: string; phone?: string } };
    const agent = ((order.currentOrder.fulfillments ?? []) as Delivery[]).find((f) => f.type === 'Delivery')?.agent;
    deliveries.push({
      orderId,
      storeName: order.storeName,
      status: order.status,
      rider: agent?.name ? { name: agent.name, phone: agent.phone ?? null } : null,
    });
  }
  return deliveries;
}

type WindowAnswer = { fulfillments?: Array<{ end?: { time?: { range?: { start?: unknown; end?: unknown } } } }> };

/**
 * Issue 29: the delivery window the shopper chose for the order of this transaction, as the
 * seller's answer to our last init stated it (a delivery as soon as possible has none); null when
 * there was none.
 */
export async function chosenDeliveryWindow(database: Database, transactionId: string): Promise<{ start: string; end: string } | null> {
  let onInit = null;
  for (const init of await sentInTransaction(database, transactionId, 'init')) {
    onInit = await answerTo(database, init.messageId, 'init', 'first');
    if (onInit) break;
  }
  const { start, end } = (onInit?.order as WindowAnswer | undefined)?.fulfillments?.[0]?.end?.time?.range ?? {};
  return typeof start === 'string' && typeof end === 'string' && Number.isFinite(Date.parse(start)) && Number.isFinite(Date.parse(end)) ? { start, end } : null;
}

/**
 * The store's own delivery TAT as its listing states it: the delivery promise when the seller's
 * order does not name one (issue 29).
 */
export async function listedStoreTat(database: Database, transactionId: string, providerId: string | undefined): Promise<string | null> {
  if (!providerId) return null;
  const bppId = (await findTransaction(database, transactionId))?.bppId;
  if (!bppId) return null;
  return (await storeListing(database, { bppId, providerId }))?.tat ?? null;
}
