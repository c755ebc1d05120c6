import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { groceryFiltersSchema } from '#/features/catalogue/catalogue.ts';
import { groceryFilters } from '#/features/catalogue/catalogue.server.ts';
import { NO_PINCODE_MESSAGE, shopperPlace } from '#/features/catalogue/place.server.ts';
import { jsonError, parseJsonBody } from '#/lib/http/json.ts';

/** SPEC §7.2 POST /ondc/fetch/grocery/filters: facet values and counts for one filter field. */
export const POST: APIRoute = async ({ request, cookies }) => {
  const body = await parseJsonBody(request, groceryFiltersSchema);
  if (!body.ok) return body.response;
  const place = shopperPlace(request, cookies);
  if (!place.known) return jsonError(400, NO_PINCODE_MESSAGE);
  const values = await groceryFilters(getDatabase(), place, body.data);
  return Response.json({ field: body.data.selectedFilterFieldName, data: values });
};
