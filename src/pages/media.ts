import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { fetchSellerImage, MEDIA_WIDTHS, type MediaWidth, sellerImageRendition } from '#/features/catalogue/media.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';

/**
 * A seller's image runs nothing and reaches nothing of ours, even opened on its own as a document
 * (issue 24: an SVG can carry script, and this is our origin): the sandbox gives it an opaque
 * origin with scripts, forms and plugins off, and no fetch leaves it. Pages ask for the size they
 * show (`w`: a photo comes back as a smaller WebP, an SVG as it is); without `w`, the seller's own
 * file is what crawlers and previews fetch.
 */
const SELLER_IMAGE_HEADERS = {
  'Content-Security-Policy': "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
  'Content-Disposition': 'inline',
  'X-Content-Type-Options': 'nosniff',
} as const;

const mediaQuery = z.object({
  src: z.string().min(1).max(1000),
  w: z
    .literal(MEDIA_WIDTHS.map(String), { message: `must be one of ${MEDIA_WIDTHS.join(', ')}` })
    .transform((w) => Number(w) as MediaWidth)
    .optional(),
});

/** GET /media?src=<seller image URL>[&w=<CSS px>]: the image through our origin, cached for a day. */
export const GET: APIRoute = async ({ url }) => {
  const query = parseQuery(url, mediaQuery);
  if (!query.ok) return query.response;
  const { src, w } = query.data;
  const image = w ? await sellerImageRendition(getDatabase(), src, w) : await fetchSellerImage(getDatabase(), src);
  if (!image.ok) return jsonError(image.status, image.message);
  return new Response(image.body, {
    headers: { ...SELLER_IMAGE_HEADERS, 'Content-Type': image.type, 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' },
  });
};
