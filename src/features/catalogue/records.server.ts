// What the other features read of the catalogue (issue 27: its tables are read by catalogue/
// alone): one store's listing, some items' terms, the items a cart holds with their add-ons,
// items still sold, whether anyone delivers to a pincode or advertises an offer in a city. Each
// answers with the seller's words as ingested.
import type { Queryable } from '#/db/client.ts';
import type { CatalogCategory } from '#/ondc/catalog.ts';
import { ITEM_COLUMNS, ITEM_STORE_COLUMNS, type ItemRecord } from './catalogue.server.ts';
import type { StoreHoursRow } from './store-hours.ts';

export type StoreListing = StoreHoursRow & {
  bpp_id: string;
  provider_id: string;
  bpp_uri: string;
  seller_name: string;
  /** The core version the seller's last catalogue spoke (issue 25). */
  core_version: string;
  name: string;
  image: string | null;
  domain: string;
  city_code: string;
  location_id: string;
  min_order_paise: number | null;
  cancels_if_short: boolean;
  tat: string | null;
  fssai_licence: string | null;
  offers: unknown;
};

/** A store as its seller's catalogue lists it now, or null when the catalogue holds no such store. */
export async function storeListing(q: Queryable, store: { bppId: string; providerId: string }): Promise<StoreListing | null> {
  const [row] = await q.query<StoreListing>(
    `SELECT p.bpp_id, p.provider_id, s.bpp_uri, s.name AS seller_name, s.core_version, p.name, p.image, p.domain, p.city_code, p.location_id, p.min_order_paise, p.cancels_if_short, p.tat,
       p.fssai_licence, p.offers, p.status, p.location_status, p.opens_at, p.closes_at
     FROM catalogue_providers p JOIN catalogue_sellers s USING (bpp_id)
     WHERE p.bpp_id = $1 AND p.provider_id = $2`,
    [store.bppId, store.providerId],
  );
  return row ?? null;
}

/** An item as a cart prices and checks it: with its store's domain and hours. */
export type CartItemRecord = StoreHoursRow & {
  bpp_id: string;
  provider_id: string;
  item_id: string;
  city_code: string;
  domain: string;
  location_id: string;
  kind: 'item' | 'customization';
  name: string;
  image: string | null;
  price_paise: number;
  mrp_paise: number;
  in_stock: boolean;
  max_quantity: number;
  veg_nonveg: string | null;
  pack_value: string | null;
  pack_unit: string | null;
  custom_group_ids: string[];
  parent_group_id: string | null;
  is_default: boolean | null;
  child_group_ids: string[];
};

const CART_ITEM_COLUMNS = `i.bpp_id, i.provider_id, i.item_id, i.city_code, p.domain, i.location_id, i.kind, i.name, i.image,
  i.price_paise, i.mrp_paise, i.in_stock, i.max_quantity, i.veg_nonveg, i.pack_value::text AS pack_value, i.pack_unit,
  i.custom_group_ids, i.parent_group_id, i.is_default, i.child_group_ids, p.status, p.location_status, p.opens_at, p.closes_at`;

/** Some items of a store (dishes, add-ons or goods) as a cart prices them; those it does not list are left out. */
export function cartItems(q: Queryable, store: { bppId: string; providerId: string }, itemIds: readonly string[]): Promise<CartItemRecord[]> {
  return q.query<CartItemRecord>(
    `SELECT ${CART_ITEM_COLUMNS} FROM catalogue_items i JOIN catalogue_providers p USING (bpp_id, provider_id)
     WHERE i.bpp_id = $1 AND i.provider_id = $2 AND i.item_id = ANY($3::text[])`,
    [store.bppId, store.providerId, [...itemIds]],
  );
}

