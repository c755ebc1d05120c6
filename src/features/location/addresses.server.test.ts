import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { addressSchema, type AddressInput } from './address.ts';
import { deleteAddress, listSavedAddresses, saveAddress, syncAddresses } from './addresses.server.ts';

function address(input: Partial<AddressInput> & { id: string }) {
  return addressSchema.parse({ city: 'Bengaluru', pin_code: '560102', latitude: 12.9121, longitude: 77.6446, ...input });
}

describe.each(testDatabases())('saved addresses on the server ($name)', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  describe('save with the replace rules (SPEC §5)', () => {
    it('keeps one HOME: a new HOME replaces the old', async () => {
      await saveAddress(database, 'u-home', address({ id: 'h1', address_type: 'HOME' }));
      await saveAddress(database, 'u-home', address({ id: 'o1', latitude: 12.95 }));
      const list = await saveAddress(database, 'u-home', address({ id: 'h2', address_type: 'HOME', latitude: 12.99 }));
      expect(list.map((a) => a.id)).toEqual(['h2', 'o1']);
    });
    it('an OTHER at the same coordinates replaces the one there', async () => {
      await saveAddress(database, 'u-other', address({ id: 'a', latitude: 12.95 }));
      const list = await saveAddress(database, 'u-other', address({ id: 'b', latitude: 12.95 }));
      expect(list.map((a) => a.id)).toEqual(['b']);
    });
    it('stamps the owner on the address, whatever the body said', async () => {
      const [saved] = await saveAddress(database, 'u-owner', address({ id: 'x', userId: 'someone-else' }));
      expect(saved?.userId).toBe('u-owner');
    });
    it('keeps one HOME under concurrent saves', async () => {
      await Promise.all(['c1', 'c2', 'c3'].map((id, i) => saveAddress(database, 'u-race', address({ id, address_type: 'HOME', latitude: 12.9 + i / 100 }))));
      expect((await listSavedAddresses(database, 'u-race')).filter((a) => a.address_type === 'HOME')).toHaveLength(1);
    });
  });

  describe('sync merges the device list (SPEC §7.1)', () => {
    it('merges oldest first so the device’s newest HOME wins, and answers newest first', async () => {
      await saveAddress(database, 'u-sync', address({ id: 'server-work', address_type: 'WORK', latitude: 12.97 }));
      const list = await syncAddresses(database, 'u-sync', [
        address({ id: 'new-home', address_type: 'HOME', latitude: 12.93 }),
        address({ id: 'old-home', address_type: 'HOME', latitude: 12.92 }),
        address({ id: 'other', latitude: 12.94 }),
      ]);
      expect(list.map((a) => a.id)).toEqual(['new-home', 'other', 'server-work']);
    });
  });

  describe('one user never sees another’s addresses (SPEC §6)', () => {
    it('lists and deletes only the caller’s', async () => {
      await saveAddress(database, 'u-a', address({ id: 'shared-id', name: 'A' }));
      await saveAddress(database, 'u-b', address({ id: 'shared-id', name: 'B' }));
      expect((await listSavedAddresses(database, 'u-a')).map((a) => a.name)).toEqual(['A']);
      expect(await deleteAddress(database, 'u-b', 'shared-id')).toEqual([]);
      expect(await listSavedAddresses(database, 'u-a')).toHaveLength(1);
    });
  });

  describe('delete by id (SPEC §5)', () => {
    it('removes that address and answers the rest', async () => {
      await saveAddress(database, 'u-del', address({ id: 'one', latitude: 12.1 }));
      await saveAddress(database, 'u-del', address({ id: 'two', latitude: 12.2 }));
      expect((await deleteAddress(database, 'u-del', 'one')).map((a) => a.id)).toEqual(['two']);
      expect((await deleteAddress(database, 'u-del', 'missing')).map((a) => a.id)).toEqual(['two']);
    });
  });
});
