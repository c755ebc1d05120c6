import type { AstroCookies } from 'astro';
import { cookieOptions } from '#/lib/http/cookies.server.ts';
import { jsonError } from '#/lib/http/json.ts';

/**
 * Who a cart, a transaction or an order belongs to: the native app's user id when signed in
 * (SPEC §6; `userId` is that id only when its token verified, issue 24), otherwise this browser's
 * device cookie. HttpOnly, so page scripts cannot read or copy it; SameSite=Lax, so other sites
 * cannot act with it; Secure on an https shop.
 */
export const DEVICE_COOKIE = 'kirana_device';
const DEVICE_ID = /^[0-9a-f-]{36}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** This browser's device shopper, whether or not a user is signed in on it. */
export function deviceKey(cookies: AstroCookies): string | null {
  const device = cookies.get(DEVICE_COOKIE)?.value;
  return device && DEVICE_ID.test(device) ? `device:${device}` : null;
}

export function shopperKey(cookies: AstroCookies, userId: string | null, options: { create: boolean }): string | null {
  if (userId) return `user:${userId}`;
  const device = deviceKey(cookies);
  if (device) return device;
  if (!options.create) return null;
  const id = crypto.randomUUID();
  cookies.set(DEVICE_COOKIE, id, cookieOptions({ httpOnly: true, maxAge: ONE_YEAR_SECONDS }));
  return `device:${id}`;
}

/**
 * The shopper a call about an existing transaction acts for. A browser with no shopper yet has no
 * transaction to act on: 404, the same answer as another shopper's transaction, and no new identity.
 */
export function transactionShopper(cookies: AstroCookies, userId: string | null): string | Response {
  return shopperKey(cookies, userId, { create: false }) ?? jsonError(404, 'Unknown transaction');
}
