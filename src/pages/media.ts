import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { fetchSellerImage } from '#/features/catalogue/media.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';

/**
 * A seller's image runs nothing and reaches nothing of ours, even opened on its own as a document
 * (issue 24: an SVG can carry script, and this is our origin): the sandbox gives it an opaque
 * origin with scripts, forms and plugins off, and no fetch leaves it. An <img> never runs an SVG's
 * script, so images keep their vector form rather than being re-encoded on every request.
 */
const SELLER_IMAGE_HEADERS = {
  'Content-Security-Policy': "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
  'Content-Disposition': 'inline',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** GET /media?src=<seller image URL>: the image through our origin, cached for a day. */
export const GET: APIRoute = async ({ url }) => {
  const query = parseQuery(url, z.object({ src: z.string().min(1).max(1000) }));
  if (!query.ok) return query.response;
  const image = await fetchSellerImage(getDatabase(), query.data.src);
  if (!image.ok) return jsonError(image.status, image.message);
  return new Response(image.body, {
    headers: { ...SELLER_IMAGE_HEADERS, 'Content-Type': image.type, 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' },
  });
};
