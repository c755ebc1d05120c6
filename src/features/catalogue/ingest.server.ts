// Writes sellers' on_search catalogues into our catalogue tables, idempotently, and keeps the
// SPEC §5 dedupe flag current. The catalogue endpoints of SPEC §7.2 read these tables.
import type { Database, Queryable } from '#/db/client.ts';
import { readMeta, writeMeta } from '#/db/meta.server.ts';
import { incrementalCatalogSchema, receivedCatalogSchema, type CatalogCategory, type CatalogItem } from '#/ondc/catalog.ts';
import type { ItemRejection, Rejection } from '#/ondc/catalog-rejection.ts';
import { inboxBacklog, type CallbackEnvelope } from '#/ondc/message-store.server.ts';
import { winnerFirstSql, winsOverSql } from './dedupe.ts';
import { catalogRows, isIncrementalCatalog, itemRows, judgeItems, judgeProviders, type ItemRow, type ProviderRow } from './ingest.ts';

const PROVIDER_COLUMNS: Array<[keyof ProviderRow, string]> = [
  ['bppId', 'bpp_id'],
  ['providerId', 'provider_id'],
  ['domain', 'domain'],
  ['cityCode', 'city_code'],
  ['name', 'name'],
  ['shortDesc', 'short_desc'],
  ['image', 'image'],
  ['status', 'status'],
  ['locationId', 'location_id'],
  ['locationStatus', 'location_status'],
  ['lat', 'lat'],
  ['lng', 'lng'],
  ['street', 'street'],
  ['locality', 'locality'],
  ['city', 'city'],
  ['state', 'state'],
  ['areaCode', 'area_code'],
  ['radiusKm', 'radius_km'],
  ['servesPincodes', 'serves_pincodes'],
  ['opensAt', 'opens_at'],
  ['closesAt', 'closes_at'],
  ['rating', 'rating'],
  ['ratingCount', 'rating_count'],
  ['tat', 'tat'],
  ['deliveryFeePaise', 'delivery_fee_paise'],
  ['freeDeliveryAbovePaise', 'free_delivery_above_paise'],
  ['minOrderPaise', 'min_order_paise'],
  ['internalTags', 'internal_tags'],
  ['cuisines', 'cuisines'],
  ['pureVeg', 'pure_veg'],
  ['cancelsIfShort', 'cancels_if_short'],
  ['fssaiLicence', 'fssai_licence'],
  ['consumerCare', 'consumer_care'],
  ['categories', 'categories'],
  ['offers', 'offers'],
];

const ITEM_COLUMNS: Array<[keyof ItemRow, string]> = [
  ['bppId', 'bpp_id'],
  ['providerId', 'provider_id'],
  ['itemId', 'item_id'],
  ['cityCode', 'city_code'],
  ['locationId', 'location_id'],
  ['kind', 'kind'],
  ['name', 'name'],
  ['shortDesc', 'short_desc'],
  ['image', 'image'],
  ['ondcCategory', 'ondc_category'],
  ['subCategoryId', 'sub_category_id'],
  ['brand', 'brand'],
  ['packValue', 'pack_value'],
  ['packUnit', 'pack_unit'],
  ['pricePaise', 'price_paise'],
  ['mrpPaise', 'mrp_paise'],
  ['priceLowerPaise', 'price_lower_paise'],
  ['priceUpperPaise', 'price_upper_paise'],
  ['inStock', 'in_stock'],
  ['maxQuantity', 'max_quantity'],
  ['vegNonVeg', 'veg_nonveg'],
  ['fssaiLicence', 'fssai_licence'],
  ['title', 'title'],
  ['trayTags', 'tray_tags'],
  ['rating', 'rating'],
  ['ratingCount', 'rating_count'],
  ['customGroupIds', 'custom_group_ids'],
  ['parentGroupId', 'parent_group_id'],
  ['isDefault', 'is_default'],
  ['childGroupIds', 'child_group_ids'],
  ['menuIds', 'menu_ids'],
  ['dedupeKey', 'dedupe_key'],
  ['returnable', 'returnable'],
  ['returnWindow', 'return_window'],
  ['longDesc', 'long_desc'],
  ['gtin', 'gtin'],
  ['parentItemId', 'parent_item_id'],
  ['cancellable', 'cancellable'],
  ['timeToShip', 'time_to_ship'],
  ['availableOnCod', 'available_on_cod'],
  ['statutory', 'statutory'],
  ['sellerUpdatedAt', 'seller_updated_at'],
  ['hsnCode', 'hsn_code'],
  ['gstRate', 'gst_rate'],
];

