// Memory under page load (issue 30): the storefront as `npm start` runs it (file-backed PGlite,
// its seller network), loaded with HTML pages a shopper opens (home, a listing, the all-day store's
// page, a restaurant's page, search) by autocannon for BENCH_SECONDS (default 60) at 20
// connections with brotli, as a browser asks; the storefront's RSS every 5 s, then 20 s after.
// BENCH_URL and BENCH_PID measure a storefront already running instead. Prints; never fails.
import autocannon from 'autocannon';
import { providerUrl } from '#/features/catalogue/paths.ts';
import { ensureBuilt } from '#/lib/process/build.server.ts';
import { lunchRestaurant, openGroceryStore } from '../support/fixtures.ts';
import { processMemory } from '../support/memory.ts';
import { startServer, type StartedServer } from '../support/server.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 60);
const SAMPLE_MS = 5_000;
const store = openGroceryStore();
const restaurant = lunchRestaurant();
const PAGES = [
  '/',
  '/grocery-category?categoryId=101',
  providerUrl({ id: store.provider.id, locationId: store.location.id }),
  providerUrl({ id: restaurant.provider.id, locationId: restaurant.location.id }),
  '/search?q=paneer&tab=dishes',
  '/grocery-search?q=atta',
];

let server: StartedServer | undefined;
let url = process.env.BENCH_URL;
let pid = Number(process.env.BENCH_PID ?? 0);
if (!url) {
  ensureBuilt();
  server = await startServer({ DATABASE_URL: '', CATALOGUE_REFRESH_MINUTES: '0' }, { timeoutMs: 10 * 60_000 });
  url = server.url;
  pid = server.pid;
}
const rss = () => processMemory(pid).rssMb;
try {
  // Each page once, so the load measures serving pages, not the first query of each.
  for (const page of PAGES) await (await fetch(url + page)).arrayBuffer();
  const before = rss();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rss()), SAMPLE_MS);
  let n = 0;
  const result = await autocannon({
    url,
    connections: 20,
    duration: DURATION_S,
    // As a browser's navigation asks.
    headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'br' },
    requests: [{ setupRequest: (request) => ({ ...request, path: PAGES[n++ % PAGES.length] }) }],
  });
  clearInterval(sampler);
  const right = rss();
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  const memory = processMemory(pid);
  console.log(`page memory: ${PAGES.length} HTML pages, 20 connections, ${DURATION_S} s, brotli`);
  console.log(
    `  ${result.requests.total} requests (${Math.round(result.requests.average)}/s), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
  );
  console.log(
    `  storefront RSS before ${before} MB; every ${SAMPLE_MS / 1000} s: ${samples.join(' / ')} MB; right after ${right} MB; 20 s later ${memory.rssMb} MB; peak ${memory.peakMb} MB`,
  );
} finally {
  await server?.stop();
}
