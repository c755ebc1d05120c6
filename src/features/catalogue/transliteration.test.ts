import { describe, expect, it } from 'vitest';
import { alternativesOf, searchQuery } from './transliteration.ts';

describe('Hindi/English grocery words', () => {
  it('maps aloo to potato and back', () => {
    expect(alternativesOf('aloo')).toContain('potato');
    expect(alternativesOf('Potato')).toContain('aloo');
  });
  it('maps atta to wheat flour and doodh to milk', () => {
    expect(alternativesOf('atta')).toEqual(expect.arrayContaining(['wheat', 'flour']));
    expect(alternativesOf('doodh')).toContain('milk');
  });
  it('leaves unknown words alone', () => {
    expect(alternativesOf('maggi')).toEqual(['maggi']);
  });
});

describe('search query', () => {
  it('needs every word, each through any alternative, by prefix', () => {
    expect(searchQuery('Amul doodh')).toBe('(amul:*) & (doodh:* | dudh:* | milk:*)');
  });
  it('strips anything that could break tsquery syntax', () => {
    expect(searchQuery("atta'); DROP TABLE x; --")).toBe('(atta:* | aata:* | wheat:* | flour:*) & (drop:*) & (table:*) & (x:*)');
    expect(searchQuery('!!!')).toBeNull();
  });
});
