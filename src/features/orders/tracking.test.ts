import { describe, expect, it } from 'vitest';
import { durationParts, formatDuration, isOnTheWay, parseGps } from './tracking.ts';

describe('SPEC §9 time estimate from an ISO duration', () => {
  it('splits into days, hours, minutes and seconds', () => {
    expect(durationParts('PT45M')).toEqual({ days: 0, hours: 0, minutes: 45, seconds: 0 });
    expect(durationParts('P1DT2H30M15S')).toEqual({ days: 1, hours: 2, minutes: 30, seconds: 15 });
    expect(durationParts('PT90M')).toEqual({ days: 0, hours: 1, minutes: 30, seconds: 0 });
    expect(durationParts('P1W')).toEqual({ days: 7, hours: 0, minutes: 0, seconds: 0 });
  });
  it('refuses what is not a duration', () => {
    expect(durationParts('45 minutes')).toBeNull();
    expect(durationParts('P')).toBeNull();
  });
  it('reads in words, largest first, without zero units', () => {
    expect(formatDuration({ days: 1, hours: 2, minutes: 0, seconds: 0 })).toBe('1 day 2 hours');
    expect(formatDuration({ days: 0, hours: 0, minutes: 1, seconds: 30 })).toBe('1 minute 30 seconds');
    expect(formatDuration({ days: 0, hours: 0, minutes: 0, seconds: 0 })).toBe('now');
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
