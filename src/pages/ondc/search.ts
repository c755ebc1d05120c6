import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { LIMITS, searchSchema } from '#/features/catalogue/catalogue.ts';
import { providersNear, searchDishes } from '#/features/catalogue/catalogue.server.ts';
import { shopperPlace } from '#/features/catalogue/place.server.ts';
import { parseJsonBody } from '#/lib/http/json.ts';

/** SPEC §7.2 POST /ondc/search: the providers tab or the dishes tab (at most 30 dishes a page). */
export const POST: APIRoute = async ({ request, cookies }) => {
  const body = await parseJsonBody(request, searchSchema);
  if (!body.ok) return body.response;
  const place = shopperPlace(request, cookies);
  const database = getDatabase();
  const { searchText, limit, page, sort } = body.data;
  if (body.data.searchType === 'provider') {
    return Response.json(await providersNear(database, place, { quickFilters: [], sort, limit, page, searchText }));
  }
  return Response.json(await searchDishes(database, place, { searchText, limit: Math.min(limit, LIMITS.searchDishes), page }));
};
