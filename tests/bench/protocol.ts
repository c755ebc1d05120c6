// Catalogue ingestion (default scale and CATALOGUE_SCALE=100k) and select → on_select latency on
// loopback through the real signed HTTP path. Prints figures; never fails on them.
import { ensureBuilt } from '#/lib/process/build.server.ts';
import { fillCart } from '../support/checkout.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { shopper } from '../support/http.ts';
import { startServer } from '../support/server.ts';

const scales = (process.env.BENCH_SCALES ?? 'default,100k').split(',');
const roundTrips = Number(process.env.BENCH_SELECTS ?? 50);

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

ensureBuilt();
for (const scale of scales) {
  const started = Date.now();
  const server = await startServer(scale === 'default' ? {} : { CATALOGUE_SCALE: scale });
  try {
    const line = /Catalogue: (\d+) sellers, (\d+) providers, (\d+) items \(ingested in ([\d.]+) s\)/.exec(server.output());
    if (!line) throw new Error(`no catalogue line in:\n${server.output()}`);
    const items = Number(line[3]);
    const seconds = Number(line[4]);
    console.log(
      `ingestion scale=${scale}: ${line[1]} sellers, ${line[2]} providers, ${items} items in ${seconds} s (${Math.round(items / seconds)} items/s; start-up to ready ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    if (scale !== 'default') continue;

    const store = openGroceryStore();
    const client = shopper(server.url);
    const body = {
      categoryDomain: 'ONDC:RET10',
      ondcCity: 'bengaluru',
      bpp: { bpp_id: store.seller.id },
      provider: { id: store.provider.id, locations: [store.location.id] },
      items: store.items.slice(0, 2).map((i) => ({ sku_id: i.id, quantity: 1, location_id: store.location.id })),
      address: { area_code: store.location.pincode },
    };
    // Issue 23: select orders the server cart, so the cart holds what the body names.
    await fillCart(
      client,
      body.items.map((i) => ({ sku_id: i.sku_id, quantity: i.quantity })),
    );
    const latencies: number[] = [];
    for (let i = 0; i < roundTrips; i++) {
      const t0 = performance.now();
      const ack = await (await client.post('/ondc/select', body)).json();
      for (;;) {
        const answer = await (await client.get(`/ondc/fetchMessage?type=select&message_id=${ack.data.message_id}`)).json();
        if (answer.status !== 'PENDING') break;
      }
      latencies.push(performance.now() - t0);
    }
    console.log(
      `select → on_select shown (POST /ondc/select to fetchMessage answer, ${roundTrips} sequential): median ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
    );
  } finally {
    await server.stop();
  }
}
