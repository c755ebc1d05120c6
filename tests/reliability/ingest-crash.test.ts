// Issue 14: an ingestion half done resumes on start, exactly once. The sellers are a network of
// their own (as real sellers are), so they outlive the storefront: kill -9 lands while their
// on_search pages stream in; pages already ACKed wait in the inbox on disk, pages the dead
// storefront could not take are sent again by their sellers once it is back, and the searches it
// had not sent yet are sent by the restarted one (those it had sent are not sent again). The end state must
// be the one an uninterrupted ingestion of the same catalogue reaches: every item once, every page
// received, nothing left waiting. Each storefront has a network of its own (the same seed and
// size): a seller corrects items a storefront rejected, so a second search of one network would
// not answer the same catalogue.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#/db/client.ts';
import { freePort } from '../support/ports.ts';
import { report, sized } from '../support/reliability.ts';
import { healthy, startNetwork, startServer, type StartedServer } from '../support/server.ts';

const SCALE = sized('INGEST_CRASH_ITEMS', 3000, 20_000);
const started: StartedServer[] = [];
type Network = Awaited<ReturnType<typeof startNetwork>>;
const networks: Network[] = [];
const dirs: string[] = [];

/** A data dir with a seller network of its own (our keys and the network's registry live there). */
async function place() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kirana-ingest-crash-'));
  dirs.push(dataDir);
  const network = await startNetwork(dataDir, { CATALOGUE_SCALE: String(SCALE) });
  networks.push(network);
  return { dataDir, network };
}

type Health = { catalogue: { items: number; pagesWaiting: number; dedupeWaiting: number } };
const health = async (url: string): Promise<Health | null> => {
  const answer = await fetch(`${url}/healthz`).catch(() => null);
  return answer?.ok ? ((await answer.json()) as Health) : null;
};

/** A file-backed storefront as `npm start` runs one, joining the place's network. */
function storefront({ dataDir, network }: { dataDir: string; network: Network }, port: number, onSpawn?: (pid: number) => void) {
  return startServer(
    {
      DATABASE_URL: '',
      SELLER_NETWORK: 'off',
      ONDC_GATEWAY_URL: `${network.url}/gateway`,
      PORT: String(port),
      CATALOGUE_REFRESH_MINUTES: '0',
      CATALOGUE_INC_REFRESH_MINUTES: '0',
    },
    { dataDir, keepDataDir: true, ...(onSpawn ? { onSpawn } : {}) },
  );
}

/** Waits until the storefront has taken every page and settled dedupe, and nothing comes for a while. */
async function settled(url: string, limitMs: number): Promise<number> {
  let last = -1;
  let stableSince = Date.now();
  for (const begun = Date.now(); Date.now() - begun < limitMs; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const now = await health(url);
    if (!now) continue;
    const { items, pagesWaiting, dedupeWaiting } = now.catalogue;
    if (items !== last || pagesWaiting > 0 || dedupeWaiting > 0) {
      last = items;
      stableSince = Date.now();
    } else if (items > 0 && Date.now() - stableSince > 3000) return items;
  }
  throw new Error(`ingestion at ${url} did not settle in ${limitMs / 1000} s`);
}

/** What an ingestion ends with, read from a stopped storefront's database. */
async function endState(dataDir: string) {
  const db: Database = await openDatabase({ url: `file://${path.join(dataDir, 'pglite')}` });
  try {
    const items = await db.query<{ key: string }>(
      `SELECT bpp_id || '/' || provider_id || '/' || item_id || ' ' || price_paise || ' ' || is_active AS key
       FROM catalogue_items ORDER BY bpp_id, provider_id, item_id`,
    );
    const [counts] = await db.query<{ pages: number; waiting: number; dedupe: number }>(
      `SELECT (SELECT count(*)::int FROM ondc_messages WHERE action = 'on_search' AND direction = 'in') AS pages,
              (SELECT count(*)::int FROM ondc_inbox) AS waiting,
              (SELECT count(*)::int FROM catalogue_dedupe_pending) AS dedupe`,
    );
    return { items: items.map((r) => r.key), ...counts! };
  } finally {
    await db.close();
  }
}

afterAll(async () => {
  for (const server of started.reverse()) await server.stop();
  for (const network of networks) await network.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('kill -9 in the middle of a catalogue ingestion', () => {
  it('resumes on restart and ends with every item exactly once, as an uninterrupted run does', async () => {
    // The same network ingested without interruption: what the interrupted one must end with.
    const [calm, crashed] = [await place(), await place()];
    const reference = await storefront(calm, await freePort());
    started.push(reference);
    const total = await settled(reference.url, 240_000);
    await reference.stop();

    // Killed as soon as the first pages are in: the storefront serves while it learns the catalogue
    // (startServer would wait until it has learned it all).
    const port = await freePort();
    let pid = 0;
    const first = storefront(crashed, port, (spawned) => (pid = spawned)).catch(() => null);
    let atKill = 0;
    for (const begun = Date.now(); atKill === 0 && Date.now() - begun < 120_000; await new Promise((resolve) => setTimeout(resolve, 20))) {
      atKill = (await health(`http://127.0.0.1:${port}`))?.catalogue.items ?? 0;
    }
    process.kill(pid, 'SIGKILL');
    expect(await first, 'the first storefront came up in full before it was killed').toBeNull();
    expect(atKill, 'killed before any page was applied').toBeGreaterThan(0);
    expect(atKill, 'killed after the ingestion had ended').toBeLessThan(total);

    // The same port: the sellers' pages are addressed to it, and they keep sending them.
    const restartedAt = Date.now();
    const second = await storefront(crashed, port);
    started.push(second);
    await healthy(second.url, 10_000);
    const items = await settled(second.url, 240_000);
    const resumedInMs = Date.now() - restartedAt;
    await second.stop();

    const [expected, got] = [await endState(calm.dataDir), await endState(crashed.dataDir)];
    expect(items).toBe(total);
    expect(got.items).toEqual(expected.items);
    // A page sent again (its ACK lost in the kill) is known by its bytes and kept once. A search the
    // gateway ACKed in the instant before the kill, before the storefront wrote it down, is asked
    // again: its pages come twice and change nothing (the items above are the reference's).
    expect(got.pages, 'every on_search page received').toBeGreaterThanOrEqual(expected.pages);
    expect(got.waiting, 'pages left in the inbox').toBe(0);
    expect(got.dedupe, 'dedupe groups left unsettled').toBe(0);
    report({ test: 'ingest-crash', items: total, pages: expected.pages, itemsAtKill: atKill, resumedInMs });
  }, 600_000);
});
