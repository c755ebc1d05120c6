// DESIGN §5 sellers are not perfect: a few items go out with a listing mistake a buyer app must
// catch and reject (ONDC catalog_rejection). A grocery item's "photo" is the maker's PDF leaflet;
// a dish has no photo at all (restaurants often list before the kitchen has photographed it).
// Told of it, the seller photographs the product with a phone and lists the HEIC original, which
// is rejected again; told of that, it converts the photo and the item is finally listed. Each
// correction goes out in the seller's next incremental refresh. The mislisted items are fixed by
// item id, like price drift, so tests can name one.
import type { CatalogueItem } from './catalogue/generate.ts';
import { hashString } from './catalogue/random.ts';

/** One grocery item in this many is mislisted. */
const GROCERY_FLAW_ONE_IN = 23;
/** One dish without add-ons in this many is listed before it has a photo. */
const DISH_FLAW_ONE_IN = 8;

/** Where a mislisted item's photo stands, from the first listing to the corrected one. */
export const PHOTO_STAGES = ['first', 'heic', 'web'] as const;
export type PhotoStage = (typeof PHOTO_STAGES)[number];

export function hasListingFlaw(item: CatalogueItem): boolean {
  const hash = hashString(`listing-flaw:${item.id}`);
  if (item.kind === 'grocery') return hash % GROCERY_FLAW_ONE_IN === 0;
  // A dish with add-ons is photographed with them; only plain dishes go out without a photo.
  return item.kind === 'dish' && item.customGroupIds.length === 0 && hash % DISH_FLAW_ONE_IN === 0;
}

/** The rejection code that moves a mislisted item's photo on to the next stage. */
export function correctionFor(stage: PhotoStage, item: CatalogueItem): string | null {
  if (stage === 'first') return item.kind === 'dish' ? '91003' : '91011';
  return stage === 'heic' ? '91011' : null;
}
