// Catalogue queries behind SPEC §7.2 and the catalogue pages. They read what sellers published
// in on_search (ingest.server.ts), for the shopper's pincode.
import type { Database } from '#/db/client.ts';
import { domainSchema, ttlToMs, type Domain } from '#/ondc/context.ts';
import { availableFirst, isCategoryAvailable, type CategoryTiming } from './category-availability.ts';
import { GROCERY_SUB_CATEGORIES, findCategory } from './categories.ts';
import {
  LIMITS,
  type Filter,
  type FilterField,
  type GroceryFiltersRequest,
  type GroceryItemsRequest,
  type ItemWidget,
  type LandingProvidersRequest,
  type Page,
  type ProviderFetch,
  type ProviderItemsRequest,
  type SortName,
} from './catalogue.ts';
import { discountPercentSql, packSize, packSizeSql } from './format.ts';
import { activeAtSql, dedupeKey, dedupeWinners, offeredAtSql, productGroupSql, winnerFirstSql } from './dedupe.ts';
import { deliveryType, isListCompleted, orderByTitle } from './item-rules.ts';
import { passesQuickFilter, type QuickFilter } from './quick-filters.ts';
import { normWorkingHours, storeOpenNow, storeOpenState, type StoreHoursRow, type StoreOpenState } from './store-hours.ts';
import { storeHoursNow } from './store-clock.ts';
import { romanisedText, searchQuery, searchTerms } from './transliteration.ts';
import { cached } from './cache.server.ts';
import { storeOfferHours, storeOfferText, storeOffersOf } from '#/features/checkout/store-offers.ts';
import { distanceKm } from '#/lib/geo.ts';

// The counts the health check reports, from the ingestion this feature runs.
export { catalogueCounts } from './ingest.server.ts';
// Catalogues sellers send are kept in the inbox; this wakes the worker that applies them.
export { wakeCatalogueIngestion } from './ingest-queue.server.ts';
// What other features read of a store or its items.
export {
  addOnsOf,
  anyStoreServes,
  cartItems,
  itemsStillSold,
  itemTerms,
  offerAdvertisedInCity,
  sellerUris,
  storeListing,
  type CartItemRecord,
} from './records.server.ts';

// ---- items ----

const DISCOUNT_PCT_SQL = discountPercentSql('i');

/** Discount facet buckets (SPEC §3 discountBucket). */
const DISCOUNT_BUCKET_SQL = `(CASE WHEN ${DISCOUNT_PCT_SQL} = 0 THEN 'No discount'
  WHEN ${DISCOUNT_PCT_SQL} <= 10 THEN 'Up to 10%' WHEN ${DISCOUNT_PCT_SQL} <= 25 THEN '11% – 25%'
  WHEN ${DISCOUNT_PCT_SQL} <= 40 THEN '26% – 40%' ELSE 'More than 40%' END)`;

/** Quantity facet buckets (SPEC §3 itemQuantityBucket), by weight or volume in g or ml. */
const QUANTITY_BUCKET_SQL = `(CASE
  WHEN i.pack_unit IN ('unit', 'dozen') THEN CASE WHEN i.pack_value <= 1 THEN 'Single' ELSE 'Multipack' END
  WHEN (CASE WHEN i.pack_unit IN ('kilogram', 'litre') THEN i.pack_value * 1000 ELSE i.pack_value END) <= 250 THEN 'Up to 250 g/ml'
  WHEN (CASE WHEN i.pack_unit IN ('kilogram', 'litre') THEN i.pack_value * 1000 ELSE i.pack_value END) <= 500 THEN '251 – 500 g/ml'
  WHEN (CASE WHEN i.pack_unit IN ('kilogram', 'litre') THEN i.pack_value * 1000 ELSE i.pack_value END) <= 1000 THEN '501 g/ml – 1 kg/L'
  WHEN (CASE WHEN i.pack_unit IN ('kilogram', 'litre') THEN i.pack_value * 1000 ELSE i.pack_value END) <= 5000 THEN '1 – 5 kg/L'
  ELSE 'More than 5 kg/L' END)`;

const FACET_SQL: Record<'brandName' | 'itemQuantityBucket' | 'discountBucket' | 'packSize', string> = {
  brandName: 'i.brand',
  itemQuantityBucket: QUANTITY_BUCKET_SQL,
  discountBucket: DISCOUNT_BUCKET_SQL,
  packSize: packSizeSql('i'),
};

