import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, distanceKm } from './geo.ts';

describe('great-circle distance (SPEC §9: Earth radius 6371 km)', () => {
  it('uses a radius of 6371 km', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    // A quarter of a meridian is a quarter of the circumference.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 90, lng: 0 })).toBeCloseTo((Math.PI * 6371) / 2, 6);
  });
  it('measures HSR Layout to Koramangala at about 3.3 km', () => {
    expect(distanceKm({ lat: 12.9121, lng: 77.6446 }, { lat: 12.9352, lng: 77.6245 })).toBeCloseTo(3.36, 1);
  });
  it('is zero for the same point and symmetric', () => {
    const a = { lat: 28.6315, lng: 77.2167 };
    const b = { lat: 19.076, lng: 72.8777 };
    expect(distanceKm(a, a)).toBe(0);
    expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
  });
  it('is half the circumference at the antipode, never more (or NaN from rounding)', () => {
    expect(distanceKm({ lat: 12.91, lng: 77.64 }, { lat: -12.91, lng: -102.36 })).toBeCloseTo(Math.PI * 6371, 6);
  });
});
