// What a product page reads (issue 29): the item with everything its ONDC listing carried, its
// store, its pack sizes, a few like it, and which seller's page is canonical for it.
import type { Database } from '#/db/client.ts';
import type { ItemWidget } from './catalogue.ts';
import { ITEM_COLUMNS, ITEM_STORE_COLUMNS, storeSummary, toWidget, type ItemRecord, type ShopperPlace } from './catalogue.server.ts';
import { activeAtSql } from './dedupe.ts';
import { itemStatutorySchema, type ItemStatutory, type ProductQuery } from './product.ts';

/** How many items the "similar items" tray shows. */
const SIMILAR_ITEMS = 8;

interface ProductRecord extends ItemRecord {
  /** The per-city SPEC §5 flag: which seller's page is canonical, whoever reads it. */
  canonical: boolean;
  short_desc: string | null;
  long_desc: string | null;
  gtin: string | null;
  parent_item_id: string | null;
  returnable: boolean | null;
  return_window: string | null;
  cancellable: boolean | null;
  time_to_ship: string | null;
  available_on_cod: boolean | null;
  statutory: unknown;
  menu_ids: string[];
}

export interface Product {
  item: ItemWidget;
  /** The seller's short and long descriptions, each only when it says more than what comes before it. */
  shortDesc: string | null;
  longDesc: string | null;
  gtin: string | null;
  returnable: boolean;
  returnWindow: string | null;
  /** Null when the seller did not say (a listing from before the product page kept it). */
  cancellable: boolean | null;
  timeToShip: string | null;
  availableOnCod: boolean | null;
  statutory: ItemStatutory | null;
  store: NonNullable<Awaited<ReturnType<typeof storeSummary>>>;
  /** The same product in other pack sizes (its ONDC variant group), this one included, cheapest first. */
  variants: ItemWidget[];
  similar: ItemWidget[];
  /** The listing whose page is canonical for this product: SPEC §5's winner among the sellers of it. */
  canonical: { providerId: string; itemId: string };
}

/** The item a product address names, with its store and neighbours; null when no store lists it. */
export async function productPage(database: Database, query: ProductQuery, place: ShopperPlace & { lat: number; lng: number }): Promise<Product | null> {
  // The store first (a small table): its seller then finds the item by its primary key.
  const [row] = await database.query<ProductRecord>(
    `SELECT ${ITEM_COLUMNS}, ${ITEM_STORE_COLUMNS}, ${activeAtSql('i', '$3', '$4')} AS is_active, i.is_active AS canonical, i.short_desc, i.long_desc, i.gtin, i.parent_item_id, i.returnable,
            i.return_window, i.cancellable, i.time_to_ship, i.available_on_cod, i.statutory, i.menu_ids
     FROM catalogue_providers p JOIN catalogue_items i ON i.bpp_id = p.bpp_id AND i.provider_id = p.provider_id
     WHERE p.provider_id = $1 AND i.item_id = $2 AND i.kind = 'item'
     ORDER BY p.bpp_id LIMIT 1`,
    [query.provider_id, query.item_id, place.pincode, place.preferredSellerId ?? ''],
  );
  if (!row) return null;
  const store = await storeSummary(database, { bppId: row.bpp_id, providerId: row.provider_id, place });
  if (!store) return null;
  const [variants, similar, canonical] = await Promise.all([
    variantsOfGroup(database, place, row),
    similarItems(database, place, row),
    canonicalListing(database, row),
  ]);
  const statutory = itemStatutorySchema.safeParse(row.statutory);
  return {
    item: toWidget(row),
    ...descriptions(row),
    gtin: row.gtin,
    returnable: row.returnable === true,
    returnWindow: row.return_window,
    cancellable: row.cancellable,
    timeToShip: row.time_to_ship,
    availableOnCod: row.available_on_cod,
    statutory: row.statutory && statutory.success ? statutory.data : null,
    store,
    variants,
    similar: similar.filter((s) => !variants.some((v) => v.id === s.id)).slice(0, SIMILAR_ITEMS),
    canonical,
  };
}

/** A description that the name (or the short description) already holds says nothing new: "500 g" under "Onion 500 g". */
function descriptions(row: ProductRecord): { shortDesc: string | null; longDesc: string | null } {
  const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, '');
  const adds = (text: string | null, said: Array<string | null>): text is string =>
    !!text?.trim() && !said.some((s) => s && squeeze(s).includes(squeeze(text)));
  const shortDesc = adds(row.short_desc, [row.name]) ? row.short_desc : null;
  return { shortDesc, longDesc: adds(row.long_desc, [row.name, shortDesc]) ? row.long_desc : null };
}

