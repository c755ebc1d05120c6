// Whether a seller can deliver an order to a pincode (ondc-notes §1 on_select: fulfillment
// state Serviceable | Non-serviceable; errors 30009 and 30011, SPEC §8).
//
// A store's delivery circle lists the pincodes it serves (the catalogue's kirana_location tag).
// Its riders, though, take no drop farther than RIDER_RANGE_KM from the store, so the far edge of
// a 12 km circle is in the catalogue yet finds no delivery partner: the same mismatch between a
// seller's circle and its logistics partner that real orders meet. Both rules read pincodes only,
// so an API test picks its case by pincode alone.
import { distanceKm } from '#/lib/geo.ts';
import { CITIES, type Locality } from './catalogue/cities.ts';
import type { ProviderLocation } from './catalogue/generate.ts';

export const RIDER_RANGE_KM = 10;

export type DeliveryCheck = { serviceable: true; dropKm: number } | { serviceable: false; code: '30009' | '30011'; reason: string };

const LOCALITIES: ReadonlyMap<string, Locality> = new Map(CITIES.flatMap((city) => city.localities.map((l) => [l.pincode, l])));

/** The locality a pincode names in the network's city table. */
export function localityOf(pincode: string): Locality | undefined {
  return LOCALITIES.get(pincode);
}

export function checkDelivery(location: ProviderLocation, pincode: string): DeliveryCheck {
  const drop = localityOf(pincode);
  if (!drop || !location.servesPincodes.includes(pincode)) {
    return { serviceable: false, code: '30009', reason: `The store does not deliver to pincode ${pincode}` };
  }
  const dropKm = distanceKm(location, drop);
  if (dropKm > RIDER_RANGE_KM) {
    return { serviceable: false, code: '30011', reason: `No delivery partner takes drops ${dropKm.toFixed(1)} km away (pincode ${pincode})` };
  }
  return { serviceable: true, dropKm };
}

/**
 * The rider's extra for a drop in a tower block (lift, security desk, a long walk to the door),
 * in paise. The select names a pincode only, so the seller learns of it from the full address at
 * init and prices it then: the delivery line of on_init is higher than on_select's (ONDC lets a
 * seller requote once the address is known).
 */
export const HIGH_RISE_DROP_FEE_PAISE = 1_550;

export function dropSurchargePaise(address: { building?: string | undefined } | undefined): number {
  return address?.building && /\btower\b/i.test(address.building) ? HIGH_RISE_DROP_FEE_PAISE : 0;
}
