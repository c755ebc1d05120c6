// Whether a store takes orders at a moment of the network clock (SPEC §4 store open state), the
// seller's side of the rule the storefront shows: a disabled provider is temporarily closed, and
// an enabled one is open when the Indian wall-clock time (HHMM) is at or up to 5 after one of
// its normWorkingHours slots. A store that is not open answers 30017 Merchant unavailable
// (ondc-notes §1 on_select).
import { IST_OFFSET_MS } from '#/lib/ist.ts';
import type { Provider } from './catalogue/generate.ts';

const OPEN_TOLERANCE = 5;

export type StoreOpenState = 'open' | 'temporarily-closed' | 'closed';

/** HHMM on an Indian wall clock, e.g. 2130 for 9:30 pm IST. */
export function istHHMM(at: Date): number {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  return ist.getUTCHours() * 100 + ist.getUTCMinutes();
}

const slotSets = new WeakMap<Provider, ReadonlySet<number>>();

function slotsOf(provider: Provider): ReadonlySet<number> {
  let slots = slotSets.get(provider);
  if (!slots) {
    slots = new Set(provider.normWorkingHours);
    slotSets.set(provider, slots);
  }
  return slots;
}

export function storeOpenState(provider: Provider, at: Date): StoreOpenState {
  if (provider.status !== 'enable') return 'temporarily-closed';
  const hhmm = istHHMM(at);
  const minutes = Math.floor(hhmm / 100) * 60 + (hhmm % 100);
  const slots = slotsOf(provider);
  // "Up to 5 after" on the clock, so the last slot (5 before closing) keeps the store open through
  // the closing minute, across the hour and across midnight alike.
  for (let back = 0; back <= OPEN_TOLERANCE; back++) {
    const slot = (minutes - back + 1440) % 1440;
    if (slots.has(Math.floor(slot / 60) * 100 + (slot % 60))) return 'open';
  }
  return 'closed';
}
