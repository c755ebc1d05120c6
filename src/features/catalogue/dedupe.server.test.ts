// SPEC §5 dedupe winner, once: the TypeScript rule (dedupe.ts) and the SQL built from it must pick
// the same entry in listings, search, facet counts, store pages and ingestion's per-city flag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { catalogueChanged } from './cache.server.ts';
import { groceryFilters, groceryItems, providerItems, type ShopperPlace } from './catalogue.server.ts';
import { groceryFiltersSchema, groceryItemsSchema, providerItemsSchema } from './catalogue.ts';
import { dedupeKey, dedupeWinners } from './dedupe.ts';
import { packSize } from './format.ts';
import { settleDedupe } from './ingest.server.ts';

const CITY = 'std:080';
const NEAR = '560001';
const FAR = '560002';
const DARK = 'dark-store';

/** Stores: the dark store delivers to one pincode only; store c is disabled (takes no orders). */
const STORES = [
  { bpp: 'seller-a', id: 'a1', status: 'enable', pincodes: [NEAR, FAR] },
  { bpp: 'seller-b', id: 'b1', status: 'enable', pincodes: [NEAR, FAR] },
  { bpp: DARK, id: 'd1', status: 'enable', pincodes: [NEAR] },
  { bpp: 'seller-c', id: 'c1', status: 'disable', pincodes: [NEAR, FAR] },
];

interface Entry {
  bpp: string;
  store: string;
  id: string;
  name: string;
  licence: string | null;
  price: number;
  packValue: string;
  packUnit: string;
}

const entry = (store: string, id: string, name: string, licence: string | null, price: number, pack: [string, string] = ['1', 'unit']): Entry => ({
  bpp: STORES.find((s) => s.id === store)!.bpp,
  store,
  id,
  name,
  licence,
  price,
  packValue: pack[0],
  packUnit: pack[1],
});

const ENTRIES: Entry[] = [
  // The disabled store is the cheapest in the city: it names the canonical page, no shopper is shown it.
  entry('a1', 'atta-a', 'Aashirvaad Atta 5 kg', 'L1', 30000),
  entry('b1', 'atta-b', 'Aashirvaad Atta 5 kg', 'L1', 29000),
  entry('d1', 'atta-d', 'Aashirvaad  atta 5 KG', 'L1', 31000),
  entry('c1', 'atta-c', 'Aashirvaad Atta 5 kg', 'L1', 10000),
  // Sellers write the same pack differently: the facet counts the pack of the entry shown.
  entry('a1', 'ghee-a', 'Amul Ghee', 'L2', 50000, ['1', 'litre']),
  entry('d1', 'ghee-d', 'Amul Ghee', 'L2', 52000, ['1000', 'millilitre']),
  // The same price: the seller id decides, as bytes.
  entry('b1', 'salt-b', 'Tata Salt 1 kg', 'L3', 2800),
  entry('a1', 'salt-a', 'Tata Salt 1 kg', 'L3', 2800),
  // Without a licence every entry stands alone.
  entry('a1', 'tomato-a', 'Loose Tomato', null, 4000),
  entry('b1', 'tomato-b', 'Loose Tomato', null, 3500),
  entry('b1', 'rice-b', 'Basmati Rice', 'L4', 12000),
];

const asDedupe = (e: Entry) => ({ key: dedupeKey(e.licence, e.name), bppId: e.bpp, providerId: e.store, itemId: e.id, pricePaise: e.price });
const offeredAt = (pincode: string) => ENTRIES.filter((e) => STORES.some((s) => s.id === e.store && s.status === 'enable' && s.pincodes.includes(pincode)));
const ids = (entries: ReadonlyArray<{ id: string }>) => entries.map((e) => e.id).sort();

