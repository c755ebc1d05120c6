// zod/mini: this schema runs in the checkout's browser bundle too, where classic zod would cost
// ~28 KB gzip (issue 30); the server composes it with classic schemas.
import * as z from 'zod/mini';

// SPEC §3 Address, exactly: the fields the app keeps as current_address and in saved addresses,
// plus the other forms' fields (landmark, building, house_number, street, area_code).
export const ADDRESS_TYPES = ['HOME', 'WORK', 'OTHER'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));
const pincode = (message?: string) => z.union([z.string().check(z.regex(/^[1-9]\d{5}$/, message)), z.literal('')]);

export const addressSchema = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'id must be 1–64 letters, digits, _ or -')),
  userId: z._default(z.nullable(z.string().check(z.maxLength(64))), null),
  name: z._default(text(80), ''),
  /** The whole address on one line, as shown to the shopper and the seller. */
  address: z._default(text(400), ''),
  address_line1: z._default(text(200), ''),
  address_line2: z._default(text(200), ''),
  house_number: z._default(text(60), ''),
  building: z._default(text(120), ''),
  street: z._default(text(120), ''),
  landmark: z._default(text(120), ''),
  locality: z._default(text(120), ''),
  city: z._default(text(60), ''),
  state: z._default(text(60), ''),
  country: z._default(z.literal('India'), 'India'),
  pin_code: z._default(pincode('pin_code must be 6 digits'), ''),
  area_code: z._default(pincode(), ''),
  latitude: z.number().check(z.gte(-90), z.lte(90)),
  longitude: z.number().check(z.gte(-180), z.lte(180)),
  precision: z._default(z.number(), 0),
  address_type: z._default(z.enum(ADDRESS_TYPES), 'OTHER'),
  /** How the address was found: gps, map, search, form, saved. */
  source: z._default(text(20), 'map'),
  tenant: z._default(text(40), ''),
  /** km from the current position, added when the address is picked as the nearest (SPEC §4). */
  distance: z.optional(z.number().check(z.nonnegative())),
});
export type Address = z.infer<typeof addressSchema>;
export type AddressInput = z.input<typeof addressSchema>;

/** The most addresses one shopper keeps; a sync body longer than this is refused. */
const MAX_SAVED_ADDRESSES = 30;

export const addressListSchema = z.array(addressSchema).check(z.maxLength(MAX_SAVED_ADDRESSES, `At most ${MAX_SAVED_ADDRESSES} addresses`));

// Coordinates are compared to about 0.1 m: the same pin saved twice, not two nearby doors.
function samePlace(a: Address, b: Address) {
  return a.latitude.toFixed(6) === b.latitude.toFixed(6) && a.longitude.toFixed(6) === b.longitude.toFixed(6);
}

/**
 * SPEC §5 replace rules: a new HOME or WORK address replaces the saved one of that type; any
 * other type replaces the one saved at the same coordinates. Saving an id again edits it in place.
 * The newest address comes first.
 */
export function applySavedAddress(saved: readonly Address[], address: Address): Address[] {
  const replaced = (existing: Address) =>
    existing.id === address.id || (address.address_type === 'OTHER' ? samePlace(existing, address) : existing.address_type === address.address_type);
  return [address, ...saved.filter((existing) => !replaced(existing))];
}

/** The saved addresses saving `address` would replace, other than its own earlier copy (SPEC §5 replace rules). */
export function replacedBySaving(saved: readonly Address[], address: Address): Address[] {
  const kept = new Set(applySavedAddress(saved, address).map((a) => a.id));
  return saved.filter((a) => a.id !== address.id && !kept.has(a.id));
}

/** SPEC §5: delete removes the address by id. */
export function removeSavedAddress(saved: readonly Address[], id: string): Address[] {
  return saved.filter((a) => a.id !== id);
}

/** SPEC §5: sync and save apply only when the first address has a city. */
export function canSyncAddresses(addresses: readonly Pick<Address, 'city'>[]): boolean {
  return (addresses[0]?.city.trim() ?? '') !== '';
}

export const NO_CITY_MESSAGE = 'The first address has no city, so nothing was saved';

/** Anonymous shoppers keep addresses on the device only (SPEC §6: syncing needs the app's user id). */
export const SIGN_IN_TO_SYNC_MESSAGE = 'Sign in in the app to keep addresses on your account; they stay on this device';
