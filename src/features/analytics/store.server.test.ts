import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { testDatabases } from '../../db/testing.ts';
import { EVENTS_PER_MINUTE, flushAnalytics, funnelSince, hashIdentifier, pruneAnalytics, rateLimit, recordEvents, type EventRow } from './store.server.ts';

const row = (name: string, extra: Partial<EventRow> = {}): EventRow => ({
  endpoint: 'hive', name, shopper_key: null, session_id: 's1', device_id: null, page: null, source: null, lob: null, event_id: null,
  city_name: null, pincode: null, utm_source: null, utm_medium: null, utm_campaign: null, identifier_hash: null, attributes: {}, ...extra,
});

describe('hashed identifiers', () => {
  it('are the same for the same number, in any format, and never hold it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kirana-salt-'));
    const a = hashIdentifier(dir, '+91 98765 43210');
    expect(a).toBe(hashIdentifier(dir, '9876543210'));
    expect(a).not.toContain('9876543210');
    expect(a).not.toBe(hashIdentifier(dir, '9876543211'));
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
    await database.query("INSERT INTO analytics_events (endpoint, name, received_at) VALUES ('hive', 'old', clock_timestamp() - interval '100 days'), ('hive', 'recent', clock_timestamp() - interval '10 days')");
    expect(await pruneAnalytics(database, 90)).toBe(1);
    const names = (await database.query<{ name: string }>("SELECT name FROM analytics_events WHERE name IN ('old', 'recent')")).map((r) => r.name);
    expect(names).toEqual(['recent']);
  });
});
