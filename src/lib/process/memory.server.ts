/** How much the process must have grown since the last release for another to be worth its pause. */
const WORTH_RELEASING_BYTES = 32 * 1024 * 1024;
/**
 * The least time between two releases while a burst goes on: each stops the process for tens of
 * milliseconds, so under sustained load they take at most a few per cent of it.
 */
const RELEASE_GAP_MS = 2_000;
let rssAfterRelease = 0;
let releasedAt = 0;

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
  releasedAt = performance.now();
}

/**
 * Counts pieces of bursty work under way (requests, searches answered); once none has run for
 * `quietMs` and the process has grown by 32 MB since the last release, releases what they freed.
 * A burst that does not stop (sustained load) is not waited out (issue 30): V8 sizes its heap for
 * throughput and let the storefront grow from ~220 to 400+ MB of pages it would collect later;
 * when a piece of work ends and the process has grown by 32 MB, what is free goes back then,
 * at most once every 2 s.
 */
export function releaseAfterBursts(quietMs: number) {
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  // A release during the burst measured the process with the burst's work still under way: once
  // quiet, what that work held goes back too, grown or not.
  let releasedDuringBurst = false;
  const releaseIfGrown = () => {
    if (process.memoryUsage.rss() - rssAfterRelease >= WORTH_RELEASING_BYTES) releaseFreedMemory();
  };
  const releaseOnceQuiet = () => {
    if (releasedDuringBurst) releaseFreedMemory();
    else releaseIfGrown();
    releasedDuringBurst = false;
  };
  return {
    /** requests begun and not yet ended */
    inFlight: () => running,
    begin() {
      running++;
      clearTimeout(timer);
    },
    end() {
      running--;
      if (running > 0) {
        if (performance.now() - releasedAt < RELEASE_GAP_MS) return;
        const before = releasedAt;
        releaseIfGrown();
        releasedDuringBurst ||= releasedAt !== before;
        return;
      }
      timer = setTimeout(releaseOnceQuiet, quietMs);
      timer.unref();
    },
  };
}
