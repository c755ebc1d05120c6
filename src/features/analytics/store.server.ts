// Analytics events kept (SPEC §7.5, issue 12): answered at once and written in batches off the
// request path (at most 250 ms later, or when 200 are waiting, and on shutdown), limited per
// shopper, with mobile numbers hashed and old events pruned daily.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '#/db/client.ts';
import { keepFirstMeta } from '#/db/meta.server.ts';
import { pruneAllowances, takeAllowance, type Limit } from '#/lib/rate-limit.server.ts';
import { runPeriodically } from '#/lib/process/periodic.server.ts';

export type EventRow = {
  endpoint: 'hive' | 'log' | 'ins';
  name: string;
  shopper_key: string | null;
  session_id: string | null;
  device_id: string | null;
  page: string | null;
  source: string | null;
  lob: string | null;
  event_id: string | null;
  city_name: string | null;
  pincode: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  identifier_hash: string | null;
  attributes: Record<string, unknown>;
};

const FLUSH_AFTER_MS = 250;
const FLUSH_AT_ROWS = 200;

type EventBuffer = { pending: EventRow[]; timer: ReturnType<typeof setTimeout> | null; target: Database | null; writing: Promise<void> };
// One buffer per process, on a process-wide symbol: the Vite-built pages that take events and the
// Node entry that flushes them on shutdown load this module separately (as with the database).
const BUFFER = Symbol.for('kirana.analytics-buffer');
const processWide = globalThis as { [BUFFER]?: EventBuffer };
const buffer = processWide[BUFFER] ?? { pending: [], timer: null, target: null, writing: Promise.resolve() };
processWide[BUFFER] = buffer;

/** Takes events for writing; they reach the database within FLUSH_AFTER_MS. */
export function recordEvents(database: Database, rows: EventRow[]): void {
  buffer.target = database;
  buffer.pending.push(...rows);
  if (buffer.pending.length >= FLUSH_AT_ROWS) void flushAnalytics();
  else buffer.timer ??= setTimeout(() => void flushAnalytics(), FLUSH_AFTER_MS);
}

/** Writes what is waiting, in one statement; the next flush waits for this one. */
export function flushAnalytics(): Promise<void> {
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = null;
  const rows = buffer.pending;
  buffer.pending = [];
  const database = buffer.target;
  if (rows.length === 0 || !database) return buffer.writing;
  buffer.writing = buffer.writing.then(async () => {
    try {
      await insertEvents(database, rows);
    } catch {
      // One row the database refuses fails the statement: the batch holds other shoppers' events,
      // so each is written on its own and only the refused ones are lost (issue 24).
      let lost = 0;
      for (const row of rows) await insertEvents(database, [row]).catch(() => lost++);
      if (lost > 0) console.error(`analytics: ${lost} of ${rows.length} events not written`);
    }
  });
  return buffer.writing;
}

async function insertEvents(database: Database, rows: EventRow[]): Promise<void> {
  await database.query(
    `INSERT INTO analytics_events (endpoint, name, shopper_key, session_id, device_id, page, source, lob, event_id, city_name, pincode, utm_source, utm_medium, utm_campaign, identifier_hash, attributes)
     SELECT endpoint, name, shopper_key, session_id, device_id, page, source, lob, event_id, city_name, pincode, utm_source, utm_medium, utm_campaign, identifier_hash, attributes
     FROM jsonb_to_recordset($1::jsonb) AS r(endpoint text, name text, shopper_key text, session_id text, device_id text, page text, source text, lob text, event_id text,
       city_name text, pincode text, utm_source text, utm_medium text, utm_campaign text, identifier_hash text, attributes jsonb)`,
    [JSON.stringify(rows)],
  );
}

// ---- per-shopper limits ----

/** Events a shopper may send a minute (a busy page sends a few dozen), across every process. */
export const EVENTS_PER_MINUTE = 600;
const EVENT_LIMIT: Limit = { bucket: 'analytics', perWindow: EVENTS_PER_MINUTE, windowMs: 60_000 };

/** Counts `events` against the sender's minute; the seconds to wait when over the limit. */
export function rateLimit(database: Database, sender: string, events: number, now = Date.now()): Promise<number | null> {
  return takeAllowance(database, EVENT_LIMIT, sender, events, now);
}

