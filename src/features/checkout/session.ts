// Issue 23: what a checkout is built from, read off the shopper's server cart (pure: the server
// uses it for select and init, tests drive it).
import { rupeesToPaise } from '#/lib/money.ts';
import type { Cart } from '#/features/cart/payload.ts';
import type { CheckedLine } from './quote-check.ts';

/** What the seller is asked for: one protocol item per cart line and customisation (ondc-notes §4). */
export type ProtocolItem = {
  id: string;
  quantity: number;
  location_id: string;
  parent_item_id?: string;
  tags?: Array<{ code: string } & Record<string, unknown>>;
};

/** The items the client may send with select/init: only compared with the server cart. */
export type ClientItem = { id: string; quantity: number; parent_item_id?: string | undefined };

/** What a select or init says of the cart it was sent from: its city, and what it believes the cart holds. */
export type ClientCopy = {
  ondcCity: string;
  items?: ClientItem[] | undefined;
  providerId?: string | undefined;
  bppId?: string | undefined;
  cartVersion?: number | undefined;
};

/** A line as select (`sku_id`) or init (`id`, the ONDC item id) names it. */
type RequestLine = ({ sku_id: string } | { id: string }) & { quantity: number; parent_item_id?: string | undefined };

/**
 * The client's copy of the cart in a select or init request (SPEC §3 payloads: select names a line
 * by `sku_id`, init by `id`), read the same way for both before it is compared with the server cart.
 */
export function clientCopy(request: {
  ondcCity: string;
  items?: readonly RequestLine[] | undefined;
  provider?: { id: string } | undefined;
  bpp?: { bpp_id: string } | undefined;
  cart_version?: number | undefined;
}): ClientCopy {
  return {
    ondcCity: request.ondcCity,
    items: request.items?.map((item) => ({ id: 'sku_id' in item ? item.sku_id : item.id, quantity: item.quantity, parent_item_id: item.parent_item_id })),
    providerId: request.provider?.id,
    bppId: request.bpp?.bpp_id,
    cartVersion: request.cart_version,
  };
}

export const CART_EMPTY_MESSAGE = 'Your cart is empty. Add items to place an order';
export const CART_CHANGED_MESSAGE = 'Your cart has changed (in another tab or on another device). Please review your cart and try again';
export const QUOTE_STALE_MESSAGE = 'Your cart has changed since the price was checked. Please review the order summary again';
/** Issue 29: the init names another delivery time than the latest quote is for. */
export const DELIVERY_CHANGED_MESSAGE = 'Your delivery time has changed since the price was checked. Please review it and place the order again';

/**
 * What the checkout page says of the place with its select and init (issue 23): the items come from
 * the server cart; the page names only the city, the cart version it shows and the position.
 */
export function checkoutPlace(cart: Pick<Cart, 'cart_version'>, place: { city: string; lat: number; lng: number }) {
  return { ondcCity: place.city, cart_version: cart.cart_version, lat_long: `${place.lat},${place.lng}` };
}

export type SessionFailure = { ok: false; status: 409; message: string; code: 'CART_EMPTY' | 'CART_CHANGED' | 'QUOTE_STALE' };

/**
 * The customised dish goes with its add-ons as items of their own sharing the dish line's
 * parent_item_id, each tagged as the catalogue tags it (ondc-notes §4), so the seller prices the
 * add-ons too.
 */
export function protocolItems(cart: Cart): ProtocolItem[] {
  const fallbackLocation = cart.cart_metadata.provider_locations[0]?.id ?? '';
  return cart.items.flatMap((entry) =>
    entry.item_metadata.map((line, index) => ({
      id: index === 0 ? entry.sku_id : line.id,
      quantity: entry.quantity,
      location_id: line.location_id || fallbackLocation,
      ...(line.parentItemId ? { parent_item_id: line.parentItemId } : {}),
      ...(line.parentItemId && line.tags.length > 0 ? { tags: line.tags } : {}),
    })),
  );
}

/** The cart lines as the shopper saw them (name, quantity, unit price), for the SPEC §5 quote checks. */
export function checkedLines(cart: Cart): CheckedLine[] {
  return cart.items.map((entry) => ({
    itemId: entry.sku_id,
    parentItemId: entry.item_metadata[0]?.parentItemId ?? undefined,
    name: entry.item_metadata[0]?.descriptor.name ?? entry.sku_id,
    quantity: entry.quantity,
    unitPricePaise: rupeesToPaise(entry.item_metadata[0]?.price.value ?? '0'),
  }));
}

const itemKey = (item: { id: string; quantity: number; parent_item_id?: string | undefined }) =>
  `${item.id}\u0000${item.parent_item_id ?? ''}\u0000${item.quantity}`;
/** The same items in the same quantities, in any order. */
export const sameItems = (a: readonly ClientItem[], b: readonly ClientItem[]) => {
  const keys = (items: readonly ClientItem[]) => items.map(itemKey).sort().join('\u0001');
  return keys(a) === keys(b);
};
