// POST /payment/webhook (issue 24): a gateway notice is taken only when its signature verifies,
// it is not a replay, and it names a payment of ours for that payment's amount; anything else is
// a 4xx and changes nothing. Losing a notice loses nothing: the sweep asks the gateway after every
// pending payment (payment.server.ts).
import type { Database } from '#/db/client.ts';
import { parseJsonText } from '#/lib/http/json.ts';
import { formatRupees } from '#/lib/money.ts';
import { webhook } from './notices.server.ts';
import { gatewayNotice, paymentById } from './payment.server.ts';
import { noticeSchema, verifyNotice, NOTICE_WINDOW_SECONDS } from './webhook.ts';

export type NoticeAnswer = { status: 200 | 400 | 401 | 404 | 409 | 503; body: Record<string, unknown> };

const refused = (status: NoticeAnswer['status'], message: string): NoticeAnswer => ({ status, body: { status: 'FAILURE', error: { message } } });

/** POST /payment/webhook: takes a payment notice the gateway signed, once. */
export async function receiveNotice(
  database: Database,
  rawBody: string,
  headers: { timestamp: string | null; signature: string | null },
): Promise<NoticeAnswer> {
  const settings = webhook();
  if (!settings) return refused(503, 'Payment notices are not being taken yet');
  const proof = verifyNotice(settings.secret, headers, rawBody);
  if (!proof.ok) return refused(401, proof.message);
  const json = parseJsonText(rawBody);
  const parsed = json.ok ? noticeSchema.safeParse(json.value) : null;
  if (!parsed?.success) return refused(400, 'The notice is not a payment notice');
  const notice = parsed.data;
  // The very bytes again (a captured notice sent within the window) are a replay; the gateway's
  // own retry is signed afresh and is answered as the first delivery was (see below).
  const fresh = await database.query('INSERT INTO payment_notices (signature, payment_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING signature', [
    proof.signature,
    notice.payment_id,
  ]);
  if (fresh.length === 0) return refused(409, 'This notice was already received');
  const payment = await paymentById(database, notice.payment_id);
  if (payment?.method !== 'upi') return refused(404, 'No such payment');
  if (notice.amount_paise !== payment.amount_paise) {
    return refused(409, `The notice is for ${formatRupees(notice.amount_paise)}, the payment is for ${formatRupees(payment.amount_paise)}`);
  }
  // Idempotent by payment: a payment is settled once; a notice repeating its outcome changes nothing.
  if (payment.status === notice.status) return { status: 200, body: { status: 'ACK', payment_status: payment.status } };
  if (payment.status !== 'PENDING') return refused(409, `The payment is already ${payment.status}`);
  await gatewayNotice(database, notice);
  const now = await paymentById(database, notice.payment_id);
  return { status: 200, body: { status: 'ACK', payment_status: now?.status ?? notice.status } };
}

/** Replays are refused by timestamp once the window has passed: their rows are kept no longer. */
export async function forgetOldNotices(database: Database): Promise<void> {
  await database.query(`DELETE FROM payment_notices WHERE received_at < clock_timestamp() - interval '${2 * NOTICE_WINDOW_SECONDS} seconds'`);
}
