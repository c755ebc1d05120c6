// Search at scale (issue 14, migration 14): the per-city word keys and the vocabulary that
// corrects typos, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { testDatabases } from '../../db/testing.ts';
import { catalogueChanged } from './cache.server.ts';
import { groceryItems } from './catalogue.server.ts';
import { groceryItemsSchema } from './catalogue.ts';

const PINCODE = '560034';

async function addItems(database: Database, city: string, provider: string, names: string[]) {
  await database.query(
    `INSERT INTO catalogue_providers (bpp_id, provider_id, domain, city_code, name, status, location_id, location_status, lat, lng, radius_km, serves_pincodes)
     VALUES ('seller', $1, 'ONDC:RET10', $2, $1, 'enable', $1 || '-l1', 'enable', 12.9, 77.6, 3, $3)`,
    [provider, city, city === 'std:080' ? [PINCODE] : ['110001']],
  );
  await database.query(
    `INSERT INTO catalogue_items (bpp_id, provider_id, item_id, city_code, location_id, kind, name, ondc_category, price_paise, mrp_paise, in_stock, max_quantity)
     SELECT 'seller', $1, $1 || '-' || n, $2, $1 || '-l1', 'item', name, 'Foodgrains', 10000, 12000, true, 5
     FROM unnest($3::text[]) WITH ORDINALITY AS t(name, n)`,
    [provider, city, names],
  );
}

describe.each(testDatabases())('search at scale on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await database.query(`INSERT INTO catalogue_sellers (bpp_id, bpp_uri, name) VALUES ('seller', 'http://seller.localhost', 'Seller')`);
    await addItems(database, 'std:080', 'blr-store', ['Fresh Potato 1 kg', 'Aashirvaad Atta 5 kg', 'Khatta Meetha 200 g']);
    await addItems(database, 'std:011', 'del-store', ['Fresh Tomato 500 g', 'Basmati Rice 1 kg']);
  });
  afterAll(async () => {
    await database.close();
  });

  const search = async (searchText: string) => {
    catalogueChanged();
    return (await groceryItems(database, { pincode: PINCODE }, groceryItemsSchema.parse({ limit: 20, searchText }))).data.map((i) => i.name);
  };

  it('learns every word items are written with, and the words a renamed item brings', async () => {
    const words = async () => (await database.query<{ word: string }>('SELECT word FROM catalogue_words ORDER BY word')).map((r) => r.word);
    expect(await words()).toEqual(expect.arrayContaining(['potato', 'atta', 'tomato', 'basmati']));
    await database.query(`UPDATE catalogue_items SET name = 'Fresh Sweet Potato 1 kg' WHERE item_id = 'blr-store-1'`);
    expect(await words()).toContain('sweet');
  });

  it('keys an item by its city and each word', async () => {
    const [row] = await database.query<{ keys: string[] }>(`SELECT catalogue_search_keys('std:080', to_tsvector('simple', 'Aloo Bhujia')) AS keys`);
    expect([...(row?.keys ?? [])].sort()).toEqual(['std:080 aloo', 'std:080 bhujia']);
  });

  it('finds by prefix and Hindi word within the cities serving the pincode only', async () => {
    expect(await search('pota')).toEqual(['Fresh Sweet Potato 1 kg']);
    expect(await search('aloo')).toEqual(['Fresh Sweet Potato 1 kg']);
    expect(await search('tomato'), 'Delhi’s items are not Bengaluru’s').toEqual([]);
  });

  it('reads an unknown word as the nearest words items hold, and matches no name by its letters alone', async () => {
    expect(await search('pottato')).toEqual(['Fresh Sweet Potato 1 kg']);
    expect(await search('atta')).toEqual(['Aashirvaad Atta 5 kg']);
    expect(await search('zzqx')).toEqual([]);
  });
});
