// Seller images, served from our own origin: the page's CSP allows images from 'self' only, a
// shopper's browser should not open connections to every seller's host, and one cached copy
// serves every shopper. Only hosts of sellers in our catalogue are fetched (no open proxy).
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

export type MediaResult = { ok: true; body: Uint8Array<ArrayBuffer>; type: string } | { ok: false; status: 400 | 404 | 502; message: string };

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
 * card in a list, a listing's tile, the product page. A rendition is made only at these, so no
 * address can make the server draw and keep pictures of any size it is asked for.
 */
export const MEDIA_WIDTHS = [64, 72, 180, 320] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/**
 * The address a page uses for a seller's image: with a width, the picture for that size (see
 * `drawRendition`); without, the seller's own file, for crawlers and link previews. `:` and
 * `/` may stand unescaped in a query (RFC 3986 §3.4), which saves bytes on every item card (issue 16).
 */
export function mediaUrl(src: string | null, width?: MediaWidth): string | null {
  if (!src) return null;
  return `/media?src=${encodeURIComponent(src).replace(/%2F/g, '/').replace(/%3A/g, ':')}${width ? `&w=${width}` : ''}`;
}

/** Phones' screens have two or more device pixels to the CSS pixel: drawn at twice the size, a picture stays sharp. */
const DENSITY = 2;
/** Renditions kept in this process, by total size: a few KB each, so thousands of cards' pictures. */
const RENDITIONS_MAX_BYTES = 16 * 1024 * 1024;
/** A seller may replace a picture at the same address; the shopper's browser keeps it a day anyway. */
const RENDITION_TTL_MS = 60 * 60_000;
type Picture = { body: Uint8Array<ArrayBuffer>; type: string };
const renditions = new Map<string, { at: number; picture: Picture }>();
const drawing = new Map<string, Promise<MediaResult>>();
let renditionBytes = 0;

function keep(key: string, picture: Picture, now: number) {
  const stale = renditions.get(key);
  if (stale) {
    renditions.delete(key);
    renditionBytes -= stale.picture.body.byteLength;
  }
  renditions.set(key, { at: now, picture });
  renditionBytes += picture.body.byteLength;
  for (const [oldest, entry] of renditions) {
    if (renditionBytes <= RENDITIONS_MAX_BYTES) break;
    renditions.delete(oldest);
    renditionBytes -= entry.picture.body.byteLength;
  }
}

/**
 * sharp (libvips) is loaded with the first photo to draw, as for return photos: a storefront whose
 * sellers send only SVGs never carries it. What is worth keeping is the finished picture, kept
 * above; libvips' own cache of operations would hold up to 50 MB of decoded pixels besides (issue
 * 30: memory stays flat).
 */
async function loadSharp() {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  return sharp;
}

/**
 * A seller's picture as a page shows it at `width` CSS pixels (issue 30): a photo becomes a WebP of
 * twice that width, so a seller's 2 MB camera shot reaches a phone as a few KB, decoded off its
 * main thread. Never more bytes than the seller's own file: a smaller WebP or the file as sent.
 * An SVG is sent as it is: our sellers' pictures are ~400 B, and as WebP they were 1.7–4 KB each. On
 * slow 4G those bytes delayed a tap's confirmed badge at first paint by ~200 ms (BENCHMARKS "Session
 * 15"), more than the ~50 ms of main thread (4× CPU: ~200 ms) twelve SVG documents cost a phone.
 * A picture sharp cannot read is sent as it is too, for the browser to try.
 */
export async function drawRendition(picture: Picture, width: MediaWidth): Promise<Picture> {
  if (picture.type === 'image/svg+xml') return picture;
  const side = width * DENSITY;
  try {
    const sharp = await loadSharp();
    const body = await sharp(picture.body, { limitInputPixels: 4096 * 4096 })
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return body.byteLength < picture.body.byteLength ? { body: new Uint8Array(body), type: 'image/webp' } : picture;
  } catch {
    return picture;
  }
}

/** `drawRendition` of a seller's image, drawn once and kept; concurrent requests for one picture share the drawing. */
export async function sellerImageRendition(database: Database, src: string, width: MediaWidth, now = Date.now()): Promise<MediaResult> {
  const key = `${width} ${src}`;
  const kept = renditions.get(key);
  if (kept && now - kept.at < RENDITION_TTL_MS) {
    renditions.delete(key);
    renditions.set(key, kept);
    return { ok: true, ...kept.picture };
  }
  const pending = drawing.get(key);
  if (pending) return pending;
  const draw = (async (): Promise<MediaResult> => {
    const image = await fetchSellerImage(database, src);
    if (!image.ok) return image;
    const picture = await drawRendition(image, width);
    keep(key, picture, now);
    return { ok: true, ...picture };
  })();
  drawing.set(key, draw);
  try {
    return await draw;
  } finally {
    drawing.delete(key);
  }
}
