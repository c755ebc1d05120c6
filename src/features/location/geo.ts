import { z } from 'zod';

/** SPEC §9: distances on the Earth are measured with a radius of 6371 km. */
export const EARTH_RADIUS_KM = 6371;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance in km (haversine), as SPEC §4 nearby selection and reverse geocoding use it. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

// Query strings are text: an empty or non-numeric value must be refused, never read as 0.
function coordinate(name: string, limit: number) {
  return z
    .string({ error: `${name} is required` })
    .trim()
    .regex(/^[-+]?(\d+(\.\d*)?|\.\d+)$/, `${name} must be a number`)
    .transform(Number)
    .pipe(z.number().min(-limit, `${name} must be between -${limit} and ${limit}`).max(limit, `${name} must be between -${limit} and ${limit}`));
}

/** `?lat&lng` as the reverse-geocode call sends them (SPEC §7.1). */
export const latLngQuerySchema = z.object({
  lat: coordinate('lat', 90),
  lng: coordinate('lng', 180),
});
