// Orders after purchase (issue 10): one shopper with 200 placed orders (real protocol, fast
// seller clock), then /order-history under autocannon (first and last page, 10 connections,
// 10 s, loopback) and its compressed size; and how long a seller's pushed on_status takes to
// show in the order's detail (what the open order page polls every 5 s). Prints figures only.
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { ensureBuilt } from '#/lib/process/build.server.ts';
import { providerItems } from '#/network/catalogue/generate.ts';
import { placeOrder, store } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { startServer } from '../support/server.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

ensureBuilt();
const server = await startServer({ NETWORK_CLOCK_SPEED: '60', LOG_LEVEL: 'silent' });
try {
  const client = shopper(server.url);
  await client.get('/');
  const started = Date.now();
  const ids: string[] = [];
  // One shopper checks out one cart at a time; each order takes one unit of two items of the
  // all-day store, in turn, so no shelf runs empty.
  const pool = [...providerItems(store.provider)].filter((i) => i.kind === 'grocery' && i.stock >= 10);
  while (ids.length < ORDERS) {
    const n = ids.length * 2;
    const items = [pool[n % pool.length]!, pool[(n + 1) % pool.length]!].map((i) => ({ sku_id: i.id, quantity: 1 }));
    ids.push((await placeOrder(client, 'cod', items)).orderId);
  }
  console.log(`Placed ${ids.length} orders for one shopper in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  const pages = {
    'first page': '/order-history',
    'last page': `/order-history?page=${Math.ceil(ORDERS / 10) - 1}`,
    'one order': `/order-history?order_id=${ids[0]}`,
  };
  const rows: Record<string, unknown> = {};
  for (const [name, path] of Object.entries(pages)) {
    const html = await (await client.get(path)).text();
    const result = await autocannon({ url: server.url + path, connections: 10, duration: DURATION_S, headers: { cookie } });
    rows[name] = {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      'html KB gzip': (gzipSync(html).byteLength / 1024).toFixed(1),
    };
  }
  console.log(`\n/order-history with ${ORDERS} orders, ${DURATION_S} s, 10 connections, loopback, PGlite:`);
  console.table(rows);

  // A new order: every status the seller pushes, and when the storefront's detail shows it.
  const { orderId } = await placeOrder(
    client,
    'cod',
    pool.slice(0, 2).map((i) => ({ sku_id: i.id, quantity: 1 })),
  );
  const seenAt = new Map<string, number>();
  const until = Date.now() + 30_000;
  while (Date.now() < until && !seenAt.has('delivered')) {
    const detail = (await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json()) as {
      status: string;
      events: Array<{ status: string; sellerAt: string }>;
    };
    if (!seenAt.has(detail.status)) seenAt.set(detail.status, Date.now());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const detail = (await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json()) as { events: Array<{ status: string; sellerAt: string }> };
  const lags = detail.events
    .filter((e) => seenAt.has(e.status) && e.status !== 'created')
    .map((e) => ({ status: e.status, 'ms from seller time to detail': seenAt.get(e.status)! - Date.parse(e.sellerAt) }));
  console.log('\nPushed on_status → order detail (polled every 20 ms; the open page asks every 5 s):');
  console.table(lags);
} finally {
  await server.stop();
}
