import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { listOffers, offerListQuerySchema } from '#/features/checkout/offers.server.ts';
import { transactionShopper } from '#/features/platform/shopper.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';

/** SPEC §7.3 GET /ondc/offer/list?transactionId&cityName → {status, data}. */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const query = parseQuery(url, offerListQuerySchema);
  if (!query.ok) return query.response;
  const shopper = transactionShopper(cookies, locals.userId);
  if (shopper instanceof Response) return shopper;
  const listed = await listOffers(getDatabase(), shopper, query.data);
  if (!listed.ok) return jsonError(listed.status, listed.message);
  return Response.json({ status: 'SUCCESS', data: listed.offers });
};
