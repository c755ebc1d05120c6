import { describe, expect, it } from 'vitest';
import { ALL_DAY, formatHHMM, normWorkingHours } from './hours.ts';

// SPEC §4 store open state, as the storefront applies it to normWorkingHours.
const openAt = (slots: number[], hhmm: number) => slots.some((t) => hhmm >= t && hhmm - t <= 5);

describe('normWorkingHours (SPEC §3, §4 store open state)', () => {
  it('lists every 5-minute slot of the opening hours', () => {
    const slots = normWorkingHours({ from: 900, to: 1000 });
    expect(slots).toEqual([900, 905, 910, 915, 920, 925, 930, 935, 940, 945, 950, 955]);
  });

  it('makes the SPEC rule read "open between opening and closing time"', () => {
    const slots = normWorkingHours({ from: 900, to: 2300 });
    expect(openAt(slots, 859)).toBe(false);
    expect(openAt(slots, 900)).toBe(true);
    expect(openAt(slots, 1357)).toBe(true);
    expect(openAt(slots, 2259)).toBe(true);
    expect(openAt(slots, 2301)).toBe(false);
  });

  it('covers the whole day for a 24-hour store', () => {
    const slots = normWorkingHours(ALL_DAY);
    expect(slots).toHaveLength(288);
    for (const time of [0, 1, 759, 1200, 2359]) expect(openAt(slots, time)).toBe(true);
  });

  it('wraps past midnight when closing is before opening', () => {
    const slots = normWorkingHours({ from: 1100, to: 300 });
    expect(openAt(slots, 2330)).toBe(true);
    expect(openAt(slots, 130)).toBe(true);
    expect(openAt(slots, 600)).toBe(false);
    expect(slots).toEqual([...slots].sort((a, b) => a - b));
  });

  it('formats ONDC four-digit times', () => {
    expect(formatHHMM(700)).toBe('0700');
    expect(formatHHMM(0)).toBe('0000');
    expect(formatHHMM(2359)).toBe('2359');
  });
});
