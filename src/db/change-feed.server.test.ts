import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFeed } from './change-feed.server.ts';
import type { Database } from './client.ts';
import { testDatabases } from './testing.ts';

const feed = changeFeed('test_changes');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())('a change feed on $name', ({ name, open }) => {
  let database: Database;
  const opened: Database[] = [];
  beforeAll(async () => {
    database = await open();
    opened.push(database);
  });
  afterAll(async () => Promise.all(opened.map((d) => d.close())));

  it('a watch wakes when its key is announced, and not for another key', async () => {
    const key = randomUUID();
    const watch = await feed.watch(database, key);
    const changed = watch.changed(20_000);
    await feed.announce(database, randomUUID());
    await pause(200);
    let settled = false;
    void changed.then(() => (settled = true));
    await pause(0);
    expect(settled).toBe(false);
    const announcedAt = Date.now();
    await feed.announce(database, key);
    expect(await changed).toBe(true);
    // Woken by the announcement, far inside the wait it was given.
    expect(Date.now() - announcedAt).toBeLessThan(5_000);
    watch.stop();
  });

  it('an announcement between the watch and the wait still counts: the read it guards may have missed it', async () => {
    const key = randomUUID();
    const watch = await feed.watch(database, key);
    await feed.announce(database, key);
    await expect.poll(() => watch.changed(0), { timeout: 10_000 }).toBe(true);
    watch.stop();
  });

  it('with no announcement the wait ends false when its time is up; a stopped watch hears nothing', async () => {
    const quiet = await feed.watch(database, randomUUID());
    const started = Date.now();
    expect(await quiet.changed(300)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    quiet.stop();

    const key = randomUUID();
    const stopped = await feed.watch(database, key);
    stopped.stop();
    await feed.announce(database, key);
    await pause(300);
    expect(await stopped.changed(0)).toBe(false);
  });

  it.runIf(name === 'postgres')('wakes a watch taken by another process on the same PostgreSQL', async () => {
    const other = await open();
    opened.push(other);
    const key = randomUUID();
    const watch = await feed.watch(other, key);
    const changed = watch.changed(20_000);
    await feed.announce(database, key);
    expect(await changed).toBe(true);
    watch.stop();
  });
});
