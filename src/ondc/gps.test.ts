import { describe, expect, it } from 'vitest';
import { wireGps } from './gps.ts';

describe('gps on the wire', () => {
  it('has six decimals on both numbers, whatever the shopper’s pin had (Pramaan: select, init, confirm)', () => {
    expect(wireGps('12.97,77.5946')).toBe('12.970000,77.594600');
    expect(wireGps('12.9715987, 77.5945627')).toBe('12.971599,77.594563');
    expect(wireGps('-33.8,151')).toBe('-33.800000,151.000000');
  });
});