/** Column types for jsonb_to_recordset: rows travel as one JSON parameter, parsed by the database. */
const COLUMN_TYPES: Record<string, string> = {
  lat: 'double precision',
  lng: 'double precision',
  radius_km: 'double precision',
  rating: 'real',
  serves_pincodes: 'text[]',
  internal_tags: 'text[]',
  cuisines: 'text[]',
  tray_tags: 'text[]',
  custom_group_ids: 'text[]',
  child_group_ids: 'text[]',
  menu_ids: 'text[]',
  opens_at: 'integer',
  closes_at: 'integer',
  rating_count: 'integer',
  delivery_fee_paise: 'integer',
  free_delivery_above_paise: 'integer',
  min_order_paise: 'integer',
  sub_category_id: 'integer',
  price_paise: 'integer',
  mrp_paise: 'integer',
  price_lower_paise: 'integer',
  price_upper_paise: 'integer',
  max_quantity: 'integer',
  pack_value: 'numeric',
  gst_rate: 'numeric',
  pure_veg: 'boolean',
  cancels_if_short: 'boolean',
  in_stock: 'boolean',
  is_default: 'boolean',
  returnable: 'boolean',
  cancellable: 'boolean',
  available_on_cod: 'boolean',
  seller_updated_at: 'timestamptz',
  categories: 'jsonb',
  offers: 'jsonb',
  statutory: 'jsonb',
};

/**
 * Rows per statement: a page (≤ 500 items) in one. A page is applied in one transaction, so on the
 * one embedded connection smaller statements would not let anyone in between them anyway.
 */
const BATCH = 500;

// Binding tens of thousands of parameters costs more than the insert itself; one jsonb parameter
// expanded by jsonb_to_recordset lets the database parse the batch in C.
/** A column a new row gets from SQL over the incoming row `r` rather than from the page (never updated). */
type InsertOnly = { column: string; sql: string; params: unknown[] };

async function upsert<T>(database: Queryable, table: string, columns: Array<[keyof T, string]>, keys: string[], rows: T[], insertOnly?: InsertOnly) {
  const names = columns.map(([, column]) => column);
  const definition = names.map((n) => `${n} ${COLUMN_TYPES[n] ?? 'text'}`).join(', ');
  const updates = names.filter((n) => !keys.includes(n)).map((n) => `${n} = EXCLUDED.${n}`);
  const targets = insertOnly ? [...names, insertOnly.column] : names;
  const values = insertOnly ? [...names.map((n) => `r.${n}`), insertOnly.sql] : names.map((n) => `r.${n}`);
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH).map((row) => Object.fromEntries(columns.map(([field, column]) => [column, row[field]])));
    await database.query(
      `INSERT INTO ${table} (${targets.join(', ')})
       SELECT ${values.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${definition})
       ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${updates.join(', ')}, updated_at = now()`,
      [JSON.stringify(batch), ...(insertOnly?.params ?? [])],
    );
  }
}

/**
 * SPEC §5 over the city (dedupe.ts) for an entry new to the catalogue: active unless its group
 * already holds a better one. Most entries arriving after their group's winner are thus settled
 * as they are written, not by a later update.
 */
