// Writes sellers' on_search catalogues into our catalogue tables, idempotently, and keeps the
// SPEC §5 dedupe flag current. The catalogue endpoints of SPEC §7.2 read these tables.
import type { Database } from '../../db/client.ts';
import { incrementalCatalogSchema, receivedCatalogSchema, type CatalogCategory, type CatalogItem } from '../../ondc/catalog.ts';
import type { ItemRejection, Rejection } from '../../ondc/catalog-rejection.ts';
import type { CallbackEnvelope } from '../../ondc/message-store.server.ts';
import { catalogRows, itemRows, judgeItems, judgeProviders, type ItemRow, type ProviderRow } from './ingest.ts';

const PROVIDER_COLUMNS: Array<[keyof ProviderRow, string]> = [
  ['bppId', 'bpp_id'], ['providerId', 'provider_id'], ['domain', 'domain'], ['cityCode', 'city_code'], ['name', 'name'],
  ['shortDesc', 'short_desc'], ['image', 'image'], ['status', 'status'], ['locationId', 'location_id'],
  ['locationStatus', 'location_status'], ['lat', 'lat'], ['lng', 'lng'], ['street', 'street'], ['locality', 'locality'],
  ['city', 'city'], ['state', 'state'], ['areaCode', 'area_code'], ['radiusKm', 'radius_km'],
  ['servesPincodes', 'serves_pincodes'], ['opensAt', 'opens_at'], ['closesAt', 'closes_at'], ['rating', 'rating'],
  ['ratingCount', 'rating_count'], ['tat', 'tat'], ['deliveryFeePaise', 'delivery_fee_paise'],
  ['freeDeliveryAbovePaise', 'free_delivery_above_paise'], ['minOrderPaise', 'min_order_paise'],
  ['internalTags', 'internal_tags'], ['cuisines', 'cuisines'], ['pureVeg', 'pure_veg'], ['fssaiLicence', 'fssai_licence'],
  ['consumerCare', 'consumer_care'], ['categories', 'categories'], ['offers', 'offers'],
];

const ITEM_COLUMNS: Array<[keyof ItemRow, string]> = [
  ['bppId', 'bpp_id'], ['providerId', 'provider_id'], ['itemId', 'item_id'], ['cityCode', 'city_code'],
  ['locationId', 'location_id'], ['kind', 'kind'], ['name', 'name'], ['shortDesc', 'short_desc'], ['image', 'image'],
  ['ondcCategory', 'ondc_category'], ['subCategoryId', 'sub_category_id'], ['brand', 'brand'], ['packValue', 'pack_value'],
  ['packUnit', 'pack_unit'], ['pricePaise', 'price_paise'], ['mrpPaise', 'mrp_paise'], ['priceLowerPaise', 'price_lower_paise'],
  ['priceUpperPaise', 'price_upper_paise'], ['inStock', 'in_stock'], ['maxQuantity', 'max_quantity'],
  ['vegNonVeg', 'veg_nonveg'], ['fssaiLicence', 'fssai_licence'], ['title', 'title'], ['trayTags', 'tray_tags'],
  ['rating', 'rating'], ['ratingCount', 'rating_count'], ['customGroupIds', 'custom_group_ids'],
  ['parentGroupId', 'parent_group_id'], ['isDefault', 'is_default'], ['childGroupIds', 'child_group_ids'],
  ['menuIds', 'menu_ids'], ['dedupeKey', 'dedupe_key'], ['returnable', 'returnable'], ['returnWindow', 'return_window'],
];

