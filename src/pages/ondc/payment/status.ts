import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { paymentStatusQuerySchema } from '#/features/payment/payment.ts';
import { paymentStatus } from '#/features/payment/payment.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';

/** GET /ondc/payment/status?payment_id: where this shopper's payment stands. */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const query = parseQuery(url, paymentStatusQuerySchema);
  if (!query.ok) return query.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  const payment = shopper ? await paymentStatus(getDatabase(), shopper, query.data.payment_id) : null;
  if (!payment) return jsonError(404, 'Unknown payment');
  return Response.json({ status: 'SUCCESS', data: payment });
};
