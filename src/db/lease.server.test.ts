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

  // The lease lengths are far from the test's own duration, so a loaded machine (CI) cannot let a
  // lease run out between two calls that expect it held.
  it('one process of several gets the work; the others skip while it holds the lease', async () => {
    const taken = await Promise.all(['a', 'b', 'c'].map((holder) => takeLease(database, 'refresh', holder, 60_000)));
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await takeLease(database, 'refresh', 'b', 60_000)).toBe(false);
  });

  it('a lease that ran out is taken by the next process', async () => {
    await holdLease(database, 'expire', 'a', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await takeLease(database, 'expire', 'b', 60_000)).toBe(true);
    expect(await takeLease(database, 'expire', 'a', 60_000)).toBe(false);
  });

  it('a process that just did the work holds the lease whoever had it', async () => {
    await holdLease(database, 'learn', 'a', 60_000);
    await holdLease(database, 'learn', 'b', 60_000);
    expect(await takeLease(database, 'learn', 'a', 60_000)).toBe(false);
    expect(await database.query('SELECT holder FROM leases WHERE name = $1', ['learn'])).toEqual([{ holder: 'b' }]);
  });
});
