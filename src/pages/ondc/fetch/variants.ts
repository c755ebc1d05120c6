import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { variantsSchema } from '#/features/catalogue/catalogue.ts';
import { variantsOf } from '#/features/catalogue/catalogue.server.ts';
import { shopperPlace } from '#/features/catalogue/place.server.ts';
import { parseJsonBody } from '#/lib/http/json.ts';

/** SPEC §7.2 POST /ondc/fetch/variants: other pack sizes of the same product at this store. */
export const POST: APIRoute = async ({ request, cookies }) => {
  const body = await parseJsonBody(request, variantsSchema);
  if (!body.ok) return body.response;
  return Response.json({ data: await variantsOf(getDatabase(), shopperPlace(request, cookies), body.data) });
};
