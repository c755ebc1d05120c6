// The payment gateway's notices (issue 24): a gateway is a peer that proves itself. It posts each
// payment outcome to POST /payment/webhook, signed with the secret it shares with the storefront
// (HMAC-SHA256, as UPI gateways sign their webhooks) over the timestamp and the raw body, so a
// notice cannot be forged, altered (another payment, another amount) or replayed later.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const WEBHOOK_PATH = '/payment/webhook';
export const TIMESTAMP_HEADER = 'x-payment-timestamp';
export const SIGNATURE_HEADER = 'x-payment-signature';

/** How far a notice's timestamp may be from our clock either way: a captured notice is worthless after it. */
export const NOTICE_WINDOW_SECONDS = 300;

/** The shortest secret taken: 32 bytes, as HS256 keys (RFC 7518 §3.2). */
export const MIN_SECRET_LENGTH = 32;

export const noticeSchema = z.strictObject({
  /** The gateway's id of this notice. */
  id: z.string().min(1).max(64),
  payment_id: z.uuid(),
  status: z.enum(['PAID', 'FAILED']),
  amount_paise: z.number().int().positive(),
});
export type PaymentNotice = z.infer<typeof noticeSchema>;

const signatureOf = (secret: string, timestamp: string, rawBody: string) => createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

/** The headers that prove a notice body came from the holder of `secret`, at `now`. */
export function signNotice(secret: string, rawBody: string, now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: `v1=${signatureOf(secret, timestamp, rawBody)}` };
}

export type NoticeProof = { ok: true; signature: string } | { ok: false; message: string };

/** Whether the headers prove the raw body was signed with `secret` within the window around `now`. */
export function verifyNotice(secret: string, headers: { timestamp: string | null; signature: string | null }, rawBody: string, now = Date.now()): NoticeProof {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature) return { ok: false, message: `A payment notice must carry ${TIMESTAMP_HEADER} and ${SIGNATURE_HEADER}` };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, message: `${TIMESTAMP_HEADER} must be seconds since 1970` };
  if (Math.abs(Number(timestamp) - now / 1000) > NOTICE_WINDOW_SECONDS)
    return { ok: false, message: `The notice's timestamp is more than ${NOTICE_WINDOW_SECONDS} s from ours` };
  const given = /^v1=([0-9a-f]{64})$/.exec(signature)?.[1];
  const expected = signatureOf(secret, timestamp, rawBody);
  if (!given || !timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex')))
    return { ok: false, message: 'The notice is not signed by the payment gateway' };
  return { ok: true, signature: expected };
}
