import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { applyOffer, offerApplySchema } from '#/features/checkout/offers.server.ts';
import { transactionShopper } from '#/features/platform/shopper.server.ts';
import { parseJsonBody } from '#/lib/http/json.ts';

/** SPEC §7.3 POST /ondc/offer/apply → {status, data.code, errorMessage}. */
export const POST: APIRoute = async ({ request, cookies, locals }) => {
  const body = await parseJsonBody(request, offerApplySchema);
  if (!body.ok) return body.response;
  const shopper = transactionShopper(cookies, locals.userId);
  if (shopper instanceof Response) return shopper;
  const outcome = await applyOffer(getDatabase(), shopper, body.data);
  if (outcome.ok) return Response.json({ status: 'SUCCESS', data: outcome.offer, errorMessage: null });
  return Response.json(
    {
      status: 'FAILURE',
      data: null,
      errorMessage: outcome.message,
      error: { message: outcome.message },
      ...(outcome.reason ? { reason: outcome.reason } : {}),
    },
    { status: outcome.status, ...(outcome.retryAfterSeconds ? { headers: { 'Retry-After': String(outcome.retryAfterSeconds) } } : {}) },
  );
};
