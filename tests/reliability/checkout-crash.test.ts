// Crash-only checkout (issue 14): kill -9 of the storefront at random moments of a checkout
// (select, init, payment, confirm), then `npm start` again on the same data dir and port. The
// shop is back within 10 s every time, the shopper's checkout ends in one order, and the money
// adds up: no transaction with two orders (ours or the seller's), no payment captured without an
// order, none captured twice, nothing refunded twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { mulberry32 } from '../../src/network/catalogue/random.ts';
import { plentifulItems } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { checkMoneyAndOrders, NO_BREACHES } from '../support/invariants.ts';
import { freePort } from '../support/ports.ts';
import { report, sized } from '../support/reliability.ts';
import { checkoutThroughFailures } from '../support/resilient-checkout.ts';
import { healthy, startServer, type StartedServer } from '../support/server.ts';

const STEPS = ['select', 'init', 'payment', 'confirm'] as const;
const dataDir = mkdtempSync(path.join(tmpdir(), 'kirana-checkout-crash-'));
let server: StartedServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 at random moments during checkout', () => {
  it('back within 10 s each time; every checkout ends in one order; no money captured or refunded wrongly', async () => {
    const cycles = sized('CHECKOUT_KILLS', 1, 20);
    const random = mulberry32(Number(process.env['CRASH_SEED'] ?? Date.now() % 100_000));
    // A fixed port, as an operator's restart keeps it: the shopper and the sellers' callbacks
    // find the shop at the same address after it comes back.
    const env = { DATABASE_URL: '', PORT: String(await freePort()), NETWORK_PORT: String(await freePort()) };
    const restarts: number[] = [];
    const checkouts: string[] = [];
    server = await startServer(env, { dataDir, keepDataDir: true });
    const plentiful = await plentifulItems(server.url, cycles * 2, 10);
    for (let cycle = 0; cycle < cycles; cycle++) {
      const client = shopper(server.url);
      await client.get('/');
      const killAtStep = STEPS[Math.floor(random() * STEPS.length)]!;
      let killing: Promise<void> | undefined;
      const done = await checkoutThroughFailures(client, {
        limitMs: 150_000,
        // Each checkout its own items, so twenty orders do not run the shelf empty.
        items: plentiful.splice(0, 2).map((item) => ({ sku_id: item.id, quantity: 1 })),
        onStep: (step) => {
          if (step !== killAtStep || killing) return;
          const victim = server!;
          killing = (async () => {
            await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 60)));
            process.kill(victim.pid, 'SIGKILL');
            // Its seller network goes with it; give the port back before starting again.
            await new Promise((resolve) => setTimeout(resolve, 300));
            const restarting = Date.now();
            const starting = startServer(env, { dataDir, keepDataDir: true });
            // Back = answering health checks again (it serves pages while it re-reads catalogues).
            await healthy(victim.url, 60_000);
            restarts.push(Date.now() - restarting);
            server = await starting;
          })();
        },
      });
      await killing;
      expect(done.orderId).toMatch(/^KO/);
      checkouts.push(`${killAtStep}:${done.seconds.toFixed(1)}s/${done.retries}`);
    }
    report({ test: 'checkout kill -9', cycles, restartMs: { max: Math.max(...restarts), median: [...restarts].sort((x, y) => x - y)[Math.floor(restarts.length / 2)] }, checkouts });

    // Everything down (SIGTERM writes PGlite and the sellers' state out), then the books are read.
    await server.stop();
    server = undefined;
    const database = await openDatabase({ url: `file://${path.join(dataDir, 'pglite')}` });
    try {
      expect(await checkMoneyAndOrders(database, dataDir)).toEqual(NO_BREACHES);
      const [{ orders } = { orders: 0 }] = await database.query<{ orders: number }>('SELECT count(*)::int AS orders FROM orders WHERE on_confirm IS NOT NULL');
      expect(orders).toBe(cycles);
    } finally {
      await database.close();
    }
    for (const [cycle, ms] of restarts.entries()) expect(ms, `restart ${cycle}`).toBeLessThan(10_000);
  }, 900_000);
});
