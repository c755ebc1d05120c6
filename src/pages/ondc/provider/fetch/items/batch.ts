import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { providerItemsSchema } from '#/features/catalogue/catalogue.ts';
import { providerItems } from '#/features/catalogue/catalogue.server.ts';
import { shopperPlace } from '#/features/catalogue/place.server.ts';
import { parseJsonBody } from '#/lib/http/json.ts';

/** SPEC §7.2 POST /ondc/provider/fetch/items/batch: a store's items, recommend/bestseller first. */
export const POST: APIRoute = async ({ request, cookies }) => {
  const body = await parseJsonBody(request, providerItemsSchema);
  if (!body.ok) return body.response;
  return Response.json(await providerItems(getDatabase(), shopperPlace(request, cookies), body.data));
};
