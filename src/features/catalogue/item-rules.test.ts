import { describe, expect, it } from 'vitest';
import { deliveryType, groupByAvailability, isListCompleted, orderByTitle } from './item-rules.ts';

describe('SPEC §5 ordering', () => {
  it('puts searchrelated, then recommend, then bestseller ahead of the rest, keeping order otherwise', () => {
    const items = [
      { id: 'a', title: null },
      { id: 'b', title: 'bestseller' },
      { id: 'c', title: 'recommend' },
      { id: 'd', title: 'searchrelated' },
      { id: 'e', title: null },
      { id: 'f', title: 'recommend' },
    ];
    expect(orderByTitle(items).map((i) => i.id)).toEqual(['d', 'c', 'f', 'b', 'a', 'e']);
  });
});

describe('SPEC §4 delivery type', () => {
  it('is now with an internal tag named now, else later', () => {
    expect(deliveryType(['now', 'top_rated'])).toBe('now');
    expect(deliveryType(['top_rated'])).toBe('later');
  });
});

describe('SPEC §5 availability grouping', () => {
  const items = [{ q: 3 }, { q: 0 }, { q: 1 }];
  it('puts items with quantity 0 under Unavailable for food', () => {
    const grouped = groupByAvailability(items, (i) => i.q > 0, 'food');
    expect(grouped.available).toHaveLength(2);
    expect(grouped.unavailable).toEqual([{ q: 0 }]);
  });
  it('skips the grouping for retail', () => {
    expect(groupByAvailability(items, (i) => i.q > 0, 'retail')).toEqual({ available: items, unavailable: [] });
  });
});

describe('SPEC §4 list completion', () => {
  it('completes on an empty page or one shorter than the limit', () => {
    expect(isListCompleted(0, 20)).toBe(true);
    expect(isListCompleted(19, 20)).toBe(true);
    expect(isListCompleted(20, 20)).toBe(false);
  });
});
