import { z } from 'zod';

// SPEC §3 Address, exactly: the fields the app keeps as current_address and in saved addresses,
// plus the other forms' fields (landmark, building, house_number, street, area_code).
export const ADDRESS_TYPES = ['HOME', 'WORK', 'OTHER'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

const text = (max: number) => z.string().trim().max(max);

export const addressSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'id must be 1–64 letters, digits, _ or -'),
  userId: z.string().max(64).nullable().default(null),
  name: text(80).default(''),
  /** The whole address on one line, as shown to the shopper and the seller. */
  address: text(400).default(''),
  address_line1: text(200).default(''),
  address_line2: text(200).default(''),
  house_number: text(60).default(''),
  building: text(120).default(''),
  street: text(120).default(''),
  landmark: text(120).default(''),
  locality: text(120).default(''),
  city: text(60).default(''),
  state: text(60).default(''),
  country: z.literal('India').default('India'),
  pin_code: z.union([z.string().regex(/^[1-9]\d{5}$/, 'pin_code must be 6 digits'), z.literal('')]).default(''),
  area_code: z.union([z.string().regex(/^[1-9]\d{5}$/), z.literal('')]).default(''),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  precision: z.number().default(0),
  address_type: z.enum(ADDRESS_TYPES).default('OTHER'),
  /** How the address was found: gps, map, search, form, saved. */
  source: text(20).default('map'),
  tenant: text(40).default(''),
  /** km from the current position, added when the address is picked as the nearest (SPEC §4). */
  distance: z.number().nonnegative().optional(),
});
export type Address = z.infer<typeof addressSchema>;
export type AddressInput = z.input<typeof addressSchema>;

/** The most addresses one shopper keeps; a sync body longer than this is refused. */
const MAX_SAVED_ADDRESSES = 30;

export const addressListSchema = z.array(addressSchema).max(MAX_SAVED_ADDRESSES, `At most ${MAX_SAVED_ADDRESSES} addresses`);

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
