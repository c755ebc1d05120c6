// DESIGN §5 "prices change between cart and quote": a few items cost more at the shelf than the
// catalogue said, so a select quotes a price the buyer app must flag (SPEC §5 ITEM_PRICE_CHANGED,
// and cancellation reason 001). The set is fixed by item id, so tests can name such an item.
import type { CatalogueItem } from './catalogue/generate.ts';
import { hashString } from './catalogue/random.ts';

/** One item in this many drifts. */
const DRIFT_ONE_IN = 25;
const DRIFT_PERCENT = 5;

/** Whether the seller's current price of this item differs from its catalogue price. */
export function hasPriceDrift(item: CatalogueItem): boolean {
  // Add-ons are priced with their dish; only what is sold on its own drifts.
  return item.kind !== 'customization' && hashString(`price-drift:${item.id}`) % DRIFT_ONE_IN === 0;
}

/** The unit price a select or init quotes, in paise. */
export function currentPricePaise(item: CatalogueItem): number {
  if (!hasPriceDrift(item)) return item.pricePaise;
  // Rounded up to a whole rupee, so the rise is at least ₹1 and always visible.
  return Math.ceil((item.pricePaise * (100 + DRIFT_PERCENT)) / 100 / 100) * 100;
}
