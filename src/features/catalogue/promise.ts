// Issue 29: the delivery promise where the shopper decides (product page, item cards, cart,
// checkout), from the seller's catalogue TAT (`@ondc/org/TAT` of its fulfillment) and the
// shopper's address. The order pages promise from the seller's order instead (orders/order-view).
import { durationParts, type DurationParts } from '#/ondc/context.ts';

/**
 * What a store promises this shopper: its TAT, only when it delivers to the shopper's pincode (a
 * store that does not serve the address promises nothing); null too when it states no TAT.
 */
export function storePromise(store: { tat: string | null; servesPincode: boolean }): DurationParts | null {
  return store.servesPincode ? durationParts(store.tat) : null;
}
