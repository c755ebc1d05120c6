import type { Address, AddressType } from './address.ts';
import { distanceKm, type LatLng } from '#/lib/geo.ts';

/** SPEC §4/§9: a saved address this close (km) to the current position is chosen on start. */
export const NEARBY_RADIUS_KM = 0.2;

const PREFERENCE: Record<AddressType, number> = { HOME: 0, WORK: 1, OTHER: 2 };

/**
 * SPEC §4 nearby-address selection: of the saved addresses within 0.2 km of the position, HOME
 * wins over WORK (and WORK over the rest); among equals the nearest wins. The chosen address
 * carries its distance. Null when none is near: the caller then reverse-geocodes the position.
 */
export function pickNearbyAddress(saved: readonly Address[], position: LatLng): Address | null {
  let best: Address | null = null;
  for (const address of saved) {
    const distance = distanceKm(position, { lat: address.latitude, lng: address.longitude });
    if (distance > NEARBY_RADIUS_KM) continue;
    const candidate = { ...address, distance };
    if (
      !best ||
      PREFERENCE[candidate.address_type] < PREFERENCE[best.address_type] ||
      (PREFERENCE[candidate.address_type] === PREFERENCE[best.address_type] && distance < (best.distance ?? Infinity))
    ) {
      best = candidate;
    }
  }
  return best;
}