// ---- hashed identifiers ----

const SALT_KEY = 'analytics_salt';
// One salt per process, on a process-wide symbol: src/serve.ts loads it before the first request
// and the Vite-built endpoints hash with it (as with the database).
const SALT = Symbol.for('kirana.analytics-salt');
type SaltHolder = { [SALT]?: Buffer };

/**
 * The salt mobile numbers are hashed with, kept in the database so every process and host hashes
 * alike. The first start makes it (the salt file an earlier version kept under DATA_DIR, if there
 * is one, so hashes already stored stay comparable); ON CONFLICT keeps the first of two processes
 * starting together, and both read that one back.
 */
export async function loadAnalyticsSalt(database: Database, dataDir: string): Promise<Buffer> {
  const stored = await keepFirstMeta(database, SALT_KEY, () => {
    const file = path.join(dataDir, 'analytics', 'salt');
    return (existsSync(file) ? readFileSync(file) : randomBytes(32)).toString('hex');
  });
  const salt = Buffer.from(stored, 'hex');
  (globalThis as SaltHolder)[SALT] = salt;
  return salt;
}

/** A mobile number as kept: salted SHA-256 (the salt is loaded at start), never the number. */
export function hashIdentifier(identifier: string): string {
  const salt = (globalThis as SaltHolder)[SALT];
  if (!salt) throw new Error('The analytics salt is not loaded: start the storefront with `npm start`');
  return createHash('sha256').update(salt).update(identifier.replace(/\D/g, '').slice(-10)).digest('hex');
}

// ---- retention ----

/** Deletes events older than `days`; the count deleted. */
export async function pruneAnalytics(database: Database, days: number): Promise<number> {
  await pruneAllowances(database, EVENT_LIMIT);
  const deleted = await database.query('DELETE FROM analytics_events WHERE received_at < clock_timestamp() - make_interval(days => $1) RETURNING id', [days]);
  return deleted.length;
}

/** Prunes now and then once a day; the returned function stops it. */
export function startAnalyticsRetention(database: Database, days: number): () => void {
  return runPeriodically('analytics prune', () => pruneAnalytics(database, days), { firstMs: 0, everyMs: 24 * 3600 * 1000 });
}

// ---- the operator's read side ----

/** Events received since `since` (oldest first, at most `limit`), for an export. */
export async function eventsSince(database: Database, since: Date, limit: number, name?: string): Promise<Array<Record<string, unknown>>> {
  await flushAnalytics();
  return database.query(
    `SELECT id, received_at, endpoint, name, shopper_key, session_id, device_id, page, source, lob, event_id, city_name, pincode, utm_source, utm_medium, utm_campaign, identifier_hash, attributes
     FROM analytics_events WHERE received_at >= $1 AND ($3::text IS NULL OR name = $3) ORDER BY id LIMIT $2`,
    [since.toISOString(), limit, name ?? null],
  );
}

/** The funnel steps: which events count as reaching each. */
export const FUNNEL = [
  { step: 'home', when: "name = 'page_view' AND page = 'home_page'" },
  {
    step: 'listing',
    when: "name = 'page_view' AND page IN ('grocery-category_page', 'sub-category-items_page', 'grocery-search_page', 'search_page', 'brand_page', 'stores_page')",
  },
  { step: 'cart', when: "name = 'add_to_cart'" },
  { step: 'checkout', when: "name = 'page_view' AND page = 'payment_page'" },
  { step: 'order', when: "name = 'order_placed'" },
] as const;

/** Per day, how many sessions (or shoppers) reached each funnel step. */
export async function funnelSince(database: Database, since: Date): Promise<Array<{ day: string } & Record<string, number>>> {
  await flushAnalytics();
  const columns = FUNNEL.map((f) => `count(DISTINCT coalesce(session_id, shopper_key, event_id)) FILTER (WHERE ${f.when})::int AS "${f.step}"`).join(', ');
  return database.query(
    `SELECT to_char(received_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS day, ${columns}
     FROM analytics_events WHERE received_at >= $1 GROUP BY 1 ORDER BY 1`,
    [since.toISOString()],
  );
}