/** ONDC variants: the items of this store naming the same parent_item_id (pack sizes of one product). */
async function variantsOfGroup(database: Database, place: ShopperPlace, row: ProductRecord): Promise<ItemWidget[]> {
  if (!row.parent_item_id) return [];
  const rows = await database.query<ItemRecord>(
    `SELECT ${ITEM_COLUMNS}, ${ITEM_STORE_COLUMNS}, ${activeAtSql('i', '$4', '$5')} AS is_active
     FROM catalogue_items i JOIN catalogue_providers p ON p.bpp_id = i.bpp_id AND p.provider_id = i.provider_id
     WHERE i.bpp_id = $1 AND i.provider_id = $2 AND i.parent_item_id = $3 AND i.kind = 'item'
     ORDER BY i.price_paise, i.item_id LIMIT 12`,
    [row.bpp_id, row.provider_id, row.parent_item_id, place.pincode, place.preferredSellerId ?? ''],
  );
  return rows.length > 1 ? rows.map(toWidget) : [];
}

/**
 * Items like this one at the same store, so adding one never asks to replace the cart: for
 * groceries the same sub-category first, then the rest of its category (SPEC §3: a sub-category
 * id is its category's × 100 + 1…6); for dishes the same menu. What can be bought now first.
 */
async function similarItems(database: Database, place: ShopperPlace, row: ProductRecord): Promise<ItemWidget[]> {
  const category = row.sub_category_id === null ? null : Math.floor(row.sub_category_id / 100);
  const alike =
    category !== null
      ? { where: 'i.sub_category_id BETWEEN $4::int * 100 + 1 AND $4::int * 100 + 6', value: category }
      : row.menu_ids.length > 0
        ? { where: 'i.menu_ids && $4::text[]', value: row.menu_ids }
        : null;
  if (!alike) return [];
  const rows = await database.query<ItemRecord>(
    `SELECT ${ITEM_COLUMNS}, ${ITEM_STORE_COLUMNS}, ${activeAtSql('i', '$6', '$7')} AS is_active
     FROM catalogue_items i JOIN catalogue_providers p ON p.bpp_id = i.bpp_id AND p.provider_id = i.provider_id
     WHERE i.bpp_id = $1 AND i.provider_id = $2 AND i.item_id <> $3 AND i.kind = 'item' AND ${alike.where}
     ORDER BY (i.in_stock AND i.max_quantity > 0) DESC, i.sub_category_id IS NOT DISTINCT FROM $5 DESC, i.rating_count DESC NULLS LAST, i.item_id
     LIMIT ${SIMILAR_ITEMS + 12}`,
    [row.bpp_id, row.provider_id, row.item_id, alike.value, row.sub_category_id, place.pincode, place.preferredSellerId ?? ''],
  );
  return rows.map(toWidget);
}

/**
 * SPEC §5: sellers of one product (same licence, same name) are one entry, the preferred seller's
 * or else the cheapest; every seller's page names that entry's page as canonical, so search
 * engines index one. A page's canonical address cannot depend on who reads it, so it is the
 * winner over the whole city (dedupe.ts, the flag ingestion keeps), not over one pincode's stores.
 * An item without a licence is its own.
 */
async function canonicalListing(database: Database, row: ProductRecord): Promise<Product['canonical']> {
  const self = { providerId: row.provider_id, itemId: row.item_id };
  if (!row.dedupe_key || row.canonical) return self;
  const [winner] = await database.query<{ provider_id: string; item_id: string }>(
    `SELECT provider_id, item_id FROM catalogue_items
     WHERE city_code = $1 AND dedupe_key = $2 AND is_active AND kind = 'item' ORDER BY bpp_id, provider_id LIMIT 1`,
    [row.city_code, row.dedupe_key],
  );
  return winner ? { providerId: winner.provider_id, itemId: winner.item_id } : self;
}

export interface ProductSitemapEntry {
  providerId: string;
  itemId: string;
  lastmod: Date;
}

/**
 * The product pages search engines should index: the SPEC §5 winners (each product once) of
 * enabled stores, with when their seller last changed them. At most `limit`, the most rated first.
 */
/** The stores a sitemap lists: every enabled one, in a stable order, at most `limit`. */
export async function sitemapStores(database: Database, limit: number): Promise<Array<{ id: string; locationId: string }>> {
  const rows = await database.query<{ provider_id: string; location_id: string }>(
    `SELECT provider_id, location_id FROM catalogue_providers WHERE status = 'enable' ORDER BY provider_id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ id: r.provider_id, locationId: r.location_id }));
}

export async function sitemapProducts(database: Database, limit: number): Promise<ProductSitemapEntry[]> {
  if (limit <= 0) return [];
  const rows = await database.query<{ provider_id: string; item_id: string; lastmod: Date | string }>(
    `SELECT i.provider_id, i.item_id, coalesce(i.seller_updated_at, i.updated_at) AS lastmod
     FROM catalogue_items i JOIN catalogue_providers p ON p.bpp_id = i.bpp_id AND p.provider_id = i.provider_id
     WHERE i.kind = 'item' AND i.is_active AND p.status = 'enable' AND i.location_id = p.location_id
     ORDER BY i.rating_count DESC NULLS LAST, i.provider_id, i.item_id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ providerId: r.provider_id, itemId: r.item_id, lastmod: new Date(r.lastmod) }));
}
