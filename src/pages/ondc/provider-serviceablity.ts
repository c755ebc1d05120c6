import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { providerServes } from '#/features/catalogue/catalogue.server.ts';
import { NO_PINCODE_MESSAGE, shopperPlace } from '#/features/catalogue/place.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';

/** SPEC §7.2 GET /ondc/provider-serviceablity (sic): does this store deliver to the shopper's pincode? */
export const GET: APIRoute = async ({ url, request, cookies }) => {
  const query = parseQuery(url, z.object({ provider_id: z.string().min(1).max(200) }));
  if (!query.ok) return query.response;
  const place = shopperPlace(request, cookies);
  if (!place.known) return jsonError(400, NO_PINCODE_MESSAGE);
  const serves = await providerServes(getDatabase(), query.data.provider_id, place.pincode);
  if (serves === null) return jsonError(404, 'This store is not on the network');
  return Response.json({ serviceable: serves, pincode: place.pincode });
};
