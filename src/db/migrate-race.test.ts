import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrations } from './migrations.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('several storefront processes starting at once on one PostgreSQL', () => {
  it('apply each migration once (the advisory lock): every start succeeds', async () => {
    const schema = `race_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const databases = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ url: url!, schema })));
    try {
      const applied = await databases[0]!.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(applied.map((r) => r.id)).toEqual(migrations.map((m) => m.id).sort((a, b) => a - b));
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA "${schema}" CASCADE`);
      await client.end();
    }
  });
});
