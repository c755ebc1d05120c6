// `npm run bench`: every benchmark in turn. Each prints its own figures.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedTestClock } from '../support/test-clock.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const benches = (process.argv[2] ?? 'lighthouse').split(',');
// The sellers' clock of every storefront a bench starts: noon IST today, as the tests' (TEST_CLOCK
// moves it). On the wall clock a bench run before dawn met closed stores and restaurants, and its
// pages were not the ones measured at noon.
process.env.NETWORK_CLOCK_START = sharedTestClock().start;
for (const bench of benches) {
  const result = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(here, `${bench}.ts`)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
