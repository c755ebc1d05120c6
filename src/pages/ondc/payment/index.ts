import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { paymentStartSchema } from '#/features/payment/payment.ts';
import { startPayment } from '#/features/payment/payment.server.ts';
import { transactionShopper } from '#/features/platform/shopper.server.ts';
import { jsonError, parseJsonBody } from '#/lib/http/json.ts';

/** POST /ondc/payment: a UPI collect for the checkout's on_init total less its coupon. */
export const POST: APIRoute = async ({ request, cookies, locals }) => {
  const body = await parseJsonBody(request, paymentStartSchema);
  if (!body.ok) return body.response;
  const shopper = transactionShopper(cookies, locals.userId);
  if (shopper instanceof Response) return shopper;
  const outcome = await startPayment(getDatabase(), shopper, body.data);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  return Response.json({ status: 'SUCCESS', data: outcome.payment });
};
