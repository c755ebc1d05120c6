import { describe, expect, it } from 'vitest';
import { buildBasemap } from './basemap.ts';
import { PLACES } from './gazetteer.ts';
import { nearestPlace } from './reverse-geocode.ts';

function inside([lng, lat]: [number, number], ring: Array<[number, number]>) {
  let hit = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

describe('the offline basemap: one area per locality, where the pin reads that locality', () => {
  const basemap = buildBasemap();
  it('draws every locality with its name and pincode', () => {
    expect(basemap.features).toHaveLength(PLACES.length);
    expect(basemap.features[0]?.properties).toMatchObject({ name: expect.any(String), pincode: expect.stringMatching(/^\d{6}$/) });
  });
  it('puts each locality centre inside its own closed area', () => {
    for (const area of basemap.features) {
      const ring = area.geometry.coordinates[0] ?? [];
      expect(ring[0]).toEqual(ring.at(-1));
      expect(inside([area.properties.lng, area.properties.lat], ring), area.properties.name).toBe(true);
    }
  });
  it('agrees with reverse geocoding at points between localities', () => {
    const samples = [
      { lat: 12.92, lng: 77.635 },
      { lat: 28.6, lng: 77.2 },
      { lat: 19.1, lng: 72.87 },
      { lat: 13.03, lng: 80.24 },
    ];
    for (const point of samples) {
      const expected = nearestPlace(point)?.place.name;
      const area = basemap.features.find((a) => inside([point.lng, point.lat], a.geometry.coordinates[0] ?? []));
      expect(area?.properties.name, JSON.stringify(point)).toBe(expected);
    }
  });
});
