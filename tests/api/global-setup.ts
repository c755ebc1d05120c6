import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '#/lib/process/build.server.ts';
import { TEST_WEBHOOK_SECRET } from '../support/payment-notices.ts';
import { startServer, type StartedServer } from '../support/server.ts';
import { sharedTestClock } from '../support/test-clock.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    servers: Array<{ name: string; url: string; dataDir: string }>;
  }
}

/** A native-app user id the operator has paused on both test storefronts (SPEC §6 user blacklist). */
export const PAUSED_USER_ID = 'paused-shopper';

/**
 * One storefront on PGlite, and one on PostgreSQL when TEST_DATABASE_URL is set. Their per-shopper
 * write limit is off: a fuzzing or concurrency test is one shopper sending hundreds of writes, and
 * the limit itself is tested on a storefront of its own (tests/security/identity.test.ts). They
 * share the payment webhook's secret with the tests, which sign notices as the gateway would.
 */
const SHARED = { USER_BLACKLIST: PAUSED_USER_ID, SHOPPER_WRITE_LIMIT: '0', PAYMENT_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET };
export default async function setup(project: TestProject) {
  // `npm test` runs the files that start storefronts of their own in a Vitest process of their own
  // (tests/run.ts): it needs none of the shared ones.
  if (process.env['TEST_SHARED_SERVERS'] === 'off') {
    project.provide('servers', []);
    return;
  }
  ensureBuilt();
  // Their sellers' clock, and so their store hours, start at noon IST whatever the hour (issue 27).
  const clock = { NETWORK_CLOCK_START: sharedTestClock().start };
  const pgUrl = process.env.TEST_DATABASE_URL;
  const schema = pgUrl ? `api_${randomUUID().replaceAll('-', '').slice(0, 16)}` : undefined;
  // Started together rather than one after the other (issue 27). The PGlite server also writes the
  // protocol log, so a test can read what crossed the wire.
  const starts = [
    { name: 'pglite', env: { ONDC_LOG: '1', ...SHARED, ...clock } },
    ...(pgUrl && schema ? [{ name: 'postgres', env: { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema, ...SHARED, ...clock } }] : []),
  ].map(async ({ name, env }) => ({ name, server: await startServer(env, { timeoutMs: 300_000 }) }));
  const settled = await Promise.allSettled(starts);
  const started: Array<{ name: string; server: StartedServer }> = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((s) => s.server.stop()));
    throw failed.reason;
  }
  // tests/run.ts starts the browser journeys' storefront only once these are up: three learning
  // the catalogue at once on two cores is what made one miss its start.
  if (process.env['TEST_SERVERS_READY_FILE']) writeFileSync(process.env['TEST_SERVERS_READY_FILE'], started.map((s) => s.server.url).join('\n'));
  project.provide(
    'servers',
    started.map((s) => ({ name: s.name, url: s.server.url, dataDir: s.server.dataDir })),
  );
  return async () => {
    await Promise.all(started.map((s) => s.server.stop()));
    if (pgUrl && schema) {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  };
}
