// Memory of the default set-up (issue 14): the storefront and its seller network as `npm start`
// runs them (file-backed PGlite under DATA_DIR unless BENCH_DATABASE_URL is set), at BENCH_SCALES
// catalogue sizes (default: the default 4,800 items). RSS of both processes after start, then
// after a warm-up of catalogue calls under load (autocannon, 20 connections, loopback) and the
// catalogue pages, with the latency of those calls so a memory change can be weighed against
// speed. Prints figures; never fails on them.
import autocannon from 'autocannon';
import { ensureBuilt } from '#/lib/process/build.server.ts';
import { setupMemory } from '../support/memory.ts';
import { itemsCallBodies as bodies } from '../support/catalogue-load.ts';
import { startServer } from '../support/server.ts';

const scales = (process.env.BENCH_SCALES ?? 'default').split(',');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const PINCODE = '560102';
const PAGES = ['/', '/stores', '/grocery-category?categoryId=101', '/grocery-search?q=atta', '/search?q=paneer&tab=dishes'];

const line = (label: string, m: ReturnType<typeof setupMemory>) =>
  `  ${label}: RSS storefront ${m.storefront.rssMb} MB, network ${m.network?.rssMb ?? '–'} MB, both ${m.totalMb} MB; PSS both ${m.totalPssMb} MB; peak RSS ${m.storefront.peakMb} / ${m.network?.peakMb ?? '–'} MB`;

const percentile = (sorted: number[], p: number) => (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(1);

async function timed(url: string, init?: RequestInit) {
  const t0 = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  if (!response.ok) console.log(`  ${response.status} for ${url}`);
  return performance.now() - t0;
}

ensureBuilt();
for (const scale of scales) {
  const server = await startServer(
    {
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      CATALOGUE_REFRESH_MINUTES: '0',
      ...(scale === 'default' ? {} : { CATALOGUE_SCALE: scale }),
    },
    { timeoutMs: 60 * 60_000 },
  );
  try {
    const ingested = /Catalogue: .*/.exec(server.output())?.[0] ?? '';
    console.log(`memory scale=${scale} (${ingested}; database ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite, file'})`);
    console.log(line('after start', setupMemory(server.pid)));
    let n = 0;
    const result = await autocannon({
      url: `${server.url}/ondc/fetch/grocery/items`,
      method: 'POST',
      connections: 20,
      duration: DURATION_S,
      headers: { 'content-type': 'application/json', pincode: PINCODE },
      requests: [{ setupRequest: (request) => ({ ...request, body: bodies[n++ % bodies.length] }) }],
    });
    console.log(
      `  grocery items under load: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
    );
    // Every sub-category listing and a few searches once each: cold queries, as after a catalogue change.
    const cold: number[] = [];
    for (const sort of ['relevance', 'price-low-high']) {
      for (let parent = 1; parent <= 12; parent++) {
        for (let sub = 1; sub <= 6; sub++) {
          const body = JSON.stringify({ limit: 20, sort, filters: [{ type: 'IN', field: 'categoryId', value: [parent * 100 + sub] }] });
          cold.push(
            await timed(`${server.url}/ondc/fetch/grocery/items`, { method: 'POST', headers: { 'content-type': 'application/json', pincode: PINCODE }, body }),
          );
        }
      }
    }
    const searches: number[] = [];
    for (const q of ['rice', 'dal', 'pottato', 'आटा', 'biscuit', 'amul butter', 'paneer', 'oil', 'tea', 'soap']) {
      const body = JSON.stringify({ limit: 20, searchText: q });
      searches.push(
        await timed(`${server.url}/ondc/fetch/grocery/items`, { method: 'POST', headers: { 'content-type': 'application/json', pincode: PINCODE }, body }),
      );
    }
    for (const page of PAGES) await timed(`${server.url}${page}`);
    cold.sort((a, b) => a - b);
    searches.sort((a, b) => a - b);
    console.log(
      `  cold listings (144, one at a time): p50 ${percentile(cold, 0.5)} ms, p99 ${percentile(cold, 0.99)} ms; cold searches (10): p50 ${percentile(searches, 0.5)} ms, max ${percentile(searches, 1)} ms`,
    );
    console.log(line('right after the load', setupMemory(server.pid)));
    // V8 gives back the heap the load grew once allocation has been quiet for a while.
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    console.log(line('20 s later', setupMemory(server.pid)));
  } finally {
    await server.stop();
  }
}
