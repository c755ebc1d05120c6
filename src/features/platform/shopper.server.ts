import type { AstroCookies } from 'astro';

/**
 * Who a cart, a transaction or an order belongs to: the native app's user id when signed in
 * (SPEC §6), otherwise this browser's device cookie. HttpOnly, so page scripts cannot read or
 * copy it; SameSite=Lax, so other sites cannot act with it.
 */
export const DEVICE_COOKIE = 'kirana_device';
const DEVICE_ID = /^[0-9a-f-]{36}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export function shopperKey(cookies: AstroCookies, userId: string | null, options: { create: boolean }): string | null {
  if (userId) return `user:${userId}`;
  const device = cookies.get(DEVICE_COOKIE)?.value;
  if (device && DEVICE_ID.test(device)) return `device:${device}`;
  if (!options.create) return null;
  const id = crypto.randomUUID();
  cookies.set(DEVICE_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: ONE_YEAR_SECONDS });
  return `device:${id}`;
}
