import { describe, expect, it } from 'vitest';
import { addressSchema, applySavedAddress, canSyncAddresses, removeSavedAddress, replacedBySaving, type AddressInput } from './address.ts';

function address(input: Partial<AddressInput> & { id: string }) {
  return addressSchema.parse({ city: 'Bengaluru', latitude: 12.9121, longitude: 77.6446, ...input });
}

describe('the address entity (SPEC §3)', () => {
  it('defaults the type to OTHER, the country to India and the precision to 0', () => {
    const a = address({ id: 'a' });
    expect(a).toMatchObject({ address_type: 'OTHER', country: 'India', precision: 0 });
  });
  it('refuses another country, a bad pincode or out-of-range coordinates', () => {
    expect(addressSchema.safeParse({ id: 'a', latitude: 1, longitude: 1, country: 'Nepal' }).success).toBe(false);
    expect(addressSchema.safeParse({ id: 'a', latitude: 1, longitude: 1, pin_code: '5601' }).success).toBe(false);
    expect(addressSchema.safeParse({ id: 'a', latitude: 91, longitude: 1 }).success).toBe(false);
  });
});

describe('replace rules (SPEC §5)', () => {
  it('a new HOME replaces the saved HOME, wherever it is', () => {
    const list = [address({ id: 'home1', address_type: 'HOME' }), address({ id: 'work', address_type: 'WORK' })];
    const next = applySavedAddress(list, address({ id: 'home2', address_type: 'HOME', latitude: 13.0 }));
    expect(next.map((a) => a.id)).toEqual(['home2', 'work']);
  });
  it('a new WORK replaces the saved WORK only', () => {
    const list = [address({ id: 'home', address_type: 'HOME' }), address({ id: 'work1', address_type: 'WORK', latitude: 12.95 })];
    const next = applySavedAddress(list, address({ id: 'work2', address_type: 'WORK', latitude: 12.97 }));
    expect(next.map((a) => a.id)).toEqual(['work2', 'home']);
  });
  it('an OTHER replaces the address saved at the same coordinates', () => {
    const list = [address({ id: 'o1', latitude: 12.95, longitude: 77.6 }), address({ id: 'o2', latitude: 12.96, longitude: 77.6 })];
    const next = applySavedAddress(list, address({ id: 'o3', latitude: 12.95, longitude: 77.6 }));
    expect(next.map((a) => a.id)).toEqual(['o3', 'o2']);
  });
  it('an OTHER elsewhere is added, newest first', () => {
    const list = [address({ id: 'home', address_type: 'HOME' })];
    expect(applySavedAddress(list, address({ id: 'o', latitude: 12.99 })).map((a) => a.id)).toEqual(['o', 'home']);
  });
  it('saving the same id again edits it in place of the old one', () => {
    const list = [address({ id: 'o', name: 'old', latitude: 12.99 })];
    expect(applySavedAddress(list, address({ id: 'o', name: 'new', latitude: 12.98 }))).toEqual([expect.objectContaining({ id: 'o', name: 'new' })]);
  });
});

describe('delete (SPEC §5)', () => {
  it('removes the address with that id and nothing else', () => {
    const list = [address({ id: 'a', latitude: 12.1 }), address({ id: 'b', latitude: 12.2 })];
    expect(removeSavedAddress(list, 'a').map((a) => a.id)).toEqual(['b']);
    expect(removeSavedAddress(list, 'zzz')).toHaveLength(2);
  });
});

describe('city check before sync and save (SPEC §5)', () => {
  it('allows sync when the first address has a city', () => {
    expect(canSyncAddresses([address({ id: 'a' }), address({ id: 'b', city: '' })])).toBe(true);
  });
  it('refuses when the first address has no city, or there is none', () => {
    expect(canSyncAddresses([address({ id: 'a', city: '  ' }), address({ id: 'b' })])).toBe(false);
    expect(canSyncAddresses([])).toBe(false);
  });
});

describe('what a save would replace (issue 28: the checkout offers to keep only what replaces nothing else)', () => {
  const home = address({ id: 'home', address_type: 'HOME' });
  it('an OTHER address at the pin of a saved one would replace it', () => {
    expect(replacedBySaving([home], address({ id: 'new', address_type: 'OTHER' })).map((a) => a.id)).toEqual(['home']);
  });
  it('one elsewhere, or a saved address saved again under its id, replaces nothing else', () => {
    expect(replacedBySaving([home], address({ id: 'new', address_type: 'OTHER', latitude: 12.95 }))).toEqual([]);
    expect(replacedBySaving([home], address({ id: 'home', address_type: 'HOME', building: 'Lake View Towers' }))).toEqual([]);
  });
});
