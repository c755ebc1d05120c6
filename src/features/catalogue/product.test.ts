import { describe, expect, it } from 'vitest';
import type { CatalogItem } from '#/ondc/catalog.ts';
import { generateNetwork, providerItems } from '#/network/catalogue/generate.ts';
import { buildOnSearchCatalog } from '#/network/catalogue/on-search.ts';
import { gtinOf, itemRows, statutoryOf } from './ingest.ts';
import { productUrl } from './paths.ts';
import { parseProductQuery, productJsonLd, returnDays, type ProductFacts } from './product.ts';

describe('which item a product address names', () => {
  it('reads the store and item ids back from the address productUrl builds, however they are spelt', () => {
    const url = new URL(productUrl({ providerId: 'P1 & co', itemId: 'I/1?x=2' }), 'http://x');
    expect(parseProductQuery(url.searchParams)).toEqual({ provider_id: 'P1 & co', item_id: 'I/1?x=2' });
  });

  it.each([
    ['no ids', ''],
    ['no item', 'provider_id=P1'],
    ['no store', 'item_id=I1'],
    ['an empty id', 'provider_id=P1&item_id='],
    ['a blank id', 'provider_id=P1&item_id=%20%20'],
    ['an id past 200 characters', `provider_id=P1&item_id=${'x'.repeat(201)}`],
  ])('names none with %s (the page answers 404)', (_, query) => {
    expect(parseProductQuery(new URLSearchParams(query))).toBeNull();
  });
});

describe('a return window as a shopper reads it', () => {
  it('counts a return window in whole days, none when there is none', () => {
    expect(returnDays('P7D')).toBe(7);
    expect(returnDays('P0D')).toBe(0);
    expect(returnDays('PT12H')).toBe(0);
    expect(returnDays(null)).toBe(0);
  });
});

const facts: ProductFacts = {
  url: 'https://kirana.example/product?provider_id=P1&item_id=I1',
  name: 'Amul Butter 100 g',
  description: 'Pasteurised table butter',
  images: ['https://kirana.example/media?src=https://seller.example/butter.svg'],
  sku: 'I1',
  gtin: '8901262010016',
  brand: 'Amul',
  pricePaise: 5650,
  inStock: true,
  storeName: 'FreshMart',
  returnable: true,
  returnWindow: 'P1D',
  rating: 4.4,
  ratingCount: 120,
  breadcrumb: [
    { name: 'Home', url: 'https://kirana.example/' },
    { name: 'Dairy Bread & Batters', url: 'https://kirana.example/grocery-category?categoryId=2' },
    { name: 'Amul Butter 100 g', url: null },
  ],
};

type Json = Record<string, unknown>;
const nodesOf = (f: ProductFacts) => productJsonLd(f)['@graph'] as Json[];
const productOf = (f: ProductFacts) => nodesOf(f).find((n) => n['@type'] === 'Product') as Json;

describe("Google's Product rich result (schema.org Product + Offer)", () => {
  it('carries the required fields: name, image, and an offer with price, currency and availability', () => {
    const product = productOf(facts);
    expect(product['name']).toBe('Amul Butter 100 g');
    expect(product['image']).toEqual(facts.images);
    const offer = product['offers'] as Json;
    expect(offer).toMatchObject({ '@type': 'Offer', price: '56.50', priceCurrency: 'INR', availability: 'https://schema.org/InStock' });
    // A price as schema.org reads it: digits and a dot, never ₹ or Indian grouping.
    expect(productOf({ ...facts, pricePaise: 12345600 })['offers']).toMatchObject({ price: '123456.00' });
  });

  it('carries the recommended ones where known: url, sku, gtin, brand, description, rating, condition, seller, returns', () => {
    const product = productOf(facts);
    expect(product).toMatchObject({
      url: facts.url,
      sku: 'I1',
      gtin: '8901262010016',
      brand: { '@type': 'Brand', name: 'Amul' },
      description: 'Pasteurised table butter',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.4, ratingCount: 120 },
    });
    expect(product['offers']).toMatchObject({
      url: facts.url,
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: 'FreshMart' },
      hasMerchantReturnPolicy: { returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow', merchantReturnDays: 1, applicableCountry: 'IN' },
    });
  });

  it('leaves out what it does not know rather than writing empty values', () => {
    const product = productOf({ ...facts, gtin: null, brand: null, description: null, rating: null, ratingCount: null });
    for (const field of ['gtin', 'brand', 'description', 'aggregateRating']) expect(product).not.toHaveProperty(field);
  });

  it('says out of stock, and no returns, as the listing does', () => {
    const offer = productOf({ ...facts, inStock: false, returnable: false, returnWindow: 'P0D' })['offers'] as Json;
    expect(offer['availability']).toBe('https://schema.org/OutOfStock');
    expect(offer['hasMerchantReturnPolicy']).toMatchObject({ returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted' });
  });
});

describe('schema.org BreadcrumbList', () => {
  it('numbers each step from 1 and links all but the page itself', () => {
    const list = nodesOf(facts).find((n) => n['@type'] === 'BreadcrumbList') as Json;
    expect(list['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://kirana.example/' },
      { '@type': 'ListItem', position: 2, name: 'Dairy Bread & Batters', item: 'https://kirana.example/grocery-category?categoryId=2' },
      { '@type': 'ListItem', position: 3, name: 'Amul Butter 100 g' },
    ]);
  });
});

