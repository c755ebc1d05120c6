// SPEC §4 store open state, read in Indian time whatever the server's zone.
import { errorMessage, type AppType } from '#/ondc/error-codes.ts';

export type StoreOpenState = 'STORE_OPEN' | 'STORE_TEMPORARILY_CLOSED' | 'STORE_CLOSED';

/** SPEC §9: opening hours tolerance, in minutes of HHMM. */
const OPENING_TOLERANCE_MINUTES = 5;

const IST = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', weekday: 'short', hourCycle: 'h23' });
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall clock in India: HHMM and the weekday with Sunday counted as 7 (SPEC §4). */
export function indianClock(now: Date): { hhmm: number; weekday: number } {
  const parts = Object.fromEntries(IST.formatToParts(now).map((p) => [p.type, p.value]));
  return { hhmm: Number(parts['hour']) * 100 + Number(parts['minute']), weekday: WEEKDAYS[parts['weekday'] ?? 'Mon'] ?? 1 };
}

function toMinutes(hhmm: number) {
  return Math.floor(hhmm / 100) * 60 + (hhmm % 100);
}

function toHHMM(minutes: number) {
  const m = ((minutes % 1440) + 1440) % 1440;
  return Math.floor(m / 60) * 100 + (m % 60);
}

/**
 * SPEC §3 normWorkingHours: the HHMM times a store is open, one every 5 minutes from opening up to
 * (not at) closing, crossing midnight when closing is earlier, so the §4 rule "at or up to 5 after
 * one of the listed times" means "open from opening to the closing minute", as the sellers'
 * own hours say (a slot at closing would show the store open 5 minutes after it stops taking orders).
 */
export function normWorkingHours(opensAt: number, closesAt: number): number[] {
  const start = toMinutes(opensAt);
  let end = toMinutes(closesAt);
  if (end <= start) end += 1440;
  const slots: number[] = [];
  for (let m = start; m < end; m += OPENING_TOLERANCE_MINUTES) slots.push(toHHMM(m));
  return slots;
}

/** An HHMM time as a shopper reads it on a store: 800 → "8:00", 2130 → "21:30" (issue 28). */
export function clockTime(hhmm: number): string {
  return `${Math.floor(hhmm / 100)}:${String(hhmm % 100).padStart(2, '0')}`;
}

const ENABLED = new Set(['enable', 'open']);

/** SPEC §4: open only when both statuses are enable/open and, if hours exist, now is at or up to 5 after a listed time. */
export function storeOpenState(input: { locationStatus: string; providerStatus: string; workingHours: readonly number[]; now: Date }): StoreOpenState {
  if (!ENABLED.has(input.locationStatus.toLowerCase()) || !ENABLED.has(input.providerStatus.toLowerCase())) {
    return 'STORE_TEMPORARILY_CLOSED';
  }
  if (input.workingHours.length === 0) return 'STORE_OPEN';
  const now = toMinutes(indianClock(input.now).hhmm);
  const open = input.workingHours.some((t) => {
    const since = (now - toMinutes(t) + 1440) % 1440;
    return since >= 0 && since <= OPENING_TOLERANCE_MINUTES;
  });
  return open ? 'STORE_OPEN' : 'STORE_CLOSED';
}

/** A store as our catalogue keeps it: its statuses and its daily hours (HHMM), if known. */
export type StoreHoursRow = { status: string; location_status: string; opens_at: number | null; closes_at: number | null };

/** SPEC §4 open state of a catalogue store now, and when one closed by its hours opens again. */
export function storeOpenNow(store: StoreHoursRow, now: Date): { state: StoreOpenState; opensAt: number | null } {
  const workingHours = store.opens_at !== null && store.closes_at !== null ? normWorkingHours(store.opens_at, store.closes_at) : [];
  const state = storeOpenState({ locationStatus: store.location_status, providerStatus: store.status, workingHours, now });
  return { state, opensAt: state === 'STORE_CLOSED' ? store.opens_at : null };
}

/**
 * Why a closed store's item cannot be ordered (issue 28): SPEC §8's words for a store not taking
 * orders (30017, "store" for retail, "restaurant" for food), and when it opens again if known.
 */
export function storeClosedMessage(opensAt: number | null, appType: AppType): string {
  const closed = errorMessage('30017', { appType });
  return opensAt === null ? closed : `${closed}. Opens at ${clockTime(opensAt)}`;
}
