import { describe, expect, it } from 'vitest';
import { distanceKm } from '#/lib/geo.ts';
import { CITIES } from './cities.ts';

describe('city table', () => {
  it('has the six cities with their ONDC std codes', () => {
    expect(Object.fromEntries(CITIES.map((c) => [c.id, c.stdCode]))).toEqual({
      delhi: 'std:011',
      bengaluru: 'std:080',
      mumbai: 'std:022',
      pune: 'std:020',
      hyderabad: 'std:040',
      chennai: 'std:044',
    });
  });

  it('gives each city 6–10 localities with six-digit pincodes near the centre', () => {
    for (const city of CITIES) {
      expect(city.localities.length).toBeGreaterThanOrEqual(6);
      expect(city.localities.length).toBeLessThanOrEqual(10);
      for (const locality of city.localities) {
        expect(locality.pincode).toMatch(/^[1-8]\d{5}$/);
        expect(distanceKm(city, locality)).toBeLessThan(35);
      }
    }
  });

  it('uses pincodes whose postal circle matches the city', () => {
    const prefixes: Record<string, string[]> = {
      delhi: ['11'],
      bengaluru: ['56'],
      mumbai: ['40'],
      pune: ['41'],
      hyderabad: ['50'],
      chennai: ['60'],
    };
    for (const city of CITIES) {
      for (const l of city.localities) expect(prefixes[city.id]).toContain(l.pincode.slice(0, 2));
    }
  });

  it('never repeats a pincode', () => {
    const pincodes = CITIES.flatMap((c) => c.localities.map((l) => l.pincode));
    expect(new Set(pincodes).size).toBe(pincodes.length);
  });

  it('keeps one or two unserved localities per city for the not-serviceable path', () => {
    for (const city of CITIES) {
      const unserved = city.localities.filter((l) => !l.served).length;
      expect(unserved).toBeGreaterThanOrEqual(1);
      expect(unserved).toBeLessThanOrEqual(2);
    }
  });

  it('places HSR Layout, the default location, at about 12.91, 77.64', () => {
    const hsr = CITIES.find((c) => c.id === 'bengaluru')?.localities.find((l) => l.pincode === '560102');
    expect(hsr?.name).toBe('HSR Layout');
    expect(hsr?.lat).toBeCloseTo(12.91, 1);
    expect(hsr?.lng).toBeCloseTo(77.64, 1);
  });

  it('measures distance in km', () => {
    const cp = { lat: 28.6315, lng: 77.2167 };
    const saket = { lat: 28.5245, lng: 77.2066 };
    expect(distanceKm(cp, saket)).toBeGreaterThan(11);
    expect(distanceKm(cp, saket)).toBeLessThan(13);
  });
});
