// The analytics rules the page module shares with the server: batch sizes, sources and lines of
// business. No zod here: the page module loads this after a tap, and zod would add ~26 KB
// gzipped to it (issue 16's 90 KB budget); the endpoints' schemas are in event-schemas.ts.
import type { Tenant } from '#/features/platform/tenant.ts';

export type { HiveEvent } from './event-schemas.ts';

/** SPEC §9: the first batch goes once this many events are queued; later events go one by one. */
export const FIRST_BATCH_SIZE = 5;
/** At most this many events wait on a phone (oldest dropped first), so a dead network cannot fill it. */
export const QUEUE_CAP = 200;
/** A batch the server takes at once. */
export const MAX_BATCH = 100;
/** A request body the analytics endpoints read at most. */
export const MAX_BODY_BYTES = 64 * 1024;

/** SPEC §3 tracking event source, from the user agent (the native app says so itself). */
export function sourceOf(userAgent: string, inNativeApp: boolean): 'app' | 'android_mweb' | 'ios_mweb' | 'other_mweb' | 'desktop' {
  if (inNativeApp) return 'app';
  if (/Android/i.test(userAgent)) return 'android_mweb';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios_mweb';
  if (/Mobi/i.test(userAgent)) return 'other_mweb';
  return 'desktop';
}

/** SPEC §3: the line of business follows the tenant. */
export function lobOf(tenant: Tenant): 'electric' | 'mobility' {
  return tenant === 'ev_delivery' ? 'electric' : 'mobility';
}
