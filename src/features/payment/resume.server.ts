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
import { claimUnanswered, recordOrderMessage, refreshStatus, UNPLACED } from '#/features/orders/orders.server.ts';

/** A payment settled this recently is left to the notice that is taking it up. */
const SETTLED_GRACE = "interval '2 seconds'";
/** Payments looked at per sweep, oldest first. */
const SWEEP_BATCH = 50;

type Unfinished = {
  payment_id: string;
  order_id: string | null;
  state: string | null;
  stands: boolean | null;
  confirm_message_id: string | null;
};

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
  const unfinished = await database.query<Unfinished>(
    `SELECT p.payment_id, o.order_id, o.state, o.on_confirm IS NOT NULL AND o.state <> '${UNPLACED}' AS stands, o.confirm_message_id
     FROM payments p LEFT JOIN orders o ON o.transaction_id = p.transaction_id
     WHERE p.finished_at IS NULL AND p.status IN ('PAID', 'ON-DELIVERY') AND p.updated_at < clock_timestamp() - ${SETTLED_GRACE}
     ORDER BY p.created_at LIMIT ${SWEEP_BATCH}`,
  );
  for (const payment of unfinished) {
    if (payment.stands) {
      await finishPayment(database, payment.payment_id);
    } else if (!payment.order_id || !payment.confirm_message_id || payment.state !== 'CONFIRMING') {
      const outcome = await placeOrder(database, app, payment.payment_id, { wait: false });
      if (outcome.ok) counts.placed++;
    } else if (await recordStoredAnswer(database, payment.confirm_message_id)) {
      counts.recorded++;
    } else if (await askAfter(database, app, payment.order_id)) {
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
