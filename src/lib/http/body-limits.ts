// How many bytes each endpoint's request body may have (issue 24: input hygiene). The storefront
// reads every body against its route's limit before any route runs (body.server.ts): a declared
// Content-Length over it is refused at once, a chunked body the moment it passes it, so nothing
// larger is ever held in memory or parsed. One table, so a route's limit is seen beside the others.
import { MAX_BODY_BYTES as ANALYTICS_MAX_BYTES } from '#/features/analytics/events.ts';
import { RETURN_PHOTO_MAX_BYTES } from '#/features/orders/returns.ts';

const KB = 1024;

/**
 * Seller callbacks: an on_search page carries at most 500 items (src/network/search.ts) and
 * measured at most 528 KB at the default catalogue (89 pages); ONDC sellers page their catalogues too. 2 MB leaves
 * room for richer item descriptors; the inbox (64 MB of pages waiting, message-store.server.ts)
 * then holds at least 32 pages.
 */
export const CALLBACK_MAX_BYTES = 2 * 1024 * KB;

/** Any body not named below: a form, a small JSON call, or a page that takes no body at all. */
export const DEFAULT_MAX_BYTES = 8 * KB;

/** Per route, the most its body may hold: the first rule whose path matches applies. */
const LIMITS: ReadonlyArray<{ path: RegExp; maxBytes: number }> = [
  { path: /^\/bap\/on_[a-z_]+$/, maxBytes: CALLBACK_MAX_BYTES },
  // The phone resizes a return photo to 1280 px before it is sent (returns.ts).
  { path: /^\/ondc\/order\/return-photo$/, maxBytes: RETURN_PHOTO_MAX_BYTES },
  // SPEC §7.5 analytics: a batch of events (events.ts).
  { path: /^\/(?:ondc\/hive|ondc\/log|ins-api|insttttruummeenttt)$/, maxBytes: ANALYTICS_MAX_BYTES },
  // Bodies derived from a whole cart (SPEC §7.3 select, init, confirm) or a shopper's saved
  // addresses (SPEC §7.1 sync): a full cart of long titles stays well under it.
  { path: /^\/(?:ondc\/select|ondc\/init|ondc\/confirm|sync\/unified\/address)$/, maxBytes: 64 * KB },
  // Catalogue queries with filter lists (SPEC §7.2), cart actions, order updates with their items.
  { path: /^\/(?:ondc\/|save\/unified\/address$)/, maxBytes: 16 * KB },
];

/** The most bytes a request's body may have, by the route its path names. */
export function bodyLimitFor(pathname: string): number {
  return LIMITS.find((rule) => rule.path.test(pathname))?.maxBytes ?? DEFAULT_MAX_BYTES;
}

/** The 413 answer's message: what was too large and what the limit is. */
export function tooLargeMessage(maxBytes: number): string {
  const size = maxBytes >= 1024 * KB ? `${maxBytes / (1024 * KB)} MB` : `${maxBytes / KB} KB`;
  return `The request body is larger than this endpoint takes (${size})`;
}
