import { describe, expect, it } from 'vitest';
import { gstOfSale, npTypeOf, taxWithholding, type TaxWithholdingInput } from './tax-withholding.ts';

const NOW = new Date('2026-11-20T10:00:00Z');
const sale = (overrides: Partial<TaxWithholdingInput> = {}): TaxWithholdingInput => ({
  npType: 'ISN',
  salePaise: 100_000,
  gstPaise: 0,
  availablePaise: 97_000,
  placedAt: NOW,
  ...overrides,
});

describe('TCS and TDS kept back from a seller', () => {
  it('a seller app that is the seller itself (ISN): GST TCS 0.5 % and 194-O TDS 0.1 % of a ₹1,000 sale', () => {
    expect(taxWithholding(sale())).toEqual({ tcsPaise: 500, tdsPaise: 100 });
  });

  it('a marketplace seller app (MSN), or one that states no np_type, keeps them itself: none from us', () => {
    expect(taxWithholding(sale({ npType: 'MSN' }))).toEqual({ tcsPaise: 0, tdsPaise: 0 });
    expect(taxWithholding(sale({ npType: null }))).toEqual({ tcsPaise: 0, tdsPaise: 0 });
  });

  it('TCS is on the value without the GST stated on the bill; TDS on the gross sale', () => {
    // ₹1,050 with ₹50 of GST stated: TCS on ₹1,000, TDS on ₹1,050.
    expect(taxWithholding(sale({ salePaise: 105_000, gstPaise: 5_000, availablePaise: 102_000 }))).toEqual({ tcsPaise: 500, tdsPaise: 105 });
  });

  it('takes the rate of the day the order was placed: 1 % each before the 2024 cuts', () => {
    expect(taxWithholding(sale({ placedAt: new Date('2024-07-09T12:00:00Z') }))).toEqual({ tcsPaise: 1_000, tdsPaise: 1_000 });
    expect(taxWithholding(sale({ placedAt: new Date('2024-07-10T00:00:00Z') }))).toEqual({ tcsPaise: 500, tdsPaise: 1_000 });
    expect(taxWithholding(sale({ placedAt: new Date('2024-10-01T00:00:00Z') }))).toEqual({ tcsPaise: 500, tdsPaise: 100 });
  });

  it('rounds each half up to the paisa', () => {
    // ₹123.45: TCS 61.725 paise → 62, TDS 12.345 → 12; ₹1.01: TCS 0.505 → 1, TDS 0.101 → 0.
    expect(taxWithholding(sale({ salePaise: 12_345, availablePaise: 12_000 }))).toEqual({ tcsPaise: 62, tdsPaise: 12 });
    expect(taxWithholding(sale({ salePaise: 101, availablePaise: 101 }))).toEqual({ tcsPaise: 1, tdsPaise: 0 });
  });

  it('never keeps more than is left of the seller’s share, nor anything on a sale of nothing', () => {
    expect(taxWithholding(sale({ availablePaise: 550 }))).toEqual({ tcsPaise: 500, tdsPaise: 50 });
    expect(taxWithholding(sale({ availablePaise: 0 }))).toEqual({ tcsPaise: 0, tdsPaise: 0 });
    expect(taxWithholding(sale({ salePaise: 0, availablePaise: 0 }))).toEqual({ tcsPaise: 0, tdsPaise: 0 });
  });

  it('stays exact on a large order', () => {
    expect(taxWithholding(sale({ salePaise: 999_999_999, availablePaise: 999_999_999 }))).toEqual({ tcsPaise: 5_000_000, tdsPaise: 1_000_000 });
  });
});

describe('the GST of what is left of a bill', () => {
  it('is the stated GST in the proportion of the sale still standing, rounded half up', () => {
    expect(gstOfSale(5_000, 105_000, 105_000)).toBe(5_000);
    expect(gstOfSale(5_000, 105_000, 52_500)).toBe(2_500);
    expect(gstOfSale(5_000, 105_000, 0)).toBe(0);
    expect(gstOfSale(0, 105_000, 50_000)).toBe(0);
    // 5000 × 333 / 1000 = 1665
    expect(gstOfSale(5_000, 1_000, 333)).toBe(1_665);
  });
});

describe('the np_type of a seller’s terms', () => {
  it('is read from bpp_terms, and nothing else', () => {
    expect(npTypeOf([{ code: 'bpp_terms', list: [{ code: 'np_type', value: 'ISN' }] }])).toBe('ISN');
    expect(
      npTypeOf([
        { code: 'bap_terms', list: [{ code: 'np_type', value: 'ISN' }] },
        { code: 'bpp_terms', list: [{ code: 'np_type', value: 'MSN' }] },
      ]),
    ).toBe('MSN');
    expect(npTypeOf([{ code: 'bpp_terms', list: [{ code: 'np_type', value: 'XYZ' }] }])).toBeNull();
    expect(npTypeOf(undefined)).toBeNull();
    expect(npTypeOf('bpp_terms')).toBeNull();
  });
});
