import { describe, expect, it } from 'vitest';
import { isTipLine, tipOfTags, tipTags } from './tip.ts';

describe('the rider’s tip between buyer app and seller (issue 29)', () => {
  it('is an order tag the seller reads back to the paisa', () => {
    expect(tipTags(2000)).toEqual([
      {
        code: 'tip',
        list: [
          { code: 'currency', value: 'INR' },
          { code: 'value', value: '20.00' },
        ],
      },
    ]);
    expect(tipOfTags([{ code: 'bap_terms', list: [] }, ...tipTags(3050)])).toBe(3050);
  });
  it('is no tag for no tip', () => {
    expect(tipTags(0)).toEqual([]);
    expect(tipOfTags(undefined)).toBe(0);
  });
  it('reads as no tip when the tag is not one a seller would take', () => {
    const tag = (currency: unknown, value: unknown) => [
      {
        code: 'tip',
        list: [
          { code: 'currency', value: currency },
          { code: 'value', value },
        ],
      },
    ];
    for (const [currency, value] of [
      ['USD', '20.00'],
      ['INR', '-20.00'],
      ['INR', 'twenty'],
      ['INR', '1000.01'],
      ['INR', 20],
    ])
      expect(tipOfTags(tag(currency, value)), `${currency} ${value}`).toBe(0);
    expect(tipOfTags(tag('INR', '1000.00'))).toBe(100_000);
  });
  it('comes back as the quote’s misc line titled "Tip"', () => {
    expect(isTipLine({ title: 'Tip', '@ondc/org/title_type': 'misc' })).toBe(true);
    expect(isTipLine({ title: 'Convenience Fee', '@ondc/org/title_type': 'misc' })).toBe(false);
    expect(isTipLine({ title: 'Tip', '@ondc/org/title_type': 'item' })).toBe(false);
  });
});
