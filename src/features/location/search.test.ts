import { describe, expect, it } from 'vitest';
import { SEARCH_LIMIT, searchLocalities } from './search.ts';

describe('locality and pincode search', () => {
  it('finds a locality by its whole pincode', () => {
    const found = searchLocalities('560034');
    expect(found.kind === 'places' && found.places.map((p) => p.name)).toEqual(['Koramangala']);
  });
  it('lists localities by the first digits of a pincode', () => {
    const found = searchLocalities('5600');
    expect(found.kind === 'places' && found.places.every((p) => p.pincode.startsWith('5600'))).toBe(true);
  });
  it('names the city of a pincode we have no locality for', () => {
    expect(searchLocalities('560099')).toMatchObject({ kind: 'city', city: { id: 'bengaluru' }, pincode: '560099' });
  });
  it('finds localities by name, word starts first', () => {
    const found = searchLocalities('nagar');
    expect(found.kind).toBe('places');
    if (found.kind === 'places') {
      expect(found.places.length).toBeLessThanOrEqual(SEARCH_LIMIT);
      expect(found.places[0]?.name.toLowerCase().split(' ')).toContain('nagar');
    }
  });
  it('lists the localities nearest the pin first among equal matches', () => {
    const inPune = searchLocalities('nagar', { lat: 18.52, lng: 73.85 });
    expect(inPune.kind === 'places' && inPune.places.slice(0, 2).map((p) => p.cityId)).toEqual(['pune', 'pune']);
    const inChennai = searchLocalities('6000', { lat: 13.05, lng: 80.25 });
    expect(inChennai.kind === 'places' && inChennai.places[0]?.cityId).toBe('chennai');
  });
  it('finds by landmark and by city name', () => {
    const byLandmark = searchLocalities('charminar');
    expect(byLandmark.kind === 'places' && byLandmark.places[0]?.name).toBe('Charminar');
    const byCity = searchLocalities('bangalore');
    expect(byCity.kind === 'places' && byCity.places.every((p) => p.cityId === 'bengaluru')).toBe(true);
  });
  it('finds localities and cities typed in Devanagari (issue 28)', () => {
    const koramangala = searchLocalities('कोरमंगला');
    expect(koramangala.kind === 'places' && koramangala.places[0]?.name).toBe('Koramangala');
    const indiranagar = searchLocalities('इंदिरानगर');
    expect(indiranagar.kind === 'places' && indiranagar.places[0]?.name).toBe('Indiranagar');
    const bengaluru = searchLocalities('बेंगलुरु');
    expect(bengaluru.kind === 'places' && bengaluru.places.every((p) => p.cityId === 'bengaluru')).toBe(true);
    expect(searchLocalities('अटलांटिस')).toEqual({ kind: 'none' });
  });
  it('finds nothing for one letter or an unknown place', () => {
    expect(searchLocalities('k')).toEqual({ kind: 'none' });
    expect(searchLocalities('atlantis')).toEqual({ kind: 'none' });
    expect(searchLocalities('999999')).toEqual({ kind: 'none' });
  });
});
