// Issue 28 point 6: the checkout starts from the shopper's address book and the contact they
// ordered with last; only what is still missing is asked.
import { cityDisplayName } from '#/ondc/cities.ts';
import { addressSchema, type Address } from '#/features/location/address.ts';
import type { DeliveryLocation } from '#/features/location/delivery-location.ts';
import { distanceKm } from '#/lib/geo.ts';
import { stateOfCity } from '#/ondc/cities.ts';
import type { CustomerForm } from './store.ts';

/** The checkout form's delivery fields: all of it but how the shopper pays and what they ask of the rider and the store. */
export type DeliveryDetails = Omit<CustomerForm, 'paymentType' | 'instructions' | 'tip' | 'ifShort'>;
export type DetailField = keyof DeliveryDetails;

/** What init cannot go without (SPEC §3 init: name, locality, state; the mobile number of customer_details). */
const REQUIRED: readonly DetailField[] = ['name', 'phone', 'locality', 'state'];
const MOBILE = /^[6-9]\d{9}$/;

/**
 * The saved addresses the order can go to: those at the place the seller quoted for (its pincode),
 * HOME first, then WORK, then the nearest. Another pincode is another quote, chosen on the map.
 */
export function addressesAtPlace(saved: readonly Address[], place: Pick<DeliveryLocation, 'pincode' | 'lat' | 'lng'>): Address[] {
  const rank = { HOME: 0, WORK: 1, OTHER: 2 } as const;
  const away = (a: Address) => distanceKm({ lat: a.latitude, lng: a.longitude }, place);
  return saved.filter((a) => a.pin_code === place.pincode).sort((a, b) => rank[a.address_type] - rank[b.address_type] || away(a) - away(b));
}

/**
 * The details a checkout starts from: the chosen address (none: a new one at the place) and the
 * kept contact. The state of a place in a city we serve is known, so nobody types "Karnataka".
 */
export function startingDetails(
  address: Address | null,
  contact: { name: string; phone: string; email: string | null } | null,
  place: Pick<DeliveryLocation, 'label' | 'city'>,
): DeliveryDetails {
  return {
    name: contact?.name || address?.name || '',
    phone: contact?.phone ?? '',
    email: contact?.email ?? '',
    door: address ? address.house_number || address.address_line1 : '',
    building: address?.building ?? '',
    locality: address ? address.locality || address.street || place.label : place.label,
    state: address?.state || stateOfCity(place.city) || '',
  };
}

/** The required details still missing (a mobile number that is not one counts as missing). */
export function missingDetails(details: DeliveryDetails): DetailField[] {
  return REQUIRED.filter((field) => (field === 'phone' ? !MOBILE.test(details.phone) : details[field].trim() === ''));
}

/** The address fields a shopper can change at checkout, as the saved address names them. */
const editableFields = (details: DeliveryDetails) => ({
  name: details.name.trim(),
  house_number: details.door.trim(),
  building: details.building.trim(),
  locality: details.locality.trim(),
  state: details.state.trim(),
});

/**
 * Issue 28: the address book entry the checkout's details make. An edited saved address keeps its
 * id, type and pin (the save replaces it in place); a new one is an OTHER address at the quoted
 * place. The one-line address is what the shopper confirmed, in the order the picker shows it.
 * Details the book cannot hold (a name past its length) keep nothing; the order goes on.
 */
export function addressToKeep(
  chosen: Address | null,
  details: DeliveryDetails,
  place: Pick<DeliveryLocation, 'city' | 'pincode' | 'lat' | 'lng'>,
  newId: string,
): Address | null {
  const edited = editableFields(details);
  const base = chosen ?? {
    id: newId,
    address_type: 'OTHER',
    source: 'form',
    latitude: place.lat,
    longitude: place.lng,
    pin_code: place.pincode,
    city: cityDisplayName(place.city),
  };
  const address = addressSchema.safeParse({
    ...base,
    ...edited,
    address: [edited.house_number, edited.building, edited.locality, base.city, edited.state].filter(Boolean).join(', '),
  });
  return address.success ? address.data : null;
}
