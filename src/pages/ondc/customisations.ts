import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { findCustomisations } from '#/features/cart/cart.server.ts';
import { customisationQuerySchema } from '#/features/cart/payload.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';

/** The add-on picker's groups for a dish (SPEC §3 add-on, §4 add-ons): the same for every shopper. */
export const GET: APIRoute = async ({ url }) => {
  const query = parseQuery(url, customisationQuerySchema);
  if (!query.ok) return query.response;
  const { bpp_id: bppId, provider_id: providerId, item_id: itemId } = query.data;
  const found = await findCustomisations(getDatabase(), { bppId, providerId, itemId });
  if (!found) return jsonError(404, `Unknown item ${itemId} for this store`);
  return Response.json({ status: 'SUCCESS', data: found }, { headers: { 'Cache-Control': 'public, max-age=60, stale-while-revalidate=300' } });
};
