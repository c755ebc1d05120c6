import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrations } from './migrations.ts';
import { kiranaMeta } from './schema.ts';
import { testDatabases } from './testing.ts';

describe.each(testDatabases())('database on $name', ({ open }) => {
  it('applies every migration once, and again is a no-op', async () => {
    const database = await open();
    try {
      const applied = await database.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(applied.map((r) => r.id)).toEqual(migrations.map((m) => m.id));
      await database.db.insert(kiranaMeta).values({ key: 'k', value: 'v' });
      const rows = await database.db.select().from(kiranaMeta).where(eq(kiranaMeta.key, 'k'));
      expect(rows[0]?.value).toBe('v');
    } finally {
      await database.close();
    }
  });
});

describe('PGlite on disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kirana-db-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what the first start stored at the second start', async () => {
    const url = `file://${path.join(dir, 'pglite')}`;
    const first = await openDatabase({ url });
    await first.db.insert(kiranaMeta).values({ key: 'first_started_at', value: '2026-11-21' });
    await first.close();

    const second = await openDatabase({ url });
    const rows = await second.db.select().from(kiranaMeta);
    await second.close();
    expect(rows.map((r) => [r.key, r.value])).toEqual([['first_started_at', '2026-11-21']]);
  });

  it('refuses an unknown database URL with a clear message', async () => {
    await expect(openDatabase({ url: 'mysql://x' })).rejects.toThrow(/Unsupported DATABASE_URL/);
  });
});

describe.each(testDatabases())('notifications on $name', ({ open }) => {
  it('delivers a NOTIFY to a listener of the channel, and stops after unlisten', async () => {
    const database = await open();
    try {
      const received: string[] = [];
      const unlisten = await database.listen('kirana_test', (payload) => received.push(payload));
      await database.query(`SELECT pg_notify('kirana_test', 'm-1')`);
      await expect.poll(() => received, { timeout: 5000 }).toEqual(['m-1']);
      await unlisten();
      await database.query(`SELECT pg_notify('kirana_test', 'm-2')`);
      await new Promise((r) => setTimeout(r, 200));
      expect(received).toEqual(['m-1']);
    } finally {
      await database.close();
    }
  });
});
