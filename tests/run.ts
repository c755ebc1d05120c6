// `npm test`: every suite (unit, API, browser) in one run, ending with the line CI reads:
// `N passed, M failed`.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '#/lib/process/build.server.ts';
import { CHROMIUM_PATH } from './support/e2e-ready.ts';
import { E2E_STOREFRONTS_STARTED, e2eStorefronts } from './support/e2e-storefronts.ts';
import { sharedTestClock } from './support/test-clock.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// Beside Playwright's own output folder, which it empties when it starts.
const reports = path.join(root, 'test-results');
mkdirSync(reports, { recursive: true });

// Hindi pages are checked in the browser: without a Devanagari font Chromium draws boxes.
function hasDevanagariFont() {
  return /Noto Sans Devanagari/i.test(spawnSync('fc-list', [], { encoding: 'utf8' }).stdout ?? '');
}

function ensureChromium() {
  const missing = [...(existsSync(CHROMIUM_PATH) ? [] : ['chromium-headless-shell']), ...(hasDevanagariFont() ? [] : ['fonts-noto-core'])];
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
  if (existsSync(CHROMIUM_PATH)) {
    console.warn('No Devanagari font (Debian: fonts-noto-core): Hindi pages will show boxes in the browser tests.');
    return;
  }
  console.error(
    `Chromium's headless shell was not found at ${CHROMIUM_PATH}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium-headless-shell\n` +
      'or point CHROMIUM_PATH at a Chromium binary.',
  );
  process.exit(1);
}

/** Runs with its output on ours, as it goes: the suite an operator watches. */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number | null> {
  const child = spawn(path.join(root, 'node_modules/.bin', command), args, { cwd: root, stdio: 'inherit', env: { ...process.env, NO_COLOR: '1', ...env } });
  return new Promise((resolve) => child.on('close', resolve));
}

/**
 * Runs in the background, its output kept in test-results/<name>.log and printed when it is awaited:
 * it would cut into the suite that runs on our output.
 */
