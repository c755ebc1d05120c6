import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { buildContext } from '#/ondc/context.ts';
import type { CallbackEnvelope } from '#/ondc/message-store.server.ts';
// The seller network's own generator gives a realistic catalogue to ingest.
import { generateNetwork } from '#/network/catalogue/generate.ts';
import { buildOnSearchCatalog } from '#/network/catalogue/on-search.ts';
import { dedupeKey } from './dedupe.ts';
import { catalogueCounts, ingestOnSearch, redoDedupeFor, settleDedupe } from './ingest.server.ts';

const network = generateNetwork({ scale: 1200 });
const BLR = 'std:080';

function onSearchFrom(sellerIndex: number): CallbackEnvelope {
  const seller = network.sellers[sellerIndex]!;
  // One on_search is one domain: the seller's grocery stores (RET10) in the city.
  const providers = seller.providers.filter((p) => p.cityCode === BLR && p.domain === 'ONDC:RET10');
  const bppUri = `http://127.0.0.1:5321/sellers/${seller.id}`;
  return {
    context: {
      ...buildContext({ action: 'search', domain: 'ONDC:RET10', city: BLR, transactionId: 't1', bapId: 'bap', bapUri: 'http://127.0.0.1:4321/bap' }),
      action: 'on_search',
      bpp_id: seller.id,
      bpp_uri: bppUri,
    },
    message: { catalog: buildOnSearchCatalog(providers, { bppId: seller.id, bppUri }) },
  };
}

/** Settles every queued dedupe group, a batch at a time, as the ingestion worker does. */
async function settleAll(database: Database, preferredSellerId?: string) {
  while ((await settleDedupe(database, preferredSellerId, 50)) > 0);
}

describe('SPEC §5 dedupe key', () => {
  it('is the licence plus the lower-cased name without spaces', () => {
    expect(dedupeKey('10014011000123', 'Aashirvaad Atta 5 kg')).toBe('10014011000123:aashirvaadatta5kg');
  });
  it('is absent without a licence (always active)', () => {
    expect(dedupeKey(null, 'Loose Tomatoes')).toBeNull();
  });
});

