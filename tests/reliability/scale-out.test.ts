// Issue 14 scale-out: two storefront processes on one PostgreSQL behind one address (the test's
// proxy stands where nginx stands), with the sellers as a network of their own as real ONDC
// sellers are. A callback may land on either process; the shopper's long poll on the other wakes
// at once; limits hold across both; killing one mid-checkout leaves the other to finish it.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#/db/client.ts';
import { EVENTS_PER_MINUTE } from '#/features/analytics/store.server.ts';
import { mulberry32 } from '#/network/catalogue/random.ts';
import { fillCart, lines, selectBody } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { checkMoneyAndOrders, NO_BREACHES } from '../support/invariants.ts';
import { freePort } from '../support/ports.ts';
import { startProxy, type StartedProxy } from '../support/proxy.ts';
import { report, sized } from '../support/reliability.ts';
import { checkoutThroughFailures } from '../support/resilient-checkout.ts';
import { startNetwork, startServer, type StartedServer } from '../support/server.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const schema = `scale_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'kirana-scale-'));

let network: Awaited<ReturnType<typeof startNetwork>>;
let proxy: StartedProxy;
let a: StartedServer;
let b: StartedServer;
/** Where callbacks go: both processes in turn, or one the test chooses (and a hold before). */
let callbackRoute: { upstreams?: string[]; delayMs?: number } | undefined;
let env: Record<string, string>;

