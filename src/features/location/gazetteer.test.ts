import { describe, expect, it } from 'vitest';
// The seller network's table, read by this test only: the storefront never imports it at run time.
import { CITIES } from '#/network/catalogue/cities.ts';
import { GAZETTEER, PLACES, findCityByName, findCityByPincode } from './gazetteer.ts';

describe('the offline gazetteer', () => {
  it('covers every city the embedded sellers serve, with more localities than they name', () => {
    for (const city of CITIES) {
      const ours = GAZETTEER.find((c) => c.id === city.id);
      expect(ours, city.id).toBeDefined();
      expect(ours?.state).toBe(city.state);
      expect(ours?.localities.length).toBeGreaterThan(city.localities.length);
    }
  });
  it('has each seller locality with the same pincode and centre', () => {
    for (const city of CITIES) {
      for (const locality of city.localities) {
        const ours = PLACES.find((p) => p.cityId === city.id && p.name === locality.name);
        expect(ours, locality.name).toMatchObject({ pincode: locality.pincode, lat: locality.lat, lng: locality.lng });
      }
    }
  });
  it('gives every locality a 6-digit pincode of its city, a landmark and a centre near the city', () => {
    for (const city of GAZETTEER) {
      for (const l of city.localities) {
        expect(l.pincode, l.name).toMatch(/^[1-9]\d{5}$/);
        expect(
          city.pincodePrefixes.some((p) => l.pincode.startsWith(p)),
          `${l.name} ${l.pincode}`,
        ).toBe(true);
        expect(l.landmark.length, l.name).toBeGreaterThan(2);
      }
    }
    expect(new Set(PLACES.map((p) => p.pincode)).size).toBe(PLACES.length);
  });
  it('finds cities by name, other names and pincode', () => {
    expect(findCityByName('Bangalore')?.id).toBe('bengaluru');
    expect(findCityByName(' new delhi ')?.id).toBe('delhi');
    expect(findCityByName('Ahmedabad')).toBeUndefined();
    expect(findCityByPincode('400050')?.id).toBe('mumbai');
    expect(findCityByPincode('380001')).toBeUndefined();
  });
});