describe('what ingest keeps of an item for its page', () => {
  const network = generateNetwork();
  const store = network.sellers.flatMap((s) => s.providers).find((p) => p.kind === 'grocery' && p.domain === 'ONDC:RET10')!;
  const catalog = buildOnSearchCatalog(store, { bppId: 'x.sellers.kirana.local', bppUri: 'http://sellers.localhost/x' });
  const provider = catalog['bpp/providers'][0]!;
  const rows = itemRows(provider, { bppId: 'x', cityCode: 'std:080' });

  it('keeps the variant group, long description, cancellability, time to ship, COD and the seller timestamp', () => {
    const grouped = provider.items.find((i) => i.parent_item_id)!;
    const row = rows.find((r) => r.itemId === grouped.id)!;
    expect(row.parentItemId).toBe(grouped.parent_item_id);
    expect(row.longDesc).toBe(grouped.descriptor.long_desc);
    expect(row.cancellable).toBe(grouped['@ondc/org/cancellable']);
    expect(row.timeToShip).toBe(grouped['@ondc/org/time_to_ship']);
    expect(row.availableOnCod).toBe(grouped['@ondc/org/available_on_cod']);
    expect(row.sellerUpdatedAt).toBe(grouped.time?.timestamp);
    expect(row.gtin).toMatch(/^\d{13}$/);
    expect([...providerItems(store)].some((i) => i.kind === 'grocery' && i.ean === row.gtin)).toBe(true);
  });

  it('keeps the maker (packaged commodities) and the FSSAI licences (prepackaged food), never an "NA"', () => {
    const packaged = provider.items.find((i) => i['@ondc/org/statutory_reqs_packaged_commodities']);
    if (packaged) {
      const facts = statutoryOf(packaged)!;
      expect(facts.manufacturer).toBe(packaged['@ondc/org/statutory_reqs_packaged_commodities']!.manufacturer_or_packer_name);
      expect(facts.packedOn).toMatch(/^\d{2}\/\d{4}$/);
    }
    const food = provider.items.find((i) => i['@ondc/org/statutory_reqs_prepackaged_food']?.brand_owner_FSSAI_license_no.match(/^\d{14}$/))!;
    expect(statutoryOf(food)?.brandOwnerFssai).toMatch(/^\d{14}$/);
    expect(statutoryOf(food)).not.toHaveProperty('importerFssai');
    // The network writes the brand owner's licence as the "other" one too: a page says it once.
    expect(statutoryOf(food)).not.toHaveProperty('otherFssai');
    const loose = {
      ...food,
      '@ondc/org/statutory_reqs_prepackaged_food': undefined,
      '@ondc/org/statutory_reqs_packaged_commodities': undefined,
    } as unknown as CatalogItem;
    expect(statutoryOf(loose)).toBeNull();
  });

  it('reads a GTIN from an EAN or GTIN descriptor code only', () => {
    expect(gtinOf('1:8901262010016')).toBe('8901262010016');
    expect(gtinOf('3:08901262010016')).toBe('08901262010016');
    expect(gtinOf('2:9780143127741')).toBeNull();
    expect(gtinOf('4:0402')).toBeNull();
    expect(gtinOf('1:12345')).toBeNull();
    expect(gtinOf(undefined)).toBeNull();
  });
});
