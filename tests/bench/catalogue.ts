// The grocery items call (SPEC §7.2 POST /ondc/fetch/grocery/items) under load at growing
// catalogue sizes: 20 connections for 10 s with autocannon on loopback, a mix of category
// listings, sorts, a brand filter and searches (repeats are answered from the SPEC §4 cache),
// then every sub-category once, one at a time, so each answer is a cold database query.
// Prints p50/p99; never fails on them.
import autocannon from 'autocannon';
import { ensureBuilt } from '#/lib/process/build.server.ts';
import { itemsCallBodies as bodies } from '../support/catalogue-load.ts';
import { startServer } from '../support/server.ts';

const scales = (process.env.BENCH_SCALES ?? '10k,100k').split(',');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

ensureBuilt();
for (const scale of scales) {
  const server = await startServer(
    { CATALOGUE_SCALE: scale, ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) },
    { timeoutMs: 30 * 60_000 },
  );
  try {
    const ingested = /Catalogue: .*/.exec(server.output())?.[0] ?? '';
    let n = 0;
    const result = await autocannon({
      url: `${server.url}/ondc/fetch/grocery/items`,
      method: 'POST',
      connections: 20,
      duration: DURATION_S,
      headers: { 'content-type': 'application/json', pincode: '560102' },
      requests: [{ setupRequest: (request) => ({ ...request, body: bodies[n++ % bodies.length] }) }],
    });
    console.log(
      `grocery items scale=${scale} (${ingested}): ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
    );
    // Any refusal under load is shown, not just counted.
    for (const body of bodies) {
      const check = await fetch(`${server.url}/ondc/fetch/grocery/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', pincode: '560102' },
        body,
      });
      if (!check.ok) console.log(`  ${check.status} for ${body}: ${(await check.text()).slice(0, 200)}`);
    }
    if (result.non2xx > 0) console.log(`  status codes: ${JSON.stringify(result.statusCodeStats ?? {})}`);
    const cold: number[] = [];
    for (const sort of ['relevance', 'price-low-high']) {
      for (let parent = 1; parent <= 12; parent++) {
        for (let sub = 1; sub <= 6; sub++) {
          const t0 = performance.now();
          const response = await fetch(`${server.url}/ondc/fetch/grocery/items`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', pincode: '560102' },
            body: JSON.stringify({ limit: 20, sort, filters: [{ type: 'IN', field: 'categoryId', value: [parent * 100 + sub] }] }),
          });
          await response.arrayBuffer();
          if (!response.ok) console.log(`  cold listing ${parent * 100 + sub} answered ${response.status}`);
          cold.push(performance.now() - t0);
        }
      }
    }
    cold.sort((a, b) => a - b);
    const at = (p: number) => (cold[Math.min(cold.length - 1, Math.floor(p * cold.length))] ?? 0).toFixed(1);
    console.log(`grocery items scale=${scale} cold (each of 144 listings once, sequential): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
  } finally {
    await server.stop();
  }
}
