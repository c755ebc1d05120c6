import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { searchDropdown } from '#/features/catalogue/catalogue.server.ts';
import { shopperPlace } from '#/features/catalogue/place.server.ts';
import { catalogueJson, parseQuery } from '#/lib/http/json.ts';

/** SPEC §7.2 GET /ondc/search-dropdown-data?searchText: stores and items as the shopper types. */
export const GET: APIRoute = async ({ url, request, cookies }) => {
  const query = parseQuery(url, z.object({ searchText: z.string().trim().min(1, 'searchText is required').max(100) }));
  if (!query.ok) return query.response;
  return catalogueJson({ data: await searchDropdown(getDatabase(), shopperPlace(request, cookies), query.data.searchText) });
};