describe.skipIf(!pgUrl)('two storefront processes on one PostgreSQL', () => {
  beforeAll(async () => {
    network = await startNetwork(dataDir);
    const [portA, portB] = [await freePort(), await freePort()];
    proxy = await startProxy([`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`], (req) => (req.url?.startsWith('/bap/') ? callbackRoute : undefined));
    env = {
      DATABASE_URL: pgUrl!,
      DATABASE_SCHEMA: schema,
      SELLER_NETWORK: 'off',
      ONDC_GATEWAY_URL: `${network.url}/gateway`,
      BAP_URI: `http://kirana.localhost:${new URL(proxy.url).port}/bap`,
      TRUST_PROXY: '127.0.0.1',
    };
    // Started together: migrations and the first catalogue search happen once between them.
    [a, b] = await Promise.all([
      startServer({ ...env, PORT: String(portA) }, { dataDir, keepDataDir: true }),
      startServer({ ...env, PORT: String(portB) }, { dataDir, keepDataDir: true }),
    ]);
  }, 180_000);

  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await proxy?.close();
    await network?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl) {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  });

  it('searched the network once between them at start, and both serve the catalogue', async () => {
    const learned = [a, b].filter((server) => /Catalogue: \d+ sellers/.test(server.output()));
    expect(learned).toHaveLength(1);
    for (const server of [a, b]) {
      const health = await (await fetch(`${server.url}/healthz`)).json();
      expect(health).toMatchObject({ status: 'ok', database: { kind: 'postgres' }, catalogue: { items: expect.any(Number) } });
      expect(health.catalogue.items).toBeGreaterThan(1000);
    }
  });

  /** How long the shopper's poll on B waits for an on_select that lands on A, held 600 ms first. */
  async function pollOnBWhileTheAnswerLandsOnA() {
    // Callbacks go to A only, held 600 ms so the shopper's poll on B is surely waiting first.
    callbackRoute = { upstreams: [a.url], delayMs: 600 };
    try {
      const client = shopper(b.url);
      await fillCart(client, lines());
      const sending = Date.now();
      const sent = await client.post('/ondc/select', selectBody(lines()));
      expect(sent.status).toBe(200);
      const { message_id: messageId } = (await sent.json()).data;
      const polling = Date.now();
      const answer = await (await client.get(`/ondc/fetchMessage?type=select&message_id=${messageId}`)).json();
      const waited = Date.now() - polling;
      // The proxy notes a request once its answer comes back, which may be after A's NOTIFY woke B.
      const landed = () => proxy.log.find((entry) => entry.path === '/bap/on_select' && entry.upstream === a.url && entry.at >= sending);
      await expect.poll(landed, { timeout: 5000, message: 'on_select went to process A' }).toBeDefined();
      expect(answer.status).not.toBe('PENDING');
      return waited;
    } finally {
      callbackRoute = undefined;
    }
  }

  it('a long poll on one process wakes as soon as the seller’s answer lands on the other', async () => {
    const waited = await pollOnBWhileTheAnswerLandsOnA();
    // Woken by NOTIFY from A: well before the 1 s the poll would otherwise hold.
    expect(waited).toBeGreaterThanOrEqual(500);
    expect(waited).toBeLessThan(950);
  });

  it('still wakes at once after B’s LISTEN connection was cut (a PostgreSQL restart, a dropped network)', async () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    const cutAt = Date.now();
    try {
      const cut = await admin.query('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name LIKE $1', [
        `kirana pid ${b.pid} boot %`,
      ]);
      expect(cut.rows).toEqual([{ ended: true }]);
    } finally {
      await admin.end();
    }
    // B makes its connection again by itself (a NOTIFY sent meanwhile is made up for by waking
    // every poll once: src/ondc/message-store.test.ts).
    await expect.poll(() => b.output(), { timeout: 10_000, interval: 50 }).toMatch(/database session back: listening again/);
    const backAfterMs = Date.now() - cutAt;
    const waited = await pollOnBWhileTheAnswerLandsOnA();
    report({ test: 'scale-out wake after LISTEN cut', backAfterMs, waitedMs: waited });
    expect(waited).toBeGreaterThanOrEqual(500);
    expect(waited).toBeLessThan(950);
  });

  it('the analytics limit counts a shopper’s events on both processes together', async () => {
    const client = shopper(a.url);
    await client.get('/');
    const batch = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ event_name: 'scale_limit', event_id: `e${i}` })));
    const send = (server: StartedServer) =>
      fetch(`${server.url}/ondc/hive`, {
        method: 'POST',
        body: batch,
        headers: { 'content-type': 'application/json', cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
    const statuses: number[] = [];
    for (let i = 0; i < EVENTS_PER_MINUTE / 100; i++) statuses.push((await send(i % 2 === 0 ? a : b)).status);
    const over = [(await send(a)).status, (await send(b)).status];
    // A minute boundary may fall inside the run and open a fresh window: then one more batch passes.
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(over.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
  });

  it('killing either process mid-checkout: the other finishes the shopper’s checkout, once', async () => {
    const cycles = sized('SCALE_KILLS', 1, 8);
    const random = mulberry32(Date.now() % 100_000);
    const timings: string[] = [];
    for (let cycle = 0; cycle < cycles; cycle++) {
      const victim = Math.floor(random() * 2);
      const [killed, other] = victim === 0 ? [a, b] : [b, a];
      const client = shopper(proxy.url);
      await client.get('/');
      const killAtStep = (['select', 'init', 'payment', 'confirm'] as const)[Math.floor(random() * 4)]!;
      let killedAt = 0;
      const done = await checkoutThroughFailures(client, {
        limitMs: 120_000,
        onStep: (step) => {
          if (step !== killAtStep || killedAt) return;
          // A step's requests take tens of milliseconds: the kill lands before, during or between them.
          const delay = Math.floor(random() * 20);
          killedAt = Date.now() + delay;
          setTimeout(() => process.kill(killed.pid, 'SIGKILL'), delay);
        },
      });
      const finishedAt = Date.now();
      expect(killedAt, 'killed before the order was confirmed').toBeLessThan(finishedAt);
      expect(
        proxy.log.some((entry) => entry.upstream === killed.url && entry.at < killedAt),
        'the killed process served part of the checkout',
      ).toBe(true);
      expect(done.orderId).toMatch(/^KO/);
      // The order as the remaining process shows it to the shopper.
      const viewer = shopper(other.url);
      for (const [k, v] of client.cookies) viewer.cookies.set(k, v);
      expect((await viewer.get(`/ondc/order/detail?order_id=${done.orderId}`)).status).toBe(200);
      timings.push(`${killAtStep}:${done.seconds.toFixed(1)}s/${done.retries}`);
      // Back as operators restart a process: same port, same data dir.
      const restarted = await startServer({ ...env, PORT: new URL(killed.url).port }, { dataDir, keepDataDir: true });
      if (victim === 0) a = restarted;
      else b = restarted;
    }
    report({ test: 'scale-out kill', cycles, checkouts: timings });

    await b.stop();
    await a.stop();
    await network.stop();
    const database: Database = await openDatabase({ url: pgUrl!, schema });
    try {
      expect(await checkMoneyAndOrders(database, dataDir)).toEqual(NO_BREACHES);
    } finally {
      await database.close();
    }
  }, 600_000);
});
