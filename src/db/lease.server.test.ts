import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { holdLease, takeLease } from './lease.server.ts';
import { testDatabases } from './testing.ts';

describe.each(testDatabases())('leases on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database?.close());

  it('one process of several gets the work; the others skip until the lease runs out', async () => {
    const taken = await Promise.all(['a', 'b', 'c'].map((holder) => takeLease(database, 'refresh', holder, 200)));
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await takeLease(database, 'refresh', 'b', 200)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await takeLease(database, 'refresh', 'b', 60_000)).toBe(true);
  });

  it('a process that just did the work holds the lease whoever had it', async () => {
    await holdLease(database, 'learn', 'a', 60_000);
    await holdLease(database, 'learn', 'b', 60_000);
    expect(await takeLease(database, 'learn', 'a', 60_000)).toBe(false);
    expect(await database.query('SELECT holder FROM leases WHERE name = $1', ['learn'])).toEqual([{ holder: 'b' }]);
  });
});
