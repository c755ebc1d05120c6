import type { Database } from '#/db/client.ts';
import type { DurationParts } from '#/ondc/context.ts';
import { storeSummary, type ShopperPlace } from './catalogue.server.ts';
import { storePromise } from './promise.ts';

/** Issue 29: what a cart's store promises the place it delivers to (cart and checkout); null when nothing. */
export async function cartStorePromise(
  database: Database,
  cart: { provider_id: string; cart_metadata: { bpp_id: string } } | null,
  place: ShopperPlace & { lat: number; lng: number },
): Promise<DurationParts | null> {
  if (!cart) return null;
  const store = await storeSummary(database, { bppId: cart.cart_metadata.bpp_id, providerId: cart.provider_id, place });
  return store ? storePromise(store) : null;
}