const ACTIVE_ON_ARRIVAL = (preferredSellerId: string | undefined): InsertOnly => ({
  column: 'is_active',
  sql: `r.dedupe_key IS NULL OR NOT EXISTS (
          SELECT 1 FROM catalogue_items o
          WHERE o.city_code = r.city_code AND o.dedupe_key = r.dedupe_key AND ${winsOverSql('o', 'r', '$2')})`,
  params: [preferredSellerId ?? ''],
});

export type IngestResult = { ok: true; providers: number; items: number; cities: string[]; rejected: Rejection[] } | { ok: false; error: string };

/**
 * A SPEC §5 dedupe group (the entries of one city sharing a licence and name) a page touched:
 * `moved` when an entry in it changed price, left or joined from another group, rather than
 * arrived new (settled on arrival unless it beat the winner).
 */
type DedupeGroup = { cityCode: string; key: string; moved: boolean };

async function removeItems(database: Queryable, bppId: string, providerId: string, itemIds: readonly string[]): Promise<DedupeGroup[]> {
  if (itemIds.length === 0) return [];
  const removed = await database.query<{ city_code: string; dedupe_key: string | null }>(
    'DELETE FROM catalogue_items WHERE bpp_id = $1 AND provider_id = $2 AND item_id = ANY($3) RETURNING city_code, dedupe_key',
    [bppId, providerId, [...itemIds]],
  );
  return removed.flatMap((r) => (r.dedupe_key ? [{ cityCode: r.city_code, key: r.dedupe_key, moved: true }] : []));
}

/**
 * Upserts items and returns the dedupe groups whose winner they may change: a new entry, a new
 * price, or a licence or name that moved it from one group to another. The same page again
 * changes no group, so a full refresh of an unchanged catalogue leaves dedupe nothing to do.
 */