function runAside(name: string, command: string, args: string[], env: Record<string, string> = {}): Promise<number | null> {
  const log = path.join(reports, `${name}.log`);
  const out = openSync(log, 'w');
  const child = spawn(path.join(root, 'node_modules/.bin', command), args, {
    cwd: root,
    stdio: ['ignore', out, out],
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
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
// One clock for the run: the API suite's and the journeys' storefronts and every test process read it.
sharedTestClock();
// The journeys' storefronts start with the run and learn the catalogue beside the first suites:
// started by Playwright, the journeys waited ~50 s for them (issue 27). Each runs in a process
// group of its own (its shell, the storefront, its seller network), ended with the run.
const e2eLogFile = path.join(reports, 'e2e-storefronts.log');
const e2eLog = openSync(e2eLogFile, 'w');
const e2eServers = (await e2eStorefronts()).map(({ command, healthUrl, env }) => ({
  healthUrl,
  child: spawn('sh', ['-c', command], { cwd: root, detached: true, stdio: ['ignore', e2eLog, e2eLog], env: { ...process.env, ...env } }),
}));
closeSync(e2eLog);
let e2eServersStopped = false;
const stopE2eServers = () => {
  if (e2eServersStopped) return;
  e2eServersStopped = true;
  for (const { child } of e2eServers) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
};
process.on('exit', stopE2eServers);
/** Until each answers its health check, or its process has ended (Playwright then starts its own). */
async function e2eServersListening() {
  for (const { healthUrl, child } of e2eServers) {
    for (const deadline = Date.now() + 180_000; child.exitCode === null && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 500))) {
      if ((await fetch(healthUrl).catch(() => null))?.status === 200) break;
    }
  }
}

// Two cores, and suites that mostly wait (issue 27). First the unit tests, which keep both cores
// busy, beside the type check and the API files that bound wall time on storefronts of their own;
// the shared-storefront API files follow the unit tests, and the other files with storefronts of
// their own (fast network clocks) follow those. Then the browser journeys, beside the last of them.
const typecheck = runAside('astro-check', 'astro', ['check']);
// Dead code (issue 27): an export, file or dependency nothing uses fails the run (knip.json names the entries).
const deadCode = runAside('knip', 'knip', []);
// One format and one lint (issue 27): Biome formats TypeScript, CSS, JSON and the scripts of .astro
// files, and lints them with the rules biome.json keeps; a file written otherwise or a finding fails
// the run, a warning too (Biome alone fails only on errors). `npm run format` rewrites the format;
// a finding is fixed by hand.
const biome = runAside('biome', 'biome', ['check', '--error-on-warnings', '.']);
const report = (name: string) => path.join(reports, `${name}.json`);
// An earlier run's report must never stand in for a suite that crashed before writing its own.
for (const file of readdirSync(reports)) if (file.endsWith('.json')) rmSync(path.join(reports, file));
const flakyList = path.join(reports, 'vitest-flaky.txt');
rmSync(flakyList, { force: true });
process.env.TEST_FLAKY_LIST = flakyList;
const vitestArgs = (name: string) => [
  'run',
  '--reporter=default',
  '--reporter=json',
  '--reporter=./tests/support/flaky-reporter.ts',
  `--outputFile=${report(name)}`,
];
/**
 * Of those, the files whose assertions are bounds on wall time (a restart within 10 s, a wake
 * within 950 ms, an order listed within 5 s, a poll pace, a body refused within 1 s, RSS): they run
 * first, in two lanes of one file at a time, beside the unit tests and the shared-storefront files
 * but never the journeys, since two browsers beside them would move what they measure (a trial at
 * load 20 missed crash.test's restarts and scale-out's wake).
 * The others wait on fast network clocks more than on the wall, and run beside the journeys.
 */
const WALL_CLOCK_FILES = [
  'tests/reliability/crash.test.ts',
  'tests/reliability/checkout-crash.test.ts',
  'tests/reliability/ingest-crash.test.ts',
  'tests/reliability/scale-out.test.ts',
  'tests/reliability/soak.test.ts',
  'tests/reliability/paid-checkout.test.ts',
  'tests/api/memory.test.ts',
  'tests/api/checkout-seller-answers.test.ts',
  'tests/security/body-size.test.ts',
  'tests/security/identity.test.ts',
];
const measured = OWN_SERVER_FILES.filter((file) => WALL_CLOCK_FILES.includes(file));
const unmeasured = OWN_SERVER_FILES.filter((file) => !WALL_CLOCK_FILES.includes(file));
/**
 * Seconds the own-storefront files took in a full run on two cores (BENCHMARKS "Session 27", a
 * fresh clone at da30436), to share them out between their lanes; a file not named here counts as 10 s.
 */
const EXPECTED_SECONDS: Record<string, number> = {
  'tests/reliability/crash.test.ts': 94,
  'tests/api/checkout-seller-answers.test.ts': 68,
  'tests/security/identity.test.ts': 67,
  'tests/reliability/soak.test.ts': 42,
  'tests/reliability/ingest-crash.test.ts': 37,
  'tests/reliability/paid-checkout.test.ts': 37,
  'tests/api/memory.test.ts': 22,
  'tests/reliability/checkout-crash.test.ts': 18,
  'tests/reliability/scale-out.test.ts': 15,
  'tests/security/body-size.test.ts': 7,
  'tests/api/orders.test.ts': 84,
  'tests/api/issues.test.ts': 83,
  'tests/api/settlement.test.ts': 72,
  'tests/reliability/settlement-crash.test.ts': 57,
  'tests/reliability/window-crash.test.ts': 42,
  'tests/api/registry.test.ts': 24,
  'tests/api/invoice.test.ts': 23,
  'tests/api/upi-intent.test.ts': 18,
  'tests/reliability/isolation.test.ts': 15,
  'tests/reliability/restart-catalogue.test.ts': 13,
  'tests/security/return-photo-exif.test.ts': 13,
  'tests/api/ratings.test.ts': 11,
  'tests/api/tip.test.ts': 11,
  'tests/api/analytics.test.ts': 8,
  'tests/api/closed-store.test.ts': 6,
  'tests/api/delivery-instructions.test.ts': 6,
  'tests/security/request-floods.test.ts': 4,
  'tests/security/analytics-batch.test.ts': 4,
};
/** The files in `count` lanes of about the same length: the longest first, each to the shortest lane. */
function lanes(files: string[], count: number): string[][] {
  const shared = Array.from({ length: count }, () => ({ files: [] as string[], seconds: 0 }));
  const expected = (file: string) => EXPECTED_SECONDS[file] ?? 10;
  for (const file of [...files].sort((a, b) => expected(b) - expected(a))) {
    const lane = shared.reduce((shortest, next) => (next.seconds < shortest.seconds ? next : shortest));
    lane.files.push(file);
    lane.seconds += expected(file);
  }
  return shared.map((lane) => lane.files).filter((laneFiles) => laneFiles.length > 0);
}
/** The API project's given files in a Vitest of their own, one file at a time. */
const ownServerFiles = (name: string, files: string[]) =>
  runAside(name, 'vitest', [...vitestArgs(name), '--project', 'api', ...files], { TEST_SHARED_SERVERS: 'off' });
/**
 * A group of own-storefront files in `count` Vitest processes side by side (issue 27). The later
 * files mostly wait on fast network clocks: in one lane they left a core idle for minutes (vmstat:
 * 30–60% idle). The wall-clock files' two lanes end ~4 minutes sooner than one, and the journeys
 * start that much earlier. Beside the unit tests a restart once took 10.1 s against
 * checkout-crash.test's 10 s bound (BENCHMARKS "Session 20", run e): CI's one retry runs it again
 * on a shop of its own, and a pass on retry is reported as flaky.
 */
const ownServerLanes = (name: string, files: string[], count: number) =>
  Promise.all(lanes(files, count).map(async (laneFiles, i) => [`${name}-${i + 1}`, await ownServerFiles(`${name}-${i + 1}`, laneFiles)] as const));
const ownServers = ownServerLanes('vitest-own-servers', measured, 2);
const unitStatus = await run('vitest', [...vitestArgs('vitest-unit'), '--project', 'unit']);
const serversReady = path.join(reports, 'shared-servers.ready');
rmSync(serversReady, { force: true });
let sharedDone = false;
const sharedServers = runAside(
  'vitest-api',
  'vitest',
  [...vitestArgs('vitest-api'), '--project', 'api', ...OWN_SERVER_FILES.flatMap((file) => ['--exclude', file])],
  {
    TEST_SERVERS_READY_FILE: serversReady,
  },
).finally(() => (sharedDone = true));
// The other files with storefronts of their own follow the shared-storefront files, beside the
// rest of the wall-clock files: the same load those had beside the shared ones. The journeys start
// once the wall-clock files are done and the shared storefronts have learned the catalogue (or
// failed to): three learning it at once on two cores is what made one miss its start.
const laterOwnServers = sharedServers.then(() => ownServerLanes('vitest-own-servers-later', unmeasured, 2));
const ownServersStatuses = await ownServers;
while (!sharedDone && !existsSync(serversReady)) await new Promise((resolve) => setTimeout(resolve, 1000));
await e2eServersListening();
const playwrightStatus = await run('playwright', ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report('playwright'), [E2E_STOREFRONTS_STARTED]: '1' });
stopE2eServers();
// What they said (a seller's refusal, a failed callback): Playwright showed their errors when it ran them.
process.stdout.write(`\nThe journeys' storefronts:\n${readFileSync(e2eLogFile, 'utf8')}`);
const vitestStatuses = {
  'vitest-unit': unitStatus,
  'vitest-api': await sharedServers,
  ...Object.fromEntries(ownServersStatuses),
  ...Object.fromEntries(await laterOwnServers),
};
const typecheckStatus = await typecheck;
const deadCodeStatus = await deadCode;
const biomeStatus = await biome;

