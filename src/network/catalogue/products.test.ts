import { describe, expect, it } from 'vitest';
import { GROCERY_SUB_CATEGORIES } from '#/features/catalogue/categories.ts';
import { FESTIVE_TRAYS, GROCERY_VOCABULARY, OCCASION_SUB_CATEGORIES } from './names.ts';
import { fssaiLicenceOf, HOUSE_BRAND, packLabel, PRODUCT_POOLS } from './products.ts';

const products = PRODUCT_POOLS.flatMap((pool) => pool.products);

describe('grocery vocabulary (SPEC §3 sub-categories)', () => {
  it('files products under exactly the storefront’s 72 sub-category ids, in order', () => {
    expect(GROCERY_VOCABULARY.map((v) => v.id)).toEqual(GROCERY_SUB_CATEGORIES.map((s) => s.id));
    expect(PRODUCT_POOLS).toHaveLength(72);
  });

  it('offers every sub-category a staple and at least one alternative', () => {
    for (const pool of PRODUCT_POOLS) expect(pool.products.length).toBeGreaterThanOrEqual(2);
  });

  it('names each product once within its sub-category', () => {
    for (const pool of PRODUCT_POOLS) {
      const names = pool.products.map((p) => p.name);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('only names festive and occasion trays over real sub-categories', () => {
    const ids = new Set(GROCERY_VOCABULARY.map((v) => v.id));
    for (const id of [...Object.values(FESTIVE_TRAYS).flat(), ...OCCASION_SUB_CATEGORIES]) expect(ids.has(id)).toBe(true);
    expect(Object.keys(FESTIVE_TRAYS).sort()).toEqual(['hbTray_holi1_BnC', 'hbTray_holi1_CnL', 'hbTray_holi1_SnHC', 'hbTray_holi1_SnS']);
  });
});

describe('products', () => {
  it('carry a pack size in an ONDC unit and a positive MRP in whole rupees', () => {
    for (const p of products) {
      expect(['unit', 'dozen', 'gram', 'kilogram', 'litre', 'millilitre']).toContain(p.pack.unit);
      expect(p.pack.value).toBeGreaterThan(0);
      expect(p.mrpPaise).toBeGreaterThan(0);
      expect(p.mrpPaise % 100).toBe(0);
      expect(p.name.endsWith(packLabel(p.pack))).toBe(true);
    }
  });

  it('shortens units the SPEC §5 way', () => {
    expect(packLabel({ value: 5, unit: 'kilogram' })).toBe('5 kg');
    expect(packLabel({ value: 500, unit: 'gram' })).toBe('500 g');
    expect(packLabel({ value: 1, unit: 'litre' })).toBe('1 L');
    expect(packLabel({ value: 200, unit: 'millilitre' })).toBe('200 ml');
    expect(packLabel({ value: 6, unit: 'unit' })).toBe('6 pcs');
    expect(packLabel({ value: 1, unit: 'dozen' })).toBe('1 dozen');
  });

  it('quote the brand owner’s 14-digit FSSAI licence on packaged food only', () => {
    const atta = products.find((p) => p.name === 'Aashirvaad Shudh Chakki Atta 5 kg');
    expect(atta?.fssaiLicence).toMatch(/^1\d{13}$/);
    expect(atta?.fssaiLicence).toBe(fssaiLicenceOf('Aashirvaad'));
    const onion = products.find((p) => p.name === 'Onion (Pyaz) 1 kg');
    expect(onion?.brand).toBe(HOUSE_BRAND);
    expect(onion?.fssaiLicence).toBeNull();
    const soap = products.find((p) => p.subCategoryId === 901);
    expect(soap?.fssaiLicence).toBeNull();
    expect(soap?.vegNonVeg).toBeNull();
  });

  it('share one licence across a brand’s products', () => {
    const amul = products.filter((p) => p.brand === 'Amul');
    expect(amul.length).toBeGreaterThan(5);
    expect(new Set(amul.map((p) => p.fssaiLicence)).size).toBe(1);
  });

  it('have valid EAN-13 barcodes', () => {
    for (const p of products) {
      expect(p.ean).toMatch(/^890\d{10}$/);
      const digits = [...p.ean].map(Number);
      const sum = digits.slice(0, 12).reduce((n, d, i) => n + d * (i % 2 === 0 ? 1 : 3), 0);
      expect((10 - (sum % 10)) % 10).toBe(digits[12]);
    }
  });

  it('mark meat non-veg and eggs egg', () => {
    expect(products.filter((p) => p.subCategoryId === 301).every((p) => p.vegNonVeg === 'non_veg')).toBe(true);
    expect(products.filter((p) => p.subCategoryId === 304).every((p) => p.vegNonVeg === 'egg')).toBe(true);
  });
});
