// Issue 29: the delivery windows of a store that offers them. Besides delivering as soon as it can
// (its TAT, fulfillment F1), such a store delivers in two-hour windows on the hour, inside its
// hours, today and tomorrow. Each window is a Delivery fulfillment of its own in on_select, with
// its range (ONDC RET 1.2.5 flow 3, slotted delivery); the buyer picks one by naming it in a
// second select, and the range is kept, unchanged, through on_init, on_confirm and every on_status.
import type { Provider } from './catalogue/generate.ts';
import { IST_OFFSET_MS } from '#/lib/ist.ts';
import { ttlToMs } from '#/ondc/context.ts';

export type DeliverySlot = { id: string; startMs: number; endMs: number };

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const SLOT_HOURS = 2;
/** How many windows on_select offers: enough for tonight and tomorrow, few enough to read at once. */
export const SLOTS_OFFERED = 6;
const SLOT_ID = /^S(\d{4})(\d{2})(\d{2})(\d{2})$/;

/** S + the window's start on an Indian wall clock, YYYYMMDDHH: S2026120718 is 6–8 pm on 7 Dec. */
function slotId(startMs: number): string {
  const ist = new Date(startMs + IST_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `S${ist.getUTCFullYear()}${two(ist.getUTCMonth() + 1)}${two(ist.getUTCDate())}${two(ist.getUTCHours())}`;
}

/** The window an id names, whether or not the store still offers it; null for an id of another shape. */
export function slotOfId(id: string): DeliverySlot | null {
  const m = SLOT_ID.exec(id);
  if (!m) return null;
  const startMs = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4])) - IST_OFFSET_MS;
  return slotId(startMs) === id ? { id, startMs, endMs: startMs + SLOT_HOURS * HOUR_MS } : null;
}

const dayStartOf = (ms: number) => Math.floor((ms + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;

/**
 * Every window of a store that offers them on the day that starts at `dayStartMs`: on the hour,
 * from an hour after opening, ending by closing. None where the hours run past midnight.
 */
function windowsOfDay(provider: Provider, dayStartMs: number): DeliverySlot[] {
  if (provider.kind !== 'grocery' || !provider.deliverySlots) return [];
  const { from, to } = provider.openingHours;
  if (to <= from) return [];
  const closeMinutes = Math.floor(to / 100) * 60 + (to % 100);
  const slots: DeliverySlot[] = [];
  for (let hour = Math.floor(from / 100) + 1; (hour + SLOT_HOURS) * 60 <= closeMinutes; hour += SLOT_HOURS) {
    const startMs = dayStartMs + hour * HOUR_MS;
    slots.push({ id: slotId(startMs), startMs, endMs: startMs + SLOT_HOURS * HOUR_MS });
  }
  return slots;
}

/** The windows the store offers at `nowMs`, today's and tomorrow's: those that start no sooner than its TAT from now. */
export function deliverySlots(provider: Provider, nowMs: number): DeliverySlot[] {
  const today = dayStartOf(nowMs);
  const earliest = nowMs + ttlToMs(provider.tat);
  return [...windowsOfDay(provider, today), ...windowsOfDay(provider, today + DAY_MS)].filter((s) => s.startMs >= earliest).slice(0, SLOTS_OFFERED);
}

/**
 * The window a select, init or confirm names, checked: `default` when it names none (or the
 * as-soon-as-possible delivery), the window when the store has it, else why not. A select may
 * name a window starting no sooner than the store's TAT from now; at init and confirm a window
 * chosen earlier stays good while the store can still pack and ship in time for its start.
 */
export function chosenSlot(
  provider: Provider,
  fulfillmentId: string | undefined,
  nowMs: number,
  stage: 'select' | 'order',
): { kind: 'default' } | { kind: 'slot'; slot: DeliverySlot } | { kind: 'gone'; reason: string } {
  const slot = fulfillmentId === undefined ? null : slotOfId(fulfillmentId);
  if (!slot) return { kind: 'default' };
  const ofTheStore = windowsOfDay(provider, dayStartOf(slot.startMs)).some((s) => s.id === slot.id);
  if (!ofTheStore || slot.startMs > nowMs + 2 * DAY_MS) return { kind: 'gone', reason: `${provider.name} does not deliver in window ${slot.id}` };
  const open = stage === 'select' ? deliverySlots(provider, nowMs).some((s) => s.id === slot.id) : slot.startMs >= nowMs + ttlToMs(provider.timeToShip);
  if (!open) return { kind: 'gone', reason: `The ${slot.id} delivery window is no longer open; choose another` };
  return { kind: 'slot', slot };
}
