import { describe, expect, it } from 'vitest';
import { discountPercent, nameSaysPack, packSize, reviewBucket, shortUnit, truncate } from './format.ts';

describe('SPEC §5 units', () => {
  it('shortens kilogram(s), gram(s), litre(s), millilitre(s)', () => {
    expect(shortUnit('kilogram')).toBe('kg');
    expect(shortUnit('kilograms')).toBe('kg');
    expect(shortUnit('gram')).toBe('g');
    expect(shortUnit('grams')).toBe('g');
    expect(shortUnit('litre')).toBe('L');
    expect(shortUnit('litres')).toBe('L');
    expect(shortUnit('millilitre')).toBe('ml');
    expect(shortUnit('millilitres')).toBe('ml');
    expect(shortUnit('dozen')).toBe('dozen');
  });
  it('writes pack sizes', () => {
    expect(packSize('500', 'gram')).toBe('500 g');
    expect(packSize('1', 'litre')).toBe('1 L');
    expect(packSize('6', 'unit')).toBe('6 pcs');
  });
});

describe('SPEC §9 review buckets', () => {
  it('buckets to 10+, 100+, 1k+', () => {
    expect(reviewBucket(9)).toBe('9');
    expect(reviewBucket(10)).toBe('10+');
    expect(reviewBucket(99)).toBe('10+');
    expect(reviewBucket(100)).toBe('100+');
    expect(reviewBucket(999)).toBe('100+');
    expect(reviewBucket(1000)).toBe('1k+');
    expect(reviewBucket(25000)).toBe('1k+');
  });
});

describe('SPEC §9 truncation', () => {
  it('cuts at 18, 12 and 31 characters plus an ellipsis', () => {
    expect(truncate('Sri Krishna Sweets & Bakery', 18)).toBe('Sri Krishna Sweets…');
    expect(truncate('Deals of the day', 12)).toBe('Deals of the…');
    expect(truncate('Aashirvaad Whole Wheat Atta Select 10 kg', 31)).toBe('Aashirvaad Whole Wheat Atta Sel…');
    expect(truncate('Short name', 31)).toBe('Short name');
  });
});

describe('SPEC §9 price texts', () => {
  it('computes the discount off MRP', () => {
    expect(discountPercent(9000, 10000)).toBe(10);
    expect(discountPercent(10000, 10000)).toBe(0);
  });
});

describe('a card says a pack size once', () => {
  it('leaves the pack line out when the shown name ends with it, however it is spaced or cased', () => {
    expect(nameSaysPack('Green Chilli 100 g', '100 g')).toBe(true);
    expect(nameSaysPack('Amul Butter 100G', '100 g')).toBe(true);
  });

  it('keeps it when the name does not say it, or the card cut it off', () => {
    expect(nameSaysPack('Amul Butter', '100 g')).toBe(false);
    expect(nameSaysPack('Bisleri Packaged Drinking Water…', '500 ml')).toBe(false);
    expect(nameSaysPack('Aashirvaad Atta 11 kg', '1 kg')).toBe(false);
    expect(nameSaysPack('Tata Salt 1.5 kg', '5 kg')).toBe(false);
  });
});
