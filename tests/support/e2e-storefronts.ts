// The journeys' two storefronts, as `npm start` runs them, on PGlite in memory from the migrated
// template; the test secret lets journeys sign a shopper in with identity.ts's tokens. Playwright
// starts them (playwright.config.ts) unless `npm test` already has (tests/run.ts): there they start
// with the run, so they have learned the catalogue by the time the journeys begin (issue 27).
import { migratedTemplateFile } from '#/db/testing.ts';
import { NODE_BUNDLES } from '#/lib/process/build.server.ts';
import { NODE_FLAGS, START_ENV } from '#/lib/process/node-flags.ts';
import { DELIVERY_E2E, E2E_ANALYTICS_TOKEN, E2E_PORT, FAST_E2E } from './e2e-ready.ts';
import { TEST_APP_AUTH_ENV } from './identity.ts';
import { sharedTestClock } from './test-clock.ts';

/** Set by tests/run.ts for Playwright when it started the storefronts itself. */
export const E2E_STOREFRONTS_STARTED = 'E2E_STOREFRONTS_STARTED';

export interface E2eStorefront {
  /** a shell command: the build check, then the storefront */
  command: string;
  /** answers 200 once it listens */
  healthUrl: string;
  env: Record<string, string>;
}

export async function e2eStorefronts(): Promise<E2eStorefront[]> {
  const template = await migratedTemplateFile();
  // Store hours at noon IST whatever the hour (issue 27); the test workers read the same clock.
  const clock = sharedTestClock();
  const storefront = (options: { port: number; dataDir: string; env: Record<string, string> }): E2eStorefront => ({
    command: `node --disable-warning=ExperimentalWarning src/lib/process/build.server.ts && node --disable-warning=ExperimentalWarning ${NODE_FLAGS.join(' ')} ${NODE_BUNDLES.storefront}`,
    healthUrl: `http://127.0.0.1:${options.port}/healthz`,
    env: {
      ...START_ENV,
      ...TEST_APP_AUTH_ENV,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      PGLITE_TEMPLATE: template,
      DATA_DIR: options.dataDir,
      ...options.env,
    },
  });
  return [
    storefront({ port: E2E_PORT, dataDir: 'data/e2e', env: { ANALYTICS_TOKEN: E2E_ANALYTICS_TOKEN, NETWORK_CLOCK_START: clock.start } }),
    storefront(FAST_E2E),
    storefront(DELIVERY_E2E),
  ];
}
