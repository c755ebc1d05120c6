import { describe, expect, it } from 'vitest';
import { offerRequest, otherStoreReason, storeOfferBenefit, storeOfferReason, storeOfferText, storeOffersOf } from './store-offers.ts';

// As the embedded sellers' catalogues write them (src/network/catalogue/on-search.ts).
const catalogue = [
  {
    id: 'FRESH15',
    tags: [
      { code: 'qualifier', list: [{ code: 'min_value', value: '299.00' }] },
      { code: 'benefit', list: [{ code: 'value_type', value: 'percent' }, { code: 'value', value: '-15' }, { code: 'value_cap', value: '-75.00' }] },
    ],
  },
  {
    id: 'P1-FLAT75',
    tags: [
      { code: 'qualifier', list: [{ code: 'min_value', value: '499.00' }] },
      { code: 'benefit', list: [{ code: 'value_type', value: 'amount' }, { code: 'value', value: '-75.00' }] },
    ],
  },
  { id: 'EMPTY', tags: [] },
];

describe('issue 28: what a store advertises is read once, for the banner and the checkout', () => {
  it('reads percentage and flat offers with their minimum, by code', () => {
    expect(storeOffersOf(catalogue)).toEqual([
      { id: 'FRESH15', code: 'FRESH15', kind: 'percent', percent: 15, capPaise: 7500, minPaise: 29900 },
      { id: 'P1-FLAT75', code: 'FLAT75', kind: 'flat', valuePaise: 7500, minPaise: 49900 },
    ]);
    expect(storeOffersOf(null)).toEqual([]);
  });
  it('says the benefit in one wording, as the store cards, the cart strip and the offers list do', () => {
    const [fresh, flat] = storeOffersOf(catalogue);
    expect(storeOfferBenefit(fresh!)).toBe('15% off up to ₹75');
    expect(storeOfferBenefit(flat!)).toBe('₹75 off');
    expect(storeOfferText(flat!)).toBe('₹75 off above ₹499');
    expect(storeOfferText({ kind: 'flat', valuePaise: 150_000, minPaise: 0 })).toBe('₹1,500 off');
    expect(storeOfferText(flat!, 'hi')).toBe('₹499 से ज़्यादा के ऑर्डर पर ₹75 की छूट');
  });
});

describe('issue 28: an advertised offer that does not apply says why', () => {
  const [fresh] = storeOffersOf(catalogue);
  it('applies from the minimum order value on', () => {
    expect(storeOfferReason(fresh!, 29900)).toBeNull();
  });
  it('below the minimum, names the shortfall and the minimum', () => {
    expect(storeOfferReason(fresh!, 25000)).toEqual({ reason: 'minimum', shortfallPaise: 4900, message: 'Add ₹49 more to use FRESH15 (orders of ₹299 or more)' });
  });
  it("another store's offer names this cart's store", () => {
    expect(otherStoreReason('FLAT75', 'FreshMart Indiranagar')).toEqual({ reason: 'store', message: 'FLAT75 is not an offer of FreshMart Indiranagar' });
  });
  it('is asked of the seller as ONDC order.offers, selected', () => {
    expect(offerRequest('FRESH15')).toEqual([{ id: 'FRESH15', tags: [{ code: 'selection', list: [{ code: 'apply', value: 'yes' }] }] }]);
  });
});
