import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { migrations } from './migrations.ts';
import { NODE_FLAGS } from '#/lib/process/node-flags.ts';
import { findProjectRoot } from '#/lib/process/project-root.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The raw connection: migrations and LISTEN/NOTIFY need more than Drizzle's query builder. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * This process among those on the database: it holds a session advisory lock on this number for
   * as long as it lives, so `kirana_boot_alive(boot)` tells from SQL whether a claim's holder is
   * still there (migration 24).
   */
  boot: number;
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * LISTEN on a channel: across processes on PostgreSQL, within this process on PGlite. A lost
   * connection is made again and the channel listened to again; `onReconnect` then runs, since a
   * NOTIFY sent while it was down never arrives.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` in one transaction on one connection: committed when it returns, rolled back when
   * it throws. Row locks (`SELECT … FOR UPDATE`) taken inside hold until the end.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** What a transaction can do: query on its own connection. */
export type Queryable = Pick<Database, 'query'>;

export interface OpenOptions {
  /** `memory://`, `file:///abs/dir` (PGlite) or `postgres://…` (PostgreSQL). */
  url: string;
  /** PostgreSQL only: work inside this schema (tests isolate runs this way on a shared database). */
  schema?: string;
  /**
   * PGlite only: a new database starts from this dump (`migratedPgliteDump`, `pgliteDirDump`), the
   * dump itself or the path of its file (a `file://` database takes only a path), instead of an
   * empty one; an existing `file://` database is opened as it is. Creating a PGlite database costs
   * 4–6 s, loading a dump under 1 s: the test suites open dozens (issue 27).
   */
  template?: Blob | string;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return /^postgres(ql)?:\/\//.test(options.url) ? openPostgres(options.url, options.schema) : openPglite(options.url, options.template);
}

type Runner = Pick<Database, 'exec' | 'query'>;

/**
 * PGlite's own start-up settings plus smaller memory settings (issue 14). Its PostgreSQL keeps
 * initdb's 128 MB of shared buffers inside the WebAssembly memory, where pages once touched stay
 * resident for the life of the process; 32 MB holds the default catalogue's working set, and a
 * page read beyond it comes from the operating system's file cache, not the disk. Index builds
 * and vacuum get 16 MB rather than 64 MB.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['shared_buffers=32MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB'].flatMap((setting) => ['-c', setting]),
];

async function openPglite(url: string, template?: Blob | string): Promise<Database> {
  let dataDir: string | undefined;
  let loadDataDir: Blob | undefined;
  if (url.startsWith('file://')) {
    if (template instanceof Blob) throw new Error('A file:// PGlite database starts from a template file, not a dump in memory');
    dataDir = url.slice('file://'.length);
    initialisePgliteDir(dataDir, template);
  } else if (url === 'memory://') {
    loadDataDir = typeof template === 'string' ? new Blob([readFileSync(template)]) : template;
  } else {
    throw new Error(`Unsupported DATABASE_URL "${url}": use postgres://…, file://… or memory://`);
  }
  // pg_trgm gives search its typo tolerance; PostgreSQL ships it in postgresql-contrib.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS, ...(loadDataDir ? { loadDataDir } : {}) });
  const database: Database = {
    kind: 'pglite',
    boot: newBoot(),
    db: drizzlePglite(client, { schema }) as unknown as Db,
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows,
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    // PGlite runs one transaction at a time: others queue behind it, as row locks would make them.
    transaction: (work) => client.transaction((tx) => work({ query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows })),
    close: () => client.close(),
  };
  await migrate(database);
  // One process owns a PGlite database: claims of an earlier boot are a dead process's.
  await database.query('SELECT pg_advisory_lock($1, $2)', [BOOT_LOCK, database.boot]);
  return database;
}

/**
 * SQL: the claim on a row (its `claimed_by` boot, else its age) belongs to a process that is gone:
 * its holder no longer holds its boot lock (killed, crashed, or its host lost and PostgreSQL has
 * noticed). A claim made before claims named their holder is judged by its age.
 */
export function claimAbandoned(row = '') {
  return `(CASE WHEN ${row}claimed_by IS NULL THEN ${row}updated_at < clock_timestamp() - interval '30 seconds' ELSE NOT kirana_boot_alive(${row}claimed_by) END)`;
}

/** The advisory lock class of boots (kirana_boot_alive in migration 24 reads it). */
const BOOT_LOCK = 727275;

/** A boot number: random, so processes on a shared database (and earlier boots) never pick alike. */
function newBoot() {
  return randomInt(1, 2 ** 31 - 1);
}

/**
 * A new data dir is made by a child process (src/db/pglite-init.ts): initdb inside PGlite leaves
 * ~150 MB of memory the storefront could never give back (issue 14), and so would unpacking a
 * template. It is made beside the destination and renamed into place, so a start killed half-way
 * leaves no half-made database.
 */
function initialisePgliteDir(dataDir: string, templateFile?: string) {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  // Anything else already there is not ours to replace: PGlite says what is wrong with it.
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const fresh = `${dataDir}.new`;
  rmSync(fresh, { recursive: true, force: true });
  const script = path.join(findProjectRoot(), 'src/db/pglite-init.ts');
  const args = [script, fresh, ...(templateFile ? [templateFile] : [])];
  const result = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', ...NODE_FLAGS, ...args], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`Could not create the PGlite database in ${dataDir} (${result.error?.message ?? `exit code ${result.status}`})`);
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(fresh, dataDir);
}

