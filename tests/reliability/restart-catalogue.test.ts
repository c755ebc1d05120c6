// Crash-only (issue 27): a storefront killed with kill -9 and started again within the hour keeps
// the catalogue it learned and asks the sellers only what changed meanwhile (serve.ts; when it
// learns anew instead is catalogueSource's and keepsLearnedCatalogue's unit tests'). No wall-time
// bound: it runs beside the journeys (tests/run.ts), not among the files that measure the wall.
import { afterAll, describe, expect, it } from 'vitest';
import { store } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { listening } from '../support/ports.ts';
import { startServer, type StartedServer } from '../support/server.ts';

const started: StartedServer[] = [];
afterAll(async () => {
  for (const server of started.reverse()) await server.stop();
});

const networkPortOf = (server: StartedServer) => Number(/Kirana seller network on http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())?.[1]);

/** Every item of the all-day store, as its shelf page lists them to a shopper. */
async function storeItems(url: string): Promise<Array<{ id: string; availableQuantity: number }>> {
  const client = shopper(url);
  const items: Array<{ id: string; availableQuantity: number }> = [];
  for (let page = 0; page < 60; page++) {
    const answer = await client.post('/ondc/provider/fetch/items/batch', {
      provider_id: store.provider.id,
      location_id: store.location.id,
      filters: [],
      orFilters: [],
      limit: 20,
      page,
    });
    const body = (await answer.json()) as { data: Array<{ id: string; availableQuantity: number }>; completed: boolean };
    items.push(...body.data);
    if (body.completed) return items;
  }
  throw new Error('the store’s shelf did not end in 60 pages');
}

describe('a restart within the hour', () => {
  it('keeps the catalogue it learned and asks the sellers only what changed since', async () => {
    // On disk, as `npm start` keeps it; it starts from the learned template (learned-template.ts).
    const first = await startServer({ DATABASE_URL: '' });
    started.push(first);
    const before = await storeItems(first.url);
    const item = store.items.find((i) => before.some((b) => b.id === i.id && b.availableQuantity > 0))!;
    // The store counts its shelf of the item to nothing, and the storefront is killed before its
    // next refresh (minutes away) could have heard of it.
    const counted = await fetch(
      `http://127.0.0.1:${networkPortOf(first)}/sellers/${encodeURIComponent(store.seller.id)}/desk/items/${encodeURIComponent(item.id)}/stock`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: 0 }) },
    );
    expect(counted.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(first.pid, 'SIGKILL');
    for (let i = 0; i < 50 && (await listening(networkPortOf(first))); i++) await new Promise((resolve) => setTimeout(resolve, 100));

    const second = await startServer({ DATABASE_URL: '' }, { dataDir: first.dataDir });
    started.push(second);
    expect(second.output()).toMatch(/Catalogue kept from \S+: \d+ sellers/);
    expect(second.output()).not.toMatch(/Catalogue: \d+ sellers/);
    const after = await storeItems(second.url);
    expect(after.map((i) => i.id).sort()).toEqual(before.map((i) => i.id).sort());
    expect(after.find((i) => i.id === item.id)?.availableQuantity).toBe(0);
  }, 300_000);
});
