import { z } from 'zod';
import { ADDRESS_TYPES, type Address } from './address.ts';
import { findCityByName, findCityByPincode } from './gazetteer.ts';

// The address form of issue 5 (SPEC §3 fields; §5 leaves form validation to us): what the
// shopper types, the rules it must pass, and the message shown next to each field.
export const addressFormSchema = z.object({
  name: z.string().default(''),
  house_number: z.string().default(''),
  building: z.string().default(''),
  street: z.string().default(''),
  landmark: z.string().default(''),
  locality: z.string().default(''),
  city: z.string().default(''),
  state: z.string().default(''),
  pin_code: z.string().default(''),
  address_type: z.enum(ADDRESS_TYPES).default('OTHER'),
});
export type AddressForm = z.infer<typeof addressFormSchema>;
export type AddressFormField = keyof AddressForm;
export type AddressFormErrors = Partial<Record<AddressFormField, string>>;

/** Fields the shopper must fill; the form marks them. */
export const REQUIRED_FIELDS: readonly AddressFormField[] = ['house_number', 'locality', 'city', 'state', 'pin_code'];

const REQUIRED_MESSAGES: Partial<Record<AddressFormField, string>> = {
  house_number: 'Enter your house or flat number',
  locality: 'Enter your locality or area',
  city: 'Enter your city',
  state: 'Enter your state',
  pin_code: 'Enter your pin code',
};

const LIMITS: Partial<Record<AddressFormField, number>> = {
  name: 80,
  house_number: 60,
  building: 120,
  street: 120,
  landmark: 120,
  locality: 120,
  city: 60,
  state: 60,
};

/** Every problem with the form, one message per field; empty when the form can be saved. */
export function validateAddressForm(form: AddressForm): AddressFormErrors {
  const errors: AddressFormErrors = {};
  for (const field of REQUIRED_FIELDS) {
    if (form[field].trim() === '') errors[field] = REQUIRED_MESSAGES[field] ?? 'Required';
  }
  for (const [field, limit] of Object.entries(LIMITS) as Array<[AddressFormField, number]>) {
    if (!errors[field] && form[field].trim().length > limit) errors[field] = `Keep this under ${limit} characters`;
  }
  const pin = form.pin_code.trim();
  if (!errors.pin_code && !/^[1-9]\d{5}$/.test(pin)) errors.pin_code = 'Pin code must be 6 digits';

  // A pincode belongs to one postal district: it must agree with the city we know it by.
  const city = findCityByName(form.city);
  const pinCity = findCityByPincode(pin);
  if (!errors.pin_code && !errors.city && (city || pinCity) && city?.id !== pinCity?.id) {
    errors.pin_code = pinCity ? `Pin code ${pin} is in ${pinCity.name}, not ${form.city.trim()}` : `Pin code ${pin} is not a ${city?.name ?? ''} pin code`;
  }
  if (!errors.state && city && city.state.toLowerCase() !== form.state.trim().toLowerCase()) {
    errors.state = `${city.name} is in ${city.state}`;
  }
  return errors;
}

/** "near Nexus Mall", unless the shopper already wrote "Near Nexus Mall" (or "… के पास"): issue 28. */
function landmarkPhrase(landmark: string): string {
  return /^near\b/i.test(landmark) || /के पास$/.test(landmark) ? landmark : `near ${landmark}`;
}

/** The SPEC §3 address a valid form and its pin make (the caller supplies id, position and owner). */
export function addressFromForm(form: AddressForm, where: Pick<Address, 'id' | 'latitude' | 'longitude' | 'userId' | 'tenant' | 'source'>): Address {
  const clean = (s: string) => s.trim();
  const city = findCityByName(form.city);
  const line1 = [form.house_number, form.building].map(clean).filter(Boolean).join(', ');
  const line2 = [form.street, form.locality].map(clean).filter(Boolean).join(', ');
  const cityName = city?.name ?? clean(form.city);
  const pin = clean(form.pin_code);
  return {
    ...where,
    name: clean(form.name),
    address: [line1, line2, form.landmark.trim() ? landmarkPhrase(clean(form.landmark)) : '', `${cityName}, ${clean(form.state)} ${pin}`]
      .filter(Boolean)
      .join(', '),
    address_line1: line1,
    address_line2: line2,
    house_number: clean(form.house_number),
    building: clean(form.building),
    street: clean(form.street),
    landmark: clean(form.landmark),
    locality: clean(form.locality),
    city: cityName,
    state: clean(form.state),
    country: 'India',
    pin_code: pin,
    area_code: pin,
    precision: 0,
    address_type: form.address_type,
  };
}
