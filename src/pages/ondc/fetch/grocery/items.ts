import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { groceryItemsSchema } from '#/features/catalogue/catalogue.ts';
import { groceryItems } from '#/features/catalogue/catalogue.server.ts';
import { NO_PINCODE_MESSAGE, shopperPlace } from '#/features/catalogue/place.server.ts';
import { jsonError, parseJsonBody } from '#/lib/http/json.ts';

/** SPEC §7.2 POST /ondc/fetch/grocery/items: a page of items with filters and sort. */
export const POST: APIRoute = async ({ request, cookies }) => {
  const body = await parseJsonBody(request, groceryItemsSchema);
  if (!body.ok) return body.response;
  const place = shopperPlace(request, cookies);
  if (!place.known) return jsonError(400, NO_PINCODE_MESSAGE);
  return Response.json(await groceryItems(getDatabase(), place, body.data));
};
