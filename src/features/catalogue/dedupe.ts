// SPEC §5 provider and item duplicates, in one place: which entry of one product a shopper is
// shown. TypeScript (providers, tests) and SQL (listings, search, facets, store pages, ingestion)
// are both built from the order below, so they cannot pick different winners.
//
// Per pincode: a shopper is shown the best entry among the stores that deliver to their pincode
// and take orders (the SPEC's app deduplicated the list it was served for its location). A
// cheaper seller elsewhere in the city, or the dark store (PREFERRED_SELLER_ID) outside its few
// pincodes, cannot deliver, so it cannot win. The per-city `is_active` flag ingestion keeps is the
// same rule over every store of the city: it is read only where no shopper's pincode applies (the
// canonical product page and the sitemap).

/** SPEC §5 dedupe key: licence number plus the lower-cased name without spaces; none without a licence. */
export function dedupeKey(licence: string | null, name: string): string | null {
  if (!licence) return null;
  return `${licence}:${name.toLowerCase().replace(/\s+/g, '')}`;
}

/** What the ranking reads of an entry. A price of null (a store without items) ranks last. */
export interface DedupeEntry {
  bppId: string;
  providerId: string;
  itemId: string;
  pricePaise: number | null;
}

// Ties are broken by seller, store and item id, compared as bytes (SQL: COLLATE "C"), so every
// query and every process picks the same entry.
const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * SPEC §5 order within one product: the preferred seller's entry first, then the lowest (average)
 * price; negative when `a` wins over `b`.
 */
function compareEntries(a: DedupeEntry, b: DedupeEntry, preferredSellerId: string | undefined): number {
  const preferred = (e: DedupeEntry) => (preferredSellerId !== undefined && e.bppId === preferredSellerId ? 0 : 1);
  const price = (e: DedupeEntry) => e.pricePaise ?? Number.POSITIVE_INFINITY;
  return preferred(a) - preferred(b) || price(a) - price(b) || byBytes(a.bppId, b.bppId) || byBytes(a.providerId, b.providerId) || byBytes(a.itemId, b.itemId);
}

/** The entries a shopper is shown: one per dedupe key (the best by compareEntries), and every entry without a key. */
export function dedupeWinners<T>(rows: readonly T[], entry: (row: T) => DedupeEntry & { key: string | null }, preferredSellerId: string | undefined): T[] {
  const best = new Map<string, T>();
  for (const row of rows) {
    const { key } = entry(row);
    if (key === null) continue;
    const current = best.get(key);
    if (current === undefined || compareEntries(entry(row), entry(current), preferredSellerId) < 0) best.set(key, row);
  }
  return rows.filter((row) => {
    const { key } = entry(row);
    return key === null || best.get(key) === row;
  });
}

// ---- The same rule in SQL, over catalogue_items aliases. `preferred` is a text parameter ('' for none). ----

/** The ORDER BY that puts the winner of a group first (SPEC §5), as compareEntries orders. */
export function winnerFirstSql(alias: string, preferred: string): string {
  const a = alias;
  return `(${a}.bpp_id = ${preferred}) DESC, ${a}.price_paise ASC, ${a}.bpp_id COLLATE "C", ${a}.provider_id COLLATE "C", ${a}.item_id COLLATE "C"`;
}

/** Whether entry `o` wins over entry `i` (the same product): compareEntries(o, i) < 0. */
export function winsOverSql(o: string, i: string, preferred: string): string {
  const tail = (a: string) => `(${a}.price_paise, ${a}.bpp_id COLLATE "C", ${a}.provider_id COLLATE "C", ${a}.item_id COLLATE "C")`;
  return `((${o}.bpp_id = ${preferred}) > (${i}.bpp_id = ${preferred})
    OR ((${o}.bpp_id = ${preferred}) = (${i}.bpp_id = ${preferred}) AND ${tail(o)} < ${tail(i)}))`;
}

/**
 * One group per product of a city (its licence + name), every entry without a licence a group of
 * its own: what DISTINCT ON keeps one row of. A pincode lies in one city; the city leads so the
 * database finds a group through its (city_code, dedupe_key) index.
 */
export function productGroupSql(alias: string): string {
  const a = alias;
  return `${a}.city_code, coalesce(${a}.dedupe_key, ${a}.bpp_id || '/' || ${a}.provider_id || '/' || ${a}.item_id)`;
}

/**
 * The stores a shopper at `pincode` may be shown entries of: they deliver there and take orders.
 * Over catalogue_providers alias `p`.
 */
export function offeredAtSql(p: string, pincode: string): string {
  return `${p}.serves_pincodes @> ARRAY[${pincode}]::text[] AND ${p}.status = 'enable'`;
}

/**
 * SPEC §5 `isActive` of entry `i` for a shopper at `pincode`: no store offered there has an entry
 * of the same product that wins over it. Entries without a licence are always active.
 */
export function activeAtSql(i: string, pincode: string, preferred: string): string {
  return `(${i}.dedupe_key IS NULL OR NOT EXISTS (
    SELECT 1 FROM catalogue_items o JOIN catalogue_providers op ON op.bpp_id = o.bpp_id AND op.provider_id = o.provider_id
    WHERE o.city_code = ${i}.city_code AND o.dedupe_key = ${i}.dedupe_key AND o.kind = 'item'
      AND ${offeredAtSql('op', pincode)} AND ${winsOverSql('o', i, preferred)}))`;
}
