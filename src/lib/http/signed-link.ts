// Links a respondent opens without our cookie (a seller reading a return photo or a complaint's
// account): the thing's id and an expiry, signed with our private key for one purpose, so a link
// for one thing never opens another, nor opens after it expires.
import { createHmac, timingSafeEqual } from 'node:crypto';

function signature(key: string, purpose: string, id: string, expires: number): string {
  return createHmac('sha256', `${key}:${purpose}`).update(`${id}.${expires}`).digest('base64url');
}

/** `<origin><path>?expires=…&sig=…`, good for `ttlMs`. */
export function signedLink(key: string, purpose: string, id: string, url: string, ttlMs: number, now = Date.now()): string {
  const expires = now + ttlMs;
  return `${url}?expires=${expires}&sig=${signature(key, purpose, id, expires)}`;
}

/** Whether a link's expiry and signature are ours for this id and purpose, and not yet expired. */
export function linkIsSigned(
  key: string | null,
  purpose: string,
  id: string,
  link: { expires?: string | null; sig?: string | null },
  now = Date.now(),
): boolean {
  const expires = Number(link.expires);
  if (key === null || !Number.isFinite(expires) || expires <= now) return false;
  const expected = Buffer.from(signature(key, purpose, id, expires));
  const given = Buffer.from(link.sig ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
