// `npm run bench -- reliability`: the reliability suite (tests/reliability) in full: 20 kill -9
// restarts during cart updates and 20 during checkouts, 10,000 hostile requests, the isolation
// matrix, a 5-minute soak with RSS every 10 s, and 8 kills across two processes on PostgreSQL
// (TEST_DATABASE_URL, or the local PostgreSQL when it answers). Prints the suite's own figures
// at the end, one JSON line each.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '#/lib/process/build.server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

const postgresAnswers = () =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 5432 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

ensureBuilt();
const env: NodeJS.ProcessEnv = { ...process.env, RELIABILITY: 'full', NO_COLOR: '1' };
if (!env['TEST_DATABASE_URL'] && (await postgresAnswers())) env['TEST_DATABASE_URL'] = 'postgres://postgres@127.0.0.1:5432/test';
if (!env['TEST_DATABASE_URL']) console.log('No PostgreSQL: the two-process tests are skipped (set TEST_DATABASE_URL).');

const started = Date.now();
const child = spawn(path.join(root, 'node_modules/.bin/vitest'), ['run', '--project', 'api', 'tests/reliability'], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
child.stdout.on('data', (chunk: Buffer) => {
  output += chunk;
  process.stdout.write(chunk);
});
const code = await new Promise<number>((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
console.log(`\nReliability, full run (${((Date.now() - started) / 60_000).toFixed(1)} min, exit ${code}):`);
for (const line of output.split('\n')) if (line.startsWith('reliability {')) console.log(`  ${line.slice('reliability '.length)}`);
process.exit(code);
