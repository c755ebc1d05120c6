// What the other features read of the catalogue (issue 27: its tables are read by catalogue/
// alone): one store's listing, some items' terms, items still sold, whether anyone delivers to a
// pincode or advertises an offer in a city. Each answers with the seller's words as ingested.
import type { Queryable } from '#/db/client.ts';
import { ITEM_COLUMNS, ITEM_STORE_COLUMNS, type ItemRecord } from './catalogue.server.ts';
import type { StoreHoursRow } from './store-hours.ts';

export type StoreListing = StoreHoursRow & {
  bpp_id: string;
  provider_id: string;
  bpp_uri: string;
  name: string;
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
    `SELECT p.bpp_id, p.provider_id, s.bpp_uri, p.name, p.domain, p.city_code, p.location_id, p.min_order_paise, p.cancels_if_short, p.tat,
       p.fssai_licence, p.offers, p.status, p.location_status, p.opens_at, p.closes_at
     FROM catalogue_providers p JOIN catalogue_sellers s USING (bpp_id)
     WHERE p.bpp_id = $1 AND p.provider_id = $2`,
    [store.bppId, store.providerId],
  );
  return row ?? null;
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
