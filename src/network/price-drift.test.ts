import { describe, expect, it } from 'vitest';
import { generateNetwork, networkItems } from './catalogue/generate.ts';
import { currentPricePaise, hasPriceDrift } from './price-drift.ts';

const items = [...networkItems(generateNetwork())];

describe('price drift (DESIGN §5, SPEC §5 ITEM_PRICE_CHANGED)', () => {
  it('touches a small fixed share of items, never add-ons', () => {
    const drifting = items.filter(hasPriceDrift);
    expect(drifting.length / items.length).toBeGreaterThan(0.02);
    expect(drifting.length / items.length).toBeLessThan(0.07);
    expect(drifting.some((i) => i.kind === 'customization')).toBe(false);
  });

  it('raises a drifting price by about 5 %, at least a rupee, in whole rupees', () => {
    for (const item of items.filter(hasPriceDrift)) {
      const now = currentPricePaise(item);
      expect(now).toBeGreaterThanOrEqual(item.pricePaise + 100);
      expect(now).toBeLessThanOrEqual(Math.ceil(item.pricePaise * 1.05) + 100);
      expect(now % 100).toBe(0);
    }
  });

  it('keeps every other price', () => {
    for (const item of items.filter((i) => !hasPriceDrift(i))) expect(currentPricePaise(item)).toBe(item.pricePaise);
  });
});
