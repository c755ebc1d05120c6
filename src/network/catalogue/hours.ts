// Opening hours in the two forms the storefront meets them: a range as ONDC sends it
// (`time.range` start/end, HHMM), and the SPEC's `normWorkingHours` list.

/** HHMM clock times; `to` before `from` means the store stays open past midnight. */
export type OpeningHours = { from: number; to: number };

/** Open round the clock: ONDC writes a full day as 0000–2359. */
export const ALL_DAY: OpeningHours = { from: 0, to: 2359 };

const SLOT_MINUTES = 5;

function minutesOf(hhmm: number): number {
  return Math.floor(hhmm / 100) * 60 + (hhmm % 100);
}

function hhmmOf(minutes: number): number {
  return Math.floor(minutes / 60) * 100 + (minutes % 60);
}

/**
 * The 5-minute slots an opening range covers, as HHMM numbers in clock order.
 *
 * SPEC §4 calls a store open when the current HHMM "is at or up to 5 after one of the listed
 * times", so normWorkingHours must list every 5-minute slot of the opening hours rather than
 * just the opening and closing times.
 */
export function normWorkingHours(hours: OpeningHours): number[] {
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  const slots: number[] = [];
  const addRange = (start: number, end: number) => {
    for (let m = start; m < end; m += SLOT_MINUTES) slots.push(hhmmOf(m));
  };
  if (to > from) {
    addRange(from, to);
  } else {
    addRange(0, to);
    addRange(from, 24 * 60);
  }
  return slots;
}

/** '0930' from 930: ONDC time strings are four digits. */
export function formatHHMM(hhmm: number): string {
  return String(hhmm).padStart(4, '0');
}