async function openPostgres(url: string, searchPath?: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath},public` } : {}),
  });
  // Two processes starting on one PostgreSQL must not create the schema or apply a migration
  // twice: one session holds an advisory lock around all of it (a lock belongs to its session,
  // so this runs on one dedicated connection).
  const connection = await pool.connect();
  try {
    await connection.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    if (searchPath) await connection.query(`CREATE SCHEMA IF NOT EXISTS "${searchPath}"`);
    await migrate({
      exec: async (sql) => {
        await connection.query(sql);
      },
      query: async <T>(sql: string, params: unknown[] = []) => (await connection.query(sql, params)).rows as T[],
    });
  } finally {
    await connection.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => undefined);
    connection.release();
  }
  // A pool that loses an idle connection (a restarted or terminated backend) says so and makes
  // another on the next query; unhandled, the error would end the process.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  const boot = newBoot();
  const session = await openSession(url, boot);
  return {
    kind: 'postgres',
    boot,
    db: drizzlePg(pool, { schema }) as unknown as Db,
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    listen: session.listen,
    transaction: async (work) => {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await work({ query: async <T>(sql: string, params: unknown[] = []) => (await connection.query(sql, params)).rows as T[] });
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK');
        throw error;
      } finally {
        connection.release();
      }
    },
    close: async () => {
      await session.close();
      await pool.end();
    },
  };
}

/** The session connection's name in pg_stat_activity: which process, which boot. */
export function sessionName(boot: number) {
  return `kirana pid ${process.pid} boot ${boot}`;
}

type Listener = { channel: string; onNotify: (payload: string) => void; onReconnect: (() => void) | undefined };

/** Longest pause between attempts to make the session connection again. */
const RECONNECT_MAX_MS = 5_000;

/**
 * The connection a process keeps to itself on PostgreSQL (a pooled one may be handed to someone
 * else between queries): it holds the boot lock and every LISTEN. When it is lost (the server
 * restarted, the backend was terminated, the network dropped) it is made again, backing off from
 * 100 ms to 5 s, the lock taken and every channel listened to again; then each listener's
 * onReconnect runs, for the NOTIFYs sent while it was down.
 */
async function openSession(url: string, boot: number) {
  const listeners: Listener[] = [];
  let current: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({
      connectionString: url,
      application_name: sessionName(boot),
      connectionTimeoutMillis: 5_000,
      // The server notices a host that vanished within ~25 s and ends the session, which frees
      // the boot lock: that process's claims are then taken over.
      options: '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3',
    });
    client.on('error', (error) => lost(client, error.message));
    client.on('end', () => lost(client, 'connection ended'));
    client.on('notification', (n) => {
      for (const listener of listeners) if (listener.channel === n.channel) listener.onNotify(n.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of new Set(listeners.map((l) => l.channel))) await client.query(`LISTEN "${channel}"`);
      // Waits while a backend of ours the server has not yet noticed is gone still holds it.
      await client.query('SELECT pg_advisory_lock($1, $2)', [BOOT_LOCK, boot]);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    current = client;
  };
  const lost = (client: pg.Client, why: string) => {
    if (closed || current !== client) return;
    current = null;
    void client.end().catch(() => undefined);
    console.warn(`database session lost (${why}): reconnecting`);
    reconnectLater();
  };
  const reconnectLater = () => {
    retry = setTimeout(
      () => {
        connect().then(
          () => {
            failures = 0;
            console.warn('database session back: listening again');
            for (const listener of [...listeners]) listener.onReconnect?.();
          },
          (error: unknown) => {
            failures++;
            console.warn(`database session: reconnect failed (${error instanceof Error ? error.message : String(error)})`);
            if (!closed) reconnectLater();
          },
        );
      },
      Math.min(100 * 2 ** failures, RECONNECT_MAX_MS),
    );
    retry.unref();
  };

  await connect();
  return {
    listen: async (channel: string, onNotify: (payload: string) => void, onReconnect?: () => void) => {
      const listener: Listener = { channel, onNotify, onReconnect };
      const fresh = !listeners.some((l) => l.channel === channel);
      listeners.push(listener);
      // While reconnecting, the new connection listens to it.
      if (fresh) await current?.query(`LISTEN "${channel}"`);
      return async () => {
        listeners.splice(listeners.indexOf(listener), 1);
        if (!listeners.some((l) => l.channel === channel)) await current?.query(`UNLISTEN "${channel}"`);
      };
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await current?.end();
    },
  };
}

const MIGRATION_LOCK = 727274;

/** A new in-memory PGlite database with every migration applied, dumped for `template`. */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await PGlite.create(undefined, { extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS });
  try {
    await migrate({
      exec: async (sql) => {
        await client.exec(sql);
      },
      query: async <T>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows,
    });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** A PGlite database kept on disk (a stopped storefront's), dumped for `template`. */
export async function pgliteDirDump(dataDir: string): Promise<Blob> {
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS });
  try {
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** What a migrated database depends on: a dump made from other migrations is never reused. */
export function migrationsFingerprint(): string {
  return JSON.stringify(migrations.map((m) => [m.id, m.sql]));
}

async function migrate(database: Runner) {
  await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied = new Set((await database.query<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => r.id));
  for (const m of migrations) {
    if (applied.has(m.id)) continue;
    await database.exec(`BEGIN; ${m.sql}; INSERT INTO schema_migrations (id, name) VALUES (${m.id}, '${m.name}'); COMMIT;`);
  }
}

// The server bundle (built by Vite) and `src/serve.ts` (run by Node) each load their own copy of
// this module; the process-wide symbol lets both reach the one database serve.ts opened.
const DATABASE = Symbol.for('kirana.database');
type Holder = { [DATABASE]?: Database };

export function setDatabase(database: Database) {
  (globalThis as Holder)[DATABASE] = database;
}

export function getDatabase(): Database {
  const database = (globalThis as Holder)[DATABASE];
  if (!database) throw new Error('The database is not open: start the storefront with `npm start`');
  return database;
}
