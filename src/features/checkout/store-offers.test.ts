import { describe, expect, it } from 'vitest';
import {
  offerRequest,
  otherStoreReason,
  storeOfferBenefit,
  storeOfferHours,
  storeOfferOpen,
  storeOfferReason,
  storeOfferText,
  storeOffersOf,
} from './store-offers.ts';

// As the embedded sellers' catalogues write them (src/network/catalogue/on-search.ts).
const catalogue = [
  {
    id: 'FRESH15',
    tags: [
      { code: 'qualifier', list: [{ code: 'min_value', value: '299.00' }] },
      {
        code: 'benefit',
        list: [
          { code: 'value_type', value: 'percent' },
          { code: 'value', value: '-15' },
          { code: 'value_cap', value: '-75.00' },
        ],
      },
    ],
  },
  {
    id: 'P1-FLAT75',
    tags: [
      { code: 'qualifier', list: [{ code: 'min_value', value: '499.00' }] },
      {
        code: 'benefit',
        list: [
          { code: 'value_type', value: 'amount' },
          { code: 'value', value: '-75.00' },
        ],
      },
    ],
  },
  {
    id: 'EVENING50',
    tags: [
      { code: 'qualifier', list: [{ code: 'min_value', value: '249.00' }] },
      {
        code: 'benefit',
        list: [
          { code: 'value_type', value: 'amount' },
          { code: 'value', value: '-50.00' },
        ],
      },
      {
        code: 'timing',
        list: [
          { code: 'day_from', value: '1' },
          { code: 'day_to', value: '7' },
          { code: 'time_from', value: '1600' },
          { code: 'time_to', value: '1900' },
        ],
      },
    ],
  },
  { id: 'EMPTY', tags: [] },
];
/** An instant whose Indian wall-clock time is hh:mm on a Monday. */
const ist = (hhmm: string) => new Date(`2026-01-05T${hhmm}:00+05:30`);
const noon = ist('12:00');

describe('issue 28: what a store advertises is read once, for the banner and the checkout', () => {
  it('reads percentage and flat offers with their minimum, by code', () => {
    expect(storeOffersOf(catalogue)).toEqual([
      { id: 'FRESH15', code: 'FRESH15', kind: 'percent', percent: 15, capPaise: 7500, minPaise: 29900, timing: null },
      { id: 'P1-FLAT75', code: 'FLAT75', kind: 'flat', valuePaise: 7500, minPaise: 49900, timing: null },
      { id: 'EVENING50', code: 'EVENING50', kind: 'flat', valuePaise: 5000, minPaise: 24900, timing: { dayFrom: 1, dayTo: 7, timeFrom: 1600, timeTo: 1900 } },
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
    expect(storeOfferReason(fresh!, 29900, noon)).toBeNull();
  });
  it('below the minimum, names the shortfall and the minimum', () => {
    expect(storeOfferReason(fresh!, 25000, noon)).toEqual({
      reason: 'minimum',
      shortfallPaise: 4900,
      message: 'Add ₹49 more to use FRESH15 (orders of ₹299 or more)',
    });
  });
  it("another store's offer names this cart's store", () => {
    expect(otherStoreReason('FLAT75', 'FreshMart Indiranagar')).toEqual({ reason: 'store', message: 'FLAT75 is not an offer of FreshMart Indiranagar' });
  });
  it('is asked of the seller as ONDC order.offers, selected', () => {
    expect(offerRequest('FRESH15')).toEqual([{ id: 'FRESH15', tags: [{ code: 'selection', list: [{ code: 'apply', value: 'yes' }] }] }]);
  });
});

describe('issue 28: an offer with hours is advertised and accepted only inside them', () => {
  const evening = storeOffersOf(catalogue).find((o) => o.code === 'EVENING50')!;
  it('says its hours as a shopper reads a clock', () => {
    expect(storeOfferHours(evening.timing!)).toBe('4 pm–7 pm');
    expect(storeOfferHours({ dayFrom: 1, dayTo: 7, timeFrom: 1130, timeTo: 0 })).toBe('11:30 am–12 am');
  });
  it.each(['16:00', '17:30', '19:00'])('applies at %s', (hhmm) => {
    expect(storeOfferOpen(evening, ist(hhmm))).toBe(true);
    expect(storeOfferReason(evening, 30000, ist(hhmm))).toBeNull();
  });
  it.each(['12:00', '15:59', '19:01'])('at %s says when it is available, before any minimum', (hhmm) => {
    expect(storeOfferOpen(evening, ist(hhmm))).toBe(false);
    expect(storeOfferReason(evening, 100, ist(hhmm))).toEqual({ reason: 'time', message: 'Available 4 pm–7 pm' });
  });
  it('an offer without hours applies all day', () => {
    const [fresh] = storeOffersOf(catalogue);
    expect(storeOfferOpen(fresh!, ist('03:00'))).toBe(true);
  });
});
