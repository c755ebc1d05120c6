import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { providerDetail, providerFetch } from '#/features/catalogue/catalogue.server.ts';
import { NO_PINCODE_MESSAGE, shopperPlace } from '#/features/catalogue/place.server.ts';
import { catalogueJson, jsonError, parseQuery } from '#/lib/http/json.ts';

const querySchema = z.object({
  provider_id: z.string().min(1, 'provider_id is required').max(200),
  location_id: z.string().min(1, 'location_id is required').max(200),
  search_text: z.string().max(100).optional(),
  city: z.string().max(40).optional(),
});

/** SPEC §7.2 GET /ondc/provider (guards: a pincode, a provider id and a location id). */
export const GET: APIRoute = async ({ url, request, cookies }) => {
  const place = shopperPlace(request, cookies);
  if (!place.known) return jsonError(400, NO_PINCODE_MESSAGE);
  const query = parseQuery(url, querySchema);
  if (!query.ok) return query.response;
  const detail = await providerDetail(getDatabase(), { providerId: query.data.provider_id, locationId: query.data.location_id, place });
  if (!detail) return jsonError(404, 'This store is not on the network');
  // SPEC §3 names first; our own fields (open state, fees, categories with counts) beside them.
  return catalogueJson({ data: { ...detail, ...(await providerFetch(getDatabase(), place, detail)) } });
};
