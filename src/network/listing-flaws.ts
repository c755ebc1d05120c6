// DESIGN §5 sellers are not perfect: a few items go out with a listing mistake a buyer app must
// catch (ONDC catalog_rejection): a photo uploaded straight from a phone as HEIC, which no
// browser shows. The set is fixed by item id, like price drift, so tests can name such an item.
// A seller told of the mistake corrects it (the photo is converted) and lists the item again in
// its next incremental refresh.
import type { CatalogueItem } from './catalogue/generate.ts';
import { hashString } from './catalogue/random.ts';

/** One sellable item in this many is listed with a HEIC photo. */
const FLAW_ONE_IN = 23;

export function hasListingFlaw(item: CatalogueItem): boolean {
  return item.kind !== 'customization' && hashString(`listing-flaw:${item.id}`) % FLAW_ONE_IN === 0;
}
