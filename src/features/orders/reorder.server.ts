// "Order again" (issue 29): a delivered or cancelled order's items go back into the shopper's cart
// one line at a time through the cart service, so every rule of an add holds (the store open, the
// per-order maximum, stock, one store per cart); the cart page then names what did not come back.
import type { Database } from '#/db/client.ts';
import { itemTerms } from '#/features/catalogue/catalogue.server.ts';
import { findTransaction } from '#/ondc/stored-messages.server.ts';
import { updateCart, type CartResult } from '#/features/cart/cart.server.ts';
import type { Cart, CartErrorCode } from '#/features/cart/payload.ts';
import { storeNameOf, type ConfirmedOrder } from './order-view.ts';
import { leftOut, REORDERABLE, reorderLines, type LeftOut, type ReorderLine } from './reorder.ts';

type StoredOrder = {
  status: string;
  bpp_id: string | null;
  on_confirm:
    | (ConfirmedOrder & {
        provider?: { id?: string };
        items?: Parameters<typeof reorderLines>[0];
        quote?: { breakup?: Array<{ title?: string; '@ondc/org/item_id'?: string; '@ondc/org/title_type'?: string }> };
      })
    | null;
};

async function findStoredOrder(database: Database, shopper: string, orderId: string) {
  const [found] = await database.query<Omit<StoredOrder, 'bpp_id'> & { transaction_id: string }>(
    'SELECT status, transaction_id, on_confirm FROM orders WHERE order_id = $1 AND shopper_key = $2 AND on_confirm IS NOT NULL',
    [orderId, shopper],
  );
  const row = found ? { ...found, bpp_id: (await findTransaction(database, found.transaction_id))?.bppId ?? null } : undefined;
  const order = typeof row?.on_confirm === 'string' ? (JSON.parse(row.on_confirm) as StoredOrder['on_confirm']) : row?.on_confirm;
  const providerId = order?.provider?.id;
  if (!row || !order || !row.bpp_id || !providerId) return null;
  return {
    status: row.status,
    bppId: row.bpp_id,
    providerId,
    storeName: storeNameOf(order),
    lines: reorderLines(order.items ?? []),
    breakup: order.quote?.breakup ?? [],
  };
}

type Listed = { item_id: string; in_stock: boolean; max_quantity: number };

/** The order's items the store still lists (a customisation or another store's item is not one). */
async function stillListed(database: Database, order: { bppId: string; providerId: string; lines: ReorderLine[] }): Promise<Map<string, Listed>> {
  const rows = await itemTerms(
    database,
    order,
    order.lines.map((l) => l.itemId),
  );
  return new Map(rows.filter((r) => r.kind === 'item').map((r) => [r.item_id, r]));
}

export type ReorderOutcome =
  | { ok: true; cart: Cart | null; added: number }
  | { ok: false; status: 404 | 409 | 400; code: CartErrorCode | 'NOT_FOUND' | 'NOT_OVER'; message: string };

/** Refusals that are about the cart or the store, not one item: nothing can be added, so ordering again stops. */
const WHOLE_CART: ReadonlySet<CartErrorCode> = new Set(['STORE_CLOSED', 'STORE_TEMPORARILY_CLOSED', 'PROVIDER_MISMATCH', 'UNKNOWN_CITY', 'CART_CONFLICT']);

/**
 * Puts the order's lines that are still sold and in stock into the shopper's cart, at most the
 * store's maximum of each. `replace`: the shopper agreed to drop another store's cart, so the
 * first line starts the cart again.
 */
export async function orderAgain(database: Database, shopper: string, orderId: string, options: { replace: boolean }): Promise<ReorderOutcome> {
  const order = await findStoredOrder(database, shopper, orderId);
  if (!order) return { ok: false, status: 404, code: 'NOT_FOUND', message: 'No such order' };
  if (!REORDERABLE.has(order.status))
    return { ok: false, status: 409, code: 'NOT_OVER', message: 'This order is still on its way: order again once it is delivered' };
  const listed = await stillListed(database, order);
  let cart: Cart | null = null;
  let added = 0;
  for (const line of order.lines) {
    const item = listed.get(line.itemId);
    if (!item?.in_stock) continue;
    const startsCart = options.replace && added === 0;
    const put = (quantity: number, increment: boolean) =>
      updateCart(
        database,
        shopper,
        {
          action: startsCart ? 'CREATE_CART' : 'UPDATE_ITEM',
          sku_id: line.itemId,
          quantity,
          cart_metadata: { bpp_id: order.bppId, provider_id: order.providerId },
          item_metadata: { itemId: line.itemId, providerId: order.providerId, customisations: line.customisationIds },
        },
        { offer: false, increment: increment && !startsCart },
      );
    let result: CartResult = await put(Math.min(line.quantity, item.max_quantity), true);
    // The cart already holds some: as many as one order may have, no more.
    if (!result.ok && result.code === 'QUANTITY_LIMIT') result = await put(item.max_quantity, false);
    if (result.ok) {
      cart = result.cart;
      added++;
      continue;
    }
    if (WHOLE_CART.has(result.code)) return { ok: false, status: result.status, code: result.code, message: result.message };
    cart = result.cart;
  }
  return { ok: true, cart, added };
}

export type ReorderNotice = { storeName: string | null; leftOut: LeftOut[]; added: number };

/** What the cart page says after ordering again: the order's lines the cart does not hold, and why. */
export async function reorderNotice(database: Database, shopper: string | null, orderId: string, cart: Cart | null): Promise<ReorderNotice | null> {
  if (!shopper) return null;
  const order = await findStoredOrder(database, shopper, orderId);
  if (!order) return null;
  const listed = await stillListed(database, order);
  const sameStore = cart?.provider_id === order.providerId && cart.cart_metadata.bpp_id === order.bppId;
  const inCart = new Map<string, number>();
  for (const entry of sameStore ? cart.items : []) inCart.set(entry.sku_id, (inCart.get(entry.sku_id) ?? 0) + entry.quantity);
  const names = new Map(
    order.breakup.filter((b) => b['@ondc/org/title_type'] === 'item' && b['@ondc/org/item_id']).map((b) => [b['@ondc/org/item_id'] as string, b.title ?? '']),
  );
  const missing = leftOut(order.lines, new Map([...listed].map(([id, row]) => [id, { inStock: row.in_stock }])), inCart, names);
  return { storeName: order.storeName, leftOut: missing, added: order.lines.length - missing.filter((m) => m.inCart === 0).length };
}