describe.each(testDatabases())('SPEC §5 dedupe winner, TypeScript and SQL, on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    for (const store of STORES) {
      await database.query(`INSERT INTO catalogue_sellers (bpp_id, bpp_uri, name) VALUES ($1, 'http://' || $1 || '.localhost', $1)`, [store.bpp]);
      await database.query(
        `INSERT INTO catalogue_providers (bpp_id, provider_id, domain, city_code, name, status, location_id, location_status, lat, lng, radius_km, serves_pincodes)
         VALUES ($1, $2, 'ONDC:RET10', $3, $2, $4, $2 || '-l1', 'enable', 12.97, 77.59, 3, $5)`,
        [store.bpp, store.id, CITY, store.status, store.pincodes],
      );
    }
    for (const e of ENTRIES) {
      await database.query(
        `INSERT INTO catalogue_items (bpp_id, provider_id, item_id, city_code, location_id, kind, name, ondc_category, price_paise, mrp_paise,
                                      in_stock, max_quantity, fssai_licence, dedupe_key, pack_value, pack_unit, is_active)
         VALUES ($1, $2, $3, $4, $2 || '-l1', 'item', $5, 'Foodgrains', $6, 60000, true, 5, $7, $8, $9, $10, false)`,
        [e.bpp, e.store, e.id, CITY, e.name, e.price, e.licence, dedupeKey(e.licence, e.name), e.packValue, e.packUnit],
      );
    }
  });
  afterAll(async () => {
    await database.close();
  });

  const cases = [NEAR, FAR].flatMap((pincode) => [undefined, DARK].map((preferredSellerId) => ({ pincode, preferredSellerId })));

  describe.each(cases)('at $pincode, preferred seller $preferredSellerId', (place: ShopperPlace) => {
    const winners = () => dedupeWinners(offeredAt(place.pincode), asDedupe, place.preferredSellerId);

    it('a listing shows the winners among the stores that deliver to the pincode, each active', async () => {
      catalogueChanged();
      const listing = await groceryItems(database, place, groceryItemsSchema.parse({ sort: 'price-low-high' }));
      expect(ids(listing.data)).toEqual(ids(winners()));
      for (const item of listing.data) expect(item.isActive, `${item.id} is the winner it shows`).toBe(true);
    });

    it('a search picks the same winner', async () => {
      catalogueChanged();
      const found = await groceryItems(database, place, groceryItemsSchema.parse({ searchText: 'atta' }));
      expect(ids(found.data)).toEqual(ids(winners().filter((e) => e.name.toLowerCase().includes('atta'))));
      expect(found.data.every((i) => i.isActive)).toBe(true);
    });

    it('a filtered listing flags an entry that is not the winner as inactive', async () => {
      catalogueChanged();
      const dearer = await groceryItems(database, place, groceryItemsSchema.parse({ filters: [{ type: 'GTE', field: 'currentPrice', value: 295 }] }));
      const won = new Set(ids(winners()));
      for (const item of dearer.data) expect(item.isActive, item.id).toBe(won.has(item.id));
    });

    it('facet counts count the entry the listing shows', async () => {
      catalogueChanged();
      const facets = await groceryFilters(database, place, groceryFiltersSchema.parse({ selectedFilterFieldName: 'packSize' }));
      const expected = new Map<string, number>();
      for (const e of winners()) {
        const size = packSize(e.packValue, e.packUnit) ?? '';
        expected.set(size, (expected.get(size) ?? 0) + 1);
      }
      expect(new Map(facets.map((f) => [f.value, f.count]))).toEqual(expected);
    });

    it('a store page flags each of its entries as the listing would', async () => {
      const won = new Set(ids(winners()));
      for (const store of STORES.filter((s) => s.status === 'enable' && s.pincodes.includes(place.pincode))) {
        const items = await providerItems(database, place, providerItemsSchema.parse({ provider_id: store.id, location_id: `${store.id}-l1` }));
        expect(items.data.length).toBeGreaterThan(0);
        for (const item of items.data) expect(item.isActive, `${store.id}/${item.id}`).toBe(won.has(item.id));
      }
    });
  });

  it('the per-city flag (the canonical page) is the same rule over every store of the city', async () => {
    for (const preferredSellerId of [undefined, DARK]) {
      await database.query(
        `INSERT INTO catalogue_dedupe_pending (city_code, dedupe_key) SELECT DISTINCT city_code, dedupe_key FROM catalogue_items WHERE dedupe_key IS NOT NULL ON CONFLICT DO NOTHING`,
      );
      while ((await settleDedupe(database, preferredSellerId, 50)) > 0);
      const active = await database.query<{ item_id: string }>(`SELECT item_id FROM catalogue_items WHERE is_active AND dedupe_key IS NOT NULL`);
      const expected = dedupeWinners(ENTRIES, asDedupe, preferredSellerId).filter((e) => e.licence !== null);
      expect(ids(active.map((r) => ({ id: r.item_id })))).toEqual(ids(expected));
    }
  });
});
