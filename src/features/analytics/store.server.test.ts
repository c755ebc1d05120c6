import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import {
  EVENTS_PER_MINUTE,
  flushAnalytics,
  funnelSince,
  hashIdentifier,
  loadAnalyticsSalt,
  pruneAnalytics,
  rateLimit,
  recordEvents,
  type EventRow,
} from './store.server.ts';

const row = (name: string, extra: Partial<EventRow> = {}): EventRow => ({
  endpoint: 'hive',
  name,
  shopper_key: null,
  session_id: 's1',
  device_id: null,
  page: null,
  source: null,
  lob: null,
  event_id: null,
  city_name: null,
  pincode: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  identifier_hash: null,
  attributes: {},
  ...extra,
});

describe.each(testDatabases())('hashed identifiers on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database?.close());

  const saltDir = (salt?: Buffer) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kirana-salt-'));
    if (salt) {
      mkdirSync(path.join(dir, 'analytics'));
      writeFileSync(path.join(dir, 'analytics', 'salt'), salt);
    }
    return dir;
  };

  it('takes over the salt file an earlier version kept, once: hashes already stored stay the same', async () => {
    const earlier = randomBytes(32);
    await loadAnalyticsSalt(database, saltDir(earlier));
    const hash = hashIdentifier('+91 98765 43210');
    expect(hash).toBe(createHash('sha256').update(earlier).update('9876543210').digest('hex'));
    // Another host with a salt file of its own, or none, hashes with the database's salt.
    await loadAnalyticsSalt(database, saltDir(randomBytes(32)));
    expect(hashIdentifier('9876543210')).toBe(hash);
    await loadAnalyticsSalt(database, saltDir());
    expect(hashIdentifier('9876543210')).toBe(hash);
  });

  it('are the same for the same number, in any format, and never hold it', async () => {
    await loadAnalyticsSalt(database, saltDir());
    const a = hashIdentifier('+91 98765 43210');
    expect(a).toBe(hashIdentifier('9876543210'));
    expect(a).not.toContain('9876543210');
    expect(a).not.toBe(hashIdentifier('9876543211'));
  });
});

describe.each(testDatabases())('the analytics salt made at first start on $name', ({ open }) => {
  it('is one salt for two processes starting together on a new database', async () => {
    const database = await open();
    try {
      const salts = await Promise.all([
        loadAnalyticsSalt(database, mkdtempSync(path.join(tmpdir(), 'kirana-salt-'))),
        loadAnalyticsSalt(database, mkdtempSync(path.join(tmpdir(), 'kirana-salt-'))),
      ]);
      expect(salts[0]).toHaveLength(32);
      expect(salts[0]?.equals(salts[1]!)).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe.each(testDatabases())('analytics events on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database?.close());

  it('lets a minute’s worth through per shopper, then says how long to wait, counting nothing refused', async () => {
    const now = 60_000 * 1_000_000 + 5_000;
    expect(await rateLimit(database, 'shopper-a', EVENTS_PER_MINUTE, now)).toBeNull();
    expect(await rateLimit(database, 'shopper-a', 1, now + 10_000)).toBe(45);
    expect(await rateLimit(database, 'shopper-b', 1, now + 10_000)).toBeNull();
    expect(await rateLimit(database, 'shopper-a', EVENTS_PER_MINUTE, now + 60_000)).toBeNull();
    expect(await rateLimit(database, 'shopper-c', EVENTS_PER_MINUTE + 1, now)).toBe(55);
  });

  it('holds when two processes count the same shopper at once', async () => {
    const now = 60_000 * 1_000_001;
    const answers = await Promise.all(Array.from({ length: 12 }, () => rateLimit(database, 'shopper-d', 100, now)));
    expect(answers.filter((a) => a === null)).toHaveLength(6);
  });

  it('writes batches off the request path and counts the funnel per day', async () => {
    recordEvents(database, [
      row('page_view', { page: 'home_page' }),
      row('page_view', { page: 'grocery-category_page' }),
      row('add_to_cart'),
      row('page_view', { page: 'payment_page' }),
      row('order_placed'),
      row('page_view', { page: 'home_page', session_id: 's2' }),
    ]);
    await flushAnalytics();
    const [day] = await funnelSince(database, new Date(Date.now() - 3_600_000));
    expect(day).toMatchObject({ home: 2, listing: 1, cart: 1, checkout: 1, order: 1 });
  });

  it('prunes events older than the retention', async () => {
    await database.query(
      "INSERT INTO analytics_events (endpoint, name, received_at) VALUES ('hive', 'old', clock_timestamp() - interval '100 days'), ('hive', 'recent', clock_timestamp() - interval '10 days')",
    );
    expect(await pruneAnalytics(database, 90)).toBe(1);
    const names = (await database.query<{ name: string }>("SELECT name FROM analytics_events WHERE name IN ('old', 'recent')")).map((r) => r.name);
    expect(names).toEqual(['recent']);
  });
});
