import { describe, expect, it } from 'vitest';
import { cityDisplayName, servedCityCode } from './cities.ts';

describe('a city as the shopper reads it (issue 28)', () => {
  it('names a served city by its name, not its id, and keeps any other as written', () => {
    expect(cityDisplayName('bengaluru')).toBe('Bengaluru');
    expect(cityDisplayName('Delhi')).toBe('Delhi');
    expect(cityDisplayName('Mysuru')).toBe('Mysuru');
  });
});

describe('the city a cart, select, init and the offers list are given', () => {
  it('reads a served city by its ONDC code, id or name', () => {
    expect(servedCityCode('bengaluru')).toBe('std:080');
    expect(servedCityCode('Delhi')).toBe('std:011');
    expect(servedCityCode('std:022')).toBe('std:022');
  });
  it('refuses any other, a well-formed code of a city we do not serve included', () => {
    expect(servedCityCode('atlantis')).toBeUndefined();
    expect(servedCityCode('std:999')).toBeUndefined();
  });
});
