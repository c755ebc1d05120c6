import { describe, expect, it } from 'vitest';
import { generateNetwork, providerItems, type CatalogueItem, type Provider } from '#/network/catalogue/generate.ts';
import { hasListingFlaw, type PhotoStage } from '#/network/listing-flaws.ts';
import { buildOnSearchCatalog } from '#/network/catalogue/on-search.ts';
import { listingProblems, providerProblem } from './listing-checks.ts';

const network = generateNetwork({ scale: 1200 });
const store = network.sellers.flatMap((s) => s.providers).find((p) => p.kind === 'grocery')!;
const restaurant = network.sellers.flatMap((s) => s.providers).find((p) => p.kind === 'restaurant')!;
const bppUri = 'http://sellers.localhost:5321/sellers/s1';
const groceryCatalog = buildOnSearchCatalog(store, { bppId: 's1', bppUri })['bpp/providers'][0]!;
const menu = buildOnSearchCatalog(restaurant, { bppId: 's1', bppUri })['bpp/providers'][0]!;
const item = groceryCatalog.items[0]!;
const noGroups = new Set<string>();
const codes = (raw: unknown, domain = 'ONDC:RET10', groups: ReadonlySet<string> = noGroups) => listingProblems(raw, domain, groups).map((p) => p.code);

describe('catalogue items the storefront lists', () => {
  it('lists every item the embedded sellers publish correctly, grocery and menu alike', () => {
    expect(groceryCatalog.items.flatMap((i) => codes(i))).toEqual([]);
    const groups = new Set(menu.categories.map((c) => c.id));
    expect(menu.items.flatMap((i) => codes(i, 'ONDC:RET11', groups))).toEqual([]);
  });
});

describe('catalog_rejection reasons (ONDC item error codes)', () => {
  it('91010: a sellable item priced 0 or without a price', () => {
    expect(codes({ ...item, price: { ...item.price, value: '0.00' } })).toEqual(['91010']);
    const { price: _price, ...unpriced } = item;
    expect(codes(unpriced)).toContain('91010');
  });
  it('a free add-on is not a zero price', () => {
    const addOn = menu.items.find((i) => i.related)!;
    const groups = new Set(menu.categories.map((c) => c.id));
    expect(codes({ ...addOn, price: { ...addOn.price, value: '0.00', maximum_value: '0.00' } }, 'ONDC:RET11', groups)).toEqual([]);
  });
  it('91024: a negative price; 91001: a price above MRP', () => {
    expect(codes({ ...item, price: { ...item.price, value: '-5.00' } })).toEqual(['91024']);
    expect(codes({ ...item, price: { ...item.price, value: '999999.00' } })).toEqual(['91001']);
  });
  it('91021: no category; 91019: a category outside ONDC:RET10', () => {
    expect(codes({ ...item, category_id: '' })).toEqual(['91021']);
    expect(codes({ ...item, category_id: 'Smartphones' })).toEqual(['91019']);
    expect(codes({ ...item, category_id: 'RET10-1033' })).toEqual([]);
  });
  it('91003: a sellable item without a photo', () => {
    expect(codes({ ...item, descriptor: { name: item.descriptor.name } })).toEqual(['91003']);
  });
  it('91011: a photo browsers cannot show (HEIC), while web formats and extensionless links pass', () => {
    const photo = (url: string) => ({ ...item, descriptor: { ...item.descriptor, symbol: url, images: [url] } });
    expect(codes(photo('https://img.example/a/IMG_0042.HEIC'))).toEqual(['91011']);
    for (const url of ['https://img.example/a.jpg', 'https://img.example/a.webp', 'https://img.example/a.png', 'https://img.example/photo/123']) {
      expect(codes(photo(url))).toEqual([]);
    }
  });
  it('91013: no pack size; 91018: a stock figure that is not a count', () => {
    const measure = { ...item.quantity.unitized.measure, value: '0' };
    expect(codes({ ...item, quantity: { ...item.quantity, unitized: { measure } } })).toEqual(['91013']);
    expect(codes({ ...item, quantity: { ...item.quantity, available: { count: 'many' } } })).toEqual(['91018']);
  });
  it('91029: an add-on naming a customisation group the restaurant does not have', () => {
    const addOn = menu.items.find((i) => i.related)!;
    expect(codes(addOn, 'ONDC:RET11', new Set())).toEqual(['91029']);
  });
  it('91007: anything else the protocol requires, e.g. consumer care contact', () => {
    const { '@ondc/org/contact_details_consumer_care': _care, ...withoutCare } = item;
    expect(codes(withoutCare)).toEqual(['91007']);
  });
  it('several problems are reported together', () => {
    expect(codes({ ...item, category_id: '', descriptor: { name: 'x' } }).sort()).toEqual(['91003', '91021']);
  });
});

describe('the embedded sellers list mistakes a buyer app must catch', () => {
  const listed = (provider: Provider, item: CatalogueItem, stage: PhotoStage) =>
    buildOnSearchCatalog(provider, { bppId: 's1', bppUri, itemsOf: () => [item], photoStage: () => stage })['bpp/providers'][0]!.items[0]!;
  it('a grocery item shown by a PDF leaflet, then a HEIC photo, is rejected for the format; the web photo is listed', () => {
    const flawed = [...providerItems(store)].find(hasListingFlaw)!;
    expect(codes(listed(store, flawed, 'first'))).toEqual(['91011']);
    expect(codes(listed(store, flawed, 'heic'))).toEqual(['91011']);
    expect(codes(listed(store, flawed, 'web'))).toEqual([]);
  });
  it('a dish without a photo is rejected for that (91003)', () => {
    const plain = network.sellers
      .flatMap((s) => s.providers)
      .flatMap((p) => [...providerItems(p)])
      .find((i) => i.kind === 'dish' && hasListingFlaw(i))!;
    const owner = network.sellers.flatMap((s) => s.providers).find((p) => plain.id.startsWith(p.id))!;
    expect(listingProblems(listed(owner, plain, 'first'), 'ONDC:RET11', noGroups).map((p) => p.code)).toEqual(['91003']);
  });
});

describe('catalog_rejection reasons for a store (ONDC provider error codes)', () => {
  const code = (path: PropertyKey[]) => providerProblem({ path, message: 'x' }).code;
  it('an address 90021, a map point 90032, a delivery radius 90025, hours 90026, anything else 90019', () => {
    expect(code(['locations', 0, 'address', 'area_code'])).toBe('90021');
    expect(code(['locations', 0, 'gps'])).toBe('90032');
    expect(code(['locations', 0, 'circle', 'radius', 'value'])).toBe('90025');
    expect(code(['locations', 0, 'time', 'range', 'start'])).toBe('90026');
    expect(code(['descriptor', 'name'])).toBe('90019');
  });
});
