import { describe, expect, it } from 'vitest';
import { fnbCategoryOf } from './fnb-categories.ts';

describe('RET11 category of a dish', () => {
  it('names what the dish is from ONDC’s F&B list', () => {
    expect(fnbCategoryOf('Chicken Dum Biryani')).toBe('Biryani');
    expect(fnbCategoryOf('Mysore Masala Dosa')).toBe('Dosa');
    expect(fnbCategoryOf('Vada Pav')).toBe('Chaat');
    expect(fnbCategoryOf('Medu Vada')).toBe('Vada');
    expect(fnbCategoryOf('Paneer Tikka Pizza')).toBe('Pizza');
    expect(fnbCategoryOf('Butter Naan')).toBe('Roti');
    expect(fnbCategoryOf('Gulab Jamun')).toBe('Mithai');
  });
  it('falls back to F&B', () => {
    expect(fnbCategoryOf('Mirchi ka Salan')).toBe('F&B');
  });
});
