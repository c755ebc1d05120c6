import { describe, expect, it } from 'vitest';
import { availableFirst, isCategoryAvailable } from './category-availability.ts';

const ist = (day: string, hh: number, mm = 0) => new Date(`${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+05:30`);
const SUNDAY = '2026-11-22';
const WEDNESDAY = '2026-11-18';

describe('SPEC §4 category availability', () => {
  it('is available with no timing tags', () => {
    expect(isCategoryAvailable([], ist(SUNDAY, 3))).toBe(true);
  });
  it('is available inside the day and time window', () => {
    expect(isCategoryAvailable([{ dayFrom: 1, dayTo: 5, timeFrom: 700, timeTo: 1100 }], ist(WEDNESDAY, 8))).toBe(true);
  });
  it('counts Sunday as 7', () => {
    expect(isCategoryAvailable([{ dayFrom: 6, dayTo: 7, timeFrom: 700, timeTo: 1100 }], ist(SUNDAY, 8))).toBe(true);
    expect(isCategoryAvailable([{ dayFrom: 1, dayTo: 6, timeFrom: 700, timeTo: 1100 }], ist(SUNDAY, 8))).toBe(false);
  });
  it('is unavailable outside the time window', () => {
    expect(isCategoryAvailable([{ dayFrom: 1, dayTo: 7, timeFrom: 700, timeTo: 1100 }], ist(WEDNESDAY, 11, 1))).toBe(false);
  });
  it('sorts unavailable categories after available ones', () => {
    expect(availableFirst(['breakfast', 'mains', 'desserts'], (c) => c !== 'breakfast')).toEqual(['mains', 'desserts', 'breakfast']);
  });
});
