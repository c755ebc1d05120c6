import { describe, expect, it } from 'vitest';
import { clockTime, indianClock, normWorkingHours, storeOpenState } from './store-hours.ts';
import { opensAtLabel } from '#/features/i18n/labels.ts';
import { generateNetwork } from '#/network/catalogue/generate.ts';
import { storeOpenState as sellersOpenState } from '#/network/store-hours.ts';

/** A Date at the given Indian wall-clock time (IST is UTC+5:30, no daylight saving). */
const ist = (hh: number, mm: number, day = '2026-11-18') => new Date(`${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+05:30`);

describe('SPEC §4 store open state', () => {
  const base = { locationStatus: 'enable', providerStatus: 'enable' };

  it('is open at a listed time and up to 5 after it', () => {
    expect(storeOpenState({ ...base, workingHours: [900], now: ist(9, 0) })).toBe('STORE_OPEN');
    expect(storeOpenState({ ...base, workingHours: [900], now: ist(9, 5) })).toBe('STORE_OPEN');
  });
  it('is closed 6 minutes after the last listed time, and before the first', () => {
    expect(storeOpenState({ ...base, workingHours: [900], now: ist(9, 6) })).toBe('STORE_CLOSED');
    expect(storeOpenState({ ...base, workingHours: [900], now: ist(8, 59) })).toBe('STORE_CLOSED');
  });
  it('is open all day between opening and closing with normWorkingHours', () => {
    const hours = normWorkingHours(900, 2300);
    expect(storeOpenState({ ...base, workingHours: hours, now: ist(14, 37) })).toBe('STORE_OPEN');
    expect(storeOpenState({ ...base, workingHours: hours, now: ist(9, 0) })).toBe('STORE_OPEN');
    expect(storeOpenState({ ...base, workingHours: hours, now: ist(23, 0) })).toBe('STORE_OPEN');
    expect(storeOpenState({ ...base, workingHours: hours, now: ist(23, 1) })).toBe('STORE_CLOSED');
    expect(storeOpenState({ ...base, workingHours: hours, now: ist(8, 59) })).toBe('STORE_CLOSED');
  });
  it('handles hours that cross midnight', () => {
    const hours = normWorkingHours(1800, 200);
    expect(storeOpenState({ ...base, workingHours: hours, now: ist(1, 30) })).toBe('STORE_OPEN');
    expect(storeOpenState({ ...base, workingHours: hours, now: ist(12, 0) })).toBe('STORE_CLOSED');
  });
  it('is open whenever statuses allow and no hours are listed', () => {
    expect(storeOpenState({ ...base, workingHours: [], now: ist(3, 0) })).toBe('STORE_OPEN');
    expect(storeOpenState({ locationStatus: 'open', providerStatus: 'OPEN', workingHours: [], now: ist(3, 0) })).toBe('STORE_OPEN');
  });
  it('is temporarily closed when either status is not enabled, whatever the hours', () => {
    expect(storeOpenState({ ...base, providerStatus: 'disable', workingHours: [900], now: ist(9, 0) })).toBe('STORE_TEMPORARILY_CLOSED');
    expect(storeOpenState({ ...base, locationStatus: 'close', workingHours: [], now: ist(9, 0) })).toBe('STORE_TEMPORARILY_CLOSED');
  });
});

describe('indian clock', () => {
  it('counts Sunday as 7', () => {
    expect(indianClock(ist(10, 0, '2026-11-22')).weekday).toBe(7);
    expect(indianClock(ist(10, 0, '2026-11-23')).weekday).toBe(1);
  });
  it('reads Indian time from a UTC instant', () => {
    expect(indianClock(new Date('2026-11-18T20:00:00Z')).hhmm).toBe(130);
  });
});

describe('when a closed store opens (issue 28)', () => {
  it('reads HHMM as a shopper reads a clock, in English and Hindi', () => {
    expect(clockTime(800)).toBe('8:00');
    expect(clockTime(630)).toBe('6:30');
    expect(clockTime(2105)).toBe('21:05');
    expect(opensAtLabel(800, 'en')).toBe('Opens at 8:00');
    expect(opensAtLabel(1130, 'hi')).toBe('11:30 बजे खुलेगी');
    expect(opensAtLabel(null, 'en')).toBeNull();
  });
});

describe('the storefront and the sellers agree when a store is open', () => {
  // A store shown open that the seller calls closed takes the shopper to a 30017 at checkout; one
  // shown closed that the seller calls open loses the order. Every embedded store, every minute.
  const stores = generateNetwork().sellers.flatMap((seller) => seller.providers);

  it.each(stores.map((store) => [store.id, store] as const))('%s', (_, store) => {
    const hours = normWorkingHours(store.openingHours.from, store.openingHours.to);
    const disagree: string[] = [];
    for (let minute = 0; minute < 1440; minute++) {
      const now = ist(Math.floor(minute / 60), minute % 60);
      const ours = storeOpenState({ locationStatus: 'enable', providerStatus: store.status, workingHours: hours, now });
      const theirs = sellersOpenState(store, now);
      const expected = theirs === 'open' ? 'STORE_OPEN' : theirs === 'closed' ? 'STORE_CLOSED' : 'STORE_TEMPORARILY_CLOSED';
      if (ours !== expected) disagree.push(`${clockTime(Math.floor(minute / 60) * 100 + (minute % 60))}: ${ours} / ${theirs}`);
    }
    expect(disagree).toEqual([]);
  });
});
