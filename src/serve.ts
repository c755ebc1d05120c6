// The process `npm start` runs: builds the storefront when the build is missing or stale, opens the
// database (migrating it), then serves static files and the Astro app on PORT/HOST.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readConfig } from './config.server.ts';
import { openDatabase, setDatabase } from './db/client.ts';
import { createStaticHandler } from './lib/http/static-files.server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = path.join(root, 'dist/server/entry.mjs');

/** Sources whose change makes the build stale. */
const BUILD_INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

export function ensureBuilt() {
  const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  const newest = Math.max(...BUILD_INPUTS.map((p) => newestMtime(path.join(root, p))));
  if (built >= newest) return;
  console.log(built ? 'Sources changed since the last build: rebuilding…' : 'Building the storefront…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('astro build failed');
}

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => Promise<void>;

export async function startStorefront(env: NodeJS.ProcessEnv = process.env) {
  const config = readConfig(env);
  ensureBuilt();
  const database = await openDatabase({
    url: config.databaseUrl,
    ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
  });
  setDatabase(database);
  await database.query(
    `INSERT INTO kirana_meta (key, value) VALUES ('first_started_at', now()::text) ON CONFLICT (key) DO NOTHING`,
  );

  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  const serveStatic = createStaticHandler(path.join(root, 'dist/client'));
  const server = createServer((req, res) => {
    if (serveStatic(req, res)) return;
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Kirana storefront on http://${config.host}:${port} (database: ${database.kind})`);

  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    await database.close();
  };
  return { server, port, stop };
}

if (import.meta.main) {
  const { stop } = await startStorefront();
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      // PGlite writes its files on close: stopping without it can lose the last writes.
      void stop().then(() => process.exit(0));
    });
  }
}
