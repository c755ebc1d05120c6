// The browser side of analytics (SPEC §7.5): loaded on the first event an island reports (never
// on pages without interaction), it fills the §7.5 fields from what the page knows and queues
// events for /ondc/hive: fetch with keepalive while the page lives, sendBeacon as it goes away.
import { STASH_KEY, type StashedEvent } from './emit.ts';
import type { HiveEvent } from './events.ts';
import { eventFields, utmOf, type Utm } from './fields.ts';
import { findBridge } from './native-bridge.ts';
import { AnalyticsQueue, type QueueStorage, type Transport } from './queue.ts';

const QUEUE_KEY = 'kirana.analytics.queue';
const PRIMED_KEY = 'kirana.analytics.primed';
const UTM_KEY = 'kirana.analytics.utm';

function cookie(name: string): string | null {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

const storage: QueueStorage = {
  load: () => safe(() => JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]') as HiveEvent[], []),
  save: (events) => safe(() => localStorage.setItem(QUEUE_KEY, JSON.stringify(events)), undefined),
  primed: () => safe(() => sessionStorage.getItem(PRIMED_KEY) === '1', false),
  prime: () => safe(() => sessionStorage.setItem(PRIMED_KEY, '1'), undefined),
};

/** The §7.5 fields of an event on this page; the landing page's utm fields are kept for the session. */
function common(): Omit<HiveEvent, 'event_name'> {
  const url = new URL(location.href);
  let landingUtm = safe(() => JSON.parse(sessionStorage.getItem(UTM_KEY) ?? 'null') as Utm | null, null);
  if (!landingUtm) {
    landingUtm = utmOf(url);
    safe(() => sessionStorage.setItem(UTM_KEY, JSON.stringify(landingUtm)), undefined);
  }
  return eventFields({
    userAgent: navigator.userAgent,
    cookie,
    url,
    referrer: document.referrer,
    sessionTenant: safe(() => sessionStorage.getItem('tenant'), null),
    landingUtm,
    inNativeApp: findBridge(window as never) !== null,
    now: new Date(),
    eventId: crypto.randomUUID(),
  });
}

function headers(event: HiveEvent | undefined): Record<string, string> {
  const h: Record<string, string> = { 'content-type': 'application/json', appdomain: 'ONDC:RET10' };
  for (const key of ['session_id', 'city_name', 'pincode', 'lat_lng', 'source', 'event_id'] as const) {
    const value = event?.[key];
    if (typeof value === 'string') h[key] = value;
  }
  return h;
}

const transport: Transport = {
  async send(events) {
    const response = await fetch('/ondc/hive', { method: 'POST', keepalive: true, headers: headers(events[0]), body: JSON.stringify(events) });
    // A batch the server refuses as malformed will never go: drop it rather than retry forever.
    return response.ok || (response.status >= 400 && response.status < 500 && response.status !== 429);
  },
  beacon(events) {
    return typeof navigator.sendBeacon === 'function' && navigator.sendBeacon('/ondc/hive', new Blob([JSON.stringify(events)], { type: 'text/plain' }));
  },
};

let queue: AnalyticsQueue | null = null;

function start(): AnalyticsQueue {
  if (queue) return queue;
  const started = new AnalyticsQueue(storage, transport);
  addEventListener('pagehide', () => started.flushOnHide());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') started.flushOnHide();
  });
  addEventListener('online', () => void started.flush());
  // Whatever an earlier page could not send goes now.
  void started.flush();
  queue = started;
  return started;
}

/**
 * Moves the events islands stashed (emit.ts) into the queue, with the page's fields and the time
 * each happened. Without storage the event that called arrives as `fallback`.
 */
export function drainStash(fallbackName: string, fallbackProperties?: Record<string, string | number | boolean | null>): void {
  const queue = start();
  let stash: StashedEvent[] | null = null;
  try {
    stash = JSON.parse(localStorage.getItem(STASH_KEY) ?? '[]') as StashedEvent[];
    localStorage.removeItem(STASH_KEY);
  } catch {
    stash = null;
  }
  const events = stash ?? [{ name: fallbackName, ...(fallbackProperties ? { properties: fallbackProperties } : {}), at: new Date().toISOString() }];
  for (const event of events)
    void queue.push({ event_name: event.name, ...common(), timestamp: event.at, ...(event.properties ? { properties: event.properties } : {}) });
}
