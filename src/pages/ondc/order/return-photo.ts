import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '../../../db/client.ts';
import { RETURN_PHOTO_MAX_BYTES } from '../../../features/orders/returns.ts';
import { saveReturnPhoto } from '../../../features/orders/returns.server.ts';
import { shopperKey } from '../../../features/platform/shopper.server.ts';
import { jsonError, parseQuery } from '../../../lib/http/json.ts';

const querySchema = z.object({ order_id: z.string().min(1, 'order_id is required').max(40) });

/** Reads at most `limit` bytes of the body; null when there are more. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!request.body) return new Uint8Array();
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * POST /ondc/order/return-photo?order_id (body: the photo's bytes, resized on the phone to at most
 * 1280 px): keeps one photo for a return of the shopper's delivered order → {data: {photo_id}}.
 */
export const POST: APIRoute = async ({ request, url, cookies, locals }) => {
  const query = parseQuery(url, querySchema);
  if (!query.ok) return query.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  if (!shopper) return jsonError(404, 'No such order');
  const bytes = await readLimited(request, RETURN_PHOTO_MAX_BYTES);
  if (!bytes) return jsonError(413, 'The photo is larger than 2 MB');
  if (bytes.byteLength === 0) return jsonError(400, 'Send the photo as the request body');
  const saved = await saveReturnPhoto(getDatabase(), shopper, query.data.order_id, bytes);
  if (!saved.ok) return jsonError(saved.status, saved.message);
  return Response.json({ status: 'ACK', data: { photo_id: saved.id } });
};