let passed = 0;
let failed = 0;
for (const [name, status] of Object.entries(vitestStatuses)) {
  const vitest = readJson(report(name));
  passed += Number(vitest?.numPassedTests ?? 0);
  failed += Number(vitest?.numFailedTests ?? 0);
  // A suite that crashed before reporting counts as a failure, never as silence.
  if (status !== 0 && Number(vitest?.numFailedTests ?? 0) === 0) failed += 1;
}
const playwright = readJson(report('playwright')) as { stats?: { expected?: number; unexpected?: number; flaky?: number } } | null;
passed += (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
failed += playwright?.stats?.unexpected ?? 0;
if (playwrightStatus !== 0 && (playwright?.stats?.unexpected ?? 0) === 0) failed += 1;
if (typecheckStatus !== 0) failed += 1;
if (deadCodeStatus !== 0) failed += 1;
if (biomeStatus !== 0) failed += 1;

const flaky = playwright?.stats?.flaky ?? 0;
if (flaky > 0) console.log(`\n${flaky} browser test(s) passed only on retry (flaky): see the list above`);
const flakyVitest = existsSync(flakyList) ? readFileSync(flakyList, 'utf8').trim().split('\n') : [];
if (flakyVitest.length > 0) console.log(`\n${flakyVitest.length} test(s) passed only on retry (flaky):\n  ${flakyVitest.join('\n  ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
