/** SPEC §8: when a chunk load fails, the page reloads at most once per minute. */
const CHUNK_RELOAD_INTERVAL_MS = 60_000;
const CHUNK_RELOAD_KEY = 'chunkReloadAt';

/**
 * Offline, a chunk fails for want of a connection, not because a deploy replaced it: reloading
 * would swap the live page (and the taps waiting in its queue) for a saved copy (issue 15).
 */
export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number, online = true): boolean {
  if (!online) return false;
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

/** A failed dynamic import or island script, as browsers word it. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError/i.test(message);
}

/**
 * A script chunk of ours that came back as an error (Astro's islands swallow their import
 * failure, so the resource timing is what tells). Chromium reports the status; 0 is a network
 * failure, which only counts when the transfer also has no size.
 */
export function isFailedChunk(entry: { name: string; initiatorType: string; responseStatus?: number; transferSize: number }): boolean {
  if (!/\/_astro\/[^/?#]+\.js(\?|$)/.test(entry.name)) return false;
  const status = entry.responseStatus;
  return status !== undefined && (status >= 400 || (status === 0 && entry.transferSize === 0 && entry.initiatorType !== 'link'));
}

/** Reloads unless this tab already did within the minute; the time lives in session storage so it survives the reload. */
export function reloadAfterChunkError(win: Window = window) {
  const stored = Number(win.sessionStorage.getItem(CHUNK_RELOAD_KEY));
  const now = Date.now();
  if (!shouldReloadAfterChunkError(Number.isFinite(stored) && stored > 0 ? stored : null, now, win.navigator.onLine)) return;
  win.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  win.location.reload();
}

/** Installs the reload rule for the chunks a hydrated island loads later (client:interaction covers the island's own). */
export function installChunkReload(win: Window = window) {
  const onFailure = (reason: unknown) => {
    if (isChunkLoadError(reason)) reloadAfterChunkError(win);
  };
  win.addEventListener('unhandledrejection', (event) => onFailure(event.reason));
  if (typeof PerformanceObserver !== 'undefined') {
    new PerformanceObserver((list) => {
      const failed = (list.getEntries() as PerformanceResourceTiming[]).find((e) => isFailedChunk(e));
      if (failed) onFailure(new Error(`ChunkLoadError: ${failed.name}`));
    }).observe({ type: 'resource', buffered: true });
  }
  win.addEventListener('vite:preloadError', (event) => onFailure((event as Event & { payload?: unknown }).payload));
}
