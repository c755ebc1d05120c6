/** How much the process must have grown since the last release for another to be worth its pause. */
const WORTH_RELEASING_BYTES = 32 * 1024 * 1024;
let rssAfterRelease = 0;

/**
 * Gives the system back the memory a burst of work has just freed (the catalogue ingest and a
 * burst of requests in the storefront, answering full catalogue searches in the seller network).
 * V8 keeps the pages a collection frees pooled until its memory reducer runs, 10–20 s or more
 * later; a last-resort collection unmaps them at once (storefront ~270 → ~200 MB right after the
 * start-up ingest, issue 14). It stops the process for tens of milliseconds: call it after a
 * burst, never per request. A no-op unless Node runs with --expose-gc (node-flags.ts).
 */
export function releaseFreedMemory() {
  if (!globalThis.gc) return;
  globalThis.gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  rssAfterRelease = process.memoryUsage.rss();
}

/**
 * Counts pieces of bursty work under way (requests, searches answered); once none has run for
 * `quietMs` and the process has grown by 32 MB since the last release, releases what they freed.
 */
export function releaseAfterBursts(quietMs: number) {
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  const releaseIfGrown = () => {
    if (process.memoryUsage.rss() - rssAfterRelease >= WORTH_RELEASING_BYTES) releaseFreedMemory();
  };
  return {
    begin() {
      running++;
      clearTimeout(timer);
    },
    end() {
      running--;
      if (running > 0) return;
      timer = setTimeout(releaseIfGrown, quietMs);
      timer.unref();
    },
  };
}
