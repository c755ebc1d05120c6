// Search at scale (issue 14, migrations 14 and 22): the per-city word keys, the vocabulary that
// corrects typos, and ranking a common word's thousands of matches without sorting or comparing
// them whole, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { catalogueChanged } from './cache.server.ts';
import { groceryItems } from './catalogue.server.ts';
import { groceryItemsSchema } from './catalogue.ts';

const PINCODE = '560034';

async function addItems(database: Database, city: string, provider: string, names: string[], prices?: number[]) {
  await database.query(
    `INSERT INTO catalogue_providers (bpp_id, provider_id, domain, city_code, name, status, location_id, location_status, lat, lng, radius_km, serves_pincodes)
     VALUES ('seller', $1, 'ONDC:RET10', $2, $1, 'enable', $1 || '-l1', 'enable', 12.9, 77.6, 3, $3)`,
    [provider, city, city === 'std:080' ? [PINCODE] : ['110001']],
  );
  await database.query(
    `INSERT INTO catalogue_items (bpp_id, provider_id, item_id, city_code, location_id, kind, name, ondc_category, price_paise, mrp_paise, in_stock, max_quantity)
     SELECT 'seller', $1, $1 || '-' || n, $2, $1 || '-l1', 'item', name, 'Foodgrains', coalesce(($4::int[])[n], 10000), 12000, true, 5
     FROM unnest($3::text[]) WITH ORDINALITY AS t(name, n)`,
    [provider, city, names, prices ?? []],
  );
}

describe.each(testDatabases())('search at scale on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await database.query(`INSERT INTO catalogue_sellers (bpp_id, bpp_uri, name) VALUES ('seller', 'http://seller.localhost', 'Seller')`);
    await addItems(database, 'std:080', 'blr-store', [
      'Fresh Potato 1 kg',
      'Aashirvaad Atta 5 kg',
      'Khatta Meetha 200 g',
      'Biryani Masala 50 g',
      'Instant Dosa Mix 200 g',
    ]);
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

  it('finds what is typed in Devanagari, the way it sounds (issue 28)', async () => {
    expect(await search('डोसा')).toEqual(['Instant Dosa Mix 200 g']);
    expect(await search('बिरयानी मसाला')).toEqual(['Biryani Masala 50 g']);
    expect(await search('आलू')).toEqual(['Fresh Sweet Potato 1 kg']);
  });

  it('reads an unknown word as the nearest words items hold, and matches no name by its letters alone', async () => {
    expect(await search('pottato')).toEqual(['Fresh Sweet Potato 1 kg']);
    expect(await search('atta')).toEqual(['Aashirvaad Atta 5 kg']);
    expect(await search('zzqx')).toEqual([]);
  });
});

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}
interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  Output?: string[];
  Plans?: PlanNode[];
}

describe.each(testDatabases())('a common word’s page on $name', ({ open }) => {
  const LICENCE = '10012345000111';
  // 300 products sold by two stores (same licence and name: one entry each, SPEC §5), all with
  // "masala" in the name, the longer names the less like the word: 600 matches for one page.
  const names = Array.from({ length: 300 }, (_, n) => `Masala ${'Extra '.repeat(n % 7)}Mix ${n + 1} g`);
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await database.query(`INSERT INTO catalogue_sellers (bpp_id, bpp_uri, name) VALUES ('seller', 'http://seller.localhost', 'Seller')`);
    await addItems(
      database,
      'std:080',
      'store-a',
      names,
      names.map((_, n) => 10000 + (n % 3)),
    );
    await addItems(
      database,
      'std:080',
      'store-b',
      names,
      names.map((_, n) => 10001 - (n % 3)),
    );
    await database.query(`UPDATE catalogue_items SET fssai_licence = $1, dedupe_key = $1 || ':' || lower(replace(name, ' ', ''))`, [LICENCE]);
    await database.query('ANALYZE catalogue_items');
  });
  afterAll(async () => {
    await database.close();
  });

  /** The page's query as the search runs it, with its plan. */
  async function searchWithPlan(request: Record<string, unknown>) {
    const queries: Array<{ sql: string; params: unknown[] }> = [];
    const recording: Database = {
      ...database,
      query: (sql, params = []) => {
        queries.push({ sql, params });
        return database.query(sql, params);
      },
    };
    catalogueChanged();
    const page = await groceryItems(recording, { pincode: PINCODE }, groceryItemsSchema.parse({ limit: 20, ...request }));
    const { sql, params } = queries.at(-1)!;
    const [row] = await database.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, VERBOSE, FORMAT JSON) ${sql}`, params);
    const json = row!['QUERY PLAN'];
    const plan = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>;
    return { page, nodes: planNodes(plan[0]!.Plan) };
  }

  it('lists the page that ranking every match lists, one entry per product, the cheaper store’s', async () => {
    for (const page of [0, 3]) {
      const everyMatch = await database.query<{ item_id: string }>(
        `SELECT item_id FROM (
           SELECT DISTINCT ON (dedupe_key) item_id, rating_count,
                  ts_rank(search_document, to_tsquery('simple', 'masala:*')) + similarity(lower(name), 'masala') AS rank
           FROM catalogue_items ORDER BY dedupe_key, price_paise, bpp_id, provider_id) products
         ORDER BY rank DESC, rating_count DESC NULLS LAST, item_id LIMIT 20 OFFSET $1`,
        [page * 20],
      );
      const { page: listed } = await searchWithPlan({ searchText: 'masala', page });
      expect(listed.data.map((i) => i.id)).toEqual(everyMatch.map((r) => r.item_id));
    }
    const { page: first } = await searchWithPlan({ searchText: 'masala' });
    expect(new Set(first.data.map((i) => i.name)).size).toBe(20);
    for (const item of first.data) {
      const [cheapest] = await database.query<{ price: number }>('SELECT min(price_paise) AS price FROM catalogue_items WHERE name = $1', [item.name]);
      expect(item.price, item.name).toBe(cheapest!.price);
    }
  });

  it('compares names with the text only for the rows that can still reach the page', async () => {
    const { nodes } = await searchWithPlan({ searchText: 'masala' });
    const compared = nodes.filter((n) => n.Output?.some((o) => o.includes('similarity(')));
    expect(compared.length).toBeGreaterThan(0);
    for (const node of compared) expect(node['Actual Rows'] * node['Actual Loops'], node['Node Type']).toBeLessThanOrEqual(100);
  });

  it('sorts the 600 matches by product without their names, images or other columns', async () => {
    for (const sort of ['relevance', 'price-low-high', 'discount']) {
      const { nodes } = await searchWithPlan({ searchText: 'masala', sort });
      const sorts = nodes.filter((n) => n['Node Type'] === 'Sort' && n['Actual Rows'] > 21);
      expect(sorts.length, sort).toBeGreaterThan(0);
      for (const node of sorts) expect(node.Output?.join(', '), sort).not.toMatch(/\.(name|image|brand|tray_tags)\b/);
    }
  });
});
