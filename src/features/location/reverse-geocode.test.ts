import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COVERAGE_RADIUS_KM, nearestPlace, reverseGeocodeOffline } from './reverse-geocode.ts';
import { reverseGeocode } from './reverse-geocode.server.ts';

describe('offline reverse geocoding: the nearest locality (SPEC §7.1)', () => {
  it('names HSR Layout, Bengaluru, Karnataka 560102 for the default location 12.91, 77.64 (SPEC §9)', () => {
    expect(reverseGeocodeOffline({ lat: 12.91, lng: 77.64 })).toEqual({
      formattedAddress: 'HSR Layout, Bengaluru, Karnataka 560102, India',
      city: { name: 'Bengaluru' },
      state: { name: 'Karnataka' },
      pinCode: '560102',
      locality: { name: 'HSR Layout' },
      landmark: { name: 'BDA Complex HSR Layout' },
    });
  });
  it('names Connaught Place, Delhi for a point beside it', () => {
    expect(reverseGeocodeOffline({ lat: 28.632, lng: 77.219 })).toMatchObject({
      city: { name: 'Delhi' },
      state: { name: 'Delhi' },
      pinCode: '110001',
      locality: { name: 'Connaught Place' },
    });
  });
  it('picks by great-circle distance, the nearest centre winning', () => {
    const nearest = nearestPlace({ lat: 19.06, lng: 72.83 });
    expect(nearest?.place.name).toBe('Bandra West');
    expect(nearest?.distanceKm).toBeLessThan(0.1);
  });
  it(`answers nothing farther than ${COVERAGE_RADIUS_KM} km from every locality`, () => {
    expect(reverseGeocodeOffline({ lat: 0, lng: 0 })).toBeNull();
    expect(reverseGeocodeOffline({ lat: 23.0225, lng: 72.5714 })).toBeNull(); // Ahmedabad
  });
});

describe('reverse geocoding through a configured service (DESIGN §4)', () => {
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/reverse?lat={lat}&lng={lng}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const fromService = {
    formattedAddress: '12, 5th Cross, Sector 2, HSR Layout, Bengaluru, Karnataka 560102',
    city: { name: 'Bengaluru' },
    state: { name: 'Karnataka' },
    pinCode: '560102',
    locality: { name: 'Sector 2' },
    landmark: { name: 'Agara Lake' },
  };

  it('answers with the service when it answers the SPEC shape', async () => {
    answer = { status: 200, body: { data: fromService } };
    expect(await reverseGeocode({ lat: 12.91, lng: 77.64 }, url)).toEqual(fromService);
    expect(asked.at(-1)).toBe('/reverse?lat=12.91&lng=77.64');
  });
  it('falls back to the gazetteer when the service fails or answers nonsense', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer = { status: 500, body: {} };
    expect((await reverseGeocode({ lat: 12.91, lng: 77.64 }, url))?.locality.name).toBe('HSR Layout');
    answer = { status: 200, body: { data: { city: 'Bengaluru' } } };
    expect((await reverseGeocode({ lat: 12.91, lng: 77.64 }, url))?.locality.name).toBe('HSR Layout');
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
