// Labels whose English lives beside its rule (listing facets and sorts, quick filters, store open
// states, reasons): the rule keeps its key, the catalogue says it in the shopper's language.
import type { FacetField } from '#/features/catalogue/listing.ts';
import type { QuickFilter } from '#/features/catalogue/quick-filters.ts';
import type { StoreOffer } from '#/features/catalogue/catalogue.server.ts';
import { clockTime } from '#/features/catalogue/store-hours.ts';
import { storeOfferText } from '#/features/checkout/store-offers.ts';
import { messagesFor } from './catalogue.ts';
import { fill } from './text.ts';
import { HINDI_CATEGORY_NAMES } from './category-names.hi.ts';
import type { Locale } from './locale.ts';

const FACET_KEYS = { brandName: 'facetBrands', itemQuantityBucket: 'facetQuantity', discountBucket: 'facetDiscount', packSize: 'facetPackSize' } as const;
const SORT_KEYS = { relevance: 'sortRelevance', discount: 'sortDiscount', 'price-low-high': 'sortPriceLowHigh', 'price-high-low': 'sortPriceHighLow' } as const;
const QUICK_FILTER_KEYS = { fastDelivery: 'fastDelivery', offer: 'offers', rating: 'rated4', cost: 'under300', isVeg: 'pureVeg' } as const;

export function facetLabel(field: FacetField, locale: Locale): string {
  return messagesFor(locale).listing[FACET_KEYS[field]];
}

export function sortLabel(sort: keyof typeof SORT_KEYS, locale: Locale): string {
  return messagesFor(locale).listing[SORT_KEYS[sort]];
}

export function quickFilterLabel(filter: QuickFilter, locale: Locale): string {
  return messagesFor(locale).stores[QUICK_FILTER_KEYS[filter]];
}

export type OpenState = 'STORE_OPEN' | 'STORE_CLOSED' | 'STORE_TEMPORARILY_CLOSED';

/** SPEC §4 store open state as a badge; `now` says "Open now" (the store page) rather than "Open". */
export function openStateLabel(state: OpenState, locale: Locale, now = false): string {
  const t = messagesFor(locale).store;
  if (state === 'STORE_OPEN') return now ? t.openNow : t.open;
  return state === 'STORE_CLOSED' ? t.closed : t.temporarilyClosed;
}

/**
 * When a closed store opens again (issue 28): "Opens at 8:00" beside its state on cards and its
 * page, and in place of Add on its items. Null when it is open, or its hours are unknown.
 */
export function opensAtLabel(opensAt: number | null, locale: Locale): string | null {
  return opensAt === null ? null : fill(messagesFor(locale).store.opensAt, { time: clockTime(opensAt) });
}

/** A store's offer in the page's language (issue 28: the listings' text is English), in storeOfferText's words, with its hours if it has them. */
export function offerText(offer: Pick<StoreOffer, 'kind' | 'value' | 'cap' | 'min' | 'hours'>, locale: Locale): string {
  const paise = (rupees: number) => Math.round(rupees * 100);
  const minPaise = paise(offer.min);
  const terms = storeOfferText(
    offer.kind === 'flat'
      ? { kind: 'flat', valuePaise: paise(offer.value), minPaise }
      : { kind: 'percent', percent: offer.value, capPaise: offer.cap ? paise(offer.cap) : null, minPaise },
    locale,
  );
  return offer.hours ? fill(messagesFor(locale).store.offerHours, { offer: terms, hours: offer.hours }) : terms;
}

/** SPEC §8 reason text (and the store's own cancel reasons) by kind and id; an id the catalogue does not know keeps the given text. */
export function reasonLabel(kind: 'cancel' | 'return' | 'store', id: string, locale: Locale, fallback: string): string {
  const reasons: Record<string, string> = messagesFor(locale).reasons;
  return reasons[`${kind}${id}`] ?? fallback;
}

/** An ONDC order state as the shopper reads it; an unknown state shows as the seller wrote it. */
export function orderStateLabel(state: string, locale: Locale): string {
  const states: Record<string, string> = messagesFor(locale).orderState;
  return states[state] ?? state;
}

/** One of our grocery categories by name; in Hindi from its own table, English as kept. */
export function categoryName(category: { name: string }, locale: Locale): string {
  return locale === 'hi' ? (HINDI_CATEGORY_NAMES[category.name] ?? category.name) : category.name;
}

/** SPEC §9 time estimate (days, hours, minutes, seconds) in the shopper's language. */
export function durationText(parts: { days: number; hours: number; minutes: number; seconds: number }, locale: Locale): string {
  const t = messagesFor(locale).tracking;
  const words = (
    [
      [parts.days, t.day, t.days],
      [parts.hours, t.hour, t.hours],
      [parts.minutes, t.minute, t.minutes],
      [parts.seconds, t.second, t.seconds],
    ] as const
  ).flatMap(([n, one, many]) => (n ? [(n === 1 ? one : many).replace('{n}', String(n))] : []));
  return words.length === 0 ? t.now : words.join(' ');
}

/** Issue 29: a store's promise before ordering as one short text ("Delivery in 45 minutes"). */
export function promiseText(parts: { days: number; hours: number; minutes: number; seconds: number }, locale: Locale): string {
  return fill(messagesFor(locale).tracking.promise, { duration: durationText(parts, locale) });
}
