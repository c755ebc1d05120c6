// Issue 27: the one clock store hours are read on (SPEC §4 open state: what listings show, what
// the cart and checkout refuse). The real clock, unless the storefront runs the embedded sellers
// on a clock started at a chosen instant (NETWORK_CLOCK_START): then it reads their clock, so it
// never shows a store open that its seller answers closed, or the other way round. The Astro
// routes are bundled apart from the process that starts the sellers, so the clock lives on
// globalThis, as the database does.
const CLOCK = Symbol.for('kirana.store-hours-clock');
type Holder = { [CLOCK]?: () => Date };

/** Store hours are read on `now` from here on (the process start sets it, once). */
export function readStoreHoursOn(now: () => Date): void {
  (globalThis as Holder)[CLOCK] = now;
}

/** Now, for store hours. */
export function storeHoursNow(): Date {
  return (globalThis as Holder)[CLOCK]?.() ?? new Date();
}
