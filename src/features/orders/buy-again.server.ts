// Home's buy-again shelf (issue 29): what this shopper ordered before, as the catalogue sells it
// today. The price, the stock and the store's hours are the catalogue's now, never the order's: an
// item the store stopped selling, ran out of, or that no longer reaches the shopper's pincode is
// left off rather than shown and refused at the tap.
import type { Database } from '#/db/client.ts';
import { TRANSACTION_SELLERS } from '#/ondc/stored-messages.server.ts';
import type { ItemWidget } from '#/features/catalogue/catalogue.ts';
import { itemsStillSold, toWidget, type ShopperPlace } from '#/features/catalogue/catalogue.server.ts';

/** Cards on the shelf: a tray's worth, and bytes kept well inside home's first 14 KB flight. */
export const BUY_AGAIN_ITEMS = 6;
/** Orders read: a shopper's recent habits, and one index range however long their history. */
const RECENT_ORDERS = 30;

/**
 * The items of the shopper's recent confirmed orders still sold, in stock and delivered to their
 * pincode: those ordered in more orders first, then the most recently ordered. An order's
 * add-ons are not items of the catalogue (kind 'customization'), so they never reach the shelf.
 * The listing the shopper bought from is shown as it is, whichever seller SPEC §5 would pick.
 */
export async function buyAgainItems(database: Database, shopper: string, place: ShopperPlace): Promise<ItemWidget[]> {
  const bought = await database.query<{ bpp_id: string; provider_id: string; item_id: string }>(
    `WITH recent AS (
       SELECT o.order_id, o.created_at, t.bpp_id, o.on_confirm->'provider'->>'id' AS provider_id, o.on_confirm->'items' AS items
       FROM orders o JOIN ${TRANSACTION_SELLERS} t ON t.transaction_id = o.transaction_id
       WHERE o.shopper_key = $1 AND o.on_confirm IS NOT NULL AND t.bpp_id IS NOT NULL
       ORDER BY o.created_at DESC LIMIT ${RECENT_ORDERS}
     )
     SELECT r.bpp_id, r.provider_id, line->>'id' AS item_id
     FROM recent r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) AS line
     WHERE r.provider_id IS NOT NULL AND line->>'id' IS NOT NULL
     GROUP BY 1, 2, 3
     ORDER BY count(DISTINCT r.order_id) DESC, max(r.created_at) DESC, 3`,
    [shopper],
  );
  const sold = await itemsStillSold(
    database,
    bought.map((b) => ({ bppId: b.bpp_id, providerId: b.provider_id, itemId: b.item_id })),
    place.pincode,
    BUY_AGAIN_ITEMS,
  );
  return sold.map(toWidget);
}
