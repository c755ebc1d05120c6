import { describe, expect, it } from 'vitest';
import { durationText } from '#/features/i18n/labels.ts';
import { isOnTheWay, parseGps } from './tracking.ts';

describe('SPEC §9 time estimate in words', () => {
  it('reads in words, largest first, without zero units', () => {
    expect(durationText({ days: 1, hours: 2, minutes: 0, seconds: 0 }, 'en')).toBe('1 day 2 hours');
    expect(durationText({ days: 0, hours: 0, minutes: 1, seconds: 30 }, 'en')).toBe('1 minute 30 seconds');
    expect(durationText({ days: 0, hours: 0, minutes: 0, seconds: 0 }, 'en')).toBe('now');
  });
  it('reads in Hindi too, with Western digits', () => {
    expect(durationText({ days: 0, hours: 1, minutes: 45, seconds: 0 }, 'hi')).toBe('1 घंटा 45 मिनट');
    expect(durationText({ days: 2, hours: 3, minutes: 0, seconds: 0 }, 'hi')).toBe('2 दिन 3 घंटे');
  });
});

describe('tracking', () => {
  it('follows the rider only between pick-up and delivery', () => {
    expect(isOnTheWay('picked_up')).toBe(true);
    expect(isOnTheWay('out_for_delivery')).toBe(true);
    expect(isOnTheWay('packed')).toBe(false);
    expect(isOnTheWay('delivered')).toBe(false);
    expect(isOnTheWay('cancelled')).toBe(false);
  });
  it('reads ONDC gps strings', () => {
    expect(parseGps('12.9716,77.5946')).toEqual({ lat: 12.9716, lng: 77.5946 });
    expect(parseGps(' 12.97 , 77.59 ')).toEqual({ lat: 12.97, lng: 77.59 });
    expect(parseGps('91,10')).toBeNull();
    expect(parseGps('')).toBeNull();
  });
});
