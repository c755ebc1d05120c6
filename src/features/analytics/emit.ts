// What islands call to report an event: the analytics code loads on the first one, so a page
// pays for analytics only once the shopper does something (issue 12: no JS before interaction).
// The event is kept in localStorage first, so a page that navigates away at once (order placed)
// loses nothing: the next page that loads analytics sends it.
import type { NativeEvent } from './native-bridge.ts';

export const STASH_KEY = 'kirana.analytics.stash';
const STASH_CAP = 50;

export type StashedEvent = { name: string; properties?: Record<string, string | number | boolean | null>; at: string };

export function track(name: string, properties?: Record<string, string | number | boolean | null>): void {
  try {
    const stash = JSON.parse(localStorage.getItem(STASH_KEY) ?? '[]') as StashedEvent[];
    stash.push({ name, ...(properties ? { properties } : {}), at: new Date().toISOString() });
    localStorage.setItem(STASH_KEY, JSON.stringify(stash.slice(-STASH_CAP)));
  } catch {
    // No storage (private mode): the event still goes if the page stays.
  }
  void import('./client.ts').then((client) => client.drainStash(name, properties)).catch(() => {});
}

/** Tells the native app (when the page runs inside it) about one of its six events. */
export function tellNativeApp(event: NativeEvent, data?: Record<string, unknown>): Promise<boolean> {
  return import('./native-bridge.ts').then((bridge) => bridge.callNative(window as never, event, data)).catch(() => false);
}
