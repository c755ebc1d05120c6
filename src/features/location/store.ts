// Location state in the browser (SPEC §3 root state, persisted under the SPEC's local-storage
// keys) and the actions that change it. Components render these stores and call the actions.
import { atom } from 'nanostores';
import * as z from 'zod/mini';
import { $savedAddresses, stored } from './saved-addresses.ts';
import { addressListSchema, addressSchema, applySavedAddress, canSyncAddresses, removeSavedAddress, type Address } from './address.ts';
import { addressFromPin, deliveryLocationOf, discoveryLocationOf, discoveryLocationSchema, mapPinOf, type MapPin } from './current-address.ts';
import { deliveryLocationCookieLine } from './delivery-location.ts';
import type { LatLng } from '#/lib/geo.ts';
import { pickNearbyAddress } from './nearby.ts';
import { reverseGeocodeAnswerSchema } from './reverse-geocode.ts';

export const $currentAddress = stored('current_address', z.nullable(addressSchema), null);
const $selectedLocation = stored('selectedLocation', z.nullable(discoveryLocationSchema), null);
const $currentDiscoveryLocation = stored('currentDiscoveryLocation', z.nullable(discoveryLocationSchema), null);
const $selectedSavedAddress = stored('selectedSavedAddress', z.nullable(addressSchema), null);
/** SPEC §3/§4: per user id, set once that user's addresses have synced with the server. */
const $addressSyncedUsers = stored('addressSyncedUsers', z.record(z.string(), z.boolean()), {});
export const $selectedMapPin = atom<MapPin | null>(null);

/** Who is choosing: the native app's user id when signed in (SPEC §6), and the tenant. */
export interface Shopper {
  userId: string | null;
  tenant: string;
}

/**
 * The shopper chose where to deliver: it becomes current_address, selectedLocation and
 * currentDiscoveryLocation, and the deliveryLocation cookie, so the next page the server renders
 * (home, listings) runs its queries for the new pincode.
 */
export function chooseAddress(address: Address, options: { fromSaved: boolean }) {
  $currentAddress.set(address);
  const discovery = discoveryLocationOf(address);
  $selectedLocation.set(discovery);
  $currentDiscoveryLocation.set(discovery);
  $selectedSavedAddress.set(options.fromSaved ? address : null);
  // biome-ignore lint/suspicious/noDocumentCookie: one synchronous line every browser takes (the Cookie Store API is async and missing from Safari before 18.4); the next page’s server reads it.
  document.cookie = deliveryLocationCookieLine(deliveryLocationOf(address), location.protocol === 'https:');
}

/** Chooses the pin's locality as the current address (the shopper skipped the details form). */
export function chooseMapPin(pin: MapPin, shopper: Shopper, source: string) {
  chooseAddress(addressFromPin(pin, { id: crypto.randomUUID(), userId: shopper.userId, tenant: shopper.tenant, source }), { fromSaved: false });
}

class LocationError extends Error {}

async function callJson(path: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(path, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) throw new LocationError(body?.error?.message ?? 'Something went wrong');
  return body;
}

/** Moves the pin and reads its address (SPEC §7.1 reverse geocode). */
export async function placePin(point: LatLng): Promise<MapPin> {
  const body = await callJson(`/kong-api/reverse-geocode?lat=${point.lat.toFixed(6)}&lng=${point.lng.toFixed(6)}`);
  const place = z.object({ data: reverseGeocodeAnswerSchema }).parse(body).data;
  const pin = mapPinOf(place, point);
  $selectedMapPin.set(pin);
  return pin;
}

/**
 * SPEC §4 nearby selection on start: a saved address within 0.2 km of the position is chosen
 * (HOME over WORK); otherwise the position is reverse-geocoded and its locality chosen.
 */
export async function chooseNearby(position: LatLng, shopper: Shopper): Promise<'saved' | 'detected'> {
  const nearby = pickNearbyAddress($savedAddresses.get(), position);
  if (nearby) {
    chooseAddress(nearby, { fromSaved: true });
    $selectedMapPin.set(null);
    return 'saved';
  }
  chooseMapPin(await placePin(position), shopper, 'gps');
  return 'detected';
}

const listAnswer = z.object({ userWhitelistedForSync: z.optional(z.boolean()), data: addressListSchema });

/**
 * SPEC §4/§7.1: for a signed-in user, fetch the saved addresses when this user has synced
 * before; otherwise sync the device's list (only when its first address has a city, SPEC §5) and
 * set the user's sync flag when the server says the user may sync.
 */
export async function syncSavedAddresses(userId: string) {
  if ($addressSyncedUsers.get()[userId]) {
    $savedAddresses.set(listAnswer.parse(await callJson('/get/unified/address')).data);
    return;
  }
  const local = $savedAddresses.get();
  if (!canSyncAddresses(local)) return;
  const answer = listAnswer.parse(await callJson('/sync/unified/address', { method: 'POST', body: JSON.stringify(local) }));
  if (!answer.userWhitelistedForSync) return;
  $addressSyncedUsers.set({ ...$addressSyncedUsers.get(), [userId]: true });
  $savedAddresses.set(answer.data);
}

/** Saves an address on the device (SPEC §5 replace rules) and, for a synced user, on the server. */
export async function saveAddress(address: Address, shopper: Shopper) {
  $savedAddresses.set(applySavedAddress($savedAddresses.get(), address));
  chooseAddress(address, { fromSaved: true });
  const { userId } = shopper;
  if (!userId || !canSyncAddresses([address])) return;
  if ($addressSyncedUsers.get()[userId]) {
    $savedAddresses.set(listAnswer.parse(await callJson('/save/unified/address', { method: 'POST', body: JSON.stringify(address) })).data);
  } else {
    await syncSavedAddresses(userId);
  }
}

/** SPEC §5 delete by id, on the device and, for a synced user, on the server. */
export async function deleteAddress(id: string, shopper: Shopper) {
  $savedAddresses.set(removeSavedAddress($savedAddresses.get(), id));
  if ($selectedSavedAddress.get()?.id === id) $selectedSavedAddress.set(null);
  const { userId } = shopper;
  if (userId && $addressSyncedUsers.get()[userId]) {
    $savedAddresses.set(listAnswer.parse(await callJson(`/save/unified/address?id=${encodeURIComponent(id)}`, { method: 'DELETE' })).data);
  }
}

/** Whether any seller delivers to the pincode (the "we don't deliver here yet" state). */
export async function checkServed(pincode: string): Promise<boolean> {
  const body = await callJson(`/get/serviceability?pincode=${encodeURIComponent(pincode)}`);
  return z.object({ data: z.object({ served: z.boolean() }) }).parse(body).data.served;
}
