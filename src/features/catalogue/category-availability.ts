import { indianClock } from './store-hours.ts';

/** A provider category's timing tag (SPEC §3: day_from, day_to, time_from, time_to). */
export interface CategoryTiming {
  dayFrom: number;
  dayTo: number;
  timeFrom: number;
  timeTo: number;
}

/**
 * SPEC §4: available when there are no timing tags, or today (Sunday = 7) is within a
 * day_from..day_to range and now (HHMM) within its time_from..time_to window.
 */
export function isCategoryAvailable(timings: readonly CategoryTiming[], now: Date): boolean {
  if (timings.length === 0) return true;
  const { hhmm, weekday } = indianClock(now);
  return timings.some((t) => weekday >= t.dayFrom && weekday <= t.dayTo && hhmm >= t.timeFrom && hhmm <= t.timeTo);
}

/** SPEC §4: unavailable categories are sorted after the available ones, keeping their order otherwise. */
export function availableFirst<T>(categories: readonly T[], available: (c: T) => boolean): T[] {
  return [...categories.filter(available), ...categories.filter((c) => !available(c))];
}
