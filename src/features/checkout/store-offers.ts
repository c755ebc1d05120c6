// Issue 28 point 4: the offers a store advertises (its ONDC catalogue `offers`, shown on home,
// store pages and the cart strip) are the offers its checkout accepts. One reading of the
// catalogue's tags serves both; the seller applies the offer in its quote (ONDC order.offers).
import { formatRupees } from '../../lib/money.ts';
import { tagValues, type CatalogTag } from '../../ondc/catalog.ts';
import { messagesFor } from '../i18n/catalogue.ts';
import type { Locale } from '../i18n/locale.ts';
import { fill } from '../i18n/text.ts';

/** What an offer gives and the order it needs: all its words say. */
export type OfferTerms =
  | { kind: 'percent'; percent: number; capPaise: number | null; minPaise: number }
  | { kind: 'flat'; valuePaise: number; minPaise: number };

export type StoreOffer = OfferTerms & { id: string; code: string };

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
    if (tagValues(tags, 'benefit', 'value_type')[0] === 'percent') {
      const cap = tagValues(tags, 'benefit', 'value_cap')[0];
      return [{ id: offer.id, code, kind: 'percent', percent: Math.abs(Number(value)), capPaise: cap ? paiseOf(cap) : null, minPaise }];
    }
    return [{ id: offer.id, code, kind: 'flat', valuePaise: paiseOf(value), minPaise }];
  });
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

/** The benefit with the order it needs, as a store card states it: "₹40 off above ₹249". */
export function storeOfferText(offer: OfferTerms, locale: Locale = 'en'): string {
  const benefit = storeOfferBenefit(offer, locale);
  return offer.minPaise > 0 ? fill(messagesFor(locale).store.offerAbove, { offer: benefit, min: formatRupees(offer.minPaise, locale) }) : benefit;
}

/** Why an advertised offer does not apply to this cart, in words the shopper can act on. */
export type OfferReason = { reason: 'minimum'; shortfallPaise: number; message: string } | { reason: 'store'; message: string };

/** The minimum order value is the store's (its catalogue's qualifier), checked on the item total. */
export function storeOfferReason(offer: StoreOffer, itemTotalPaise: number): OfferReason | null {
  if (itemTotalPaise >= offer.minPaise) return null;
  const shortfallPaise = offer.minPaise - itemTotalPaise;
  return { reason: 'minimum', shortfallPaise, message: `Add ${formatRupees(shortfallPaise)} more to use ${offer.code} (orders of ${formatRupees(offer.minPaise)} or more)` };
}

/** A code another store advertises: it applies there, not to this cart's store. */
export function otherStoreReason(code: string, storeName: string): OfferReason {
  return { reason: 'store', message: `${code} is not an offer of ${storeName}` };
}

/** ONDC order.offers: the offer the shopper chose, asked of the seller in select and init. */
export function offerRequest(offerId: string) {
  return [{ id: offerId, tags: [{ code: 'selection', list: [{ code: 'apply', value: 'yes' }] }] }];
}