/** Column types for jsonb_to_recordset: rows travel as one JSON parameter, parsed by the database. */
const COLUMN_TYPES: Record<string, string> = {
  lat: 'double precision', lng: 'double precision', radius_km: 'double precision', rating: 'real',
  serves_pincodes: 'text[]', internal_tags: 'text[]', cuisines: 'text[]', tray_tags: 'text[]',
  custom_group_ids: 'text[]', child_group_ids: 'text[]', menu_ids: 'text[]',
  opens_at: 'integer', closes_at: 'integer', rating_count: 'integer', delivery_fee_paise: 'integer',
  free_delivery_above_paise: 'integer', min_order_paise: 'integer', sub_category_id: 'integer',
  price_paise: 'integer', mrp_paise: 'integer', price_lower_paise: 'integer', price_upper_paise: 'integer',
  max_quantity: 'integer', pack_value: 'numeric', pure_veg: 'boolean', in_stock: 'boolean', is_default: 'boolean', returnable: 'boolean',
  categories: 'jsonb', offers: 'jsonb',
};

/**
 * Rows per statement. Small enough that a callback's ACK, queued behind a batch on the one
 * embedded connection, still answers within the sender's timeout.
 */
const BATCH = 100;

// Binding tens of thousands of parameters costs more than the insert itself; one jsonb parameter
// expanded by jsonb_to_recordset lets the database parse the batch in C.
async function upsert<T>(database: Database, table: string, columns: Array<[keyof T, string]>, keys: string[], rows: T[]) {
  const names = columns.map(([, column]) => column);
  const definition = names.map((n) => `${n} ${COLUMN_TYPES[n] ?? 'text'}`).join(', ');
  const updates = names.filter((n) => !keys.includes(n)).map((n) => `${n} = EXCLUDED.${n}`);
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH).map((row) => Object.fromEntries(columns.map(([field, column]) => [column, row[field]])));
    await database.query(
      `INSERT INTO ${table} (${names.join(', ')})
       SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${definition})
       ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${updates.join(', ')}, updated_at = now()`,
      [JSON.stringify(batch)],
    );
  }
}

export type IngestResult =
  | { ok: true; providers: number; items: number; cities: string[]; rejected: Rejection[] }
  | { ok: false; error: string };

/** An incremental refresh carries neither the seller's descriptor nor its fulfillments (ondc-notes §1). */
function isIncrementalCatalog(catalog: unknown): boolean {
  const fields = catalog && typeof catalog === 'object' ? (catalog as Record<string, unknown>) : {};
  return fields['bpp/descriptor'] === undefined && fields['bpp/fulfillments'] === undefined;
}

async function removeItems(database: Database, bppId: string, providerId: string, itemIds: readonly string[]) {
  if (itemIds.length === 0) return;
  await database.query('DELETE FROM catalogue_items WHERE bpp_id = $1 AND provider_id = $2 AND item_id = ANY($3)', [bppId, providerId, [...itemIds]]);
}

/**
 * Ingests one on_search callback, a full catalogue or an incremental refresh. A catalogue whose
 * frame is broken (no provider id, a location without an address) is refused whole; inside it,
 * each item is judged alone and a bad one is rejected (returned, for catalog_rejection) and kept
 * off the shelves. The caller refreshes the dedupe flag of the cities it returns (refreshDedupe).
 */
export async function ingestOnSearch(database: Database, envelope: CallbackEnvelope): Promise<IngestResult> {
  const { context } = envelope;
  if (!context.bpp_id || !context.bpp_uri) return { ok: false, error: 'on_search without bpp_id/bpp_uri' };
  const catalog = envelope.message?.['catalog'];
  return isIncrementalCatalog(catalog) ? ingestIncrement(database, context.bpp_id, context.domain, catalog) : ingestFull(database, envelope, catalog);
}

