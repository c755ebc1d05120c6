import { randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../../src/lib/process/build.server.ts';
import { TEST_WEBHOOK_SECRET } from '../support/payment-notices.ts';
import { startServer, type StartedServer } from '../support/server.ts';

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
  ensureBuilt();
  const started: Array<{ name: string; server: StartedServer }> = [];
  // The PGlite server also writes the protocol log, so a test can read what crossed the wire.
  started.push({ name: 'pglite', server: await startServer({ ONDC_LOG: '1', ...SHARED }) });
  const pgUrl = process.env.TEST_DATABASE_URL;
  let schema: string | undefined;
  if (pgUrl) {
    schema = `api_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    started.push({ name: 'postgres', server: await startServer({ DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema, ...SHARED }) });
  }
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
