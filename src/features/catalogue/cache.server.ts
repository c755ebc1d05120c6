// SPEC §4: cache entries per pin code, provider, search text and category. Catalogue answers
// are kept briefly in this process and dropped as soon as any new on_search is ingested, so a
// price the seller changed is never served from here once we know it (in any process: an ingestion
// announces itself to the others on the database).
import type { Database } from '#/db/client.ts';

const MAX_ENTRIES = 1000;
/**
 * What the answers kept may weigh together, as JSON (issue 14: memory is bounded by size, not
 * only by count). A listing page of 20 items is ~20 KB, so this keeps a few hundred of them.
 */
const MAX_BYTES = 8 * 1024 * 1024;
const TTL_MS = 60_000;

// The catalogue generation lives on a process-wide symbol: ingestion (queued by the callback
// endpoint) and the pages that read the catalogue must agree on it.
const GENERATION = Symbol.for('kirana.catalogue-generation');
type Holder = { [GENERATION]?: number };

export function catalogueChanged() {
  const holder = globalThis as Holder;
  holder[GENERATION] = (holder[GENERATION] ?? 0) + 1;
}

const CATALOGUE_CHANNEL = 'catalogue_changed';

/** Drops this process's answers and tells every other storefront process on the database to. */
export async function announceCatalogueChange(database: Database) {
  catalogueChanged();
  await database.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, String(database.boot)]);
}

/** Drops this process's answers whenever another process ingested a change (issue 14 scale-out). */
export function followCatalogueChanges(database: Database) {
  return database.listen(
    CATALOGUE_CHANNEL,
    (boot) => {
      if (boot !== String(database.boot)) catalogueChanged();
    },
    // An ingestion announced while the LISTEN connection was down went unheard: drop everything.
    catalogueChanged,
  );
}

function generation() {
  return (globalThis as Holder)[GENERATION] ?? 0;
}

interface Entry {
  at: number;
  generation: number;
  value: Promise<unknown>;
  /** the answer's size as JSON, known once it has loaded */
  bytes: number;
}

const entries = new Map<string, Entry>();
let totalBytes = 0;

function drop(key: string) {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  totalBytes -= entry.bytes;
}

/** Oldest first, until both bounds hold. */
function evict() {
  for (const key of entries.keys()) {
    if (entries.size <= MAX_ENTRIES && totalBytes <= MAX_BYTES) return;
    drop(key);
  }
}

/** The cached answer for `key`, or `load()` once (concurrent callers share the same promise). */
export function cached<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.generation === generation() && now - hit.at < TTL_MS) {
    // Most recently used last, so the oldest is evicted first.
    entries.delete(key);
    entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  drop(key);
  const value = load();
  const entry: Entry = { at: now, generation: generation(), value, bytes: 0 };
  entries.set(key, entry);
  value.then(
    (answer) => {
      if (entries.get(key) !== entry) return;
      entry.bytes = key.length + (JSON.stringify(answer)?.length ?? 0);
      totalBytes += entry.bytes;
      evict();
    },
    () => {
      if (entries.get(key) === entry) drop(key);
    },
  );
  evict();
  return value;
}

/** What the cache holds now (tests). */
export function cacheSize(): { entries: number; bytes: number } {
  return { entries: entries.size, bytes: totalBytes };
}
