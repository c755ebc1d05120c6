import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { searchSuggestions } from '#/features/catalogue/catalogue.server.ts';
import { shopperPlace } from '#/features/catalogue/place.server.ts';
import { catalogueJson } from '#/lib/http/json.ts';

/** SPEC §7.2 GET /ondc/search-suggestion: popular searches near the shopper. */
export const GET: APIRoute = async ({ request, cookies }) => {
  const place = shopperPlace(request, cookies);
  return catalogueJson({ data: await searchSuggestions(getDatabase(), place) });
};
