import { describe, expect, it } from 'vitest';
import { REQUIRED_FIELDS, addressFormSchema, addressFromForm, validateAddressForm } from './address-form.ts';

const good = addressFormSchema.parse({
  house_number: '221',
  building: 'Lake View Apartments',
  street: '27th Main',
  landmark: 'BDA Complex',
  locality: 'HSR Layout',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin_code: '560102',
  address_type: 'HOME',
});

describe('address form: required fields', () => {
  it('accepts a complete form', () => {
    expect(validateAddressForm(good)).toEqual({});
  });
  it('marks house number, locality, city, state and pin code as required', () => {
    expect(REQUIRED_FIELDS).toEqual(['house_number', 'locality', 'city', 'state', 'pin_code']);
  });
  it('names each missing field next to it', () => {
    expect(validateAddressForm(addressFormSchema.parse({}))).toEqual({
      house_number: 'Enter your house or flat number',
      locality: 'Enter your locality or area',
      city: 'Enter your city',
      state: 'Enter your state',
      pin_code: 'Enter your pin code',
    });
  });
});

describe('address form: pin code', () => {
  it.each(['5601', '5601022', '056010', '56o102'])('refuses %s as not 6 digits', (pin) => {
    expect(validateAddressForm({ ...good, pin_code: pin }).pin_code).toBe('Pin code must be 6 digits');
  });
  it('refuses a pin code of another city', () => {
    expect(validateAddressForm({ ...good, city: 'Delhi', state: 'Delhi' }).pin_code).toBe('Pin code 560102 is in Bengaluru, not Delhi');
  });
  it('refuses a pin code outside a known city', () => {
    expect(validateAddressForm({ ...good, pin_code: '380001' }).pin_code).toBe('Pin code 380001 is not a Bengaluru pin code');
  });
  it('knows cities by their other names', () => {
    expect(validateAddressForm({ ...good, city: 'Bangalore' })).toEqual({});
  });
  it('accepts any 6-digit pin code for a city we do not know', () => {
    expect(validateAddressForm({ ...good, city: 'Ahmedabad', state: 'Gujarat', pin_code: '380001' })).toEqual({});
  });
});

describe('address form: state and lengths', () => {
  it('refuses a state the city is not in', () => {
    expect(validateAddressForm({ ...good, state: 'Maharashtra' }).state).toBe('Bengaluru is in Karnataka');
  });
  it('refuses over-long text', () => {
    expect(validateAddressForm({ ...good, street: 'x'.repeat(121) }).street).toBe('Keep this under 120 characters');
  });
});

describe('address form: the address it makes (SPEC §3)', () => {
  it('fills the SPEC fields from the form', () => {
    const a = addressFromForm(good, { id: 'x', latitude: 12.91, longitude: 77.64, userId: null, tenant: 'mobility', source: 'map' });
    expect(a).toMatchObject({
      address_line1: '221, Lake View Apartments',
      address_line2: '27th Main, HSR Layout',
      address: '221, Lake View Apartments, 27th Main, HSR Layout, near BDA Complex, Bengaluru, Karnataka 560102',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      pin_code: '560102',
      area_code: '560102',
      address_type: 'HOME',
      precision: 0,
    });
  });

  it('says "near" once when the shopper wrote it already (issue 28)', () => {
    const where = { id: 'x', latitude: 12.91, longitude: 77.64, userId: null, tenant: 'mobility', source: 'map' } as const;
    expect(addressFromForm({ ...good, landmark: 'Near Nexus Mall' }, where).address).toContain('HSR Layout, Near Nexus Mall, Bengaluru');
    expect(addressFromForm({ ...good, landmark: 'नेक्सस मॉल के पास' }, where).address).toContain('HSR Layout, नेक्सस मॉल के पास, Bengaluru');
  });
});