async function upsertItems(database: Queryable, bppId: string, rows: ItemRow[], preferredSellerId: string | undefined): Promise<DedupeGroup[]> {
  const before = await database.query<{ provider_id: string; item_id: string; city_code: string; dedupe_key: string | null; price_paise: number }>(
    `SELECT provider_id, item_id, city_code, dedupe_key, price_paise FROM catalogue_items
     WHERE bpp_id = $1 AND (provider_id, item_id) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
    [bppId, rows.map((r) => r.providerId), rows.map((r) => r.itemId)],
  );
  const stored = new Map(before.map((r) => [`${r.provider_id}/${r.item_id}`, r]));
  await upsert(database, 'catalogue_items', ITEM_COLUMNS, ['bpp_id', 'provider_id', 'item_id'], rows, ACTIVE_ON_ARRIVAL(preferredSellerId));
  const changed: DedupeGroup[] = [];
  for (const row of rows) {
    const old = stored.get(`${row.providerId}/${row.itemId}`);
    if (!old) {
      if (row.dedupeKey) changed.push({ cityCode: row.cityCode, key: row.dedupeKey, moved: false });
      continue;
    }
    const regrouped = old.dedupe_key !== row.dedupeKey || old.city_code !== row.cityCode;
    if (old.dedupe_key && regrouped) changed.push({ cityCode: old.city_code, key: old.dedupe_key, moved: true });
    if (row.dedupeKey && (regrouped || old.price_paise !== row.pricePaise)) changed.push({ cityCode: row.cityCode, key: row.dedupeKey, moved: true });
  }
  return changed;
}

/**
 * Queues the touched groups that need a decision: any without exactly one active entry (a new
 * entry beat the winner, or the winner left), and any of several entries where one moved (a
 * price change can dethrone the winner). A group of one, or one a newcomer lost, is settled.
 */
async function markDedupe(database: Queryable, groups: readonly DedupeGroup[]) {
  if (groups.length === 0) return;
  await database.query(
    `INSERT INTO catalogue_dedupe_pending (city_code, dedupe_key)
     SELECT i.city_code, i.dedupe_key FROM catalogue_items i
     JOIN (
       SELECT city_code, dedupe_key, bool_or(moved) AS moved
       FROM unnest($1::text[], $2::text[], $3::boolean[]) AS g(city_code, dedupe_key, moved) GROUP BY city_code, dedupe_key
     ) g ON g.city_code = i.city_code AND g.dedupe_key = i.dedupe_key
     GROUP BY i.city_code, i.dedupe_key
     HAVING count(*) FILTER (WHERE i.is_active) <> 1 OR (bool_or(g.moved) AND count(*) > 1)
     ON CONFLICT DO NOTHING`,
    [groups.map((g) => g.cityCode), groups.map((g) => g.key), groups.map((g) => g.moved)],
  );
}

/**
 * Ingests one on_search callback, a full catalogue or an incremental refresh. A catalogue whose
 * frame is broken (no provider id, a location without an address) is refused whole; inside it,
 * each item is judged alone and a bad one is rejected (returned, for catalog_rejection) and kept
 * off the shelves. The dedupe groups it changed are queued for settleDedupe. Run it in a
 * transaction: a page is applied whole or not at all.
 */
export async function ingestOnSearch(database: Queryable, envelope: CallbackEnvelope, preferredSellerId?: string): Promise<IngestResult> {
  const { context } = envelope;
  if (!context.bpp_id || !context.bpp_uri) return { ok: false, error: 'on_search without bpp_id/bpp_uri' };
  const catalog = envelope.message?.['catalog'];
  return isIncrementalCatalog(catalog)
    ? ingestIncrement(database, context.bpp_id, context.domain, catalog, preferredSellerId)
    : ingestFull(database, envelope, catalog, preferredSellerId);
}

async function ingestFull(database: Queryable, envelope: CallbackEnvelope, received: unknown, preferredSellerId: string | undefined): Promise<IngestResult> {
  const { context } = envelope;
  const parsed = receivedCatalogSchema.safeParse(received);
  if (!parsed.success) return { ok: false, error: parsed.error.message };
  const catalog = parsed.data;
  const bppId = context.bpp_id ?? '';
  const stores = judgeProviders(catalog['bpp/providers']);
  const rows = catalogRows(stores.providers, { bppId, domain: context.domain, cityCode: context.city });
  await database.query(
    `INSERT INTO catalogue_sellers (bpp_id, bpp_uri, name, core_version) VALUES ($1, $2, COALESCE($3, $1), $4)
     ON CONFLICT (bpp_id) DO UPDATE SET bpp_uri = EXCLUDED.bpp_uri, name = COALESCE($3, catalogue_sellers.name), core_version = EXCLUDED.core_version, updated_at = now()`,
    // The version the seller's catalogue came in is the one its orders are spoken in (issue 25).
    [bppId, context.bpp_uri, catalog['bpp/descriptor']?.name ?? null, context.core_version],
  );
  await upsert(
    database,
    'catalogue_providers',
    PROVIDER_COLUMNS,
    ['bpp_id', 'provider_id'],
    rows.map((r) => r.provider),
  );
  const items = rows.flatMap((r) => r.items);
  const changed = await upsertItems(database, bppId, items, preferredSellerId);
  for (const row of rows) changed.push(...(await removeItems(database, bppId, row.provider.providerId, row.unlisted)));
  await markDedupe(database, changed);
  return {
    ok: true,
    providers: rows.length,
    items: items.length,
    cities: [...new Set(rows.map((r) => r.provider.cityCode))],
    rejected: [...stores.rejected, ...rows.flatMap((r) => r.rejected)],
  };
}

/** A changed dish that does not name its menus stays on the menus it was on (a delta sends what changed). */
async function keepMenus(database: Queryable, bppId: string, providerId: string, items: readonly CatalogItem[], rows: ItemRow[]): Promise<ItemRow[]> {
  const unnamed = items.filter((item) => item.category_ids === undefined).map((item) => item.id);
  if (unnamed.length === 0) return rows;
  const stored = await database.query<{ item_id: string; menu_ids: string[] }>(
    'SELECT item_id, menu_ids FROM catalogue_items WHERE bpp_id = $1 AND provider_id = $2 AND item_id = ANY($3)',
    [bppId, providerId, unnamed],
  );
  const menus = new Map(stored.map((r) => [r.item_id, r.menu_ids]));
  return rows.map((row) => (unnamed.includes(row.itemId) && menus.has(row.itemId) ? { ...row, menuIds: menus.get(row.itemId) ?? [] } : row));
}

type StoredProvider = { provider_id: string; city_code: string; location_id: string; categories: CatalogCategory[] };

/**
 * Applies an incremental refresh without reloading the catalogue: a store's status, a location's
 * open state, and each changed item (price, stock, switched on or off) replace what we had. A
 * store we never had a full listing of waits for the next full refresh.
 */
async function ingestIncrement(
  database: Queryable,
  bppId: string,
  domain: string,
  received: unknown,
  preferredSellerId: string | undefined,
): Promise<IngestResult> {
  const parsed = incrementalCatalogSchema.safeParse(received);
  if (!parsed.success) return { ok: false, error: parsed.error.message };
  const providers = parsed.data['bpp/providers'];
  const stored = await database.query<StoredProvider>(
    'SELECT provider_id, city_code, location_id, categories FROM catalogue_providers WHERE bpp_id = $1 AND provider_id = ANY($2)',
    [bppId, providers.map((p) => p.id)],
  );
  const known = new Map(stored.map((row) => [row.provider_id, row]));
  const rejected: ItemRejection[] = [];
  const cities = new Set<string>();
  const changed: DedupeGroup[] = [];
  let items = 0;
  for (const provider of providers) {
    const row = known.get(provider.id);
    if (!row) continue;
    cities.add(row.city_code);
    const location = provider.locations?.find((l) => l.id === row.location_id);
    if (provider.time || location) {
      await database.query(
        `UPDATE catalogue_providers SET status = COALESCE($3, status), location_status = COALESCE($4, location_status), updated_at = now()
         WHERE bpp_id = $1 AND provider_id = $2`,
        [bppId, provider.id, provider.time?.label ?? null, location?.time.label ?? null],
      );
    }
    const categories = [...row.categories.filter((c) => !provider.categories?.some((n) => n.id === c.id)), ...(provider.categories ?? [])];
    if (provider.categories) {
      await database.query('UPDATE catalogue_providers SET categories = $3::jsonb WHERE bpp_id = $1 AND provider_id = $2', [
        bppId,
        provider.id,
        JSON.stringify(categories),
      ]);
    }
    const judged = judgeItems(
      { id: provider.id, items: provider.items ?? [] },
      { domain, categoryIds: new Set(categories.map((c) => c.id)), locationIds: new Set([row.location_id]) },
    );
    const listed = await keepMenus(
      database,
      bppId,
      provider.id,
      judged.listed,
      itemRows({ id: provider.id, items: judged.listed }, { bppId, cityCode: row.city_code }),
    );
    changed.push(...(await upsertItems(database, bppId, listed, preferredSellerId)));
    changed.push(...(await removeItems(database, bppId, provider.id, [...judged.disabled, ...judged.rejected.map((r) => r.itemId)])));
    items += listed.length;
    rejected.push(...judged.rejected);
  }
  await markDedupe(database, changed);
  return { ok: true, providers: known.size, items, cities: [...cities], rejected };
}

/**
 * SPEC §5 over the city (dedupe.ts): entries sharing a licence number and name are one product;
 * the preferred seller's entry stays active, otherwise the lowest price; entries without a
 * licence are always active. The flag names the canonical product page; shoppers are shown the
 * winner among the stores of their pincode (activeAtSql). Settles up to `limit` queued groups and returns how many it settled (0: none left). Run it in a
 * transaction; another process settling at the same time takes other groups.
 */
export async function settleDedupe(database: Queryable, preferredSellerId: string | undefined, limit: number): Promise<number> {
  const batch = await database.query<{ city_code: string; dedupe_key: string }>(
    `DELETE FROM catalogue_dedupe_pending
     WHERE ctid = ANY(ARRAY(SELECT ctid FROM catalogue_dedupe_pending LIMIT $1 FOR UPDATE SKIP LOCKED))
     RETURNING city_code, dedupe_key`,
    [limit],
  );
  if (batch.length === 0) return 0;
  // Group by group through the (city, key) index: a join the planner may choose to answer with
  // a scan of every item, once per batch.
  const flips = await database.query<{ bpp_id: string; provider_id: string; item_id: string; winner: boolean }>(
    `SELECT x.bpp_id, x.provider_id, x.item_id, x.winner
     FROM unnest($1::text[], $2::text[]) AS g(city_code, dedupe_key)
     CROSS JOIN LATERAL (
       SELECT i.bpp_id, i.provider_id, i.item_id, i.is_active,
              row_number() OVER (ORDER BY ${winnerFirstSql('i', '$3')}) = 1 AS winner
       FROM catalogue_items i WHERE i.city_code = g.city_code AND i.dedupe_key = g.dedupe_key
     ) x
     WHERE x.is_active IS DISTINCT FROM x.winner`,
    [batch.map((g) => g.city_code), batch.map((g) => g.dedupe_key), preferredSellerId ?? ''],
  );
  if (flips.length > 0) {
    await database.query(
      `UPDATE catalogue_items c SET is_active = f.winner
       FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[]) AS f(bpp_id, provider_id, item_id, winner)
       WHERE c.bpp_id = f.bpp_id AND c.provider_id = f.provider_id AND c.item_id = f.item_id`,
      [flips.map((f) => f.bpp_id), flips.map((f) => f.provider_id), flips.map((f) => f.item_id), flips.map((f) => f.winner)],
    );
  }
  return batch.length;
}

const DEDUPE_SELLER_KEY = 'dedupe_preferred_seller';

/**
 * Queues every group with a decision to make, when the preferred seller is not the one the flags
 * were settled for (PREFERRED_SELLER_ID changed between starts): pages only queue what they changed.
 */
export async function redoDedupeFor(database: Database, preferredSellerId: string | undefined) {
  const wanted = preferredSellerId ?? '';
  if (((await readMeta(database, DEDUPE_SELLER_KEY)) ?? '') === wanted) return;
  await database.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO catalogue_dedupe_pending (city_code, dedupe_key)
       SELECT city_code, dedupe_key FROM catalogue_items WHERE dedupe_key IS NOT NULL
       GROUP BY city_code, dedupe_key HAVING count(*) > 1
       ON CONFLICT DO NOTHING`,
    );
    await writeMeta(tx, DEDUPE_SELLER_KEY, wanted);
  });
}

/** What the catalogue holds, and what ingestion still has to do (pages in the inbox, dedupe groups to settle). */
export async function catalogueCounts(database: Database) {
  const [row] = await database.query<{ sellers: number; providers: number; items: number; dedupeWaiting: number }>(
    `SELECT (SELECT count(*)::int FROM catalogue_sellers) AS sellers,
            (SELECT count(*)::int FROM catalogue_providers) AS providers,
            (SELECT count(*)::int FROM catalogue_items) AS items,
            (SELECT count(*)::int FROM catalogue_dedupe_pending) AS "dedupeWaiting"`,
  );
  const counts = row ?? { sellers: 0, providers: 0, items: 0, dedupeWaiting: 0 };
  return {
    sellers: counts.sellers,
    providers: counts.providers,
    items: counts.items,
    pagesWaiting: await inboxBacklog(database),
    dedupeWaiting: counts.dedupeWaiting,
  };
}
