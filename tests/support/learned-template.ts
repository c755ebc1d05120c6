// Issue 27: each storefront a test starts learns the sellers' catalogues, ~10 CPU-s on a 2-core
// machine, and the suite starts dozens. A storefront on a new PGlite database starts instead from
// one that learned them minutes ago from the same sellers: it keeps that catalogue and asks the
// sellers only what changed since, as a restart does (serve.ts, README "Crash-only").
//
// "The same sellers" includes their address: the catalogue keeps the sellers' URIs and photo
// links, so the embedded network must listen where the template's did. Test storefronts therefore
// take their network's port from a small pool, one storefront per port at a time across every
// test process (a lock directory naming the holder's pid), with one template per port, made by
// the first holder that needs it. With every port of the pool in use a storefront learns in full.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { PGLITE_START_PARAMS, pgliteDirDump } from '#/db/client.ts';
import { ensureBuilt, NODE_BUNDLES } from '#/lib/process/build.server.ts';
import { findProjectRoot } from '#/lib/process/project-root.ts';
import { startServer } from './server.ts';

/** Kept well inside the storefront's hour before a full refresh is due (CATALOGUE_REFRESH_MINUTES). */
const FRESH_MS = 30 * 60_000;
/**
 * Seller-network ports for test storefronts: as many as run at once across the suite's processes
 * (tests/run.ts: three Vitest lanes and the journeys' own storefronts). Clear of the journeys'
 * fixed 5873–5875 and of the ephemeral ports a storefront on PORT=0 gets.
 */
const POOL = Array.from({ length: 8 }, (_, i) => 5901 + i);

/** Settings that shape the catalogue learned: a storefront given any of them learns its own. */
const SHAPING = [
  'CATALOGUE_SCALE',
  'CATALOGUE_SEED',
  'NETWORK_CORE_VERSION',
  'ONDC_SEARCH_CORE_VERSION',
  'PREFERRED_SELLER_ID',
  'CATALOGUE_REFRESH_MINUTES',
  'CATALOGUE_INC_REFRESH_MINUTES',
  'ONDC_GATEWAY_URL',
  'NETWORK_PORT',
] as const;

/**
 * Whether a storefront with this environment learns the embedded sellers' catalogues as a template
 * did. TEST_FULL_LEARN=1 makes every one learn in full, for a protocol log that holds the start's
 * full searches (ONDC's tools judge RET_9 on them), or a measure of what a learn leaves behind.
 */
export function learnsDefaultCatalogue(env: Record<string, string | undefined>): boolean {
  return env['TEST_FULL_LEARN'] !== '1' && (env['SELLER_NETWORK'] ?? 'embedded') === 'embedded' && SHAPING.every((name) => !env[name]);
}

const cache = () => path.join(findProjectRoot(), 'node_modules/.cache/kirana');

/**
 * A port of the pool for a storefront on `dataDir`, held until `release`; null when every one is
 * in use. A restart on a data dir asks for the port its first start had, which its own process
 * may still hold (a storefront killed and not yet stopped): its sellers must be where they were.
 */
export async function takeNetworkPort(dataDir: string): Promise<{ port: number; release: () => void } | null> {
  const locks = path.join(cache(), 'network-ports');
  mkdirSync(locks, { recursive: true });
  const record = path.join(dataDir, 'test-network-port');
  const before = existsSync(record) ? Number(readFileSync(record, 'utf8')) : null;
  for (const port of before ? [before] : POOL) {
    const lock = path.join(locks, String(port));
    if (!takeLock(lock, before !== null)) continue;
    writeFileSync(record, String(port));
    // Only while it is still ours: a restart and its first start both give it back.
    const release = () => {
      if (holderOf(lock) === process.pid) rmSync(lock, { recursive: true, force: true });
    };
    // A program outside the suite may hold the port.
    if (await bindable(port)) return { port, release };
    release();
  }
  return null;
}

/** The lock directory made by us, or taken over from a holder that is gone (or is us, on a restart). */
function takeLock(lock: string, restart: boolean): boolean {
  try {
    mkdirSync(lock);
  } catch {
    const holder = holderOf(lock);
    if (restart && holder === process.pid) return true;
    // A lock made a moment ago may not name its holder yet.
    const justMade = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 10_000;
    if (holder > 0 ? alive(holder) : justMade) return false;
    rmSync(lock, { recursive: true, force: true });
    try {
      mkdirSync(lock);
    } catch {
      return false;
    }
  }
  writeFileSync(path.join(lock, 'pid'), String(process.pid));
  return true;
}

/** The pid a lock names; 0 when it names none (just made) or is gone. */
function holderOf(lock: string): number {
  try {
    return Number(readFileSync(path.join(lock, 'pid'), 'utf8')) || 0;
  } catch {
    return 0;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The dump of a database that learned the catalogues from a network on `port`, for a storefront's
 * PGLITE_TEMPLATE: made now (a storefront's start, ~10 CPU-s) unless a fresh one is there. The
 * caller holds the port, so no other process makes it meanwhile.
 */
export async function learnedTemplateFile(port: number): Promise<string> {
  ensureBuilt();
  const root = findProjectRoot();
  const digest = createHash('sha256');
  for (const bundle of Object.values(NODE_BUNDLES)) digest.update(readFileSync(path.join(root, bundle)));
  digest.update(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  digest.update(JSON.stringify(PGLITE_START_PARAMS));
  const file = path.join(cache(), `learned-template-${digest.digest('hex').slice(0, 16)}-${port}.tar`);
  if (existsSync(file) && Date.now() - statSync(file).mtimeMs < FRESH_MS) return file;
  // On disk, as `npm start` keeps it, and stopped as an operator stops it, so it can be dumped.
  const server = await startServer({ DATABASE_URL: '', TEST_FULL_LEARN: '1', NETWORK_PORT: String(port) }, { keepDataDir: true });
  await server.stop();
  const dump = await pgliteDirDump(path.join(server.dataDir, 'pglite'));
  rmSync(server.dataDir, { recursive: true, force: true });
  const partial = `${file}.${process.pid}.part`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}
