// `kirana_meta`: the shop's own settings and progress markers, one text value per key (secrets made
// at first start, the catalogue refresh's progress, the seller ingestion was settled for). Its one
// writer (issue 27): the features keep their keys, this module keeps the table.
import type { Queryable } from './client.ts';

export async function readMeta(database: Queryable, key: string): Promise<string | undefined> {
  return (await database.query<{ value: string }>('SELECT value FROM kirana_meta WHERE key = $1', [key]))[0]?.value;
}

export async function writeMeta(database: Queryable, key: string, value: string): Promise<void> {
  await database.query('INSERT INTO kirana_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()', [
    key,
    value,
  ]);
}

export async function deleteMeta(database: Queryable, key: string): Promise<void> {
  await database.query('DELETE FROM kirana_meta WHERE key = $1', [key]);
}

/**
 * The key's value, set to `first` when it has none. Of two processes starting together the first
 * write wins and both read that one back, so a secret made at first start is made once.
 */
export async function keepFirstMeta(database: Queryable, key: string, first: () => string): Promise<string> {
  const stored = await readMeta(database, key);
  if (stored !== undefined) return stored;
  await database.query('INSERT INTO kirana_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, first()]);
  const kept = await readMeta(database, key);
  if (kept === undefined) throw new Error(`${key} could not be stored`);
  return kept;
}