async function ingestFull(database: Database, envelope: CallbackEnvelope, received: unknown): Promise<IngestResult> {
  const { context } = envelope;
  const parsed = receivedCatalogSchema.safeParse(received);
  if (!parsed.success) return { ok: false, error: parsed.error.message };
  const catalog = parsed.data;
  const bppId = context.bpp_id ?? '';
  const stores = judgeProviders(catalog['bpp/providers']);
  const rows = catalogRows(stores.providers, { bppId, domain: context.domain, cityCode: context.city });
  await database.query(
    `INSERT INTO catalogue_sellers (bpp_id, bpp_uri, name) VALUES ($1, $2, $3)
     ON CONFLICT (bpp_id) DO UPDATE SET bpp_uri = EXCLUDED.bpp_uri, name = EXCLUDED.name, updated_at = now()`,
    [bppId, context.bpp_uri, catalog['bpp/descriptor'].name],
  );
  await upsert(database, 'catalogue_providers', PROVIDER_COLUMNS, ['bpp_id', 'provider_id'], rows.map((r) => r.provider));
  const items = rows.flatMap((r) => r.items);
  await upsert(database, 'catalogue_items', ITEM_COLUMNS, ['bpp_id', 'provider_id', 'item_id'], items);
  for (const row of rows) await removeItems(database, bppId, row.provider.providerId, row.unlisted);
  return {
    ok: true,
    providers: rows.length,
    items: items.length,
    cities: [...new Set(rows.map((r) => r.provider.cityCode))],
    rejected: [...stores.rejected, ...rows.flatMap((r) => r.rejected)],
  };
}

/** A changed dish that does not name its menus stays on the menus it was on (a delta sends what changed). */
async function keepMenus(database: Database, bppId: string, providerId: string, items: readonly CatalogItem[], rows: ItemRow[]): Promise<ItemRow[]> {
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
async function ingestIncrement(database: Database, bppId: string, domain: string, received: unknown): Promise<IngestResult> {
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
      await database.query('UPDATE catalogue_providers SET categories = $3::jsonb WHERE bpp_id = $1 AND provider_id = $2', [bppId, provider.id, JSON.stringify(categories)]);
    }
    const judged = judgeItems(
      { id: provider.id, items: provider.items ?? [] },
      { domain, categoryIds: new Set(categories.map((c) => c.id)), locationIds: new Set([row.location_id]) },
    );
    const listed = await keepMenus(database, bppId, provider.id, judged.listed, itemRows({ id: provider.id, items: judged.listed }, { bppId, cityCode: row.city_code }));
    await upsert(database, 'catalogue_items', ITEM_COLUMNS, ['bpp_id', 'provider_id', 'item_id'], listed);
    await removeItems(database, bppId, provider.id, [...judged.disabled, ...judged.rejected.map((r) => r.itemId)]);
    items += listed.length;
    rejected.push(...judged.rejected);
  }
  return { ok: true, providers: known.size, items, cities: [...cities], rejected };
}

/**
 * SPEC §5: entries sharing a licence number and name are one product; the preferred seller's
 * entry stays active, otherwise the lowest price; entries without a licence are always active.
 */
export async function refreshDedupe(database: Database, cityCode: string, preferredSellerId?: string) {
  await database.query(
    `WITH ranked AS (
       SELECT bpp_id, provider_id, item_id,
              row_number() OVER (
                PARTITION BY dedupe_key
                ORDER BY (bpp_id = $2) DESC, price_paise ASC, bpp_id, provider_id, item_id
              ) = 1 AS winner
       FROM catalogue_items
       WHERE city_code = $1 AND dedupe_key IS NOT NULL
     )
     UPDATE catalogue_items c SET is_active = r.winner
     FROM ranked r
     WHERE c.bpp_id = r.bpp_id AND c.provider_id = r.provider_id AND c.item_id = r.item_id
       AND c.is_active IS DISTINCT FROM r.winner`,
    [cityCode, preferredSellerId ?? ''],
  );
}

export async function catalogueCounts(database: Database) {
  const [row] = await database.query<{ sellers: number; providers: number; items: number }>(
    `SELECT (SELECT count(*)::int FROM catalogue_sellers) AS sellers,
            (SELECT count(*)::int FROM catalogue_providers) AS providers,
            (SELECT count(*)::int FROM catalogue_items) AS items`,
  );
  return row ?? { sellers: 0, providers: 0, items: 0 };
}
