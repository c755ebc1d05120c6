import * as z from 'zod/mini';
import { parseJsonText } from '#/lib/http/json.ts';

/**
 * The delivery location the server renders pages for. The browser keeps the full address
 * (SPEC §3 current_address, in local storage); this small cookie copy lets server-rendered
 * pages show the right locality and pincode before any script runs.
 */
export const DELIVERY_LOCATION_COOKIE = 'deliveryLocation';

const deliveryLocationSchema = z.object({
  label: z.string().check(z.minLength(1), z.maxLength(80)),
  city: z.string().check(z.minLength(1), z.maxLength(40)),
  pincode: z.string().check(z.regex(/^\d{6}$/)),
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
});
export type DeliveryLocation = z.infer<typeof deliveryLocationSchema>;

/** SPEC §9 default location (about 12.91, 77.64): HSR Layout, Bengaluru. */
export const DEFAULT_DELIVERY_LOCATION: DeliveryLocation = {
  label: 'HSR Layout',
  city: 'bengaluru',
  pincode: '560102',
  lat: 12.91,
  lng: 77.64,
};

/** SPEC §9 default city, for calls that need a city when none is known. */
export const DEFAULT_CITY = 'delhi';

export function readDeliveryLocation(cookieValue: string | undefined): DeliveryLocation {
  if (!cookieValue) return DEFAULT_DELIVERY_LOCATION;
  try {
    const json = parseJsonText(decodeURIComponent(cookieValue));
    // A label with a NUL or a lone surrogate would break the page and the rows it writes (issue 24).
    const parsed = json.ok ? deliveryLocationSchema.safeParse(json.value) : null;
    return parsed?.success ? parsed.data : DEFAULT_DELIVERY_LOCATION;
  } catch {
    return DEFAULT_DELIVERY_LOCATION;
  }
}

function cityDisplayName(city: string) {
  return city.charAt(0).toUpperCase() + city.slice(1);
}

/** A year: the shopper's locality outlives sessions, like the address kept in local storage. */
export const DELIVERY_LOCATION_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** The deliveryLocation cookie's value (written by the address picker and by /address-map's no-JS form). */
export function deliveryLocationCookieValue(location: DeliveryLocation): string {
  return JSON.stringify(deliveryLocationSchema.parse(location));
}

/** The `document.cookie` line the picker writes when the shopper chooses an address (Secure on https, issue 24). */
export function deliveryLocationCookieLine(location: DeliveryLocation, secure = false): string {
  return `${DELIVERY_LOCATION_COOKIE}=${encodeURIComponent(deliveryLocationCookieValue(location))}; Path=/; Max-Age=${DELIVERY_LOCATION_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** What the header chip says for a location (SSR and the picker's live update alike). */
export function deliveryLocationText(location: DeliveryLocation): string {
  return `${location.label}, ${cityDisplayName(location.city)} ${location.pincode}`;
}
