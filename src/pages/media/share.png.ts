import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { fetchSellerImage } from '#/features/catalogue/media.server.ts';
import { shareCard } from '#/features/sharing/sharing.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';

/** GET /media/share.png?src=<seller image URL>: the seller's picture as a 1200×630 link-preview card (issue 29). */
export const GET: APIRoute = async ({ url }) => {
  const query = parseQuery(url, z.object({ src: z.string().min(1).max(1000) }));
  if (!query.ok) return query.response;
  const image = await fetchSellerImage(getDatabase(), query.data.src);
  if (!image.ok) return jsonError(image.status, image.message);
  let card: Buffer;
  try {
    card = await shareCard(image.body);
  } catch {
    return jsonError(502, 'The seller image could not be drawn');
  }
  return new Response(new Uint8Array(card), {
    headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' },
  });
};
