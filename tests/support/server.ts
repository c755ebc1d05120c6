import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, NODE_BUNDLES } from '#/lib/process/build.server.ts';
import { START_ENV, NODE_FLAGS } from '#/lib/process/node-flags.ts';
import { migratedTemplateFile } from '#/db/testing.ts';
import { TEST_APP_AUTH_ENV } from './identity.ts';
import { learnedTemplateFile, learnsDefaultCatalogue, takeNetworkPort } from './learned-template.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface StartedServer {
  url: string;
  dataDir: string;
  /** the storefront process (its seller network is a child of it) */
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the storefront exactly as `npm start` does (its bundle, dist/node/serve.mjs), on a free port, with its own
 * data dir, and waits until it listens. Tests never reuse a server already running on the machine.
 * It takes sign-in tokens made with the test secret (identity.ts), unless `env` says otherwise.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: {
    timeoutMs?: number;
    dataDir?: string;
    keepDataDir?: boolean;
    onSpawn?: (pid: number) => void;
    /**
     * A start the test expects refused before it opens its database (a setting an operator must
     * change): it takes no port of the pool, so it never makes that port's learned template, a
     * storefront's whole start (~10 CPU-s, 28 s on a loaded machine) for a database it never opens.
     */
    refusal?: boolean;
  } = {},
): Promise<StartedServer> {
  // A quiet machine starts in seconds; a loaded 2-core one has taken over 90 s to learn the catalogue.
  const timeoutMs = options.timeoutMs ?? 180_000;
  ensureBuilt();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'kirana-test-'));
  // A new PGlite database, in memory or on disk, starts from a template rather than empty (issue 27):
  // one that has learned the sellers' catalogues from a network on the port its own network takes
  // from the pool, when it would learn the same ones; else the migrated one. A database already on
  // disk (a restart) is opened as it is.
  const database = env['DATABASE_URL'] ?? 'memory://';
  const pglite = database === 'memory://' || database === '' || database.startsWith('file://');
  const pooled = pglite && !options.refusal && learnsDefaultCatalogue({ ...process.env, ...env }) ? await takeNetworkPort(dataDir) : null;
  const template = pglite
    ? { PGLITE_TEMPLATE: pooled ? await learnedTemplateFile(pooled.port).catch(releaseAnd(pooled.release)) : await migratedTemplateFile() }
    : {};
  const child: ChildProcess = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', ...NODE_FLAGS, path.join(root, NODE_BUNDLES.storefront)], {
    cwd: root,
    env: {
      ...process.env,
      ...START_ENV,
      ...TEST_APP_AUTH_ENV,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: 'memory://',
      ...template,
      ...(pooled ? { NETWORK_PORT: String(pooled.port) } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The storefront listens before it has learned the catalogues, but says so only after.
  options.onSpawn?.(child.pid ?? 0);
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Stopped with its seller network (it ends its child on SIGTERM): a failed start leaves nothing
      // running. One still learning the catalogue may not get to its SIGTERM handler: it is killed
      // (its network follows its parent), as one left from a trial run held its port for an hour.
      child.kill('SIGTERM');
      setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'), 5_000).unref();
      reject(new Error(`server did not start in ${timeoutMs / 1000} s:\n${log}`));
    }, timeoutMs);
    child.stdout?.on('data', () => {
      const match = /Kirana storefront on (http:\/\/\S+)/.exec(log);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  }).catch(releaseAnd(pooled?.release));

  return {
    url,
    dataDir,
    pid: child.pid ?? 0,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      pooled?.release();
      if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** For a failed start: gives the pool's port back, then fails as it would have. */
const releaseAnd =
  (release: (() => void) | undefined) =>
  (error: unknown): never => {
    release?.();
    throw error;
  };

/**
 * The seller network on its own (`node src/network/main.ts`), as a real ONDC network stands apart
 * from the storefront: storefronts reach it with SELLER_NETWORK=off and ONDC_GATEWAY_URL.
 */
export async function startNetwork(dataDir: string, env: Record<string, string> = {}): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'src/network/main.ts')], {
    cwd: root,
    env: { ...process.env, NETWORK_PORT: '0', NETWORK_HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (d) => (log += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`seller network did not start:\n${log}`)), 90_000);
    child.stdout?.on('data', (d) => {
      log += d;
      const match = /Kirana seller network on (http:\/\/\S+)/.exec(log);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`seller network exited with ${code}:\n${log}`));
    });
  });
  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Waits until GET /healthz answers 200: the shop is back (it serves while it re-reads catalogues).
 * The first healthy report is the answer.
 */
export async function healthy(url: string, limitMs: number): Promise<Record<string, unknown>> {
  for (const started = Date.now(); Date.now() - started < limitMs; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const answer = await fetch(`${url}/healthz`).catch(() => null);
    if (answer?.status === 200) return (await answer.json()) as Record<string, unknown>;
  }
  throw new Error(`${url} not healthy within ${limitMs / 1000} s`);
}
