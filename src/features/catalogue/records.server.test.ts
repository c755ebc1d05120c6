import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { CITY_CODE, dish, plainItems, seedCatalogue, type FixtureItem } from '#/features/cart/fixtures/catalogue.ts';
import { addOnsOf, anyStoreServes, cartItems, itemsStillSold, itemTerms, offerAdvertisedInCity, sellerUris, storeListing } from './records.server.ts';

for (const target of testDatabases()) {
  describe(`what other features read of the catalogue, on ${target.name} (issue 27)`, () => {
    let database: Database;
    let items: FixtureItem[];
    beforeAll(async () => {
      database = await target.open();
      await seedCatalogue(database);
      items = await plainItems(database, { domain: 'ONDC:RET10', count: 3 });
    }, 60_000);
    afterAll(() => database?.close());

    const storeOf = (item: FixtureItem) => ({ bppId: item.bppId, providerId: item.providerId });

    it("answers a store's listing with its seller's address and hours, and null for a store not listed", async () => {
      const item = items[0]!;
      const listing = await storeListing(database, storeOf(item));
      expect(listing).toMatchObject({ bpp_id: item.bppId, provider_id: item.providerId, bpp_uri: `http://127.0.0.1:5321/sellers/${item.bppId}` });
      expect(listing?.domain).toBe('ONDC:RET10');
      expect(listing?.city_code).toBe(CITY_CODE);
      expect(typeof listing?.status).toBe('string');
      expect(await storeListing(database, { bppId: item.bppId, providerId: 'no-such-store' })).toBeNull();
    });

    it('answers the terms of the items a store lists, and leaves out those it does not', async () => {
      const terms = await itemTerms(database, storeOf(items[0]!), [...items.map((i) => i.itemId), 'no-such-item']);
      expect(terms.map((t) => t.item_id).sort()).toEqual(items.map((i) => i.itemId).sort());
      const first = terms.find((t) => t.item_id === items[0]!.itemId);
      expect(first).toMatchObject({ kind: 'item', price_paise: items[0]!.pricePaise, max_quantity: items[0]!.maxQuantity, in_stock: true });
    });

    it("lists an add-on's terms as an add-on, so an order's add-on is not taken for an item", async () => {
      const biryani = await dish(database, 'Idli Sambar');
      const [option] = await database.query<{ item_id: string }>(
        "SELECT item_id FROM catalogue_items WHERE bpp_id = $1 AND provider_id = $2 AND kind = 'customization' LIMIT 1",
        [biryani.bppId, biryani.providerId],
      );
      const terms = await itemTerms(database, biryani, [biryani.itemId, option!.item_id]);
      expect(Object.fromEntries(terms.map((t) => [t.item_id, t.kind]))).toEqual({ [biryani.itemId]: 'item', [option!.item_id]: 'customization' });
    });

    it("answers a cart's items with their store's domain and hours, a dish's add-ons with their groups, and the sellers' addresses", async () => {
      const idli = await dish(database, 'Idli Sambar');
      const [found] = await cartItems(database, idli, [idli.itemId, 'no-such-item']);
      expect(found).toMatchObject({ item_id: idli.itemId, kind: 'item', domain: 'ONDC:RET11', price_paise: idli.pricePaise });
      expect(found?.custom_group_ids.length).toBeGreaterThan(0);
      expect(typeof found?.status).toBe('string');
      const addOns = await addOnsOf(database, idli);
      expect(addOns.options.length).toBeGreaterThan(0);
      expect(addOns.options.every((o) => o.kind === 'customization')).toBe(true);
      const groups = new Set(addOns.categories.map((c) => c.id));
      expect(found?.custom_group_ids.every((id) => groups.has(id))).toBe(true);
      expect(await sellerUris(database)).toContain(`http://127.0.0.1:5321/sellers/${idli.bppId}`);
    });

    it('keeps of some listings, in their order, the first items still sold to the pincode', async () => {
      const item = items[0]!;
      const [{ pincode } = { pincode: '' }] = await database.query<{ pincode: string }>(
        'SELECT serves_pincodes[1] AS pincode FROM catalogue_providers WHERE bpp_id = $1 AND provider_id = $2',
        [item.bppId, item.providerId],
      );
      const listings = [items[2]!, { ...item, itemId: 'no-such-item' }, item, items[1]!].map((i) => ({ ...storeOf(i), itemId: i.itemId }));
      expect((await itemsStillSold(database, listings, pincode, 10)).map((r) => r.item_id)).toEqual([items[2]!.itemId, item.itemId, items[1]!.itemId]);
      expect((await itemsStillSold(database, listings, pincode, 2)).map((r) => r.item_id)).toEqual([items[2]!.itemId, item.itemId]);
      expect(await itemsStillSold(database, listings, '000000', 10)).toEqual([]);
      expect(await itemsStillSold(database, [], pincode, 10)).toEqual([]);
    });

    it('says whether anyone delivers to a pincode', async () => {
      const [{ pincode } = { pincode: '' }] = await database.query<{ pincode: string }>(
        'SELECT serves_pincodes[1] AS pincode FROM catalogue_providers LIMIT 1',
      );
      expect(await anyStoreServes(database, pincode)).toBe(true);
      expect(await anyStoreServes(database, '000000')).toBe(false);
    });

    it('says whether a store of the city advertises an offer code', async () => {
      const [advertised] = await database.query<{ id: string }>(
        "SELECT o->>'id' AS id FROM catalogue_providers, jsonb_array_elements(offers) o WHERE city_code = $1 LIMIT 1",
        [CITY_CODE],
      );
      expect(advertised).toBeDefined();
      expect(await offerAdvertisedInCity(database, CITY_CODE, advertised!.id)).toBe(true);
      expect(await offerAdvertisedInCity(database, 'std:011', advertised!.id)).toBe(false);
      expect(await offerAdvertisedInCity(database, CITY_CODE, 'NO-SUCH-CODE')).toBe(false);
    });
  });
}
