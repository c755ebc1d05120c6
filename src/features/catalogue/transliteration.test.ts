import { describe, expect, it } from 'vitest';
import { alternativesOf, searchQuery, searchWords } from './transliteration.ts';

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

describe('Devanagari queries', () => {
  it('find the same products as their romanised words (आलू, आटा, दूध)', () => {
    expect(searchQuery('आलू')).toBe(searchQuery('aloo'));
    expect(searchQuery('आटा')).toBe('(atta:* | aata:* | wheat:* | flour:*)');
    expect(searchQuery('अमूल दूध')).toBe('(amul:* | amool:*) & (doodh:* | dudh:* | milk:*)');
    expect(searchQuery('Amul दूध')).toBe('(amul:*) & (doodh:* | dudh:* | milk:*)');
  });
  it('read a word the same whatever its Unicode form', () => {
    expect(searchQuery('प्याज़'.normalize('NFD'))).toBe(searchQuery('pyaz'));
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

describe('Devanagari words the grocery list does not know (issue 28)', () => {
  it('are read as they sound: dishes, brands and places', () => {
    expect(searchWords('मसाला डोसा')).toEqual(['masala', 'dosa']);
    expect(searchQuery('बिरयानी')).toBe('(biryani:* | birayani:* | biryanee:* | birayanee:*)');
  });
  it('still find a grocery word through its English name', () => {
    expect(searchQuery('पनीर टिक्का')).toBe('(paneer:* | cottage:*) & (tikka:*)');
  });
});

describe('search words', () => {
  it('are what the query is made of: romanised, lower case, letters and digits, at most 8', () => {
    expect(searchWords('Amul दूध 500ml!')).toEqual(['amul', 'doodh', '500ml']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('%% !!')).toEqual([]);
  });
});
