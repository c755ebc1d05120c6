import { describe, expect, it } from 'vitest';
import { addressSchema, type Address, type AddressType } from './address.ts';
import { NEARBY_RADIUS_KM, pickNearbyAddress } from './nearby.ts';

const here = { lat: 12.9121, lng: 77.6446 };
// 0.001° of latitude is about 111 m.
function saved(id: string, type: AddressType, metresNorth: number): Address {
  return addressSchema.parse({ id, address_type: type, city: 'Bengaluru', latitude: here.lat + metresNorth / 111_195, longitude: here.lng });
}

describe('nearby-address selection on start (SPEC §4: within 0.2 km, HOME over WORK)', () => {
  it('has a radius of 0.2 km', () => {
    expect(NEARBY_RADIUS_KM).toBe(0.2);
  });
  it('chooses a saved address within 0.2 km and adds its distance', () => {
    const chosen = pickNearbyAddress([saved('a', 'OTHER', 150)], here);
    expect(chosen?.id).toBe('a');
    expect(chosen?.distance).toBeCloseTo(0.15, 2);
  });
  it('ignores addresses farther than 0.2 km', () => {
    expect(pickNearbyAddress([saved('far', 'HOME', 250)], here)).toBeNull();
    expect(pickNearbyAddress([], here)).toBeNull();
  });
  it('prefers HOME over a nearer WORK', () => {
    expect(pickNearbyAddress([saved('work', 'WORK', 10), saved('home', 'HOME', 180)], here)?.id).toBe('home');
  });
  it('prefers WORK over a nearer OTHER', () => {
    expect(pickNearbyAddress([saved('other', 'OTHER', 5), saved('work', 'WORK', 150)], here)?.id).toBe('work');
  });
  it('takes the nearest of the same type', () => {
    expect(pickNearbyAddress([saved('o1', 'OTHER', 190), saved('o2', 'OTHER', 40)], here)?.id).toBe('o2');
  });
});
