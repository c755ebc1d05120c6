import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#/db/client.ts';
import { migratedTemplate } from '#/db/testing.ts';
import { buildContext } from '#/ondc/context.ts';
import { loadOrCreateKeys } from '#/ondc/identity.server.ts';
import { createFileRegistry } from '#/ondc/registry.ts';
import { createBuyerApp, type BuyerApp } from '#/ondc/runtime.server.ts';
// The seller network's own generator gives realistic pages to ingest.
import { generateNetwork } from '#/network/catalogue/generate.ts';
import { buildOnSearchCatalog } from '#/network/catalogue/on-search.ts';
import { listingProblems } from './listing-checks.ts';
import { ingestionIdle, nextDedupeBatch, pauseAfterPage, stopCatalogueIngestion, wakeCatalogueIngestion } from './ingest-queue.server.ts';

const BLR = 'std:080';
const network = generateNetwork({ scale: 1200 });
const [seller, other] = [network.sellers[0]!, network.sellers[1]!];
const storesOf = (s: typeof seller) => s.providers.filter((p) => p.cityCode === BLR && p.domain === 'ONDC:RET10');
const stores = storesOf(seller);
// Nobody listens here: the catalog_rejection a page earns is not delivered, which the worker logs.
const bppUri = 'http://127.0.0.1:9/sellers/grocer-one';
const dir = mkdtempSync(path.join(tmpdir(), 'kirana-ingest-queue-'));

function envelope(catalog: unknown, city = BLR, from = seller) {
  const context = buildContext({ action: 'search', domain: 'ONDC:RET10', city, transactionId: 't-queue', bapId: 'bap', bapUri: 'http://127.0.0.1:4321/bap' });
  return { context: { ...context, action: 'on_search', bpp_id: from.id, bpp_uri: bppUri }, message: { catalog } };
}

/** What the receiver does with a page before it ACKs: keeps it whole in the inbox. */
async function keep(database: Database, body: unknown) {
  await database.query(`INSERT INTO ondc_inbox (action, body, bytes) VALUES ('on_search', $1, $2)`, [JSON.stringify(body), JSON.stringify(body).length]);
}

async function drained(database: Database) {
  for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (await ingestionIdle(database, 0)) return;
  }
  throw new Error('ingestion did not drain in 30 s');
}

describe('dedupe batches hold the database about 100 ms each', () => {
  it('double when quick, halve when slow, and stay between 20 and 5,000 groups', () => {
    expect(nextDedupeBatch(200, 20)).toBe(400);
    expect(nextDedupeBatch(200, 100)).toBe(200);
    expect(nextDedupeBatch(200, 450)).toBe(100);
    expect(nextDedupeBatch(30, 1000)).toBe(20);
    expect(nextDedupeBatch(4000, 1)).toBe(5000);
  });
});

describe('between pages the worker leaves PGlite’s thread to shoppers', () => {
  it('for as long as the page took, at most half a second, while requests are under way', () => {
    expect(pauseAfterPage('pglite', 120, 1)).toBe(120);
    expect(pauseAfterPage('pglite', 2000, 3)).toBe(500);
  });
  it('not at all when nobody is waiting, nor on PostgreSQL, whose queries run elsewhere', () => {
    expect(pauseAfterPage('pglite', 400, 0)).toBe(0);
    expect(pauseAfterPage('postgres', 400, 2)).toBe(0);
  });
});

describe('the ingestion worker', () => {
  let database: Database;
  let app: BuyerApp;
  beforeAll(async () => {
    database = await openDatabase({ url: 'memory://', template: await migratedTemplate() });
    app = createBuyerApp({
      identity: loadOrCreateKeys(path.join(dir, 'keys.json'), 'kirana.localhost'),
      bapUri: 'http://127.0.0.1:4321/bap',
      taxNumber: '29AAACK0000K1Z5',
      gatewayUrl: 'http://127.0.0.1:9/gateway',
      registry: createFileRegistry(path.join(dir, 'registry.json')),
      embeddedNetworkUrl: null,
      log: undefined,
    });
  });
  afterAll(async () => {
    await stopCatalogueIngestion();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies waiting pages in the order they came, once each, and settles dedupe after', async () => {
    const full = buildOnSearchCatalog(stores, { bppId: seller.id, bppUri });
    const store = full['bpp/providers'][0]!;
    const categories = new Set(store.categories.map((c) => c.id));
    const item = store.items.find((i) => listingProblems(i, 'ONDC:RET10', categories).length === 0)!;
    // Left by a process that stopped before applying them: a full page, then a price change.
    await keep(database, envelope(full));
    const cheaper = { ...item, price: { ...item.price, value: '1.00' } };
    await keep(database, envelope({ 'bpp/providers': [{ id: store.id, items: [cheaper] }] }, '*'));

    wakeCatalogueIngestion(database, app);
    await drained(database);

    const [row] = await database.query<{ price_paise: number }>('SELECT price_paise FROM catalogue_items WHERE provider_id = $1 AND item_id = $2', [
      store.id,
      item.id,
    ]);
    expect(row?.price_paise).toBe(100);
    const [left] = await database.query<{ pages: number; groups: number }>(
      'SELECT (SELECT count(*)::int FROM ondc_inbox) AS pages, (SELECT count(*)::int FROM catalogue_dedupe_pending) AS groups',
    );
    expect(left).toEqual({ pages: 0, groups: 0 });
    // PGlite runs no autovacuum: the worker gathers the planner's statistics itself.
    const [stats] = await database.query<{ columns: number }>(`SELECT count(*)::int AS columns FROM pg_stats WHERE tablename = 'catalogue_items'`);
    expect(stats?.columns).toBeGreaterThan(0);
  });

  it('drops a page it cannot read and goes on to the next', async () => {
    await database.query(`INSERT INTO ondc_inbox (action, body, bytes) VALUES ('on_search', 'not json', 8)`);
    const store = storesOf(other)[0]!;
    await keep(database, envelope(buildOnSearchCatalog(store, { bppId: other.id, bppUri }), BLR, other));
    wakeCatalogueIngestion(database, app);
    await drained(database);
    const [row] = await database.query<{ items: number }>('SELECT count(*)::int AS items FROM catalogue_items WHERE provider_id = $1', [store.id]);
    expect(row?.items).toBeGreaterThan(0);
  });
});
