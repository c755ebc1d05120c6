// Cart rules shared by the server and the islands (DESIGN §3): pure, no I/O. The wire schemas
// (zod) live in payload.ts, which only the server imports, so the islands' bundle stays small.
import { rupeesToPaise } from '#/lib/money.ts';
import type { Domain } from '#/ondc/context.ts';
import type { CartEntry } from './payload.ts';

/** What an item card hands the add-to-cart control (contract with the catalogue pages). */
export interface AddToCartItem {
  bppId: string;
  providerId: string;
  locationId: string;
  itemId: string;
  name: string;
  domain: Domain;
  pricePaise: number;
  inStock: boolean;
  customisable: boolean;
  providerName: string;
}

/**
 * The domains this storefront sells in (SPEC §1 app type retail, plus food for restaurants);
 * stores list personal care, household and health goods in their own ONDC domains.
 */
export const APP_DOMAINS: readonly string[] = ['ONDC:RET10', 'ONDC:RET11', 'ONDC:RET13', 'ONDC:RET16', 'ONDC:RET18'] satisfies Domain[];

/** The most of one line a shopper may order; a seller's own maximum may be lower. */
export const MAX_LINE_QUANTITY = 99;

/** SPEC §8 cart toasts, word for word. */
export const CART_TOASTS = {
  updated: 'Updated item quantity',
  updateFailed: 'Failed to update quantity',
  removed: 'Removed item',
  removeFailed: 'Failed to Removed item',
  listingFailed: 'Unable to add/remove item. Please try again later.',
} as const;

/** SPEC §4/§8 generic failure of a data slice. */
export const SOMETHING_WENT_WRONG = 'Something went wrong';

// FNV-1a, 32 bits: two passes with different offsets give 16 hex digits, stable on both sides.
function fnv1a(text: string, offset: number): string {
  let hash = offset;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * A cart line's id: the item id for a plain item; for a customised dish a digest of the dish and
 * its (sorted) customisations, so the same choices land on the same line and different ones on
 * a line of their own (SPEC §4: each customisation is its own cart line). ONDC carries it as the
 * items' `parent_item_id`.
 */
export function lineIdOf(itemId: string, customisationIds: readonly string[]): string {
  if (customisationIds.length === 0) return itemId;
  const key = `${itemId}|${[...new Set(customisationIds)].sort().join(',')}`;
  return `L${fnv1a(key, 0x811c9dc5)}${fnv1a(key, 0x01000193)}`;
}

/** The line an entry of the cart response is. */
export function lineKeyOf(entry: CartEntry): string {
  return entry.item_metadata[0]?.parentItemId ?? entry.sku_id;
}

/** One unit of a line: the dish plus its customisations, at the price and at MRP. */
export function unitPricePaise(entry: CartEntry): { price: number; mrp: number } {
  return entry.item_metadata.reduce(
    (sum, line) => ({ price: sum.price + rupeesToPaise(line.price.value), mrp: sum.mrp + rupeesToPaise(line.price.maximum_value) }),
    { price: 0, mrp: 0 },
  );
}

export interface CartTotals {
  /** SPEC §5 item total with item discount: what the items cost at their selling prices. */
  itemTotalPaise: number;
  mrpTotalPaise: number;
  savingsPaise: number;
  /** Units in the cart: the header badge. */
  count: number;
}

export function cartTotals(cart: { items: readonly CartEntry[] } | null): CartTotals {
  const totals = { itemTotalPaise: 0, mrpTotalPaise: 0, savingsPaise: 0, count: 0 };
  for (const entry of cart?.items ?? []) {
    const unit = unitPricePaise(entry);
    totals.itemTotalPaise += unit.price * entry.quantity;
    totals.mrpTotalPaise += unit.mrp * entry.quantity;
    totals.count += entry.quantity;
  }
  totals.savingsPaise = Math.max(0, totals.mrpTotalPaise - totals.itemTotalPaise);
  return totals;
}

/**
 * The item total the cart bar may show: the server's, and only once its cart holds the quantities
 * the page shows. A tap's quantity shows at once, its price only when the server has answered, so
 * the bar never reads ₹0 (or an older total) for an item just added.
 */
export function confirmedItemTotalPaise(cart: { items: readonly CartEntry[] } | null, shownQuantity: number): number | null {
  const totals = cartTotals(cart);
  return totals.count === shownQuantity ? totals.itemTotalPaise : null;
}

/** SPEC §3 cartProducts: the quantity of each item in the cart, its customised lines added up. */
export type QuantityMap = Record<string, number>;

export function quantityMap(cart: { items: readonly CartEntry[] } | null): QuantityMap {
  const map: QuantityMap = {};
  for (const entry of cart?.items ?? []) map[entry.sku_id] = (map[entry.sku_id] ?? 0) + entry.quantity;
  return map;
}

export function totalQuantity(map: QuantityMap): number {
  return Object.values(map).reduce((n, q) => n + q, 0);
}

/** How many items a cart read on the server holds, as the header's badge counts them. */
export function itemsIn(cart: { items: ReadonlyArray<{ quantity: number }> } | null): number {
  return cart?.items.reduce((n, line) => n + line.quantity, 0) ?? 0;
}

/**
 * SPEC §5 minimum cart value: when uiConfig.minCartValueRequired is above the item total (with
 * item discount) and the warehouse is not whitelisted, the shortfall in whole rupees, rounded up
 * ("Add ₹N more"); otherwise null and checkout may go on.
 */
export function minCartShortfallRupees(input: {
  minCartValueRequiredPaise: number | null;
  itemTotalPaise: number;
  warehouseWhitelisted: boolean;
}): number | null {
  const { minCartValueRequiredPaise: required, itemTotalPaise, warehouseWhitelisted } = input;
  if (warehouseWhitelisted || required === null || required <= itemTotalPaise) return null;
  return Math.ceil((required - itemTotalPaise) / 100);
}

/** SPEC §4 cart load: a cart of another app's domain is cleared and all cart state reset. */
export function isForeignDomainCart(cart: { cart_metadata: { categoryDomain: string } } | null, appDomains: readonly string[] = APP_DOMAINS): boolean {
  return cart !== null && !appDomains.includes(cart.cart_metadata.categoryDomain);
}

export type QuantityDecision = { kind: 'ignore'; reason: string } | { kind: 'delete' } | { kind: 'set'; quantity: number };

/** SPEC §4: quantity 0 becomes a delete; an undefined (or otherwise unusable) quantity is reported and ignored. */
export function decideQuantity(quantity: number | undefined): QuantityDecision {
  if (quantity === undefined || !Number.isInteger(quantity) || quantity < 0) {
    return { kind: 'ignore', reason: `Unusable cart quantity: ${String(quantity)}` };
  }
  if (quantity === 0) return { kind: 'delete' };
  return { kind: 'set', quantity: Math.min(quantity, MAX_LINE_QUANTITY) };
}

/** Where a cart's items come from: the seller app and its provider. */
export interface ProviderKey {
  bppId: string;
  providerId: string;
}

/** SPEC §5: an item from another provider than the cart's triggers the provider-change popup. */
export function isProviderChange(cartProvider: ProviderKey | null, item: ProviderKey): boolean {
  return cartProvider !== null && (cartProvider.bppId !== item.bppId || cartProvider.providerId !== item.providerId);
}

/** SPEC §1 wording rule: for the retail app type "restaurant" reads "store". */
export function providerWord(domain: string): 'restaurant' | 'store' {
  return domain === 'ONDC:RET11' ? 'restaurant' : 'store';
}
