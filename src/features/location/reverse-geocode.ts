import * as z from 'zod/mini';
import { PLACES, type Place } from './gazetteer.ts';
import { distanceKm, type LatLng } from '#/lib/geo.ts';

/** SPEC §7.1 GET /kong-api/reverse-geocode answer data. A configured geocoding service must answer the same. */
export const reverseGeocodeAnswerSchema = z.object({
  formattedAddress: z.string().check(z.minLength(1)),
  city: z.object({ name: z.string().check(z.minLength(1)) }),
  state: z.object({ name: z.string().check(z.minLength(1)) }),
  pinCode: z.string().check(z.regex(/^\d{6}$/)),
  locality: z.object({ name: z.string() }),
  landmark: z.object({ name: z.string() }),
});
export type ReverseGeocodeAnswer = z.infer<typeof reverseGeocodeAnswerSchema>;

/**
 * Beyond this distance from every locality we know, naming the nearest one would send an order
 * to the wrong town: the point is outside the cities we cover.
 */
export const COVERAGE_RADIUS_KM = 25;

/** The locality whose centre is nearest by great-circle distance, or null outside our cities. */
export function nearestPlace(point: LatLng): { place: Place; distanceKm: number } | null {
  let best: { place: Place; distanceKm: number } | null = null;
  for (const place of PLACES) {
    const d = distanceKm(point, place);
    if (!best || d < best.distanceKm) best = { place, distanceKm: d };
  }
  return best && best.distanceKm <= COVERAGE_RADIUS_KM ? best : null;
}

function formatPlace(place: Place): string {
  return `${place.name}, ${place.city}, ${place.state} ${place.pincode}, India`;
}

export function describePlace(place: Place): ReverseGeocodeAnswer {
  return {
    formattedAddress: formatPlace(place),
    city: { name: place.city },
    state: { name: place.state },
    pinCode: place.pincode,
    locality: { name: place.name },
    landmark: { name: place.landmark },
  };
}

/** Offline reverse geocoding from the gazetteer: the nearest locality, or null outside our cities. */
export function reverseGeocodeOffline(point: LatLng): ReverseGeocodeAnswer | null {
  const nearest = nearestPlace(point);
  return nearest ? describePlace(nearest.place) : null;
}
