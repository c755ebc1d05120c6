import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { categoryMapSchema } from '#/features/catalogue/catalogue.ts';
import { providerDetail } from '#/features/catalogue/catalogue.server.ts';
import { jsonError, parseJsonBody } from '#/lib/http/json.ts';

/** SPEC §7.2 POST /ondc/provider/categorymap: a store's categories and sub-categories, available first. */
export const POST: APIRoute = async ({ request }) => {
  const body = await parseJsonBody(request, categoryMapSchema);
  if (!body.ok) return body.response;
  const detail = await providerDetail(getDatabase(), { providerId: body.data.provider_id, locationId: body.data.location_id, place: null });
  if (!detail) return jsonError(404, 'This store is not on the network');
  const wanted = new Set(body.data.categories.map((c) => String(c.id)));
  const categories = wanted.size > 0 ? detail.categories.filter((c) => wanted.has(c.id)) : detail.categories;
  return Response.json({ provider_id: detail.id, data: categories });
};
