// The order row while a settled checkout is being placed (issue 27: orders/ is the one writer of
// `orders`). payment/confirm.server.ts walks the steps (one row per transaction, one process
// claims it to send the confirm, the message id is kept, or the checkout ends unplaced); the rows
// are written here, each step a single statement guarded by the state it moves from.
import { claimAbandoned, type Database, type Queryable } from '#/db/client.ts';

export type PlacingOrderRow = {
  order_id: string;
  transaction_id: string;
  shopper_key: string;
  payment_id: string;
  confirm_message_id: string | null;
  state: string;
  status: string;
  total_paise: number;
  on_confirm: unknown;
  failure_code: string | null;
  failure_message: string | null;
};

/** The order state of a checkout that ended without an order (refused, or too late to send). */
export const UNPLACED = 'UNPLACED';

/** A confirm sent whose on_confirm has not come this long is asked after (ONDC status). */
const UNANSWERED_AFTER = "interval '30 seconds'";

/**
 * The transaction's order row, made now with `orderId` when it has none: a second payment notice,
 * a double tap or the sweep finds the first row and its order id, never a new one.
 */
export async function orderRowFor(
  database: Database,
  input: { orderId: string; transactionId: string; shopperKey: string; paymentId: string; totalPaise: number },
): Promise<PlacingOrderRow> {
  await database.query(
    `INSERT INTO orders (order_id, transaction_id, shopper_key, payment_id, total_paise) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (transaction_id) DO NOTHING`,
    [input.orderId, input.transactionId, input.shopperKey, input.paymentId, input.totalPaise],
  );
  const [order] = await database.query<PlacingOrderRow>('SELECT * FROM orders WHERE transaction_id = $1', [input.transactionId]);
  if (!order) throw new Error(`order row for ${input.transactionId} vanished`);
  return order;
}

/** This order's row as it stands, or null. */
export async function placingOrder(database: Queryable, orderId: string): Promise<PlacingOrderRow | null> {
  const [order] = await database.query<PlacingOrderRow>('SELECT * FROM orders WHERE order_id = $1', [orderId]);
  return order ?? null;
}

/** The order row of a transaction, or null; when `shopper` is named, another shopper's is none. */
export async function orderOfTransaction(database: Queryable, transactionId: string, shopper?: string): Promise<PlacingOrderRow | null> {
  const [order] = await database.query<PlacingOrderRow>('SELECT * FROM orders WHERE transaction_id = $1 AND ($2::text IS NULL OR shopper_key = $2)', [
    transactionId,
    shopper ?? null,
  ]);
  return order ?? null;
}

export type OrderSummaryRow = { order_id: string; transaction_id: string; state: string; total_paise: number; on_confirm: unknown; created_at: string | Date };

/** This shopper's order, for /order-confirmation; another shopper's reads as none. */
export async function findOrder(database: Queryable, shopper: string, orderId: string): Promise<OrderSummaryRow | null> {
  const [row] = await database.query<OrderSummaryRow>(
    'SELECT order_id, transaction_id, state, total_paise, on_confirm, created_at FROM orders WHERE order_id = $1 AND shopper_key = $2',
    [orderId, shopper],
  );
  return row ?? null;
}

/**
 * Claims the order for this process to send its confirm: not yet answered, not yet sent (or sent
 * and failed), and not held by a live process. Whether this process got it.
 */
export async function claimToConfirm(database: Database, orderId: string): Promise<boolean> {
  const claimed = await database.query<{ order_id: string }>(
    `UPDATE orders SET state = 'SENDING', claimed_by = $2, updated_at = clock_timestamp()
     WHERE order_id = $1 AND on_confirm IS NULL AND (confirm_message_id IS NULL OR state = 'FAILED') AND (state <> 'SENDING' OR ${claimAbandoned()})
     RETURNING order_id`,
    [orderId, database.boot],
  );
  return claimed.length > 0;
}

/** The seller ACKed our confirm: its message id is kept (its on_confirm may have come first). */
export async function recordConfirmSent(database: Database, orderId: string, messageId: string): Promise<void> {
  await database.query(
    "UPDATE orders SET confirm_message_id = $2, state = CASE WHEN state = 'SENDING' THEN 'CONFIRMING' ELSE state END, updated_at = clock_timestamp() WHERE order_id = $1",
    [orderId, messageId],
  );
}

/** The confirm was not sent, or not taken: another try may send it. Never over an order that stands. */
export async function markPlacingFailed(database: Database, orderId: string): Promise<void> {
  await database.query("UPDATE orders SET state = 'FAILED', updated_at = clock_timestamp() WHERE order_id = $1 AND on_confirm IS NULL", [orderId]);
}

/**
 * The unplaced order's row in the checkout's ending transaction, locked: null when the order
 * stands (its on_confirm recorded) and so may not be ended this way.
 */
export async function lockUnplacedCandidate(tx: Queryable, orderId: string): Promise<PlacingOrderRow | null> {
  const [order] = await tx.query<PlacingOrderRow>('SELECT * FROM orders WHERE order_id = $1 AND on_confirm IS NULL FOR UPDATE', [orderId]);
  return order ?? null;
}

/** The order reads as failed in the shopper's history, with the seller's reason and what it would have been. */
export async function markUnplaced(tx: Queryable, orderId: string, failure: { code: string | null; message: string | null }, record: unknown): Promise<void> {
  await tx.query(
    `UPDATE orders SET state = $2, status = 'failed', failure_code = $3, failure_message = $4, on_confirm = $5::jsonb, status_at = clock_timestamp(), updated_at = clock_timestamp()
     WHERE order_id = $1`,
    [orderId, UNPLACED, failure.code, failure.message, JSON.stringify(record)],
  );
}

/**
 * Claims a sent order whose on_confirm never came, to ask the seller after it: by moving
 * updated_at and naming this process, so each order is asked about once per UNANSWERED_AFTER
 * whichever processes sweep.
 */
export async function claimUnanswered(database: Database, orderId: string): Promise<{ order_id: string; transaction_id: string; shopper_key: string } | null> {
  const [order] = await database.query<{ order_id: string; transaction_id: string; shopper_key: string }>(
    `UPDATE orders SET updated_at = clock_timestamp(), claimed_by = $2
     WHERE order_id = $1 AND on_confirm IS NULL AND confirm_message_id IS NOT NULL AND state = 'CONFIRMING'
       AND (updated_at < clock_timestamp() - ${UNANSWERED_AFTER} OR ${claimAbandoned()})
     RETURNING order_id, transaction_id, shopper_key`,
    [orderId, database.boot],
  );
  return order ?? null;
}
