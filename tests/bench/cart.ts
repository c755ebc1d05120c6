// Cart update latency (issue 6): 20 shoppers, each on its own connection with its own device
// cookie, changing their carts (POST /ondc/cart UPDATE_ITEM: the transaction, the version bump
// and the full cart answer) for 10 s with autocannon, against a fresh server on loopback. Then
// the worst case: the same 20 connections all on one shopper's cart. Prints figures; never fails
// on them.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { ensureBuilt } from '#/lib/process/build.server.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { startServer } from '../support/server.ts';

const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

const { provider, location } = openGroceryStore();
const { providerItems } = await import('#/network/catalogue/generate.ts');
const items = [...providerItems(provider)].filter((i) => i.kind === 'grocery' && i.stock > 0).slice(0, 10);

function update(n: number): string {
  const item = items[n % items.length];
  if (!item) throw new Error('no items');
  return JSON.stringify({
    action: 'UPDATE_ITEM',
    sku_id: item.id,
    quantity: (n % 2) + 1,
    cart_metadata: { bpp_id: provider.sellerId, provider_id: provider.id },
    item_metadata: { itemId: item.id, providerId: provider.id, locationId: location.id },
  });
}

async function run(url: string, cookieFor: () => string) {
  const result = await autocannon({
    url: `${url}/ondc/cart`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    setupClient(client) {
      let n = 0;
      client.setHeaders({ 'content-type': 'application/json', cookie: `kirana_device=${cookieFor()}` });
      client.setBody(update(n));
      client.on('response', () => client.setBody(update(++n)));
    },
  });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

// BENCH_DATABASE_URL (a postgres:// URL) measures on PostgreSQL instead, in a schema of its own.
const pgUrl = process.env.BENCH_DATABASE_URL;
const schema = `bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
ensureBuilt();
// Load, not abuse: the per-shopper request limit (issue 24) would answer most of these 429.
const server = await startServer({ SHOPPER_WRITE_LIMIT: '0', ...(pgUrl ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {}) });
try {
  const perShopper = await run(server.url, () => randomUUID());
  const shared = randomUUID();
  const oneCart = await run(server.url, () => shared);
  console.log(`\nCart update latency, ${CONNECTIONS} connections, ${DURATION_S} s, loopback, ${pgUrl ? 'PostgreSQL' : 'PGlite'}:`);
  console.table({ '20 shoppers, own carts': perShopper, '20 connections, one cart': oneCart });
  if (perShopper.errors + oneCart.errors + perShopper.non2xx + oneCart.non2xx > 0) {
    console.log(`The server said:\n${server.output().split('\n').slice(-40).join('\n')}`);
  }
} finally {
  await server.stop();
  if (pgUrl) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}
