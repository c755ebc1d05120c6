// What the native app hears of an order (README "Native bridge contract", issue 29): the amount
// the shopper agreed to pay (the server's payable total, never summed here) and the items, each
// with its unit price and chosen add-ons; once the order stands, its id and how it was paid.
import type { Cart } from '#/features/cart/payload.ts';

type BridgeItem = { id: string; name: string; quantity: number; price: string; customisations?: string[] };

export type BridgeOrder = { amount: string | null; currency: 'INR'; items: BridgeItem[] };

/** The cart's lines as the app's payload: a dish's first metadata entry is the dish, the rest its add-ons. */
export function bridgeOrder(cart: Pick<Cart, 'items'>, totalRupees: number | null): BridgeOrder {
  return {
    amount: totalRupees === null ? null : totalRupees.toFixed(2),
    currency: 'INR',
    items: cart.items.map((entry) => {
      const [item, ...addOns] = entry.item_metadata;
      return {
        id: entry.sku_id,
        name: item?.descriptor.name ?? entry.sku_id,
        quantity: entry.quantity,
        price: item?.price.value ?? '0.00',
        ...(addOns.length > 0 ? { customisations: addOns.map((a) => a.descriptor.name) } : {}),
      };
    }),
  };
}
