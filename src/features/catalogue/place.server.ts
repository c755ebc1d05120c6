import type { AstroCookies } from 'astro';
import { z } from 'zod';
import { DEFAULT_DELIVERY_LOCATION, DELIVERY_LOCATION_COOKIE, readDeliveryLocation } from '#/features/location/delivery-location.ts';
import { PLACES } from '#/features/location/gazetteer.ts';

export interface Place {
  pincode: string;
  lat: number;
  lng: number;
  city: string;
  /** false when we fell back to the default location: the shopper has told us nothing. */
  known: boolean;
  preferredSellerId?: string | undefined;
}

const headerSchema = z.object({
  pincode: z.string().regex(/^\d{6}$/),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});

/**
 * Where the shopper wants delivery: the SPEC §7 common headers (pincode, lat, lng) when the
 * client sends them, else the deliveryLocation cookie, else the default location (not "known").
 */
export function shopperPlace(request: Request, cookies: AstroCookies): Place {
  const preferredSellerId = process.env.PREFERRED_SELLER_ID;
  const headers = headerSchema.safeParse({
    pincode: request.headers.get('pincode') ?? undefined,
    lat: request.headers.get('lat') ?? undefined,
    lng: request.headers.get('lng') ?? undefined,
  });
  const cookie = cookies.get(DELIVERY_LOCATION_COOKIE)?.value;
  const saved = readDeliveryLocation(cookie);
  if (headers.success) {
    const { pincode, lat, lng } = headers.data;
    // Without coordinates, distances are measured from the header's pincode: the shopper's saved
    // location when it is that pincode, else the pincode's own locality; never from somewhere else
    // (the default location is in Bengaluru: a Delhi pincode would put every store 1,700 km away).
    const locality = PLACES.find((p) => p.pincode === pincode);
    const savedHere = cookie !== undefined && saved !== DEFAULT_DELIVERY_LOCATION && saved.pincode === pincode;
    const from = savedHere || !locality ? saved : { lat: locality.lat, lng: locality.lng, city: locality.cityId };
    return { pincode, lat: lat ?? from.lat, lng: lng ?? from.lng, city: from.city, known: true, preferredSellerId };
  }
  const known = cookie !== undefined && saved !== DEFAULT_DELIVERY_LOCATION;
  return { pincode: saved.pincode, lat: saved.lat, lng: saved.lng, city: saved.city, known, preferredSellerId };
}

/** SPEC §5 request guard: home and provider requests are skipped without a pin code. */
export const NO_PINCODE_MESSAGE = 'A delivery pincode is needed: choose your delivery address first';
