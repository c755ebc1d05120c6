import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { paymentStatusQuerySchema } from '#/features/payment/payment.ts';
import { payableIntentLink } from '#/features/payment/payment.server.ts';
import { qrSvg } from '#/features/payment/upi-qr.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';

/** GET /ondc/payment/qr?payment_id: the QR code of this shopper's UPI intent while it can be paid (issue 29). */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const query = parseQuery(url, paymentStatusQuerySchema);
  if (!query.ok) return query.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  const link = shopper ? await payableIntentLink(getDatabase(), shopper, query.data.payment_id) : null;
  if (!link) return jsonError(404, 'No UPI payment request to show');
  return new Response(qrSvg(link), { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'private, no-store' } });
};
