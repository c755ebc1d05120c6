// Issue 28 point 4: the offers a store advertises (its ONDC catalogue `offers`, shown on home,
// store pages and the cart strip) are the offers its checkout accepts. One reading of the
// catalogue's tags serves both; the seller applies the offer in its quote (ONDC order.offers).
import { formatRupees } from '#/lib/money.ts';
import { tagValues, type CatalogTag } from '#/ondc/catalog.ts';
import { isCategoryAvailable, type CategoryTiming } from '#/features/catalogue/category-availability.ts';
import { messagesFor } from '#/features/i18n/catalogue.ts';
import type { Locale } from '#/features/i18n/locale.ts';
import { fill } from '#/features/i18n/text.ts';

/** What an offer gives and the order it needs: all its words say. */
export type OfferTerms =
  | { kind: 'percent'; percent: number; capPaise: number | null; minPaise: number }
  | { kind: 'flat'; valuePaise: number; minPaise: number };

/** `timing`: the hours the offer applies in (its catalogue's timing tag, as custom menus carry), or none: all day. */
export type StoreOffer = OfferTerms & { id: string; code: string; timing: CategoryTiming | null };

const paiseOf = (rupees: string | undefined) => Math.round(Math.abs(Number(rupees ?? 0)) * 100);

/** A store's catalogue offers as the shopper reads them; offers without a benefit are left out. */
export function storeOffersOf(offers: unknown): StoreOffer[] {
  if (!Array.isArray(offers)) return [];
  return offers.flatMap((offer: { id?: unknown; tags?: CatalogTag[] }): StoreOffer[] => {
    if (typeof offer.id !== 'string' || !Array.isArray(offer.tags)) return [];
    const tags = offer.tags;
    const value = tagValues(tags, 'benefit', 'value')[0];
    if (!value || Number(value) === 0) return [];
    // Catalogues name offers by code; some prefix the provider id ("P1-FRESH15").
    const code = (offer.id.split('-').at(-1) ?? offer.id).toUpperCase();
    const minPaise = paiseOf(tagValues(tags, 'qualifier', 'min_value')[0]);
    const timing = timingOf(tags);
    if (tagValues(tags, 'benefit', 'value_type')[0] === 'percent') {
      const cap = tagValues(tags, 'benefit', 'value_cap')[0];
      return [{ id: offer.id, code, kind: 'percent', percent: Math.abs(Number(value)), capPaise: cap ? paiseOf(cap) : null, minPaise, timing }];
    }
    return [{ id: offer.id, code, kind: 'flat', valuePaise: paiseOf(value), minPaise, timing }];
  });
}

/** An offer's timing tag (day_from, day_to: 1–7; time_from, time_to: HHMM); none, or one that does not read, is all day. */
function timingOf(tags: readonly CatalogTag[]): CategoryTiming | null {
  const read = (entry: string) => Number(tagValues(tags, 'timing', entry)[0]);
  const timing = { dayFrom: read('day_from'), dayTo: read('day_to'), timeFrom: read('time_from'), timeTo: read('time_to') };
  return Object.values(timing).every(Number.isInteger) ? timing : null;
}

/** Whether the offer applies at `now` (store hours' clock): inside its hours, or it has none. */
export function storeOfferOpen(offer: StoreOffer, now: Date): boolean {
  return offer.timing === null || isCategoryAvailable([offer.timing], now);
}

/** An HHMM time as offers say it: 1600 → "4 pm", 1630 → "4:30 pm", 0 → "12 am". */
function twelveHour(hhmm: number): string {
  const hours = Math.floor(hhmm / 100);
  const minutes = hhmm % 100;
  return `${hours % 12 || 12}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''} ${hours < 12 ? 'am' : 'pm'}`;
}

/** The hours of an offer that has them: "4 pm–7 pm". */
export function storeOfferHours(timing: CategoryTiming): string {
  return `${twelveHour(timing.timeFrom)}–${twelveHour(timing.timeTo)}`;
}

/**
 * An offer's benefit in the shopper's words: "15% off up to ₹75", "₹75 off". The one wording of
 * an offer (the i18n catalogue's, both languages): store cards, the listings' API, the cart's
 * strip and the offers list all say it so.
 */
export function storeOfferBenefit(offer: OfferTerms, locale: Locale = 'en'): string {
  const t = messagesFor(locale).store;
  if (offer.kind === 'flat') return fill(t.offerFlat, { amount: formatRupees(offer.valuePaise, locale) });
  if (offer.capPaise) return fill(t.offerPercentUpTo, { percent: offer.percent, cap: formatRupees(offer.capPaise, locale) });
  return fill(t.offerPercent, { percent: offer.percent });
}

/** The benefit with the order it needs, and its hours if it has them: "₹50 off above ₹249, 4 pm–7 pm". */
export function storeOfferText(offer: OfferTerms & { timing?: CategoryTiming | null }, locale: Locale = 'en'): string {
  const t = messagesFor(locale).store;
  const benefit = storeOfferBenefit(offer, locale);
  const terms = offer.minPaise > 0 ? fill(t.offerAbove, { offer: benefit, min: formatRupees(offer.minPaise, locale) }) : benefit;
  return offer.timing ? fill(t.offerHours, { offer: terms, hours: storeOfferHours(offer.timing) }) : terms;
}

/** Why an advertised offer does not apply to this cart, in words the shopper can act on. */
export type OfferReason = { reason: 'minimum'; shortfallPaise: number; message: string } | { reason: 'store' | 'time'; message: string };

/**
 * Issue 28: an offer with hours applies only inside them, at `now` on the store hours' clock (the
 * same reading lists, advertises and accepts it); then the minimum order value, the store's (its
 * catalogue's qualifier), checked on the item total when there is one.
 */
export function storeOfferReason(offer: StoreOffer, itemTotalPaise: number | null, now: Date): OfferReason | null {
  if (offer.timing && !storeOfferOpen(offer, now)) return { reason: 'time', message: `Available ${storeOfferHours(offer.timing)}` };
  if (itemTotalPaise === null || itemTotalPaise >= offer.minPaise) return null;
  const shortfallPaise = offer.minPaise - itemTotalPaise;
  return {
    reason: 'minimum',
    shortfallPaise,
    message: `Add ${formatRupees(shortfallPaise)} more to use ${offer.code} (orders of ${formatRupees(offer.minPaise)} or more)`,
  };
}

/** A code another store advertises: it applies there, not to this cart's store. */
export function otherStoreReason(code: string, storeName: string): OfferReason {
  return { reason: 'store', message: `${code} is not an offer of ${storeName}` };
}

/** ONDC order.offers: the offer the shopper chose, asked of the seller in select and init. */
export function offerRequest(offerId: string) {
  return [{ id: offerId, tags: [{ code: 'selection', list: [{ code: 'apply', value: 'yes' }] }] }];
}
