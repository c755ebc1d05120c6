import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { curatedSchema } from '#/features/catalogue/catalogue.ts';
import { groceryItems } from '#/features/catalogue/catalogue.server.ts';
import { CURATED_LISTS } from '#/features/catalogue/home.ts';
import { CURATED_COMPLETE_BELOW } from '#/features/catalogue/item-rules.ts';
import { shopperPlace } from '#/features/catalogue/place.server.ts';
import { parseJsonBody } from '#/lib/http/json.ts';

/** SPEC §7.2 POST /ondc/curated/list: a curated list page; complete under 10 results (SPEC §9). */
export const POST: APIRoute = async ({ request, cookies }) => {
  const body = await parseJsonBody(request, curatedSchema);
  if (!body.ok) return body.response;
  const list = CURATED_LISTS[body.data.url];
  const result = await groceryItems(getDatabase(), shopperPlace(request, cookies), {
    filters: [...list.filters],
    orFilters: [],
    sort: 'discount',
    limit: 20,
    searchType: 'ITEM',
    page: body.data.payload.page,
  });
  return Response.json({ title: list.title, ...result, completed: result.data.length < CURATED_COMPLETE_BELOW || result.completed });
};
