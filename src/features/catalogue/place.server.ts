import type { AstroCookies } from 'astro';
import { z } from 'zod';
import { DEFAULT_DELIVERY_LOCATION, DELIVERY_LOCATION_COOKIE, readDeliveryLocation } from '../location/delivery-location.ts';

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
    return { pincode: headers.data.pincode, lat: headers.data.lat ?? saved.lat, lng: headers.data.lng ?? saved.lng, city: saved.city, known: true, preferredSellerId };
  }
  const known = cookie !== undefined && saved !== DEFAULT_DELIVERY_LOCATION;
  return { pincode: saved.pincode, lat: saved.lat, lng: saved.lng, city: saved.city, known, preferredSellerId };
}

/** SPEC §5 request guard: home and provider requests are skipped without a pin code. */
export const NO_PINCODE_MESSAGE = 'A delivery pincode is needed: choose your delivery address first';
