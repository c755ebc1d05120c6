// SPEC §4: cache entries per pin code, provider, search text and category. Catalogue answers
// are kept briefly in this process and dropped as soon as any new on_search is ingested, so a
// price the seller changed is never served from here once we know it (in any process: an ingestion
// announces itself to the others on the database).
import type { Database } from '../../db/client.ts';

const MAX_ENTRIES = 1000;
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
  await database.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, String(process.pid)]);
}

/** Drops this process's answers whenever another process ingested a change (issue 14 scale-out). */
export function followCatalogueChanges(database: Database) {
  return database.listen(CATALOGUE_CHANNEL, (pid) => {
    if (pid !== String(process.pid)) catalogueChanged();
  });
}

function generation() {
  return (globalThis as Holder)[GENERATION] ?? 0;
}

const entries = new Map<string, { at: number; generation: number; value: Promise<unknown> }>();

/** The cached answer for `key`, or `load()` once (concurrent callers share the same promise). */
export function cached<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.generation === generation() && now - hit.at < TTL_MS) {
    // Most recently used last, so the oldest is evicted first.
    entries.delete(key);
    entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  const value = load();
  entries.set(key, { at: now, generation: generation(), value });
  value.catch(() => entries.delete(key));
  if (entries.size > MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  return value;
}
