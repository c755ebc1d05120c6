import { describe, expect, it } from 'vitest';
import { DEFAULT_CITY, DEFAULT_DELIVERY_LOCATION, deliveryLocationCookieLine, deliveryLocationText, readDeliveryLocation } from './delivery-location.ts';

describe('delivery location cookie', () => {
  it('defaults to about 12.91, 77.64 (SPEC §9)', () => {
    expect(readDeliveryLocation(undefined)).toEqual(DEFAULT_DELIVERY_LOCATION);
    expect(DEFAULT_DELIVERY_LOCATION.lat).toBeCloseTo(12.91, 2);
    expect(DEFAULT_DELIVERY_LOCATION.lng).toBeCloseTo(77.64, 2);
    expect(DEFAULT_CITY).toBe('delhi');
  });
  it('reads a valid cookie', () => {
    const value = encodeURIComponent(JSON.stringify({ label: 'Karol Bagh', city: 'delhi', pincode: '110005', lat: 28.65, lng: 77.19 }));
    expect(readDeliveryLocation(value).label).toBe('Karol Bagh');
  });
  it('ignores a tampered or malformed cookie', () => {
    expect(readDeliveryLocation('%7Bnot json')).toEqual(DEFAULT_DELIVERY_LOCATION);
    const bad = encodeURIComponent(JSON.stringify({ label: 'x', city: 'delhi', pincode: '12', lat: 1, lng: 1 }));
    expect(readDeliveryLocation(bad)).toEqual(DEFAULT_DELIVERY_LOCATION);
  });
});

describe('delivery location cookie written by the picker', () => {
  it('is a year-long, site-wide, Lax cookie the server reads back', () => {
    const location = { label: 'Koramangala', city: 'bengaluru', pincode: '560034', lat: 12.9352, lng: 77.6245 };
    const line = deliveryLocationCookieLine(location);
    expect(line).toMatch(/^deliveryLocation=[^;]+; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    const value = /^deliveryLocation=([^;]+)/.exec(line)?.[1];
    expect(readDeliveryLocation(value)).toEqual(location);
    expect(deliveryLocationText(location)).toBe('Koramangala, Bengaluru 560034');
  });
  it('is Secure on an https shop (issue 24)', () => {
    const line = deliveryLocationCookieLine({ label: 'Koramangala', city: 'bengaluru', pincode: '560034', lat: 12.9352, lng: 77.6245 }, true);
    expect(line).toMatch(/; SameSite=Lax; Secure$/);
  });
  it('refuses to write a location the server would not read', () => {
    expect(() => deliveryLocationCookieLine({ label: '', city: 'delhi', pincode: '1', lat: 0, lng: 0 })).toThrow();
  });
});