describe.each(testDatabases())('catalogue ingestion on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  it('keeps each item’s HSN code and GST rate from its tax tag (issue 29), and none a seller wrote wrongly', async () => {
    const envelope = onSearchFrom(0);
    const providers = (
      envelope.message as {
        catalog: {
          'bpp/providers': Array<{ id: string; items: Array<{ id: string; tags: Array<{ code: string; list: Array<{ code: string; value: string }> }> }> }>;
        };
      }
    ).catalog['bpp/providers'];
    const [good, bad] = providers[0]!.items;
    const tax = bad!.tags.find((t) => t.code === 'tax')!;
    tax.list = [
      { code: 'hsn_code', value: '10O6' },
      { code: 'gst_rate', value: '140' },
    ];
    expect((await ingestOnSearch(database, envelope)).ok).toBe(true);
    const rows = await database.query<{ item_id: string; hsn_code: string | null; gst_rate: string | null }>(
      'SELECT item_id, hsn_code, gst_rate::text FROM catalogue_items WHERE item_id = ANY($1::text[]) ORDER BY item_id = $2 DESC',
      [[good!.id, bad!.id], good!.id],
    );
    const stated = good!.tags.find((t) => t.code === 'tax')!.list;
    expect(rows).toEqual([
      { item_id: good!.id, hsn_code: stated.find((e) => e.code === 'hsn_code')!.value, gst_rate: stated.find((e) => e.code === 'gst_rate')!.value },
      { item_id: bad!.id, hsn_code: null, gst_rate: null },
    ]);
  });

  it('keeps whether each store cancels an order it cannot supply whole, as its catalogue says (issue 29)', async () => {
    for (const [index] of network.sellers.entries()) expect((await ingestOnSearch(database, onSearchFrom(index))).ok).toBe(true);
    const rows = await database.query<{ bpp_id: string; cancels_if_short: boolean }>(
      "SELECT DISTINCT bpp_id, cancels_if_short FROM catalogue_providers WHERE domain = 'ONDC:RET10' ORDER BY bpp_id",
    );
    const generated = network.sellers.flatMap((seller) =>
      seller.providers.some((p) => p.cityCode === BLR && p.domain === 'ONDC:RET10')
        ? [{ bpp_id: seller.id, cancels_if_short: seller.providers.some((p) => p.kind === 'grocery' && p.cancelsIfShort) }]
        : [],
    );
    expect(rows).toEqual(generated.sort((a, b) => a.bpp_id.localeCompare(b.bpp_id)));
    expect(rows.map((r) => r.cancels_if_short)).toContain(true);
    expect(rows.map((r) => r.cancels_if_short)).toContain(false);
  });

  it('ingests every provider and item of an on_search, and again changes nothing', async () => {
    const envelopes = network.sellers.map((_, i) => onSearchFrom(i));
    let expectedItems = 0;
    for (const envelope of envelopes) {
      const result = await ingestOnSearch(database, envelope);
      expect(result.ok).toBe(true);
      if (result.ok) expectedItems += result.items;
    }
    await settleAll(database);
    const first = await catalogueCounts(database);
    expect(first.items).toBe(expectedItems);
    expect(first.providers).toBeGreaterThan(0);
    for (const envelope of envelopes) await ingestOnSearch(database, envelope);
    expect(await catalogueCounts(database)).toEqual(first);
  });

  it('keeps one active entry per licence+name: the lowest price', async () => {
    const groups = await database.query<{ dedupe_key: string; active: number; min_price: number; active_price: number }>(
      `SELECT dedupe_key, count(*) FILTER (WHERE is_active)::int AS active, min(price_paise) AS min_price,
              min(price_paise) FILTER (WHERE is_active) AS active_price
       FROM catalogue_items WHERE dedupe_key IS NOT NULL GROUP BY dedupe_key HAVING count(*) > 1`,
    );
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) {
      expect(g.active).toBe(1);
      expect(g.active_price).toBe(g.min_price);
    }
    const [unlicensed] = await database.query<{ inactive: number }>(
      `SELECT count(*) FILTER (WHERE NOT is_active)::int AS inactive FROM catalogue_items WHERE dedupe_key IS NULL`,
    );
    expect(unlicensed?.inactive).toBe(0);
  });

  it('lets the preferred seller win over a lower price', async () => {
    const [pair] = await database.query<{ dedupe_key: string; dear: string }>(
      `SELECT dedupe_key, (array_agg(bpp_id ORDER BY price_paise DESC))[1] AS dear
       FROM catalogue_items WHERE dedupe_key IS NOT NULL GROUP BY dedupe_key
       HAVING count(DISTINCT bpp_id) > 1 AND count(DISTINCT price_paise) > 1 LIMIT 1`,
    );
    expect(pair).toBeDefined();
    await redoDedupeFor(database, pair!.dear);
    await settleAll(database, pair!.dear);
    const active = await database.query<{ bpp_id: string }>('SELECT bpp_id FROM catalogue_items WHERE dedupe_key = $1 AND is_active', [pair!.dedupe_key]);
    expect(active.map((r) => r.bpp_id)).toEqual([pair!.dear]);
  });

  it('rejects a bad item alone (catalog_rejection reasons), lists the rest, and takes a listed item down when it goes bad', async () => {
    const envelope = onSearchFrom(0);
    const catalog = envelope.message?.['catalog'] as { 'bpp/providers': Array<{ id: string; items: Array<Record<string, unknown>> }> };
    const provider = catalog['bpp/providers'][0]!;
    const [good, bad] = provider.items;
    const zeroPriced = { ...bad, price: { ...(bad!['price'] as object), value: '0.00' } };
    const broken = { ...envelope, message: { catalog: { ...catalog, 'bpp/providers': [{ ...provider, items: [good, zeroPriced] }] } } };
    const result = await ingestOnSearch(database, broken);
    expect(result.ok && result.rejected).toEqual([{ providerId: provider.id, itemId: bad!['id'], code: '91010', detail: 'price.value is 0' }]);
    const listed = await database.query<{ item_id: string }>('SELECT item_id FROM catalogue_items WHERE provider_id = $1 AND item_id = ANY($2)', [
      provider.id,
      [good!['id'], bad!['id']],
    ]);
    expect(listed.map((r) => r.item_id)).toEqual([good!['id']]);
    await ingestOnSearch(database, envelope);
  });

  it('applies an incremental refresh as a delta: price, stock, an item switched off, the store closed', async () => {
    const envelope = onSearchFrom(0);
    const catalog = envelope.message?.['catalog'] as { 'bpp/providers': Array<{ id: string; items: Array<Record<string, unknown>> }> };
    const provider = catalog['bpp/providers'][0]!;
    const [cheaper, soldOut, off] = provider.items;
    const before = await catalogueCounts(database);
    const delta = {
      'bpp/providers': [
        {
          id: provider.id,
          time: { label: 'disable', timestamp: '2026-11-25T03:00:00.000Z' },
          items: [
            { ...cheaper, price: { ...(cheaper!['price'] as object), value: '1.00' } },
            { ...soldOut, quantity: { ...(soldOut!['quantity'] as object), available: { count: '0' } } },
            { ...off, time: { label: 'disable', timestamp: '2026-11-25T03:00:00.000Z' } },
          ],
        },
      ],
    };
    const result = await ingestOnSearch(database, { context: { ...envelope.context, city: '*' }, message: { catalog: delta } });
    expect(result.ok && result.rejected).toEqual([]);
    const rows = await database.query<{ item_id: string; price_paise: number; in_stock: boolean }>(
      'SELECT item_id, price_paise, in_stock FROM catalogue_items WHERE provider_id = $1 AND item_id = ANY($2) ORDER BY item_id',
      [provider.id, [cheaper!['id'], soldOut!['id'], off!['id']]],
    );
    expect(rows.find((r) => r.item_id === cheaper!['id'])?.price_paise).toBe(100);
    expect(rows.find((r) => r.item_id === soldOut!['id'])?.in_stock).toBe(false);
    expect(rows.some((r) => r.item_id === off!['id'])).toBe(false);
    const [store] = await database.query<{ status: string }>('SELECT status FROM catalogue_providers WHERE provider_id = $1', [provider.id]);
    expect(store?.status).toBe('disable');
    expect((await catalogueCounts(database)).items).toBe(before.items - 1);
    await ingestOnSearch(database, envelope);
  });

  it('keeps a changed dish on its menus when the delta does not name them', async () => {
    const sellerIndex = network.sellers.findIndex((s) => s.providers.some((p) => p.kind === 'restaurant' && p.cityCode === BLR));
    const seller = network.sellers[sellerIndex]!;
    const restaurant = seller.providers.find((p) => p.kind === 'restaurant' && p.cityCode === BLR)!;
    const bppUri = `http://127.0.0.1:5321/sellers/${seller.id}`;
    const base = onSearchFrom(sellerIndex);
    const full = buildOnSearchCatalog(restaurant, { bppId: seller.id, bppUri });
    const context = { ...base.context, domain: 'ONDC:RET11' as const };
    await ingestOnSearch(database, { context, message: { catalog: full } });
    const dish = full['bpp/providers'][0]!.items.find((i) => !i.related && i.category_ids)!;
    const { category_ids: _menus, ...changed } = { ...dish, quantity: { ...dish.quantity, available: { count: '0' } } };
    const result = await ingestOnSearch(database, {
      context: { ...context, city: '*' },
      message: { catalog: { 'bpp/providers': [{ id: restaurant.id, items: [changed] }] } },
    });
    expect(result.ok && result.rejected).toEqual([]);
    const [row] = await database.query<{ menu_ids: string[]; in_stock: boolean }>(
      'SELECT menu_ids, in_stock FROM catalogue_items WHERE provider_id = $1 AND item_id = $2',
      [restaurant.id, dish.id],
    );
    expect(row).toEqual({ menu_ids: dish.category_ids!.map((ref) => ref.split(':')[0]), in_stock: false });
  });

  it('rejects a store whose listing breaks the protocol (PROVIDER-ERROR), writing none of it', async () => {
    const envelope = onSearchFrom(0);
    const catalog = envelope.message?.['catalog'] as { 'bpp/providers': Array<{ id: string; locations: Array<Record<string, unknown>> }> };
    const [first, ...rest] = catalog['bpp/providers'];
    await database.query('DELETE FROM catalogue_items WHERE provider_id = $1', [first!.id]);
    await database.query('DELETE FROM catalogue_providers WHERE provider_id = $1', [first!.id]);
    const before = await catalogueCounts(database);
    const noAddress = { ...first!, locations: first!.locations.map(({ address: _address, ...location }) => location) };
    const result = await ingestOnSearch(database, { ...envelope, message: { catalog: { ...catalog, 'bpp/providers': [noAddress, ...rest] } } });
    expect(result.ok && result.rejected).toEqual([{ providerId: first!.id, code: '90021', detail: expect.stringContaining('locations.0.address') }]);
    expect((await catalogueCounts(database)).providers).toBe(before.providers);
    await ingestOnSearch(database, envelope);
    expect((await catalogueCounts(database)).providers).toBe(before.providers + 1);
  });

  it("lists a page that names its stores without the seller's descriptor (ONDC's Workbench pages so), keeping the seller's name", async () => {
    const envelope = onSearchFrom(1);
    const catalog = envelope.message?.['catalog'] as { 'bpp/providers': Array<{ id: string }>; 'bpp/descriptor': { name: string } };
    const [first] = catalog['bpp/providers'];
    await database.query('DELETE FROM catalogue_items WHERE provider_id = $1', [first!.id]);
    await database.query('DELETE FROM catalogue_providers WHERE provider_id = $1', [first!.id]);
    const result = await ingestOnSearch(database, { ...envelope, message: { catalog: { 'bpp/providers': [first] } } });
    expect(result.ok && result.providers).toBe(1);
    const listed = await database.query('SELECT provider_id FROM catalogue_providers WHERE provider_id = $1', [first!.id]);
    expect(listed).toHaveLength(1);
    const [seller] = await database.query<{ name: string }>('SELECT name FROM catalogue_sellers WHERE bpp_id = $1', [envelope.context.bpp_id]);
    expect(seller?.name).toBe(catalog['bpp/descriptor'].name);
  });

  it('refuses a catalogue whose frame breaks the schema, writing nothing', async () => {
    const envelope = onSearchFrom(0);
    const before = await catalogueCounts(database);
    const catalog = envelope.message?.['catalog'] as Record<string, unknown>;
    const broken = { ...envelope, message: { catalog: { ...catalog, 'bpp/descriptor': { name: '' } } } };
    expect((await ingestOnSearch(database, broken)).ok).toBe(false);
    expect(await catalogueCounts(database)).toEqual(before);
  });
});
