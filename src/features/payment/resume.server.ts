// The server's sweep over checkouts under way (issues 14 and 23): every settled payment ends in an
// order or a refund, whether the shopper's page stayed, the process was killed, or the seller's
// answer went astray. Run at start (a restart finds its predecessor's work at once) and every few
// seconds; every step is claimed or idempotent, so sweeps of several processes never do a thing
// twice.
import type { Database } from '#/db/client.ts';
import { callbackEnvelopeSchema } from '#/ondc/message-store.server.ts';
import { answerTo } from '#/ondc/stored-messages.server.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { placeOrder } from './confirm.server.ts';
import { checkPendingPayments, finishPayment, resendPendingRefunds } from './payment.server.ts';
import { forgetOldNotices } from './webhook.server.ts';
import { claimUnanswered, orderOfTransaction, recordOrderMessage, refreshStatus, UNPLACED } from '#/features/orders/orders.server.ts';

/** A payment settled this recently is left to the notice that is taking it up. */
const SETTLED_GRACE = "interval '2 seconds'";
/** Payments looked at per sweep, oldest first. */
const SWEEP_BATCH = 50;

export type SweepCounts = { checked: number; placed: number; recorded: number; asked: number; refunds: number };

/**
 * Finishes what is under way: pending collects are asked after; a settled payment whose confirm
 * was never sent (or whose sender died) is confirmed, or refunded once its quote has expired; a
 * confirm whose on_confirm we stored but never recorded (killed in between) is recorded now; one
 * with no answer is asked after with ONDC status once it is 30 s old or its sender is gone; a
 * refund written but never sent is sent.
 */
export async function finishCheckouts(database: Database, app: BuyerApp): Promise<SweepCounts> {
  const counts: SweepCounts = { checked: await checkPendingPayments(database), placed: 0, recorded: 0, asked: 0, refunds: 0 };
  const unfinished = await database.query<{ payment_id: string; transaction_id: string }>(
    `SELECT payment_id, transaction_id FROM payments
     WHERE finished_at IS NULL AND status IN ('PAID', 'ON-DELIVERY') AND updated_at < clock_timestamp() - ${SETTLED_GRACE}
     ORDER BY created_at LIMIT ${SWEEP_BATCH}`,
  );
  for (const payment of unfinished) {
    const order = await orderOfTransaction(database, payment.transaction_id);
    if (order && order.on_confirm !== null && order.state !== UNPLACED) {
      await finishPayment(database, payment.payment_id);
    } else if (!order?.confirm_message_id || order.state !== 'CONFIRMING') {
      const outcome = await placeOrder(database, app, payment.payment_id, { wait: false });
      if (outcome.ok) counts.placed++;
    } else if (await recordStoredAnswer(database, order.confirm_message_id)) {
      counts.recorded++;
    } else if (await askAfter(database, app, order.order_id)) {
      counts.asked++;
    }
  }
  counts.refunds = await resendPendingRefunds(database);
  await forgetOldNotices(database);
  return counts;
}

/** The seller's on_confirm, stored by a process killed before it recorded it, recorded now. */
async function recordStoredAnswer(database: Database, confirmMessageId: string): Promise<boolean> {
  const stored = await answerTo(database, confirmMessageId, 'confirm', 'latest');
  if (!stored) return false;
  const envelope = callbackEnvelopeSchema.safeParse(stored.body);
  if (!envelope.success) return false;
  await recordOrderMessage(database, envelope.data, JSON.stringify(stored.body));
  return true;
}

/** Asks the seller after an order whose on_confirm never came: its answer (on_status) records the order. */
async function askAfter(database: Database, app: BuyerApp, orderId: string): Promise<boolean> {
  const order = await claimUnanswered(database, orderId);
  if (!order) return false;
  return (await refreshStatus(database, app, order.shopper_key, { orderId: order.order_id, transactionId: order.transaction_id })) !== null;
}
