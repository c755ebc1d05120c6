import { describe, expect, it } from 'vitest';
import { cityDisplayName } from './cities.ts';

describe('a city as the shopper reads it (issue 28)', () => {
  it('names a served city by its name, not its id, and keeps any other as written', () => {
    expect(cityDisplayName('bengaluru')).toBe('Bengaluru');
    expect(cityDisplayName('Delhi')).toBe('Delhi');
    expect(cityDisplayName('Mysuru')).toBe('Mysuru');
  });
});
