// The service worker, hand-written for this site (no Workbox: the rules fit in a few hundred lines
// and the whole worker ships as one small file). Bundled by integration.ts into /sw.js with
// __SW_VERSION__ (a hash of the build) and __SHELL__ (what is saved at install).
// What it may do with each request is decided by cache-rules.ts.
import {
  CAPS,
  entriesToEvict,
  markOfflineCopy,
  mayActivate,
  mayStore,
  OFFLINE_COPY_HEADER,
  offlineCopyDue,
  PAGE_PINCODE_HEADER,
  PAGE_TIMEOUT_MS,
  pageCacheKey,
  strategyFor,
  type CacheCap,
} from './cache-rules.ts';

declare const __SW_VERSION__: string;
declare const __SHELL__: string[];

// The worker's own types (the webworker lib would clash with the DOM lib the rest of src/ uses).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEvent extends ExtendableEvent {
  data: unknown;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  clients: { matchAll(options: { type: 'window' }): Promise<Array<{ url: string }>> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const sw = self as unknown as WorkerScope;

const SHELL_CACHE = `kirana-shell-${__SW_VERSION__}`;
/** Runtime caches outlive versions: /_astro names never repeat, and saved pages keep their chunks. */
const CACHES = { pages: 'kirana-pages', immutable: 'kirana-astro', media: 'kirana-media', static: 'kirana-static' } as const;
const OFFLINE_PAGE = '/offline';
const ACTIVATE = 'kirana:activate';

sw.addEventListener('install', (event) => {
  // No skipWaiting here: a new version waits for a navigation (see the fetch handler).
  // Without cookies: the offline page is the same for every shopper.
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(__SHELL__.map((url) => new Request(url, { credentials: 'omit' })))));
});

// No clients.claim(): the page that installed the worker was loaded without it and carries on so;
// the worker serves from the next navigation.
sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('kirana-shell-') && name !== SHELL_CACHE).map((name) => caches.delete(name)))),
  );
});

sw.addEventListener('message', (event) => {
  if (event.data === ACTIVATE) void sw.skipWaiting();
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy = strategyFor({ method: request.method, url: request.url, mode: request.mode, origin: sw.location.origin });
  if (strategy === 'pass') return;
  if (request.mode === 'navigate') event.waitUntil(activateWaitingVersion(request.url));
  switch (strategy) {
    case 'page':
      return event.respondWith(publicPage(event));
    case 'private-page':
      return event.respondWith(fetch(request).catch(() => offlinePage()));
    case 'immutable':
      return event.respondWith(cacheFirst(request, CACHES.immutable, CAPS.immutable));
    case 'media':
      return event.respondWith(staleWhileRevalidate(event, CACHES.media, CAPS.media));
    case 'static':
      return event.respondWith(staleWhileRevalidate(event, CACHES.static, CAPS.static));
  }
});

/**
 * A new version takes over on the next navigation, unless a checkout is open (or being opened):
 * skipWaiting hands every open page of the site to the new worker at once.
 */
async function activateWaitingVersion(target: string) {
  const waiting = sw.registration.waiting;
  if (!waiting) return;
  const open = await sw.clients.matchAll({ type: 'window' });
  if (mayActivate([target, ...open.map((client) => client.url)])) waiting.postMessage(ACTIVATE);
}

async function publicPage(event: FetchEvent): Promise<Response> {
  const key = pageCacheKey(event.request.url);
  const cache = await caches.open(CACHES.pages);
  const network = fetch(event.request).then(async (response) => {
    if (response.ok && isHtml(response)) {
      // A page made for this shopper (no-store: their address is on it) is shown, never kept: the
      // copy kept is one asked for without cookies. A page the server marked storable (a visitor
      // with no cookies yet) is that copy already.
      if (mayStore(response.headers.get('cache-control'))) await save(cache, key, response.clone(), CAPS.pages);
      else event.waitUntil(saveOfflineCopy(cache, key, event.request.url, response.headers.get(PAGE_PINCODE_HEADER)).catch(() => undefined));
    }
    return response;
  });
  // The page is saved even when the copy answered first.
  event.waitUntil(network.catch(() => undefined));
  const saved = await cache.match(key);
  if (!saved) return network.catch(() => offlinePage());
  if (!navigator.onLine) return offlineCopy(saved);
  const timedOut = new Promise<null>((resolve) => setTimeout(() => resolve(null), PAGE_TIMEOUT_MS));
  const fresh = await Promise.race([network.catch(() => null), timedOut]);
  return fresh ?? offlineCopy(saved);
}

