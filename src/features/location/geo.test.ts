import { describe, expect, it } from 'vitest';
import { latLngQuerySchema } from './geo.ts';

describe('reverse-geocode coordinates (SPEC §7.1 ?lat&lng)', () => {
  it('reads numbers from the query string', () => {
    expect(latLngQuerySchema.parse({ lat: '12.91', lng: '77.64' })).toEqual({ lat: 12.91, lng: 77.64 });
    expect(latLngQuerySchema.parse({ lat: '-33.9', lng: '+151' })).toEqual({ lat: -33.9, lng: 151 });
  });
  it.each([
    [{ lat: 'abc', lng: '77.64' }, 'lat must be a number'],
    [{ lat: '', lng: '77.64' }, 'lat must be a number'],
    [{ lat: '12.91', lng: '0x10' }, 'lng must be a number'],
    [{ lat: '91', lng: '77' }, 'lat must be between -90 and 90'],
    [{ lat: '12', lng: '-181' }, 'lng must be between -180 and 180'],
    [{ lng: '77' }, 'lat is required'],
  ])('refuses %o: %s', (query, message) => {
    const parsed = latLngQuerySchema.safeParse(query);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});
