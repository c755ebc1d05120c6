import { describe, expect, it } from 'vitest';
import { formatRupees, paiseToRupees, rupeesToPaise } from './money.ts';

describe('money', () => {
  it('reads ONDC rupee strings exactly', () => {
    expect(rupeesToPaise('245.00')).toBe(24500);
    expect(rupeesToPaise('0.1')).toBe(10);
    expect(rupeesToPaise('19.99')).toBe(1999);
    expect(rupeesToPaise('-10.00')).toBe(-1000);
    expect(rupeesToPaise('170')).toBe(17000);
  });
  it('refuses what is not an amount', () => {
    expect(() => rupeesToPaise('1.234')).toThrow(RangeError);
    expect(() => rupeesToPaise('abc')).toThrow(RangeError);
  });
  it('writes ONDC rupee strings with two decimals', () => {
    expect(paiseToRupees(24500)).toBe('245.00');
    expect(paiseToRupees(5)).toBe('0.05');
    expect(paiseToRupees(-1000)).toBe('-10.00');
  });
  it('formats ₹ with en-IN grouping', () => {
    expect(formatRupees(12345650)).toBe('₹1,23,456.50');
    expect(formatRupees(19900)).toBe('₹199');
    expect(formatRupees(1999)).toBe('₹19.99');
  });
});
