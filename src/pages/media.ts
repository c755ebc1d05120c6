import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '../db/client.ts';
import { fetchSellerImage } from '../features/catalogue/media.server.ts';
import { jsonError, parseQuery } from '../lib/http/json.ts';

/** GET /media?src=<seller image URL>: the image through our origin, cached for a day. */
export const GET: APIRoute = async ({ url }) => {
  const query = parseQuery(url, z.object({ src: z.string().min(1).max(1000) }));
  if (!query.ok) return query.response;
  const image = await fetchSellerImage(getDatabase(), query.data.src);
  if (!image.ok) return jsonError(image.status, image.message);
  return new Response(image.body, {
    headers: { 'Content-Type': image.type, 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' },
  });
};
