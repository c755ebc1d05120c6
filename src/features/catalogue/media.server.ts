// Seller images, served from our own origin: the page's CSP allows images from 'self' only, a
// shopper's browser should not open connections to every seller's host, and one cached copy
// serves every shopper. Only hosts of sellers in our catalogue are fetched (no open proxy).
import sharp from 'sharp';
import type { Database } from '#/db/client.ts';
import { connectTarget } from '#/ondc/client.ts';

const ALLOWED_TYPES = new Set(['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp']);
const MAX_BYTES = 2 * 1024 * 1024;
let sellerOrigins: { at: number; origins: Set<string> } | null = null;

async function knownOrigins(database: Database): Promise<Set<string>> {
  if (sellerOrigins && Date.now() - sellerOrigins.at < 60_000) return sellerOrigins.origins;
  const rows = await database.query<{ bpp_uri: string }>('SELECT bpp_uri FROM catalogue_sellers');
  const origins = new Set(rows.flatMap((r) => (URL.canParse(r.bpp_uri) ? [new URL(r.bpp_uri).origin] : [])));
  sellerOrigins = { at: Date.now(), origins };
  return origins;
}

export type MediaResult = { ok: true; body: Uint8Array; type: string } | { ok: false; status: 400 | 404 | 502; message: string };

export async function fetchSellerImage(database: Database, src: string): Promise<MediaResult> {
  if (!URL.canParse(src)) return { ok: false, status: 400, message: 'src must be an absolute image URL' };
  const url = new URL(src);
  if (!(await knownOrigins(database)).has(url.origin)) return { ok: false, status: 404, message: 'Not a seller image' };
  try {
    const response = await fetch(connectTarget(url.href), { signal: AbortSignal.timeout(3000), redirect: 'error' });
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!response.ok || !ALLOWED_TYPES.has(type)) return { ok: false, status: 502, message: 'The seller did not send an image' };
    const body = new Uint8Array(await response.arrayBuffer());
    if (body.byteLength > MAX_BYTES) return { ok: false, status: 502, message: 'The image is too large' };
    return { ok: true, body, type };
  } catch {
    return { ok: false, status: 502, message: 'The seller image could not be fetched' };
  }
}

/**
 * The sizes, in CSS pixels, at which pages show seller images: the brand header, a store or item
 * card in a list, a listing's tile, the product page. A rendition is made only at these, so no address can make the server
 * draw and keep pictures of any size it is asked for.
 */
export const MEDIA_WIDTHS = [64, 72, 180, 320] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/**
 * The address a page uses for a seller's image: with a width, the picture drawn at that size (see
 * `sellerImageRendition`); without, the seller's own file, for crawlers and link previews. `:` and
 * `/` may stand unescaped in a query (RFC 3986 §3.4), which saves bytes on every item card (issue 16).
 */
export function mediaUrl(src: string | null, width?: MediaWidth): string | null {
  if (!src) return null;
  return `/media?src=${encodeURIComponent(src).replace(/%2F/g, '/').replace(/%3A/g, ':')}${width ? `&w=${width}` : ''}`;
}

/** Phones' screens have two or more device pixels to the CSS pixel: drawn at twice the size, a picture stays sharp. */
const DENSITY = 2;
/** Renditions kept in this process, by total size: 2–5 KB each, so thousands of cards' pictures. */
const RENDITIONS_MAX_BYTES = 16 * 1024 * 1024;
/** A seller may replace a picture at the same address; the shopper's browser keeps it a day anyway. */
const RENDITION_TTL_MS = 60 * 60_000;
const renditions = new Map<string, { at: number; body: Buffer }>();
// What is worth keeping is the finished WebP, kept above; libvips' own cache of operations would
// hold up to 50 MB of decoded pixels besides (issue 30: memory stays flat).
sharp.cache(false);
const drawing = new Map<string, Promise<MediaResult>>();
let renditionBytes = 0;

function keep(key: string, body: Buffer, now: number) {
  const stale = renditions.get(key);
  if (stale) {
    renditions.delete(key);
    renditionBytes -= stale.body.byteLength;
  }
  renditions.set(key, { at: now, body });
  renditionBytes += body.byteLength;
  for (const [oldest, entry] of renditions) {
    if (renditionBytes <= RENDITIONS_MAX_BYTES) break;
    renditions.delete(oldest);
    renditionBytes -= entry.body.byteLength;
  }
}

/**
 * A seller's image as a WebP of `width` CSS pixels (at twice that in device pixels), drawn once and
 * kept (issue 30). An SVG shown by an <img> is a document the phone parses, lays out and paints on
 * its main thread, once per picture: a listing's twelve cost a 4× slower phone ~200 ms of blocked
 * main thread. A raster is decoded off the main thread, and a seller's 2 MB photo becomes a few KB.
 * A picture sharp cannot read is served as the seller sent it, for the browser to try.
 */
export async function sellerImageRendition(database: Database, src: string, width: MediaWidth, now = Date.now()): Promise<MediaResult> {
  const key = `${width} ${src}`;
  const kept = renditions.get(key);
  if (kept && now - kept.at < RENDITION_TTL_MS) {
    renditions.delete(key);
    renditions.set(key, kept);
    return { ok: true, body: kept.body, type: 'image/webp' };
  }
  const pending = drawing.get(key);
  if (pending) return pending;
  const draw = (async (): Promise<MediaResult> => {
    const image = await fetchSellerImage(database, src);
    if (!image.ok) return image;
    const side = width * DENSITY;
    try {
      // A vector is drawn at the density that makes it `side` pixels wide, not drawn small and enlarged.
      const natural = image.type === 'image/svg+xml' ? ((await sharp(image.body).metadata()).width ?? side) : side;
      const density = Math.min(2400, Math.max(1, (72 * side) / natural));
      const body = await sharp(image.body, { density, limitInputPixels: 4096 * 4096 })
        .resize(side, side, { fit: 'inside', withoutEnlargement: image.type !== 'image/svg+xml' })
        .webp({ quality: 70, effort: 6 })
        .toBuffer();
      keep(key, body, now);
      return { ok: true, body, type: 'image/webp' };
    } catch {
      return image;
    }
  })();
  drawing.set(key, draw);
  try {
    return await draw;
  } finally {
    drawing.delete(key);
  }
}
