/** SPEC §8: when a chunk load fails, the page reloads at most once per minute. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_KEY = 'chunkReloadAt';

export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

/** A failed dynamic import or island script, as browsers word it. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError/i.test(
    message,
  );
}

/** Installs the reload rule; the last reload time lives in session storage so it survives the reload. */
export function installChunkReload(win: Window = window) {
  const onFailure = (reason: unknown) => {
    if (!isChunkLoadError(reason)) return;
    const stored = Number(win.sessionStorage.getItem(CHUNK_RELOAD_KEY));
    const now = Date.now();
    if (!shouldReloadAfterChunkError(Number.isFinite(stored) && stored > 0 ? stored : null, now)) return;
    win.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
    win.location.reload();
  };
  win.addEventListener('unhandledrejection', (event) => onFailure(event.reason));
  win.addEventListener('vite:preloadError', (event) => onFailure((event as Event & { payload?: unknown }).payload));
}
