import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { saveReturnPhoto } from '#/features/orders/returns.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError, parseQuery, readBytes } from '#/lib/http/json.ts';

const querySchema = z.object({ order_id: z.string().min(1, 'order_id is required').max(40) });

/**
 * POST /ondc/order/return-photo?order_id (body: the photo's bytes, resized on the phone to at most
 * 1280 px): keeps one photo for a return of the shopper's delivered order → {data: {photo_id}}.
 */
export const POST: APIRoute = async ({ request, url, cookies, locals }) => {
  const query = parseQuery(url, querySchema);
  if (!query.ok) return query.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  if (!shopper) return jsonError(404, 'No such order');
  // At most RETURN_PHOTO_MAX_BYTES: the body was read against this route's limit (body-limits.ts).
  const bytes = await readBytes(request);
  if (bytes.byteLength === 0) return jsonError(400, 'Send the photo as the request body');
  const saved = await saveReturnPhoto(getDatabase(), shopper, query.data.order_id, bytes);
  if (!saved.ok) return jsonError(saved.status, saved.message);
  return Response.json({ status: 'ACK', data: { photo_id: saved.id } });
};
