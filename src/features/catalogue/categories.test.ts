import { describe, expect, it } from 'vitest';
import { ALL_SUB_CATEGORIES_ID, GROCERY_CATEGORIES, GROCERY_SUB_CATEGORIES, findCategory, groceryCategorySchema, subCategoriesOf } from './categories.ts';

describe('SPEC §3 grocery categories', () => {
  it('has the 12 top-level categories in order', () => {
    expect(GROCERY_CATEGORIES.map((c) => c.name)).toEqual([
      'Fruits & Vegetables',
      'Dairy Bread & Batters',
      'Meat & Eggs',
      'Beverages',
      'Instant Food',
      'Munchies',
      'Grains Oil & Ghee',
      'Home Care',
      'Personal Care',
      'Pickles & Masala',
      'Sweet Tooth',
      'Health & Wellness',
    ]);
    expect(GROCERY_CATEGORIES.map((c) => c.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('has 72 sub-categories with the ids 101-106 … 1201-1206', () => {
    const expected = Array.from({ length: 12 }, (_, i) => [1, 2, 3, 4, 5, 6].map((j) => (i + 1) * 100 + j)).flat();
    expect(GROCERY_SUB_CATEGORIES.map((s) => s.id)).toEqual(expected);
    expect(new Set(GROCERY_SUB_CATEGORIES.map((s) => s.name)).size).toBe(72);
  });

  it('gives each category and sub-category every field of the entity', () => {
    for (const c of [...GROCERY_CATEGORIES, ...GROCERY_SUB_CATEGORIES]) {
      expect(groceryCategorySchema.safeParse(c).success).toBe(true);
      expect(c.redirectionURL).toBe(`/grocery-category?categoryId=${c.id}`);
    }
  });

  it('keeps the All id out of the real ids', () => {
    expect(ALL_SUB_CATEGORIES_ID).toBe(99999);
    expect(findCategory(ALL_SUB_CATEGORIES_ID)).toBeUndefined();
  });

  it('finds sub-categories of a parent', () => {
    expect(subCategoriesOf(7).map((s) => s.id)).toEqual([701, 702, 703, 704, 705, 706]);
    expect(findCategory(701)?.name).toBe('Atta & Flours');
  });
});
