import { describe, expect, it } from 'vitest';
import { passesQuickFilter, type StoreFacts } from './quick-filters.ts';

const store: StoreFacts = { tatMinutes: 30, bestDiscountPercent: 5, rating: 4, averagePricePaise: 30000, foodType: 'VEG' };

describe('SPEC §5 quick filters', () => {
  it('fast delivery: estimate at most 30', () => {
    expect(passesQuickFilter(store, 'fastDelivery')).toBe(true);
    expect(passesQuickFilter({ ...store, tatMinutes: 31 }, 'fastDelivery')).toBe(false);
  });
  it('offer: discount at least 5', () => {
    expect(passesQuickFilter(store, 'offer')).toBe(true);
    expect(passesQuickFilter({ ...store, bestDiscountPercent: 4.99 }, 'offer')).toBe(false);
  });
  it('rating: at least 4', () => {
    expect(passesQuickFilter(store, 'rating')).toBe(true);
    expect(passesQuickFilter({ ...store, rating: 3.9 }, 'rating')).toBe(false);
  });
  it('cost: average price at most 300', () => {
    expect(passesQuickFilter(store, 'cost')).toBe(true);
    expect(passesQuickFilter({ ...store, averagePricePaise: 30001 }, 'cost')).toBe(false);
  });
  it('veg: foodType VEG', () => {
    expect(passesQuickFilter(store, 'isVeg')).toBe(true);
    expect(passesQuickFilter({ ...store, foodType: 'MIXED' }, 'isVeg')).toBe(false);
  });
});