/** A store's add-ons (ondc-notes §4 RET11: customization items) and the categories that group them. */
export async function addOnsOf(
  q: Queryable,
  store: { bppId: string; providerId: string },
): Promise<{ categories: CatalogCategory[]; options: CartItemRecord[] }> {
  const [provider] = await q.query<{ categories: CatalogCategory[] }>('SELECT categories FROM catalogue_providers WHERE bpp_id = $1 AND provider_id = $2', [
    store.bppId,
    store.providerId,
  ]);
  const options = await q.query<CartItemRecord>(
    `SELECT ${CART_ITEM_COLUMNS} FROM catalogue_items i JOIN catalogue_providers p USING (bpp_id, provider_id)
     WHERE i.bpp_id = $1 AND i.provider_id = $2 AND i.kind = 'customization' ORDER BY i.item_id`,
    [store.bppId, store.providerId],
  );
  return { categories: provider?.categories ?? [], options };
}

/** Where the sellers' apps live (each serves its own images). */
export async function sellerUris(q: Queryable): Promise<string[]> {
  return (await q.query<{ bpp_uri: string }>('SELECT DISTINCT bpp_uri FROM catalogue_sellers')).map((r) => r.bpp_uri);
}

export type ItemTerms = {
  item_id: string;
  kind: string;
  price_paise: number;
  in_stock: boolean;
  max_quantity: number;
  returnable: boolean | null;
  return_window: string | null;
  hsn_code: string | null;
  gst_rate: string | number | null;
};

/** The terms a store lists for some of its items (price, stock, returns, tax class); items it does not list are left out. */
export async function itemTerms(q: Queryable, store: { bppId: string; providerId: string }, itemIds: readonly string[]): Promise<ItemTerms[]> {
  return q.query<ItemTerms>(
    `SELECT item_id, kind, price_paise, in_stock, max_quantity, returnable, return_window, hsn_code, gst_rate
     FROM catalogue_items WHERE bpp_id = $1 AND provider_id = $2 AND item_id = ANY($3::text[])`,
    [store.bppId, store.providerId, [...itemIds]],
  );
}

/**
 * Of these listings, in the order given, the first `limit` items still sold (not add-ons), in
 * stock and delivered to the pincode, as cards show them (the store's hours included), whichever
 * seller SPEC §5 would pick.
 */
export async function itemsStillSold(
  q: Queryable,
  listings: ReadonlyArray<{ bppId: string; providerId: string; itemId: string }>,
  pincode: string,
  limit: number,
): Promise<ItemRecord[]> {
  if (listings.length === 0) return [];
  return q.query<ItemRecord>(
    `SELECT ${ITEM_COLUMNS}, ${ITEM_STORE_COLUMNS}, true AS is_active
     FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS k(bpp_id, provider_id, item_id, n)
     JOIN catalogue_items i ON i.bpp_id = k.bpp_id AND i.provider_id = k.provider_id AND i.item_id = k.item_id AND i.kind = 'item'
     JOIN catalogue_providers p ON p.bpp_id = i.bpp_id AND p.provider_id = i.provider_id
     WHERE i.in_stock AND i.max_quantity > 0 AND p.serves_pincodes @> ARRAY[$4]::text[]
     ORDER BY k.n LIMIT $5`,
    [listings.map((l) => l.bppId), listings.map((l) => l.providerId), listings.map((l) => l.itemId), pincode, limit],
  );
}

/** Whether any store on the network delivers to the pincode (the pincodes sellers list in their catalogues). */
export async function anyStoreServes(q: Queryable, pincode: string): Promise<boolean> {
  // `@>` rather than `= ANY` so the GIN index on serves_pincodes answers it.
  const [row] = await q.query<{ served: boolean }>('SELECT EXISTS (SELECT 1 FROM catalogue_providers WHERE serves_pincodes @> ARRAY[$1]::text[]) AS served', [
    pincode,
  ]);
  return row?.served ?? false;
}

/** Whether any store of the city advertises an offer with this code in its catalogue. */
export async function offerAdvertisedInCity(q: Queryable, cityCode: string, code: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM catalogue_providers WHERE city_code = $1 AND offers @> $2::jsonb LIMIT 1', [
    cityCode,
    JSON.stringify([{ id: code }]),
  ]);
  return rows.length > 0;
}
