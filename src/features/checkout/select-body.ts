// SPEC §3 select request, built in the browser from the cart and the delivery place.
import type { Cart } from '../cart/payload.ts';
import type { DeliveryLocation } from '../location/delivery-location.ts';

/**
 * The first select needs the pincode only (SPEC §3). A customised dish goes with its add-ons as
 * items of their own sharing the dish line's parent_item_id, each tagged as the catalogue tags it
 * (ondc-notes §4), so the seller prices the add-ons too.
 */
export function selectBody(cart: Cart, place: DeliveryLocation) {
  const fallbackLocation = cart.cart_metadata.provider_locations[0]?.id ?? '';
  return {
    categoryDomain: cart.cart_metadata.categoryDomain,
    ondcCity: place.city,
    bpp: { bpp_id: cart.cart_metadata.bpp_id },
    provider: { id: cart.provider_id, locations: cart.cart_metadata.provider_locations.map((l) => l.id) },
    items: cart.items.flatMap((entry) =>
      entry.item_metadata.map((line, index) => ({
        sku_id: index === 0 ? entry.sku_id : line.id,
        quantity: entry.quantity,
        location_id: line.location_id || fallbackLocation,
        ...(line.parentItemId ? { parent_item_id: line.parentItemId } : {}),
        ...(line.parentItemId && line.tags.length > 0 ? { tags: line.tags } : {}),
      })),
    ),
    lat_long: `${place.lat},${place.lng}`,
    address: { area_code: place.pincode },
  };
}
