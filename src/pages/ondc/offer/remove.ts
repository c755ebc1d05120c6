import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { offerRemoveSchema, removeOffer } from '#/features/checkout/offers.server.ts';
import { transactionShopper } from '#/features/platform/shopper.server.ts';
import { jsonError, parseJsonBody } from '#/lib/http/json.ts';

/** Issue 28: POST /ondc/offer/remove {transactionId, code} → {status, data: {code, source}}, beside SPEC §7.3's apply. */
export const POST: APIRoute = async ({ request, cookies, locals }) => {
  const body = await parseJsonBody(request, offerRemoveSchema);
  if (!body.ok) return body.response;
  const shopper = transactionShopper(cookies, locals.userId);
  if (shopper instanceof Response) return shopper;
  const outcome = await removeOffer(getDatabase(), shopper, body.data);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  return Response.json({ status: 'SUCCESS', data: outcome.removed });
};
