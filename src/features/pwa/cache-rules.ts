// What the service worker (sw.ts) may do with each request, as pure rules it imports, so every
// route's treatment is unit-tested here. The worker never changes what the server decides: it only
// keeps copies of what anyone may see, and answers from them when the network cannot.
import { OFFLINE_COPY_ATTRIBUTE } from './offline-copy.ts';

/**
 * - `pass`: the worker stays out of it (the browser's own fetch: cart, checkout, payment, orders,
 *   every POST, every /ondc/* call, other origins). Nothing is stored.
 * - `private-page`: a page that is the shopper's own (cart, payment, orders…): network only, never
 *   stored; without a connection the offline page is shown.
 * - `page`: a public catalogue page: network first with a short timeout, the last good copy
 *   (marked as an offline copy) when the network fails, else the offline page.
 * - `immutable`: hashed build output (/_astro/*): cache first, never revalidated.
 * - `media`: seller images through /media: stale-while-revalidate, capped in entries and bytes.
 * - `static`: the project's own public files (icons, category art, manifest): stale-while-revalidate.
 */
export type Strategy = 'pass' | 'private-page' | 'page' | 'immutable' | 'media' | 'static';

export interface RequestFacts {
  method: string;
  url: string;
  /** Request.mode: 'navigate' for a page the browser is opening. */
  mode: string;
  /** The worker's own origin. */
  origin: string;
}

/** Pages anyone sees alike (server-rendered catalogue and legal pages): a saved copy holds nothing private. */
export const PUBLIC_PAGES: ReadonlySet<string> = new Set([
  '/',
  '/stores',
  '/offers',
  '/curated',
  '/search',
  '/unified-search',
  '/grocery-category',
  '/grocery-search',
  '/sub-category-items',
  '/brand',
  '/brand-new',
  '/brand-search',
  '/product',
  '/privacy-policy',
  '/terms-and-conditions',
]);

/** Where a shopper is mid-checkout: a new worker never takes over while one of these is open. */
const CHECKOUT_PAGES: ReadonlySet<string> = new Set(['/payment', '/order-confirmation']);

const STATIC_PREFIXES = ['/images/', '/icons/'];
const STATIC_FILES = new Set(['/favicon.svg', '/manifest.webmanifest']);

/** The strategy for one request. Anything not named here is `pass`: unknown means private. */
export function strategyFor(request: RequestFacts): Strategy {
  if (request.method !== 'GET') return 'pass';
  const url = new URL(request.url);
  if (url.origin !== request.origin) return 'pass';
  const path = url.pathname;
  if (request.mode === 'navigate') return PUBLIC_PAGES.has(path) ? 'page' : 'private-page';
  if (path.startsWith('/_astro/')) return 'immutable';
  if (path === '/media' && url.searchParams.has('src')) return 'media';
  if (STATIC_FILES.has(path) || STATIC_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'static';
  return 'pass';
}

/**
 * Whether the worker may keep a response: never one the server marked `no-store` (issue 24: a
 * shopper's own page, with their delivery address, stayed readable offline on a shared phone).
 */
export function mayStore(cacheControl: string | null): boolean {
  return !/(?:^|,)\s*no-store\s*(?:,|$)/i.test(cacheControl ?? '');
}

/**
 * The copy of a public page that is saved: asked for by the worker with no cookies (so it carries
 * nothing of the shopper's: no delivery address, no cart), for the shopper's pincode (SPEC §7's
 * `pincode` header), marked so the server neither counts it as a page view nor sets a session.
 */
export const OFFLINE_COPY_HEADER = 'x-kirana-offline-copy';
/** On a public page, the pincode it was made for (the worker asks for the copy of that pincode). */
export const PAGE_PINCODE_HEADER = 'x-kirana-pincode';
/** A saved copy younger than this, of the same pincode, is not asked for again. */
const OFFLINE_COPY_FRESH_MS = 10 * 60_000;

/** Whether a saved copy needs asking for again: none, another pincode's, or an old one. */
export function offlineCopyDue(saved: { pincode: string | null; savedAt: string | null } | null, pincode: string | null, now = Date.now()): boolean {
  if (!saved || saved.pincode !== pincode) return true;
  const at = Date.parse(saved.savedAt ?? '');
  return !Number.isFinite(at) || now - at > OFFLINE_COPY_FRESH_MS;
}

/** Query parameters that only say where a visit came from: one saved copy serves them all. */
const TRACKING_PARAMS = /^(utm_[a-z]+|gclid|fbclid)$/;

/** The key a public page is saved under: its URL without the fragment and tracking parameters. */
export function pageCacheKey(url: string): string {
  const key = new URL(url);
  key.hash = '';
  for (const name of [...key.searchParams.keys()]) if (TRACKING_PARAMS.test(name)) key.searchParams.delete(name);
  return key.href;
}

/** Buttons that buy: on a saved copy their prices may be old, so they are disabled before any script runs. */
const BUYING_BUTTON = /<button(?=\s[^>]*\bclass="[^"]*\b(?:add-to-cart__add|stepper__button|cart-actions__checkout)\b)/g;

/** Marks a saved page as an offline copy (saying when it was saved) and disables its buying buttons. */
export function markOfflineCopy(html: string, savedAt: string): string {
  const stamp = savedAt.replace(/[^0-9TZ:.+-]/g, '');
  return html.replace(/<html(?=[\s>])/i, `<html ${OFFLINE_COPY_ATTRIBUTE}="${stamp}"`).replace(BUYING_BUTTON, '<button disabled');
}

/**
 * A waiting worker takes over on a navigation only when no open page (nor the one being opened)
 * is in checkout: a checkout keeps the code and caches it started with.
 */
export function mayActivate(openPageUrls: readonly string[]): boolean {
  return openPageUrls.every((url) => !CHECKOUT_PAGES.has(new URL(url).pathname));
}

export interface CacheCap {
  maxEntries: number;
  maxBytes: number;
}

/** How much each runtime cache may hold on a low-end phone. */
export const CAPS = {
  pages: { maxEntries: 40, maxBytes: 4_000_000 },
  immutable: { maxEntries: 120, maxBytes: 8_000_000 },
  media: { maxEntries: 80, maxBytes: 6_000_000 },
  static: { maxEntries: 60, maxBytes: 2_000_000 },
} as const satisfies Record<string, CacheCap>;

/** The oldest entries to drop (entries oldest first) so the rest fits the cap. */
export function entriesToEvict<T extends { bytes: number }>(entries: readonly T[], cap: CacheCap): T[] {
  let count = entries.length;
  let bytes = entries.reduce((sum, e) => sum + e.bytes, 0);
  const evicted: T[] = [];
  for (const entry of entries) {
    if (count <= cap.maxEntries && bytes <= cap.maxBytes) break;
    evicted.push(entry);
    count--;
    bytes -= entry.bytes;
  }
  return evicted;
}

/** How long a page waits for the network before the saved copy answers (slow 2G still gets a fresh page with no copy). */
export const PAGE_TIMEOUT_MS = 3_000;
