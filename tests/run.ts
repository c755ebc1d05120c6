// `npm test`: every suite (unit, API, browser) in one run, ending with the line CI reads:
// `N passed, M failed`.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../src/lib/process/build.server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = path.join(root, 'test-results');
mkdirSync(reports, { recursive: true });
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Hindi pages are checked in the browser: without a Devanagari font Chromium draws boxes.
function hasDevanagariFont() {
  return /Noto Sans Devanagari/i.test(spawnSync('fc-list', [], { encoding: 'utf8' }).stdout ?? '');
}

function ensureChromium() {
  const missing = [...(existsSync(chromiumPath) ? [] : ['chromium']), ...(hasDevanagariFont() ? [] : ['fonts-noto-core'])];
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing Debian’s ${missing.join(' and ')}…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...missing]]) {
      const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
    }
    return;
  }
  if (existsSync(chromiumPath)) {
    console.warn('No Devanagari font (Debian: fonts-noto-core): Hindi pages will show boxes in the browser tests.');
    return;
  }
  console.error(
    `Chromium was not found at ${chromiumPath}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n` +
      'or point CHROMIUM_PATH at a Chromium binary.',
  );
  process.exit(1);
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const bin = path.join(root, 'node_modules/.bin', command);
  return spawnSync(bin, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NO_COLOR: '1', ...env } }).status;
}

/**
 * Runs in the background, its output kept in test-results/<name>.log and printed when it is awaited:
 * it would cut into another suite's, and a pipe would fill while spawnSync holds this process.
 */
function runAside(name: string, command: string, args: string[], env: Record<string, string> = {}): Promise<number | null> {
  const log = path.join(reports, `${name}.log`);
  const out = openSync(log, 'w');
  const child = spawn(path.join(root, 'node_modules/.bin', command), args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, NO_COLOR: '1', ...env } });
  closeSync(out);
  return new Promise((resolve) =>
    child.on('close', (status) => {
      process.stdout.write(readFileSync(log, 'utf8'));
      resolve(status);
    }),
  );
}

/**
 * The API suite's files that start storefronts of their own (a fast clock, an operator token, kill
 * -9 and restarts, memory readings) and use none of the shared ones. The API suite runs one file
 * at a time: these run one at a time too, in a second Vitest process beside the first rather than
 * after it (issue 27). Read from the files themselves, so a new one joins without being listed.
 */
const OWN_SERVER_FILES = ['tests/api', 'tests/security', 'tests/reliability'].flatMap((dir) =>
  readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `${dir}/${name}`)
    .filter((file) => {
      const source = readFileSync(path.join(root, file), 'utf8');
      return /\bstartServer\(/.test(source) && !/\binject\(/.test(source);
    }),
);

function readJson(file: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

ensureChromium();
ensureBuilt();

// Types are part of the contract (strictest tsconfig): a type error fails the run like a test. The
// check (one core for about a minute) runs beside Vitest (issue 27).
const typecheck = runAside('astro-check', 'astro', ['check']);

const vitestReport = path.join(reports, 'vitest.json');
const ownServersReport = path.join(reports, 'vitest-own-servers.json');
const playwrightReport = path.join(reports, 'playwright.json');
const ownServers = runAside(
  'vitest-own-servers',
  'vitest',
  ['run', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile=${ownServersReport}`, ...OWN_SERVER_FILES],
  { TEST_SHARED_SERVERS: 'off' },
);
const vitestStatus = run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`, ...OWN_SERVER_FILES.flatMap((file) => ['--exclude', file])]);
const ownServersStatus = await ownServers;
const typecheckStatus = await typecheck;
// Read before Playwright runs: it empties test-results/ when it starts.
const vitest = readJson(vitestReport);
const ownServersVitest = readJson(ownServersReport);
const playwrightStatus = run('playwright', ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
const playwright = readJson(playwrightReport) as { stats?: { expected?: number; unexpected?: number; flaky?: number } } | null;
let passed = Number(vitest?.numPassedTests ?? 0) + Number(ownServersVitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
let failed = Number(vitest?.numFailedTests ?? 0) + Number(ownServersVitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
// A suite that crashed before reporting counts as a failure, never as silence.
if (typecheckStatus !== 0) failed += 1;
if (vitestStatus !== 0 && Number(vitest?.numFailedTests ?? 0) === 0) failed += 1;
if (ownServersStatus !== 0 && Number(ownServersVitest?.numFailedTests ?? 0) === 0) failed += 1;
if (playwrightStatus !== 0 && (playwright?.stats?.unexpected ?? 0) === 0) failed += 1;

const flaky = playwright?.stats?.flaky ?? 0;
if (flaky > 0) console.log(`\n${flaky} browser test(s) passed only on retry (flaky): see the list above`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
