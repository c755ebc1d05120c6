import { z } from 'zod';

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
