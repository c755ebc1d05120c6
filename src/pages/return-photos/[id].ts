import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { readReturnPhoto } from '#/features/orders/returns.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError } from '#/lib/http/json.ts';
import { findBuyerApp } from '#/ondc/runtime.server.ts';

/** GET /return-photos/<id>: a return photo, for the order's shopper or through the seller's signed link. */
export const GET: APIRoute = async ({ params, url, cookies, locals }) => {
  const id = params['id'] ?? '';
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return jsonError(404, 'No such photo');
  const photo = await readReturnPhoto(getDatabase(), findBuyerApp(), id, {
    shopper: shopperKey(cookies, locals.userId, { create: false }),
    expires: url.searchParams.get('expires'),
    sig: url.searchParams.get('sig'),
  });
  if (!photo) return jsonError(404, 'No such photo');
  return new Response(photo.body, { headers: { 'Content-Type': photo.type, 'Cache-Control': 'private, max-age=3600', 'X-Content-Type-Options': 'nosniff' } });
};
