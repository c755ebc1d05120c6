// Builds what `npm start` runs: Astro's server and client (dist/server, dist/client) and the two
// long-lived Node processes as plain JavaScript bundles (dist/node). Run as `node
// src/lib/process/build.server.ts` by `npm start` before it starts dist/node/serve.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findProjectRoot } from './project-root.ts';

const root = findProjectRoot();

/** Sources whose change makes the build stale. */
const BUILD_INPUTS = ['src', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

const ASTRO_ENTRY = 'dist/server/entry.mjs';

/**
 * The storefront and its seller network as bundles of our own code (packages stay imports): a
 * process that runs TypeScript keeps Node's type-stripping compiler, WebAssembly, in memory for
 * its whole life (~30 MB in the storefront, ~12 MB in the network; issue 14). The short-lived
 * PGlite initdb child still runs from source.
 */
export const NODE_BUNDLES = { storefront: 'dist/node/serve.mjs', network: 'dist/node/network.mjs' } as const;

export function ensureBuilt() {
  const outputs = [ASTRO_ENTRY, ...Object.values(NODE_BUNDLES)].map((file) => path.join(root, file));
  const built = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const newest = Math.max(...BUILD_INPUTS.map((p) => newestMtime(path.join(root, p))));
  if (built >= newest) return;
  console.log(built ? 'Sources changed since the last build: rebuilding…' : 'Building the storefront…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    // A build started from a test runner inherits NODE_ENV=test and would ship React's dev build.
    env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('astro build failed');
  bundleNodeEntries();
}

function bundleNodeEntries() {
  // Loaded only to build, so the storefront that checks its build never holds esbuild.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const entries = { storefront: 'src/serve.ts', network: 'src/network/main.ts' } as const;
  for (const [name, source] of Object.entries(entries) as Array<[keyof typeof entries, string]>) {
    esbuild.buildSync({
      absWorkingDir: root,
      entryPoints: [source],
      outfile: NODE_BUNDLES[name],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node24',
      logLevel: 'warning',
    });
  }
}

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

if (import.meta.main) ensureBuilt();