class Params {
  values: unknown[] = [];
  add(value: unknown) {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function filterSql(filter: Filter, params: Params): string {
  const field: FilterField = filter.field;
  const value = filter.value;
  const list = Array.isArray(value) ? value : [value];
  const text = () => params.add(list.map(String));
  switch (field) {
    case 'brandName':
    case 'itemQuantityBucket':
    case 'discountBucket':
    case 'packSize': {
      const column = FACET_SQL[field];
      if (filter.type === 'LTE' || filter.type === 'GTE') return 'false';
      return `${column} = ANY(${text()}::text[])`;
    }
    case 'subCategoryId':
    case 'categoryId': {
      const ids = list.map(Number).filter((n) => Number.isInteger(n) && n !== 99999);
      if (ids.length === 0) return 'true';
      // A top-level id (1–12) stands for its six sub-categories; a sub-category id for itself.
      const subs = ids.flatMap((id) => (id < 100 ? GROCERY_SUB_CATEGORIES.filter((s) => s.parentId === id).map((s) => s.id) : [id]));
      return `i.sub_category_id = ANY(${params.add(subs)}::int[])`;
    }
    case 'currentPrice': {
      const paise = (n: unknown) => Math.round(Number(n) * 100);
      if (filter.type === 'LTE') return `i.price_paise <= ${params.add(paise(value))}`;
      if (filter.type === 'GTE') return `i.price_paise >= ${params.add(paise(value))}`;
      return `i.price_paise = ANY(${params.add(list.map(paise))}::int[])`;
    }
    case 'rating': {
      if (filter.type === 'LTE') return `i.rating <= ${params.add(Number(value))}`;
      if (filter.type === 'GTE') return `i.rating >= ${params.add(Number(value))}`;
      return `i.rating = ANY(${params.add(list.map(Number))}::real[])`;
    }
    case 'isVeg':
      return list[0] === true || list[0] === 'true' ? `i.veg_nonveg = 'veg'` : `i.veg_nonveg IS DISTINCT FROM 'veg'`;
    case 'inStock':
      return list[0] === false || list[0] === 'false' ? 'NOT i.in_stock' : 'i.in_stock';
    case 'providerId':
      return `i.provider_id = ANY(${text()}::text[])`;
    case 'trayTag':
      return `i.tray_tags && ${text()}::text[]`;
  }
}

function filtersSql(filters: readonly Filter[], orFilters: readonly Filter[], params: Params): string[] {
  const clauses = filters.map((f) => filterSql(f, params));
  if (orFilters.length > 0) clauses.push(`(${orFilters.map((f) => filterSql(f, params)).join(' OR ')})`);
  return clauses;
}

const NO_ITEMS = '(SELECT * FROM catalogue_items WHERE false)';

/** What the shopper typed, as a condition on the items `i` it matches and the parts of its rank. */
interface SearchMatch {
  where: string;
  /** The text as a prefix tsquery and as the catalogue spells it, as parameters (added when called). */
  rankInputs: () => { tsquery: string; text: string };
}

/**
 * Every word must match, through any of its Hindi/English alternatives by prefix; a word no item
 * holds (a typo: "pottato") stands for the catalogue's words nearest to it (pg_trgm over the
 * vocabulary, migration 14). Matching looks up "<city> <word>" keys of the cities serving the
 * pincode only, so a search costs what that city's matching items cost, not the whole catalogue.
 * Null when the text matches nothing: no letters or digits, no word near a typo, no city.
 */
async function searchSql(database: Database, pincode: string, searchText: string, params: Params): Promise<SearchMatch | null> {
  const query = searchQuery(searchText);
  const terms = searchTerms(searchText);
  if (!query || terms.length === 0) return null;
  // The nearest words are looked for only when no word starts with what was typed.
  const rows = await database.query<{ known: string[]; near: string[] | null; cities: string[] }>(
    `SELECT k.known,
            CASE WHEN cardinality(k.known) = 0
              THEN array(SELECT w.word FROM catalogue_words w WHERE w.word % q.word ORDER BY w.word <-> q.word, w.word LIMIT 3) END AS near,
            array(SELECT DISTINCT city_code FROM catalogue_providers WHERE serves_pincodes @> ARRAY[$1]::text[]) AS cities
     FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS q(word, alternatives, n),
          LATERAL (SELECT array(SELECT w.word FROM catalogue_words w WHERE w.word ^@ ANY (string_to_array(q.alternatives, ' '))) AS known) k
     ORDER BY q.n`,
    [pincode, terms.map((t) => t.word), terms.map((t) => t.alternatives.join(' '))],
  );
  const cities = rows[0]?.cities ?? [];
  const keys = rows.map((r) => (r.known.length > 0 ? r.known : (r.near ?? [])));
  if (cities.length === 0 || keys.length !== terms.length || keys.some((k) => k.length === 0)) return null;
  return {
    where: keys
      .map(
        (k) => `catalogue_search_keys(i.city_code, i.search_document) && ${params.add(cities.flatMap((city) => k.map((word) => `${city} ${word}`)))}::text[]`,
      )
      .join(' AND '),
    // Added only by a query that ranks: a parameter left unused would stay untyped. The name is
    // compared with the words as the catalogue spells them (आटा is atta there).
    rankInputs: () => ({ tsquery: params.add(query), text: params.add(romanisedText(searchText).toLowerCase()) }),
  };
}

/** The items a search matches, as a subquery to join (facet counts). */
function searchedItems(search: SearchMatch | null): string {
  // OFFSET 0 keeps the planner from folding this into the join, where at 1M items it ANDed
  // the few thousand matches with each store's 60,000 rows (~45 ms a store) before reading them.
  return search ? `(SELECT * FROM catalogue_items i WHERE i.kind = 'item' AND ${search.where} OFFSET 0)` : NO_ITEMS;
}

/** Relevance of a search: the match, then popularity. */
const byRank = (rank: string) => `${rank} DESC, i.rating_count DESC NULLS LAST, i.item_id`;

/**
 * One page of search results: the matches of the stores `providerWhere` picks, one entry per
 * licence + name (SPEC §5: the preferred seller's, else the lowest price), in the shopper's sort.
 * A common word matches thousands of a city's items (22,000 for "a" at 1M), so the matches are
 * read once as narrow rows (row address, dedupe key, price, what the sort needs), deduplicated and
 * ordered, and only the page's rows are read whole. Relevance is the full-text rank plus the
 * name's trigram similarity to the text; comparing names is the costly part, so a name is compared
 * only when its bound (rank + the most similarity its trigram count allows, migration 22) can still
 * reach the page: the page is the same as ranking every match.
 */
function searchPageSql(input: {
  search: SearchMatch;
  pincode: string;
  itemWhere: readonly string[];
  providerWhere: readonly string[];
  sort: SortName;
  preferredSellerId: string | undefined;
  limit: number;
  page: number;
  params: Params;
}): string {
  const { search, params } = input;
  const rank = input.sort === 'relevance' ? search.rankInputs() : undefined;
  const sortInputs = rank ? [`ts_rank(i.search_document, to_tsquery('simple', ${rank.tsquery})) AS text_rank`, 'i.name_trigrams'] : ['i.mrp_paise', 'i.rating'];
  const preferred = params.add(input.preferredSellerId ?? '');
  const pincode = params.add(input.pincode);
  const limit = params.add(input.limit + 1);
  const offset = params.add(input.page * input.limit);
  const page = rank
    ? `bounded AS (
         -- Similarity is shared trigrams over all trigrams, so at most the smaller count over the
         -- larger; the margin keeps float rounding from ever leaving out a row that belongs.
         SELECT w.tid, w.text_rank, w.text_rank + least(w.name_trigrams, q.n)::real / greatest(w.name_trigrams, q.n, 1) + 0.00001 AS best
         FROM winners w, (SELECT cardinality(show_trgm(${rank.text})) AS n) q
       ), threshold AS (
         -- The exact ranks of the most promising rows: no row of the page ranks below the lowest.
         SELECT min(b.text_rank + similarity(lower(i.name), ${rank.text})) AS rank
         FROM (SELECT * FROM bounded ORDER BY best DESC LIMIT ${limit}::int + ${offset}::int) b JOIN catalogue_items i ON i.ctid = b.tid
       ), page AS (
         SELECT b.tid, b.text_rank + similarity(lower(i.name), ${rank.text}) AS rank
         FROM bounded b JOIN catalogue_items i ON i.ctid = b.tid
         WHERE b.best >= (SELECT rank FROM threshold)
         ORDER BY ${byRank('rank')} LIMIT ${limit} OFFSET ${offset}
       )`
    : `page AS (SELECT i.tid FROM winners i ORDER BY ${orderSql(input.sort)} LIMIT ${limit} OFFSET ${offset})`;
  // The items are read once, and their store looked up in a hash of the stores asked for (IS TRUE
  // keeps the planner from turning the lookup into a join): as the inner side of a join the scan ran
  // again for every store (12 times on PGlite without statistics; at 1M items the planner ANDed the
  // matches with each store's 60,000 rows).
  return `WITH matches AS MATERIALIZED (
       SELECT i.ctid AS tid, i.city_code, i.bpp_id, i.provider_id, i.item_id, i.dedupe_key, i.price_paise, ${sortInputs.join(', ')}
       FROM catalogue_items i
       WHERE ${[`i.kind = 'item'`, search.where, ...input.itemWhere].join(' AND ')}
         AND ((i.bpp_id, i.provider_id) IN (SELECT p.bpp_id, p.provider_id FROM catalogue_providers p WHERE ${input.providerWhere.join(' AND ')})) IS TRUE
     ), winners AS (
       -- Entries without a licence stand alone (SPEC §5); a licence + name is compared as bytes.
       SELECT * FROM matches WHERE dedupe_key IS NULL
       UNION ALL
       (SELECT DISTINCT ON (m.city_code, m.dedupe_key COLLATE "C") * FROM matches m WHERE m.dedupe_key IS NOT NULL
        ORDER BY m.city_code, m.dedupe_key COLLATE "C", ${winnerFirstSql('m', preferred)})
     ), ${page}
     SELECT ${ITEM_COLUMNS}, ${ITEM_STORE_COLUMNS}, ${activeAtSql('i', pincode, preferred)} AS is_active
     FROM page JOIN catalogue_items i ON i.ctid = page.tid JOIN catalogue_providers p ON p.bpp_id = i.bpp_id AND p.provider_id = i.provider_id
     ORDER BY ${rank ? byRank('page.rank') : orderSql(input.sort)}`;
}

function orderSql(sort: SortName): string {
  switch (sort) {
    case 'discount':
      return `${DISCOUNT_PCT_SQL} DESC, i.price_paise ASC, i.item_id`;
    case 'price-low-high':
      return 'i.price_paise ASC, i.item_id';
    case 'price-high-low':
      return 'i.price_paise DESC, i.item_id';
    case 'rating':
      return 'i.rating DESC NULLS LAST, i.item_id';
    default:
      // Relevance of a listing: what sellers flag first (SPEC §5 titles), then popularity.
      return `CASE i.title WHEN 'searchrelated' THEN 0 WHEN 'recommend' THEN 1 WHEN 'bestseller' THEN 2 ELSE 3 END, i.rating_count DESC NULLS LAST, i.item_id`;
  }
}

export const ITEM_COLUMNS = `i.bpp_id, i.provider_id, i.item_id, i.location_id, i.name, i.brand, i.pack_value, i.pack_unit, i.price_paise,
  i.mrp_paise, i.price_lower_paise, i.price_upper_paise, i.in_stock, i.max_quantity, i.veg_nonveg, i.fssai_licence, i.title,
  i.tray_tags, i.rating, i.rating_count, i.image, i.sub_category_id, i.custom_group_ids, i.city_code, i.dedupe_key`;

/** What an item's card shows of its store: its name, and whether it takes orders now (issue 28). */
export const ITEM_STORE_COLUMNS = 'p.name AS provider_name, p.domain, p.internal_tags, p.status, p.location_status, p.opens_at, p.closes_at, p.tat';

export interface ItemRecord extends StoreHoursRow {
  bpp_id: string;
  provider_id: string;
  item_id: string;
  location_id: string;
  name: string;
  brand: string | null;
  pack_value: string | null;
  pack_unit: string | null;
  price_paise: number;
  mrp_paise: number;
  price_lower_paise: number | null;
  price_upper_paise: number | null;
  in_stock: boolean;
  max_quantity: number;
  veg_nonveg: string | null;
  fssai_licence: string | null;
  title: string | null;
  tray_tags: string[];
  rating: number | null;
  rating_count: number | null;
  image: string | null;
  sub_category_id: number | null;
  custom_group_ids: string[];
  city_code: string;
  dedupe_key: string | null;
  /** SPEC §5 for the shopper's pincode (activeAtSql), not the per-city flag ingestion keeps. */
  is_active: boolean;
  provider_name: string;
  domain: string;
  internal_tags: string[];
  tat: string | null;
}

export function toWidget(r: ItemRecord): ItemWidget {
  return {
    id: r.item_id,
    name: r.name,
    price: r.price_paise,
    averagePrice: r.price_paise,
    mrp: r.mrp_paise,
    availableQuantity: r.in_stock ? r.max_quantity : 0,
    variantAttr: { packSize: packSize(r.pack_value, r.pack_unit) },
    fssai: r.fssai_licence,
    metadata: { name: r.brand },
    bpp_id: r.bpp_id,
    providerId: r.provider_id,
    locationId: r.location_id,
    providerName: r.provider_name,
    domain: domainSchema.catch('ONDC:RET10').parse(r.domain),
    internalTags: r.internal_tags,
    isActive: r.is_active,
    image: r.image,
    brand: r.brand,
    vegNonVeg: r.veg_nonveg,
    rating: r.rating,
    ratingCount: r.rating_count,
    title: r.title,
    trays: r.tray_tags,
    subCategoryId: r.sub_category_id,
    customisable: r.custom_group_ids.length > 0,
    priceRange: r.price_lower_paise !== null && r.price_upper_paise !== null ? { lower: r.price_lower_paise, upper: r.price_upper_paise } : null,
    store: { ...storeOpenNow(r, storeHoursNow()), tat: r.tat },
  };
}

export interface ShopperPlace {
  pincode: string;
  preferredSellerId?: string | undefined;
}

/**
 * SPEC §7.2 grocery items: across every grocery store that delivers to the pincode (or within one
 * store), one entry per licence+name (SPEC §5 dedupe: preferred seller, else the lowest price).
 */
export function groceryItems(database: Database, place: ShopperPlace, request: GroceryItemsRequest): Promise<Page<ItemWidget>> {
  return cached(`items|${place.pincode}|${place.preferredSellerId ?? ''}|${JSON.stringify(request)}`, () => queryGroceryItems(database, place, request));
}

async function queryGroceryItems(database: Database, place: ShopperPlace, request: GroceryItemsRequest): Promise<Page<ItemWidget>> {
  const params = new Params();
  const providerWhere = groceryStoresWhere(place.pincode, params);
  const itemWhere = storeWhere(request, params);
  itemWhere.push(...filtersSql(request.filters, request.orFilters, params));
  if (request.searchText) {
    const search = await searchSql(database, place.pincode, request.searchText, params);
    if (!search) return page([], request.page, request.limit);
    const sql = searchPageSql({
      search,
      pincode: place.pincode,
      itemWhere,
      providerWhere,
      sort: request.sort,
      preferredSellerId: place.preferredSellerId,
      limit: request.limit,
      page: request.page,
      params,
    });
    return page((await database.query<ItemRecord>(sql, params.values)).map(toWidget), request.page, request.limit);
  }
  const preferred = params.add(place.preferredSellerId ?? '');
  const pincode = params.add(place.pincode);
  const limit = params.add(request.limit + 1);
  const offset = params.add(request.page * request.limit);
  // The best entry of each product the listing holds; its SPEC §5 flag is read for the page's rows only.
  const rows = await database.query<ItemRecord>(
    `SELECT i.*, ${activeAtSql('i', pincode, preferred)} AS is_active FROM (
       SELECT * FROM (
         SELECT DISTINCT ON (${productGroupSql('i')})
                ${ITEM_COLUMNS}, ${ITEM_STORE_COLUMNS}
         FROM catalogue_items i JOIN catalogue_providers p ON p.bpp_id = i.bpp_id AND p.provider_id = i.provider_id
         WHERE ${[`i.kind = 'item'`, ...providerWhere, ...itemWhere].join(' AND ')}
         ORDER BY ${productGroupSql('i')}, ${winnerFirstSql('i', preferred)}
       ) i
       ORDER BY ${orderSql(request.sort)}
       LIMIT ${limit} OFFSET ${offset}
     ) i
     ORDER BY ${orderSql(request.sort)}`,
    params.values,
  );
  return page(rows.map(toWidget), request.page, request.limit);
}

/** The stores whose goods a grocery listing shows: open ones delivering to the pincode. */
function groceryStoresWhere(pincode: string, params: Params): string[] {
  // A store's groceries and what it lists in other retail domains (personal care, home, health).
  return [offeredAtSql('p', params.add(pincode)), `p.domain <> 'ONDC:RET11'`];
}

/** A listing within one store or one of its locations, when the request names them. */
function storeWhere(request: { providerId?: string | undefined; locationId?: string | undefined }, params: Params): string[] {
  const where: string[] = [];
  if (request.providerId) where.push(`i.provider_id = ${params.add(request.providerId)}`);
  if (request.locationId) where.push(`i.location_id = ${params.add(request.locationId)}`);
  return where;
}

/** One more row than the limit was asked for: it only tells whether a next page exists. */
function page<T>(rows: T[], pageNo: number, limit: number): Page<T> {
  const data = rows.slice(0, limit);
  // SPEC §4 completes a list on a page shorter than the limit; the extra row also completes it
  // on a full last page, sparing the client an empty request.
  return { data, page: pageNo, limit, completed: rows.length <= limit };
}

export interface FacetValue {
  value: string;
  count: number;
}

/** SPEC §7.2 grocery filters: facet values with counts for the selected field, for the same listing. */
export function groceryFilters(database: Database, place: ShopperPlace, request: GroceryFiltersRequest): Promise<FacetValue[]> {
  return cached(`facets|${place.pincode}|${place.preferredSellerId ?? ''}|${JSON.stringify(request)}`, () => queryGroceryFilters(database, place, request));
}

async function queryGroceryFilters(database: Database, place: ShopperPlace, request: GroceryFiltersRequest): Promise<FacetValue[]> {
  const params = new Params();
  // The same listing as groceryItems (store, location, search), so the counts match what it lists.
  const where = [`i.kind = 'item'`, ...groceryStoresWhere(place.pincode, params), ...storeWhere(request, params)];
  // The facet being chosen is left out of the filters, so its other values stay selectable.
  const others = request.filters.filter((f) => f.field !== request.selectedFilterFieldName);
  where.push(...filtersSql(others, request.orFilters, params));
  const items = request.searchText ? searchedItems(await searchSql(database, place.pincode, request.searchText, params)) : 'catalogue_items';
  const column = FACET_SQL[request.selectedFilterFieldName];
  // Each product counted by the entry the listing shows of it: sellers may differ in price, so in discount.
  const preferred = params.add(place.preferredSellerId ?? '');
  const rows = await database.query<{ value: string; count: number }>(
    `SELECT value, count(*)::int AS count FROM (
       SELECT DISTINCT ON (${productGroupSql('i')}) ${column} AS value
       FROM ${items} i JOIN catalogue_providers p ON p.bpp_id = i.bpp_id AND p.provider_id = i.provider_id
       WHERE ${where.join(' AND ')}
       ORDER BY ${productGroupSql('i')}, ${winnerFirstSql('i', preferred)}
     ) f WHERE value IS NOT NULL GROUP BY value ORDER BY count DESC, value LIMIT ${params.add(request.limit)}`,
    params.values,
  );
  return rows;
}

// ---- providers ----

interface ProviderRecord {
  bpp_id: string;
  provider_id: string;
  domain: string;
  name: string;
  short_desc: string | null;
  image: string | null;
  status: string;
  location_id: string;
  location_status: string;
  lat: number;
  lng: number;
  locality: string | null;
  city: string | null;
  area_code: string | null;
  opens_at: number | null;
  closes_at: number | null;
  rating: number | null;
  rating_count: number | null;
  tat: string | null;
  delivery_fee_paise: number | null;
  free_delivery_above_paise: number | null;
  min_order_paise: number | null;
  internal_tags: string[];
  cuisines: string[];
  pure_veg: boolean | null;
  fssai_licence: string | null;
  consumer_care: string | null;
  street: string | null;
  state: string | null;
  categories: unknown;
  offers: unknown;
  avg_price_paise: number | null;
  best_discount: number | null;
  veg_share: number | null;
}

export interface ProviderSummary {
  id: string;
  bppId: string;
  locationId: string;
  domain: Domain;
  name: string;
  description: string | null;
  image: string | null;
  locality: string | null;
  city: string | null;
  rating: number | null;
  ratingCount: number | null;
  tatMinutes: number | null;
  /** The seller's `@ondc/org/TAT` as it wrote it (ISO), for the delivery promise (catalogue/promise). */
  tat: string | null;
  deliveryType: 'now' | 'later';
  openState: StoreOpenState;
  /** HHMM at which a closed store opens again (its daily opening); null unless closed by the clock. */
  opensAt: number | null;
  normWorkingHours: number[];
  distanceKm: number;
  deliveryFeePaise: number | null;
  freeDeliveryAbovePaise: number | null;
  minOrderPaise: number | null;
  cuisines: string[];
  pureVeg: boolean;
  /**
   * SPEC §5 average price, which the cost quick filter reads: for a restaurant its price for two
   * as the shopper sees it (food apps' "cost" filter), for a store its average item price.
   */
  averagePricePaise: number | null;
  /** Restaurants' "₹X for two" (SPEC §9). */
  costForTwoPaise: number | null;
  bestDiscountPercent: number;
  /** The store's offers: `text` in English (the API's), the terms for the page's language (offerText). */
  offers: Array<StoreOffer>;
}

export interface StoreOffer {
  id: string;
  text: string;
  kind: 'percent' | 'flat';
  /** percent, or rupees off */
  value: number;
  /** rupees; 0 when uncapped */
  cap: number;
  /** rupees; 0 when the offer has no minimum */
  min: number;
  /** The hours it applies in ("4 pm–7 pm"), said wherever it is shown; null: all day (issue 28). */
  hours: string | null;
}

/** A store's offers as the listings' API states them (rupees), read as its checkout reads them (issue 28). */
function offerViews(offers: unknown): StoreOffer[] {
  return storeOffersOf(offers).map((offer) => {
    const min = offer.minPaise / 100;
    const text = storeOfferText(offer);
    const hours = offer.timing ? storeOfferHours(offer.timing) : null;
    if (offer.kind === 'flat') return { id: offer.id, text, kind: 'flat', value: offer.valuePaise / 100, cap: 0, min, hours };
    return { id: offer.id, text, kind: 'percent', value: offer.percent, cap: (offer.capPaise ?? 0) / 100, min, hours };
  });
}

/** Cost for two as menus print it: two average dishes, to the nearest ₹50. */
function costForTwoPaise(averageDishPaise: number) {
  return Math.max(5000, Math.round((averageDishPaise * 2) / 5000) * 5000);
}

function toSummary(r: ProviderRecord, from: { lat: number; lng: number } | null, now: Date): ProviderSummary {
  const hours = r.opens_at !== null && r.closes_at !== null ? normWorkingHours(r.opens_at, r.closes_at) : [];
  const offers = offerViews(r.offers);
  const isFood = r.domain === 'ONDC:RET11';
  const openState = storeOpenState({ locationStatus: r.location_status, providerStatus: r.status, workingHours: hours, now });
  return {
    id: r.provider_id,
    bppId: r.bpp_id,
    locationId: r.location_id,
    domain: domainSchema.catch('ONDC:RET10').parse(r.domain),
    name: r.name,
    description: r.short_desc,
    image: r.image,
    locality: r.locality,
    city: r.city,
    rating: r.rating,
    ratingCount: r.rating_count,
    tatMinutes: r.tat ? Math.round(ttlToMs(r.tat) / 60_000) : null,
    tat: r.tat,
    deliveryType: deliveryType(r.internal_tags),
    openState,
    opensAt: openState === 'STORE_CLOSED' ? r.opens_at : null,
    normWorkingHours: hours,
    distanceKm: from ? Math.round(distanceKm(from, r) * 10) / 10 : 0,
    deliveryFeePaise: r.delivery_fee_paise,
    freeDeliveryAbovePaise: r.free_delivery_above_paise,
    minOrderPaise: r.min_order_paise,
    cuisines: r.cuisines,
    pureVeg: r.pure_veg === true,
    averagePricePaise: r.avg_price_paise === null ? null : isFood ? costForTwoPaise(r.avg_price_paise) : Math.round(r.avg_price_paise),
    costForTwoPaise: isFood && r.avg_price_paise !== null ? costForTwoPaise(r.avg_price_paise) : null,
    bestDiscountPercent: Math.max(r.best_discount ?? 0, ...offers.map((o) => (o.kind === 'percent' ? o.value : 0))),
    offers,
  };
}

const PROVIDER_SQL = `SELECT p.*, s.avg_price_paise, s.best_discount, s.veg_share
  FROM catalogue_providers p
  LEFT JOIN LATERAL (
    SELECT avg(i.price_paise)::float AS avg_price_paise,
           max(${DISCOUNT_PCT_SQL})::float AS best_discount,
           avg(CASE WHEN i.veg_nonveg = 'veg' THEN 1 ELSE 0 END)::float AS veg_share
    FROM catalogue_items i WHERE i.bpp_id = p.bpp_id AND i.provider_id = p.provider_id AND i.kind = 'item'
  ) s ON true`;

function foodType(r: ProviderRecord): 'VEG' | 'NON_VEG' | 'MIXED' {
  if (r.pure_veg || r.veg_share === 1) return 'VEG';
  return r.veg_share === 0 ? 'NON_VEG' : 'MIXED';
}

/** SPEC §7.2 landing-page providers and /stores: stores delivering to the pincode, nearest first by default. */
export async function providersNear(
  database: Database,
  place: ShopperPlace & { lat: number; lng: number },
  request: Pick<LandingProvidersRequest, 'quickFilters' | 'sort' | 'limit' | 'page' | 'domain'> & { searchText?: string | undefined },
  now = storeHoursNow(),
): Promise<Page<ProviderSummary>> {
  const params = new Params();
  // Stores as shoppers know them: a store's listings in other retail domains (its personal care,
  // household and health goods) are reached through those goods, not listed as more stores.
  const where = [`p.serves_pincodes @> ARRAY[${params.add(place.pincode)}]::text[]`, `p.domain IN ('ONDC:RET10', 'ONDC:RET11')`];
  if (request.domain) where.push(`p.domain = ${params.add(request.domain)}`);
  if (request.searchText) {
    // A store typed in Devanagari (बिरयानी) is looked for as it is spelt in Latin letters.
    const text = params.add(romanisedText(request.searchText).toLowerCase());
    // strpos, not LIKE: a % or _ typed by the shopper is a character, not a wildcard.
    where.push(`(strpos(lower(p.name), ${text}) > 0 OR similarity(lower(p.name), ${text}) > 0.3 OR ${text} = ANY(SELECT lower(c) FROM unnest(p.cuisines) c))`);
  }
  const rows = dedupeProviders(await database.query<ProviderRecord>(`${PROVIDER_SQL} WHERE ${where.join(' AND ')}`, params.values), place.preferredSellerId);
  const summaries = rows
    .filter((r) => request.quickFilters.every((f: QuickFilter) => passesQuickFilter({ ...factsOf(toSummary(r, place, now)), foodType: foodType(r) }, f)))
    .map((r) => toSummary(r, place, now));
  const sorted = sortProviders(summaries, request.sort);
  const start = request.page * request.limit;
  const data = sorted.slice(start, start + request.limit);
  return { data, page: request.page, limit: request.limit, completed: isListCompleted(data.length, request.limit) || start + request.limit >= sorted.length };
}

/**
 * SPEC §5 provider duplicates: one kitchen or store listed through several seller apps (same
 * licence, same name without spaces) is listed once: the preferred seller's listing, else the one
 * with the lowest average price. Listings without a licence always stay.
 */
function dedupeProviders(rows: ProviderRecord[], preferredSellerId: string | undefined): ProviderRecord[] {
  return dedupeWinners(
    rows,
    (r) => ({ key: dedupeKey(r.fssai_licence, r.name), bppId: r.bpp_id, providerId: r.provider_id, itemId: '', pricePaise: r.avg_price_paise }),
    preferredSellerId,
  );
}

function factsOf(s: ProviderSummary) {
  return { tatMinutes: s.tatMinutes, bestDiscountPercent: s.bestDiscountPercent, rating: s.rating, averagePricePaise: s.averagePricePaise };
}

const OPEN_FIRST: Record<StoreOpenState, number> = { STORE_OPEN: 0, STORE_CLOSED: 1, STORE_TEMPORARILY_CLOSED: 2 };

function sortProviders(list: ProviderSummary[], sort: SortName): ProviderSummary[] {
  const by = (f: (p: ProviderSummary) => number) =>
    [...list].sort((a, b) => OPEN_FIRST[a.openState] - OPEN_FIRST[b.openState] || f(a) - f(b) || a.name.localeCompare(b.name));
  switch (sort) {
    case 'rating':
      return by((p) => -(p.rating ?? 0));
    case 'price-low-high':
      return by((p) => p.averagePricePaise ?? Number.MAX_SAFE_INTEGER);
    case 'price-high-low':
      return by((p) => -(p.averagePricePaise ?? 0));
    case 'discount':
      return by((p) => -p.bestDiscountPercent);
    default:
      // SPEC §3: provider lists default to Nearest, ascending.
      return by((p) => p.distanceKm);
  }
}

interface ProviderCategory {
  id: string;
  name: string;
  available: boolean;
  itemCount: number;
  subCategories: Array<{ id: string; name: string; itemCount: number }>;
}

export interface ProviderDetail extends ProviderSummary {
  servesPincode: boolean;
  fssaiLicence: string | null;
  categories: ProviderCategory[];
  internalTags: string[];
  locationStatus: string;
  providerStatus: string;
  categoryMap: ProviderFetch['categoryMap'];
  contact: ProviderFetch['metadata']['contactDetails'];
  /** Where the store is and its ONDC hours (HHMM, every day), for its schema.org data. */
  geo: { lat: number; lng: number };
  hours: { opensAt: number; closesAt: number } | null;
}

/** ONDC's consumer-care line is "name,email,phone"; a part that is missing stays null. */
function parseConsumerCare(line: string | null): { name: string | null; email: string | null; phone: string | null } {
  const parts = (line ?? '').split(',').map((part) => part.trim());
  const email = parts.find((part) => /^[^@\s]+@[^@\s]+$/.test(part)) ?? null;
  const phone = parts.find((part) => /^\+?[0-9][0-9 -]{5,}$/.test(part)) ?? null;
  const name = parts.find((part) => part !== '' && part !== email && part !== phone) ?? null;
  return { name, email, phone };
}

/** SPEC §7.2 provider fetch (guarded: provider id and location id are both required). */
export async function providerDetail(
  database: Database,
  input: { providerId: string; locationId: string; place: (ShopperPlace & { lat: number; lng: number }) | null },
  now = storeHoursNow(),
): Promise<ProviderDetail | null> {
  const [row] = await database.query<ProviderRecord & { serves_pincodes: string[] }>(
    `${PROVIDER_SQL} WHERE p.provider_id = $1 AND p.location_id = $2 LIMIT 1`,
    [input.providerId, input.locationId],
  );
  if (!row) return null;
  return {
    ...toSummary(row, input.place, now),
    servesPincode: input.place ? row.serves_pincodes.includes(input.place.pincode) : false,
    fssaiLicence: row.fssai_licence,
    categories: await providerCategories(database, row, now),
    internalTags: row.internal_tags,
    locationStatus: row.location_status,
    providerStatus: row.status,
    categoryMap: restaurantMenus(row),
    contact: {
      ...parseConsumerCare(row.consumer_care),
      address: { street: row.street, locality: row.locality, city: row.city, state: row.state, area_code: row.area_code },
    },
    geo: { lat: row.lat, lng: row.lng },
    hours: row.opens_at !== null && row.closes_at !== null ? { opensAt: row.opens_at, closesAt: row.closes_at } : null,
  };
}

/**
 * A store as an item's page shows it (issue 29): its summary without the averages over its shelf,
 * which a store of 60,000 items would pay for on every product page.
 */
export async function storeSummary(
  database: Database,
  input: { bppId: string; providerId: string; place: ShopperPlace & { lat: number; lng: number } },
  now = storeHoursNow(),
): Promise<(ProviderSummary & { servesPincode: boolean; fssaiLicence: string | null }) | null> {
  const [row] = await database.query<ProviderRecord & { serves_pincodes: string[] }>(
    `SELECT p.*, NULL::float AS avg_price_paise, NULL::float AS best_discount, NULL::float AS veg_share
     FROM catalogue_providers p WHERE p.bpp_id = $1 AND p.provider_id = $2`,
    [input.bppId, input.providerId],
  );
  if (!row) return null;
  return { ...toSummary(row, input.place, now), servesPincode: row.serves_pincodes.includes(input.place.pincode), fssaiLicence: row.fssai_licence };
}

/** SPEC §3 provider fetch answer: the store in the SPEC's names, with its first page of items. */
export async function providerFetch(database: Database, place: ShopperPlace, detail: ProviderDetail): Promise<ProviderFetch> {
  const items = await providerItems(database, place, {
    provider_id: detail.id,
    location_id: detail.locationId,
    filters: [],
    orFilters: [],
    sort: 'relevance',
    limit: LIMITS.page,
    page: 0,
  });
  const itemTags = await database.query<{ tag: string }>(
    `SELECT DISTINCT unnest(tray_tags) AS tag FROM catalogue_items WHERE bpp_id = $1 AND provider_id = $2 AND kind = 'item' ORDER BY 1`,
    [detail.bppId, detail.id],
  );
  return {
    id: detail.id,
    metadata: {
      categoryDetails: detail.categories.map(({ id, name, available, itemCount }) => ({ id, name, available, itemCount })),
      subCategoryDetails: detail.categories.flatMap((c) => c.subCategories.map((sub) => ({ ...sub, categoryId: c.id }))),
      itemTags: itemTags.map((r) => r.tag),
      currentPageNo: 0,
      // Every sub-category of a store comes in one answer: there is no next page to ask for.
      isSubCategoriesExhausted: true,
      deliveryType: detail.deliveryType,
      descriptor: { name: detail.name, short_desc: detail.description, symbol: detail.image, images: detail.image ? [detail.image] : [] },
      contactDetails: detail.contact,
      provider_id: detail.id,
      seller_id: detail.bppId,
    },
    items: items.data,
    internalTags: detail.internalTags.map((name) => ({ name })),
    currentItemsPageNo: items.page,
    isProviderItemsExhausted: items.completed,
    locationStatus: detail.locationStatus,
    providerStatus: detail.providerStatus,
    categoryMap: detail.categoryMap,
  };
}

/** A restaurant's menus (ONDC categories of type custom_menu); none for a store. */
function restaurantMenus(row: ProviderRecord): ProviderFetch['categoryMap'] {
  if (row.domain !== 'ONDC:RET11' || !Array.isArray(row.categories)) return [];
  return (row.categories as ProviderFetch['categoryMap']).filter((c) => c.tags.some((t) => t.code === 'type' && t.list.some((e) => e.value === 'custom_menu')));
}

async function providerCategories(database: Database, row: ProviderRecord, now: Date): Promise<ProviderCategory[]> {
  if (row.domain === 'ONDC:RET11') {
    const menus = restaurantMenus(row);
    const counts = await database.query<{ menu: string; n: number }>(
      `SELECT unnest(menu_ids) AS menu, count(*)::int AS n FROM catalogue_items WHERE bpp_id = $1 AND provider_id = $2 AND kind = 'item' GROUP BY 1`,
      [row.bpp_id, row.provider_id],
    );
    const list = menus.map((c) => {
      const timing = c.tags.find((t) => t.code === 'timing')?.list;
      const value = (code: string) => Number(timing?.find((e) => e.code === code)?.value);
      const timings: CategoryTiming[] = timing
        ? [{ dayFrom: value('day_from'), dayTo: value('day_to'), timeFrom: value('time_from'), timeTo: value('time_to') }]
        : [];
      return {
        id: c.id,
        name: c.descriptor.name,
        available: isCategoryAvailable(timings, now),
        itemCount: counts.find((x) => x.menu === c.id)?.n ?? 0,
        subCategories: [],
      };
    });
    return availableFirst(list, (c) => c.available);
  }
  const counts = await database.query<{ sub_category_id: number; n: number }>(
    `SELECT sub_category_id, count(*)::int AS n FROM catalogue_items WHERE bpp_id = $1 AND provider_id = $2 AND kind = 'item' AND sub_category_id IS NOT NULL GROUP BY 1 ORDER BY 1`,
    [row.bpp_id, row.provider_id],
  );
  const byParent = new Map<number, ProviderCategory>();
  for (const { sub_category_id: id, n } of counts) {
    const parentId = Math.floor(id / 100);
    const parent = findCategory(parentId);
    const sub = findCategory(id);
    if (!parent || !sub) continue;
    const entry = byParent.get(parentId) ?? { id: String(parentId), name: parent.name, available: true, itemCount: 0, subCategories: [] };
    entry.itemCount += n;
    entry.subCategories.push({ id: String(id), name: sub.name, itemCount: n });
    byParent.set(parentId, entry);
  }
  return [...byParent.values()];
}

/** SPEC §7.2 provider items batch and offer tray: one store's items, with the SPEC's ordering. */
export async function providerItems(
  database: Database,
  place: ShopperPlace,
  request: ProviderItemsRequest & { trayOnly?: boolean; inStockOnly?: boolean; menuId?: string },
): Promise<Page<ItemWidget>> {
  const params = new Params();
  const active = activeAtSql('i', params.add(place.pincode), params.add(place.preferredSellerId ?? ''));
  const where = [`i.provider_id = ${params.add(request.provider_id)}`, `i.location_id = ${params.add(request.location_id)}`, `i.kind = 'item'`];
  if (request.trayOnly) where.push(`(cardinality(i.tray_tags) > 0 OR i.mrp_paise > i.price_paise)`);
  // A tray promotes what can be bought now: a deal on a sold-out dish is no deal (issue 28).
  if (request.trayOnly || request.inStockOnly) where.push(`i.in_stock AND i.max_quantity > 0`);
  if (request.menuId) where.push(`${params.add(request.menuId)} = ANY(i.menu_ids)`);
  where.push(...filtersSql(request.filters, request.orFilters, params));
  const rows = await database.query<ItemRecord>(
    `SELECT ${ITEM_COLUMNS}, ${ITEM_STORE_COLUMNS}, ${active} AS is_active
     FROM catalogue_items i JOIN catalogue_providers p ON p.bpp_id = i.bpp_id AND p.provider_id = i.provider_id
     WHERE ${where.join(' AND ')}
     ORDER BY ${request.trayOnly && request.sort === 'relevance' ? `${DISCOUNT_PCT_SQL} DESC, i.item_id` : orderSql(request.sort)}
     LIMIT ${params.add(request.limit + 1)} OFFSET ${params.add(request.page * request.limit)}`,
    params.values,
  );
  const result = page(rows.map(toWidget), request.page, request.limit);
  // The tray keeps its deepest-discount order: regrouping a page by title would undo it.
  return request.sort === 'relevance' && !request.trayOnly ? { ...result, data: orderByTitle(result.data) } : result;
}

/** SPEC §7.2 variants: the same product in other pack sizes at this store (same brand, same name before the size). */
export async function variantsOf(
  database: Database,
  place: ShopperPlace,
  input: { providerId: string; locationId: string; variantId: string },
): Promise<ItemWidget[]> {
  const rows = await database.query<ItemRecord>(
    `WITH base AS (SELECT brand, sub_category_id, regexp_replace(name, '\\s*[0-9.]+\\s*(kg|g|L|ml|pcs?|units?|dozen)\\y.*$', '', 'i') AS stem
                   FROM catalogue_items WHERE provider_id = $1 AND location_id = $2 AND item_id = $3)
     SELECT ${ITEM_COLUMNS}, ${ITEM_STORE_COLUMNS}, ${activeAtSql('i', '$4', '$5')} AS is_active
     FROM catalogue_items i JOIN catalogue_providers p ON p.bpp_id = i.bpp_id AND p.provider_id = i.provider_id, base
     WHERE i.provider_id = $1 AND i.location_id = $2 AND i.kind = 'item' AND i.brand IS NOT DISTINCT FROM base.brand
       AND i.sub_category_id IS NOT DISTINCT FROM base.sub_category_id
       AND regexp_replace(i.name, '\\s*[0-9.]+\\s*(kg|g|L|ml|pcs?|units?|dozen)\\y.*$', '', 'i') = base.stem
     ORDER BY i.price_paise LIMIT 20`,
    [input.providerId, input.locationId, input.variantId, place.pincode, place.preferredSellerId ?? ''],
  );
  return rows.map(toWidget);
}

/** SPEC §7.2 dish search (restaurants delivering to the pincode), by words, Hindi/English alternatives and typos. */
export async function searchDishes(
  database: Database,
  place: ShopperPlace,
  input: { searchText: string; limit: number; page: number; providerId?: string | undefined },
): Promise<Page<ItemWidget>> {
  const params = new Params();
  const search = await searchSql(database, place.pincode, input.searchText, params);
  if (!search) return page([], input.page, input.limit);
  // One entry per licence + name (SPEC §5), as in groceryItems: a kitchen listed through two
  // seller apps offers each dish once, the preferred seller's or else the cheaper one.
  const sql = searchPageSql({
    search,
    itemWhere: storeWhere(input, params),
    providerWhere: [`p.serves_pincodes @> ARRAY[${params.add(place.pincode)}]::text[]`, `p.domain = 'ONDC:RET11'`],
    pincode: place.pincode,
    sort: 'relevance',
    preferredSellerId: place.preferredSellerId,
    limit: input.limit,
    page: input.page,
    params,
  });
  return page((await database.query<ItemRecord>(sql, params.values)).map(toWidget), input.page, input.limit);
}

/** SPEC §7.2 search dropdown: a few providers and items as the shopper types. */
export async function searchDropdown(database: Database, place: ShopperPlace & { lat: number; lng: number }, searchText: string) {
  const [providers, items] = await Promise.all([
    providersNear(database, place, { quickFilters: [], sort: 'nearest', limit: 3, page: 0, searchText }),
    groceryItems(database, place, { filters: [], orFilters: [], sort: 'relevance', limit: 5, searchText, searchType: 'ITEM', page: 0 }),
  ]);
  return { providers: providers.data, items: items.data };
}

/** SPEC §7.2 search suggestions: what shoppers near this pincode buy most, by sub-category and brand. */
export async function searchSuggestions(database: Database, place: ShopperPlace): Promise<string[]> {
  const rows = await database.query<{ term: string }>(
    `SELECT brand AS term FROM catalogue_items i JOIN catalogue_providers p ON p.bpp_id = i.bpp_id AND p.provider_id = i.provider_id
     WHERE p.serves_pincodes @> ARRAY[$1]::text[] AND i.kind = 'item' AND i.brand IS NOT NULL
     GROUP BY brand ORDER BY sum(coalesce(i.rating_count, 0)) DESC LIMIT 8`,
    [place.pincode],
  );
  return rows.map((r) => r.term);
}

/** Popular brands near the shopper, for the home page. */
export async function popularBrands(database: Database, place: ShopperPlace, limit = 12): Promise<Array<{ name: string; items: number }>> {
  return database.query<{ name: string; items: number }>(
    `SELECT i.brand AS name, count(*)::int AS items FROM catalogue_items i JOIN catalogue_providers p ON p.bpp_id = i.bpp_id AND p.provider_id = i.provider_id
     WHERE p.serves_pincodes @> ARRAY[$1]::text[] AND p.domain <> 'ONDC:RET11' AND i.kind = 'item' AND i.brand IS NOT NULL
     GROUP BY i.brand ORDER BY sum(coalesce(i.rating_count, 0)) DESC, i.brand LIMIT $2`,
    [place.pincode, limit],
  );
}

/** Whether any seller delivers to the pincode (SPEC §4 provider serviceability). */
export async function providerServes(database: Database, providerId: string, pincode: string): Promise<boolean | null> {
  const rows = await database.query<{ serves: boolean }>('SELECT $2 = ANY(serves_pincodes) AS serves FROM catalogue_providers WHERE provider_id = $1 LIMIT 1', [
    providerId,
    pincode,
  ]);
  return rows[0]?.serves ?? null;
}