const isHtml = (response: Response) => (response.headers.get('content-type') ?? '').startsWith('text/html');

/** Saves the public page as anyone at this pincode sees it, unless a recent copy of it is kept. */
async function saveOfflineCopy(cache: Cache, key: string, url: string, pincode: string | null) {
  const saved = await cache.match(key);
  if (!offlineCopyDue(saved ? { pincode: saved.headers.get(PAGE_PINCODE_HEADER), savedAt: saved.headers.get(SAVED_AT) } : null, pincode)) return;
  const headers: Record<string, string> = { [OFFLINE_COPY_HEADER]: '1', ...(pincode ? { pincode } : {}) };
  const copy = await fetch(url, { credentials: 'omit', headers, redirect: 'error' }).catch(() => null);
  if (copy?.ok && isHtml(copy) && mayStore(copy.headers.get('cache-control'))) await save(cache, key, copy, CAPS.pages, pincode);
}

async function offlineCopy(saved: Response): Promise<Response> {
  const html = markOfflineCopy(await saved.text(), saved.headers.get(SAVED_AT) ?? '');
  return new Response(html, { status: 200, headers: plainHeaders(saved.headers) });
}

async function offlinePage(): Promise<Response> {
  return (
    (await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE })) ??
    new Response('You are offline', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  );
}

async function cacheFirst(request: Request, name: string, cap: CacheCap): Promise<Response> {
  const cache = await caches.open(name);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await save(cache, request.url, response.clone(), cap);
  return response;
}

async function staleWhileRevalidate(event: FetchEvent, name: string, cap: CacheCap): Promise<Response> {
  const cache = await caches.open(name);
  const hit = await cache.match(event.request);
  const refresh = fetch(event.request).then(async (response) => {
    if (response.ok) await save(cache, event.request.url, response.clone(), cap);
    return response;
  });
  event.waitUntil(refresh.catch(() => undefined));
  return hit ?? refresh;
}

const SAVED_AT = 'x-kirana-saved-at';
const BYTES = 'x-kirana-bytes';

/** Headers of a response the worker builds: the body is already decoded, so no encoding or length. */
function plainHeaders(from: Headers): Headers {
  const headers = new Headers(from);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return headers;
}

/**
 * Saves a response with its size and time (and the pincode a page copy was made for), then drops
 * the oldest entries past the cache's cap. What the server marked no-store is never saved.
 */
async function save(cache: Cache, key: string, response: Response, cap: CacheCap, pincode: string | null = null) {
  if (!mayStore(response.headers.get('cache-control'))) return;
  const body = await response.blob();
  const headers = plainHeaders(response.headers);
  headers.set(BYTES, String(body.size));
  headers.set(SAVED_AT, new Date().toISOString());
  if (pincode) headers.set(PAGE_PINCODE_HEADER, pincode);
  // Deleting first puts the entry last: keys() lists entries oldest first.
  await cache.delete(key);
  await cache.put(key, new Response(body, { status: response.status, statusText: response.statusText, headers }));
  const keys = await cache.keys();
  const entries = await Promise.all(keys.map(async (request) => ({ request, bytes: Number((await cache.match(request))?.headers.get(BYTES) ?? 0) })));
  await Promise.all(entriesToEvict(entries, cap).map((entry) => cache.delete(entry.request)));
}
