// Memory of the default set-up (issue 14): `npm start` as a shopper first meets it (a new data
// dir, file-backed PGlite, the embedded seller network, about 4,800 items), after every
// sub-category listing, searches and the catalogue pages. Measured: ~190–210 MB for the
// storefront and ~90–100 MB for the network (BENCHMARKS.md, `npm run bench -- memory`); before
// issue 14 the storefront alone held 500–740 MB and the network ~155 MB. The bounds leave room
// for a busy machine.
import { afterAll, describe, expect, it } from 'vitest';
import { setupMemory } from '../support/memory.ts';
import { startServer, type StartedServer } from '../support/server.ts';

let server: StartedServer | undefined;
// A SIGTERM drain may take up to 10 s: the hook waits for the process to be gone.
afterAll(async () => {
  await server?.stop();
}, 30_000);

const PINCODE = '560102';

describe('memory of the default set-up', () => {
  it('stays under 260 MB for the storefront and 130 MB for the seller network after catalogue traffic', async () => {
    // A start that learns the catalogue, as `npm start` on a new data dir does: what it leaves is measured.
    server = await startServer({ DATABASE_URL: '', TEST_FULL_LEARN: '1' });
    const url = server.url;
    const bodies = [
      ...Array.from({ length: 72 }, (_, n) => ({
        limit: 20,
        filters: [{ type: 'IN', field: 'categoryId', value: [Math.floor(n / 6 + 1) * 100 + (n % 6) + 1] }],
      })),
      ...['atta', 'aloo', 'pottato', 'आटा', 'amul butter', 'rice', 'oil', 'biscuit'].map((searchText) => ({ limit: 20, searchText })),
    ];
    const requests = [
      ...bodies.map(
        (body) => () =>
          fetch(`${url}/ondc/fetch/grocery/items`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', pincode: PINCODE },
            body: JSON.stringify(body),
          }),
      ),
      ...['/', '/stores', '/grocery-category?categoryId=101', '/grocery-search?q=atta'].map((page) => () => fetch(`${url}${page}`)),
    ];
    // Four at a time, twice over: the second round is answered from the SPEC §4 cache.
    for (let round = 0; round < 2; round++) {
      for (let start = 0; start < requests.length; start += 4) {
        const answers = await Promise.all(requests.slice(start, start + 4).map((send) => send()));
        for (const answer of answers) {
          expect(answer.status).toBe(200);
          await answer.arrayBuffer();
        }
      }
    }
    const memory = setupMemory(server.pid);
    expect(memory.network, 'the seller network runs beside the storefront').not.toBeNull();
    expect(memory.storefront.rssMb, JSON.stringify(memory)).toBeLessThan(260);
    expect(memory.network!.rssMb, JSON.stringify(memory)).toBeLessThan(130);
  }, 120_000);
});
