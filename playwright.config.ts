import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, E2E_PORT } from './tests/support/e2e-ready.ts';
import { E2E_STOREFRONTS_STARTED, e2eStorefronts } from './tests/support/e2e-storefronts.ts';

// Debian's Chromium, never a downloaded one (TOOLING.md); flags that work as root on these machines.
// Its headless shell (Debian's chromium-headless-shell, the same Blink and V8 without the browser's
// own UI) is what Playwright itself runs headless: the full browser in headless mode spent more CPU
// in its browser and GPU processes, and on WebUI renderers for a tab strip no one sees, than the
// pages did in theirs (issue 27, BENCHMARKS "Session 20").
const chromium = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/support/e2e-ready.ts',
  // Its own folder: Playwright empties it when it starts, and tests/run.ts keeps the other suites' reports beside it.
  outputDir: 'test-results/playwright',
  // One file at a time in each of two workers, one per core (issue 27): a journey is one shopper in a
  // browser context of its own, so two never share a cart.
  workers: 2,
  // Two shared cores under CI load make a first cold request slow now and then: one retry, and
  // run.ts reports a test that passed only on retry as flaky in its output.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: chromium,
    // A trace records the page as it goes, screencast frames included: recorded for every test it was
    // half the browser's CPU (issue 27). A failure's retry records one; `--trace on` asks for all.
    trace: 'on-first-retry',
  },
  projects: [
    { name: 'phone', use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: (await e2eStorefronts()).map(({ command, healthUrl, env }) => ({
    command,
    url: healthUrl,
    // Started by `npm test` before the journeys (tests/run.ts); never one left on the machine.
    reuseExistingServer: process.env[E2E_STOREFRONTS_STARTED] === '1',
    timeout: 180_000,
    env,
  })),
});
