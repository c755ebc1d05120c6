import { describe, expect, it } from 'vitest';
import { hasDevanagari, latinSpellings, soundKey } from './devanagari.ts';

describe('Devanagari words as Latin spellings', () => {
  it('reads dishes as menus spell them, the spoken spelling first', () => {
    expect(latinSpellings('डोसा')[0]).toBe('dosa');
    expect(latinSpellings('बिरयानी')[0]).toBe('biryani');
    expect(latinSpellings('बिरयानी')).toContain('birayani');
    expect(latinSpellings('टिक्का')[0]).toBe('tikka');
    expect(latinSpellings('पिज़्ज़ा')[0]).toBe('pizza');
    expect(latinSpellings('इडली')[0]).toBe('idli');
  });
  it('keeps the unwritten vowels of names, which Latin spelling keeps', () => {
    expect(latinSpellings('कोरमंगला')).toContain('koramangala');
    expect(latinSpellings('इंदिरानगर')).toContain('indiranagar');
  });
  it('spells long vowels both ways (पनीर panir, paneer)', () => {
    expect(latinSpellings('पनीर')).toEqual(expect.arrayContaining(['panir', 'paneer']));
  });
  it('reads the nasal sign as m before p, b, m and n elsewhere', () => {
    expect(latinSpellings('चंपा')[0]).toBe('champa');
    expect(latinSpellings('मंगल')[0]).toBe('mangal');
  });
  it('reads a word the same whatever its Unicode form', () => {
    expect(latinSpellings('फ़्राइड'.normalize('NFD'))).toEqual(latinSpellings('फ़्राइड'.normalize('NFC')));
    expect(latinSpellings('फ़्राइड')[0]).toBe('fraid');
  });
  it('leaves Latin words alone and gives nothing for signs alone', () => {
    expect(latinSpellings('dosa')).toEqual(['dosa']);
    expect(latinSpellings('ं')).toEqual([]);
    expect(hasDevanagari('dosa')).toBe(false);
    expect(hasDevanagari('masala डोसा')).toBe(true);
  });
});

describe('sound keys', () => {
  it('match a Latin name with its Devanagari spellings', () => {
    expect(latinSpellings('कोरमंगला').map(soundKey)).toContain(soundKey('Koramangala'));
    expect(latinSpellings('इंदिरानगर').map(soundKey)).toContain(soundKey('Indiranagar'));
    expect(latinSpellings('जयनगर').map(soundKey)).toContain(soundKey('Jayanagar'));
  });
  it('tell different names apart', () => {
    expect(soundKey('Koramangala')).not.toBe(soundKey('Kammanahalli'));
    expect(soundKey('Dosa')).not.toBe(soundKey('Desi'));
  });
});
