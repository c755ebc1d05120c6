// Issue 27: each storefront a test starts learns the sellers' catalogues, ~10 CPU-s on a 2-core
// machine, and the suite starts dozens. A storefront on a new PGlite database starts instead from
// one that learned them minutes ago from the same sellers (same builds, default settings): it
// keeps that catalogue and asks the sellers only what changed since, as a restart does (serve.ts,
// README "Restarts"). Made once per run, by whichever test process first needs it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGLITE_START_PARAMS, pgliteDirDump } from '#/db/client.ts';
import { ensureBuilt, NODE_BUNDLES } from '#/lib/process/build.server.ts';
import { findProjectRoot } from '#/lib/process/project-root.ts';
import { startServer } from './server.ts';

/** Kept well inside the storefront's hour before a full refresh is due (CATALOGUE_REFRESH_MINUTES). */
const FRESH_MS = 30 * 60_000;
/** A maker that died leaves its lock: after this long another takes over. */
const LOCK_STALE_MS = 6 * 60_000;

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
] as const;

/**
 * Whether a storefront with this environment learns the embedded sellers' catalogues as the
 * template did. TEST_FULL_LEARN=1 makes every one learn in full, for a protocol log that holds the
 * start's full searches (ONDC's tools judge RET_9 on them).
 */
export function learnsDefaultCatalogue(env: Record<string, string | undefined>): boolean {
  return env['TEST_FULL_LEARN'] !== '1' && (env['SELLER_NETWORK'] ?? 'embedded') === 'embedded' && SHAPING.every((name) => !env[name]);
}

let made: Promise<string> | undefined;

/** The learned database's dump, for a storefront's PGLITE_TEMPLATE. */
export function learnedTemplateFile(): Promise<string> {
  made ??= make().finally(() => {
    made = undefined;
  });
  return made;
}

async function make(): Promise<string> {
  ensureBuilt();
  const root = findProjectRoot();
  const digest = createHash('sha256');
  for (const bundle of Object.values(NODE_BUNDLES)) digest.update(readFileSync(path.join(root, bundle)));
  digest.update(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  digest.update(JSON.stringify(PGLITE_START_PARAMS));
  const file = path.join(root, 'node_modules/.cache/kirana', `learned-template-${digest.digest('hex').slice(0, 16)}.tar`);
  const lock = `${file}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  for (;;) {
    if (existsSync(file) && Date.now() - statSync(file).mtimeMs < FRESH_MS) return file;
    try {
      mkdirSync(lock);
    } catch {
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      // On disk, as `npm start` keeps it, and stopped as an operator stops it, so it can be dumped.
      const server = await startServer({ DATABASE_URL: '', TEST_FULL_LEARN: '1' }, { keepDataDir: true });
      await server.stop();
      const dump = await pgliteDirDump(path.join(server.dataDir, 'pglite'));
      rmSync(server.dataDir, { recursive: true, force: true });
      const partial = `${file}.${process.pid}.part`;
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
      renameSync(partial, file);
      return file;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
