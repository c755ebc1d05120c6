// Cold free-text search (issue 14): every query asked once per pincode, one at a time, so no
// answer comes from the SPEC §4 cache: grocery words, Hindi words in Latin and Devanagari
// letters, typos and two-word queries, in a pincode of each served city. Against BENCH_URL (a
// storefront already running, e.g. on a PostgreSQL holding 1M items) or a fresh storefront at
// BENCH_SCALES (with BENCH_DATABASE_URL for PostgreSQL). Prints p50/p95/p99; never fails on them.
import { ensureBuilt } from '#/lib/process/build.server.ts';
import { startServer, type StartedServer } from '../support/server.ts';

const QUERIES = [
  'atta',
  'aloo',
  'milk',
  'rice',
  'dal',
  'oil',
  'sugar',
  'salt',
  'tea',
  'coffee',
  'butter',
  'paneer',
  'ghee',
  'biscuit',
  'soap',
  'shampoo',
  'onion',
  'tomato',
  'banana',
  'apple',
  'bread',
  'eggs',
  'curd',
  'besan',
  'masala',
  'noodles',
  'chips',
  'pyaz',
  'doodh',
  'chawal',
  'namak',
  'cheeni',
  'आटा',
  'आलू',
  'दूध',
  'pottato',
  'tomatoe',
  'biscut',
  'shampo',
  'panner',
  'amul butter',
  'basmati rice',
  'toor dal',
  'sunflower oil',
  'green tea',
  'a',
  'x',
];
const PINCODES = (process.env.BENCH_PINCODES ?? '560034,110001,400058,600017').split(',');

async function measure(url: string, label: string) {
  const times: number[] = [];
  const slowest: Array<{ ms: number; what: string }> = [];
  let failures = 0;
  for (const pincode of PINCODES) {
    for (const searchText of QUERIES) {
      const t0 = performance.now();
      const response = await fetch(`${url}/ondc/fetch/grocery/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', pincode },
        body: JSON.stringify({ limit: 20, searchText }),
      });
      await response.arrayBuffer();
      const ms = performance.now() - t0;
      times.push(ms);
      slowest.push({ ms, what: `${searchText}@${pincode}` });
      if (!response.ok) failures++;
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => (times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(1);
  slowest.sort((a, b) => b.ms - a.ms);
  console.log(
    `cold search ${label}: ${times.length} queries (${QUERIES.length} × ${PINCODES.length} pincodes), p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms, non-2xx ${failures}`,
  );
  console.log(
    `  slowest: ${slowest
      .slice(0, 6)
      .map((s) => `${s.what} ${s.ms.toFixed(0)} ms`)
      .join(', ')}`,
  );
}

if (process.env.BENCH_URL) {
  await measure(process.env.BENCH_URL, `at ${process.env.BENCH_URL}`);
} else {
  ensureBuilt();
  for (const scale of (process.env.BENCH_SCALES ?? 'default').split(',')) {
    const server: StartedServer = await startServer(
      {
        CATALOGUE_REFRESH_MINUTES: '0',
        ...(scale === 'default' ? {} : { CATALOGUE_SCALE: scale }),
        ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
      },
      { timeoutMs: 60 * 60_000 },
    );
    try {
      await measure(server.url, `scale=${scale} (${/Catalogue: .*/.exec(server.output())?.[0] ?? ''})`);
    } finally {
      await server.stop();
    }
  }
}
