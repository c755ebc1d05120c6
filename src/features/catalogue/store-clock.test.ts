import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '#/config.server.ts';
import { createNetworkClock } from '#/network/clock.ts';
import { storeOpenNow } from './store-hours.ts';
import { readStoreHoursOn, storeHoursNow } from './store-clock.ts';

const CLOCK = Symbol.for('kirana.store-hours-clock');
const grocery = { status: 'enable', location_status: 'enable', opens_at: 700, closes_at: 2300 };

afterEach(() => {
  delete (globalThis as { [CLOCK]?: unknown })[CLOCK];
});

describe('the clock store hours are read on (issue 27)', () => {
  it('is the real clock unless the storefront sets one', () => {
    const before = Date.now();
    const now = storeHoursNow().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('follows the embedded sellers’ clock when it starts at a chosen instant: a 07:00–23:00 store is closed at 03:00 IST whatever the real hour', () => {
    const config = readConfig({ NETWORK_CLOCK_START: '2026-11-28T03:00:00+05:30', NETWORK_CLOCK_SPEED: '60' });
    expect(config.storeHoursClock).toEqual({ start: new Date('2026-11-27T21:30:00Z'), speed: 60 });
    let real = 1_000_000;
    readStoreHoursOn(createNetworkClock({ ...config.storeHoursClock!, realNow: () => real }).now);
    expect(storeHoursNow().toISOString()).toBe('2026-11-27T21:30:00.000Z');
    expect(storeOpenNow(grocery, storeHoursNow())).toEqual({ state: 'STORE_CLOSED', opensAt: 700 });
    // Four real minutes at 60×: 07:00 IST, the store opens.
    real += 4 * 60_000;
    expect(storeOpenNow(grocery, storeHoursNow()).state).toBe('STORE_OPEN');
  });

  it('stays the real clock without a start, or without the embedded sellers', () => {
    expect(readConfig({ NETWORK_CLOCK_SPEED: '60' }).storeHoursClock).toBeNull();
    expect(readConfig({ SELLER_NETWORK: 'off', NETWORK_CLOCK_START: '2026-11-28T03:00:00+05:30' }).storeHoursClock).toBeNull();
  });
});
