import { describe, expect, it } from 'vitest';
import { couponCodeSchema, offerDiscount, offersListAllowed, shouldFetchOffers } from './offers.ts';

describe('SPEC §5 offers apply only from a cart total of 20', () => {
  const flat = { type: 'flat', valuePaise: 500 } as const;
  it('not at ₹19.99', () => expect(offerDiscount(flat, 1999)).toEqual({ applies: false, reason: 'below-minimum' }));
  it('at ₹20', () => expect(offerDiscount(flat, 2000)).toEqual({ applies: true, discountPaise: 500 }));
});

describe('SPEC §5 flat offer', () => {
  it('is the fixed value', () => expect(offerDiscount({ type: 'flat', valuePaise: 5000 }, 30000)).toEqual({ applies: true, discountPaise: 5000 }));
  it('is capped at the cart total', () => expect(offerDiscount({ type: 'flat', valuePaise: 5000 }, 2500)).toEqual({ applies: true, discountPaise: 2500 }));
});

describe('SPEC §5 percentage offer', () => {
  it('is the percentage of the total, rounded down to the paisa', () =>
    expect(offerDiscount({ type: 'percentage', percent: 10, maxDiscountPaise: null }, 24555)).toEqual({ applies: true, discountPaise: 2455 }));
  it('is capped by max_discount', () =>
    expect(offerDiscount({ type: 'percentage', percent: 50, maxDiscountPaise: 10000 }, 100000)).toEqual({ applies: true, discountPaise: 10000 }));
  it('below the cap is the percentage', () =>
    expect(offerDiscount({ type: 'percentage', percent: 50, maxDiscountPaise: 10000 }, 10000)).toEqual({ applies: true, discountPaise: 5000 }));
});

describe('SPEC §7.3 coupon codes', () => {
  it('are trimmed and upper-cased', () => expect(couponCodeSchema.parse(' save50 ')).toBe('SAVE50'));
  it('refuse anything but letters, digits, - and _', () => expect(couponCodeSchema.safeParse("x' OR 1=1").success).toBe(false));
});

describe('SPEC §5 the offers list is fetched only with a transaction id and city, when empty', () => {
  it('fetches with both and an empty list', () => expect(shouldFetchOffers({ transactionId: 't1', cityName: 'bengaluru', listed: 0 })).toBe(true));
  it('not without a transaction id', () => expect(shouldFetchOffers({ transactionId: null, cityName: 'bengaluru', listed: 0 })).toBe(false));
  it('not without a city', () => expect(shouldFetchOffers({ transactionId: 't1', cityName: '', listed: 0 })).toBe(false));
  it('not when already listed', () => expect(shouldFetchOffers({ transactionId: 't1', cityName: 'bengaluru', listed: 2 })).toBe(false));
});

describe('SPEC §4 offers list after select: manual mode, provider not blacklisted', () => {
  it('loads for manual', () => expect(offersListAllowed({ offerFlag: 'manual', providerBlacklistedForOffer: 'false' })).toBe(true));
  it('not for other modes', () => expect(offersListAllowed({ offerFlag: 'auto', providerBlacklistedForOffer: null })).toBe(false));
  it("not when blacklisted ('true')", () => expect(offersListAllowed({ offerFlag: 'manual', providerBlacklistedForOffer: 'true' })).toBe(false));
});
