import { describe, expect, it } from 'vitest';
import { addressSchema, applySavedAddress } from '#/features/location/address.ts';
import { addressesAtPlace, addressToKeep, missingDetails, startingDetails } from './delivery-details.ts';

const place = { label: 'Indiranagar', city: 'bengaluru', pincode: '560038', lat: 12.97, lng: 77.64 };
const saved = (id: string, overrides: Record<string, unknown>) =>
  addressSchema.parse({
    id,
    latitude: 12.97,
    longitude: 77.64,
    pin_code: '560038',
    city: 'Bengaluru',
    state: 'Karnataka',
    locality: 'Indiranagar 2nd Stage',
    house_number: '12',
    building: 'Lake View Apartments',
    name: 'Asha Rao',
    ...overrides,
  });

describe('issue 28: checkout starts from the address book', () => {
  it('offers the saved addresses at the quoted place, HOME first, then the nearest', () => {
    const other = saved('o', { address_type: 'OTHER', latitude: 12.971 });
    const near = saved('n', { address_type: 'OTHER' });
    const home = saved('h', { address_type: 'HOME', latitude: 12.972 });
    const elsewhere = saved('e', { address_type: 'WORK', pin_code: '560102' });
    expect(addressesAtPlace([other, elsewhere, near, home], place).map((a) => a.id)).toEqual(['h', 'n', 'o']);
  });

  it('fills every field from the saved address and the kept contact: nothing is missing', () => {
    const details = startingDetails(saved('h', { address_type: 'HOME' }), { name: 'Asha R', phone: '9876543210', email: null }, place);
    expect(details).toEqual({
      name: 'Asha R',
      phone: '9876543210',
      email: '',
      door: '12',
      building: 'Lake View Apartments',
      locality: 'Indiranagar 2nd Stage',
      state: 'Karnataka',
    });
    expect(missingDetails(details)).toEqual([]);
  });

  it('asks only for what is missing: a first order has the address but no mobile number', () => {
    const details = startingDetails(saved('h', { state: '' }), null, place);
    expect(details.name).toBe('Asha Rao');
    expect(details.state).toBe('Karnataka');
    expect(missingDetails(details)).toEqual(['phone']);
  });

  it('a new address starts at the place, in its city’s state, with the contact kept: nothing required is missing', () => {
    const details = startingDetails(null, { name: 'Asha Rao', phone: '9876543210', email: 'asha@example.com' }, place);
    expect(details).toMatchObject({ door: '', building: '', locality: 'Indiranagar', state: 'Karnataka', email: 'asha@example.com' });
    expect(missingDetails(details)).toEqual([]);
    expect(startingDetails(null, null, { label: 'Baner', city: 'pune' }).state).toBe('Maharashtra');
    expect(startingDetails(null, null, { label: 'Somewhere', city: 'nagpur' }).state).toBe('');
  });
});

describe('issue 28: checkout edits kept in the address book', () => {
  const details = {
    name: 'Asha Rao',
    phone: '9876543210',
    email: '',
    door: '14B',
    building: 'Lake View Towers',
    locality: 'Indiranagar 2nd Stage',
    state: 'Karnataka',
  };

  it('an edited saved address keeps its id, type and pin, with the new flat, building and name', () => {
    const home = saved('home-1', { address_type: 'HOME', address: '12, Lake View Apartments, Indiranagar 2nd Stage' });
    const kept = addressToKeep(home, { ...details, name: 'Asha R' }, { ...place, city: 'bengaluru' }, 'unused');
    expect(kept).toMatchObject({
      id: 'home-1',
      address_type: 'HOME',
      latitude: 12.97,
      longitude: 77.64,
      pin_code: '560038',
      name: 'Asha R',
      house_number: '14B',
      building: 'Lake View Towers',
    });
    expect(kept?.address).toBe('14B, Lake View Towers, Indiranagar 2nd Stage, Bengaluru, Karnataka');
    // Saved again under its id, it replaces the one it came from (SPEC §5 replace rules).
    expect(applySavedAddress([home], kept!)).toEqual([kept]);
  });

  it('a new address is an OTHER address at the quoted place, in the city as shoppers write it', () => {
    const kept = addressToKeep(null, details, { ...place, city: 'bengaluru' }, 'new-1');
    expect(kept).toMatchObject({
      id: 'new-1',
      address_type: 'OTHER',
      pin_code: '560038',
      latitude: 12.97,
      longitude: 77.64,
      city: 'Bengaluru',
      house_number: '14B',
      source: 'form',
    });
  });

  it('details the book cannot hold keep nothing', () => {
    expect(addressToKeep(null, { ...details, name: 'A'.repeat(81) }, { ...place, city: 'bengaluru' }, 'new-1')).toBeNull();
  });
});
