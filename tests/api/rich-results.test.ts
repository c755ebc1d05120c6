// Issue 29: Google's Rich Results rules (tests/support/rich-results.ts) met by the pages as
// rendered: home's Organization and WebSite + SearchAction; every store and restaurant that home
// lists for a pincode (not a chosen one) as a LocalBusiness; and product pages reached from those
// stores' own item cards as Product + Offer + BreadcrumbList, whose name, price and address are
// the ones the page shows, and whose picture a crawler may fetch.
import { describe, expect, inject, it } from 'vitest';
import { checkBreadcrumb, checkLocalBusiness, checkOrganization, checkProduct, checkWebSite, jsonLdNodes, type Finding } from '../support/rich-results.ts';

/**
 * Recommended properties the shop leaves out, and why; any other missing one fails the test.
 * - shippingDetails: the delivery charge is the seller's quote for the whole cart at checkout
 *   (ONDC on_select), not a per-product rate we could state truthfully.
 * - gtin, brand.name, description, aggregateRating: only when the seller's ONDC listing carries
 *   them (a restaurant's dish has no barcode or brand; a new item has no ratings yet).
 * - sameAs: the shop has no social profiles to name.
 * - telephone, image, servesCuisine, menu, openingHoursSpecification: only when the seller's
 *   ONDC listing gives a contact, a picture, cuisines or timings.
 * - geo precision: the seller's gps has the decimals ONDC sent.
 */
const ACCEPTED_WARNINGS: Record<string, ReadonlySet<string>> = {
  Product: new Set(['offers.shippingDetails', 'gtin', 'brand.name', 'description', 'aggregateRating']),
  Organization: new Set(['sameAs']),
  WebSite: new Set(),
  BreadcrumbList: new Set(),
  LocalBusiness: new Set(['telephone', 'image', 'servesCuisine', 'menu', 'openingHoursSpecification', 'geo precision (5 decimal places)']),
};

// Bengaluru's HSR Layout and Delhi's Connaught Place: two cities' sellers.
const PINCODES = ['560102', '110001'];
/** Product pages per store: the first cards and the last one on its page. */
const PRODUCTS_PER_STORE = 3;

function decode(text: string): string {
  return text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>');
}

const unaccepted = (finding: Finding) => finding.warnings.filter((w) => !ACCEPTED_WARNINGS[finding.type]?.has(w));

/** The validator itself refuses what Google refuses: each broken node fails on the rule it breaks. */
describe('the Rich Results rules', () => {
  const product = {
    '@type': 'Product',
    name: 'Atta 5 kg',
    image: ['https://shop.example/media?src=a'],
    sku: 'I1',
    gtin: '8901234567890',
    description: 'Whole wheat',
    brand: { '@type': 'Brand', name: 'Aashirvaad' },
    aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.2, ratingCount: 12 },
    offers: {
      '@type': 'Offer',
      price: '245.00',
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      shippingDetails: {},
      hasMerchantReturnPolicy: { applicableCountry: 'IN', returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted' },
    },
  };
  it('passes a complete product and fails each broken one on its rule', () => {
    expect(checkProduct(product)).toEqual({ type: 'Product', errors: [], warnings: [] });
    expect(checkProduct({ ...product, image: [] }).errors).toEqual(['image']);
    expect(checkProduct({ ...product, image: ['/media?src=a'] }).errors).toEqual(['image']);
    expect(checkProduct({ ...product, offers: { ...product.offers, price: '0.00' } }).errors).toEqual(['offers.price']);
    expect(checkProduct({ ...product, offers: { ...product.offers, priceCurrency: '₹' } }).errors).toEqual(['offers.priceCurrency']);
    expect(checkProduct({ ...product, offers: { ...product.offers, availability: 'available' } }).errors).toEqual([
      'offers.availability (not an ItemAvailability)',
    ]);
    expect(
      checkProduct({
        ...product,
        offers: {
          ...product.offers,
          hasMerchantReturnPolicy: { applicableCountry: 'IN', returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow' },
        },
      }).errors,
    ).toEqual(['hasMerchantReturnPolicy.merchantReturnDays']);
    expect(checkProduct({ ...product, name: '' }).errors).toEqual(['name']);
    expect(checkProduct({ ...product, offers: undefined }).errors).toEqual(['offers']);
    expect(checkProduct({ ...product, offers: { ...product.offers, availability: undefined } }).warnings).toEqual(['offers.availability']);
  });
  it('fails a breadcrumb, a store, an organisation and a site search that break theirs', () => {
    expect(
      checkBreadcrumb({
        itemListElement: [
          { position: 1, name: 'Home', item: 'https://shop.example/' },
          { position: 2, name: 'Atta' },
        ],
      }).errors,
    ).toEqual([]);
    expect(
      checkBreadcrumb({
        itemListElement: [
          { position: 1, name: 'Home', item: '/' },
          { position: 3, name: 'Atta' },
        ],
      }).errors,
    ).toEqual(['itemListElement[0].item', 'itemListElement[1].position']);
    expect(checkLocalBusiness({ '@type': 'GroceryStore', name: 'S', address: 'Koramangala' }).errors).toEqual(['address']);
    expect(checkLocalBusiness({ '@type': 'Thing', name: 'S', address: { addressCountry: 'India' } }).errors).toEqual([
      '@type (a LocalBusiness type)',
      'address.addressCountry (ISO 3166 alpha-2)',
    ]);
    expect(checkOrganization({ name: 'GROCERY APP', url: 'https://shop.example/' }).errors).toEqual(['logo (the logo rich result needs it)']);
    const site = {
      name: 'GROCERY APP',
      url: 'https://shop.example/',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'https://shop.example/search?q={query}' },
        'query-input': 'required name=search_term_string',
      },
    };
    expect(checkWebSite(site).errors).toEqual(['potentialAction.target.urlTemplate']);
  });
});

describe.each(inject('servers'))('Google Rich Results rules on $name', ({ url }) => {
  const origin = new URL(url).origin;
  const page = async (path: string, pincode: string) => {
    const response = await fetch(new URL(path, url), { headers: { pincode } });
    expect(response.status, path).toBe(200);
    return response.text();
  };

  it('home: Organization with a logo we serve, WebSite with a SearchAction whose search answers', async () => {
    const nodes = jsonLdNodes(await page('/', PINCODES[0]!));
    const organization = nodes.find((n) => n['@type'] === 'Organization');
    const site = nodes.find((n) => n['@type'] === 'WebSite');
    expect(organization && site).toBeTruthy();
    for (const finding of [checkOrganization(organization!), checkWebSite(site!)]) {
      expect(finding.errors, finding.type).toEqual([]);
      expect(unaccepted(finding), finding.type).toEqual([]);
    }
    const logo = await fetch(new URL(new URL(String(organization!['logo'])).pathname, url));
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/^image\//);
    const template = String((site!['potentialAction'] as { target: { urlTemplate: string } }).target.urlTemplate);
    const search = new URL(template.replace('{search_term_string}', 'atta'));
    expect(await page(search.pathname + search.search, PINCODES[0]!)).toMatch(/atta/i);
  });

  it.each(PINCODES)(
    'every store home lists at %s is a LocalBusiness, and its product pages are merchant listings with breadcrumbs',
    async (pincode) => {
      const home = await page('/', pincode);
      const stores = [...new Set([...home.matchAll(/<a[^>]+href="(\/brand\?provider_id=[^"]+)"/g)].map((m) => decode(m[1]!)))];
      expect(stores.length).toBeGreaterThanOrEqual(2);
      const robots = await (await fetch(`${url}/robots.txt`)).text();
      const disallowed = [...robots.matchAll(/^Disallow:\s*(\S+)/gim)].map((m) => m[1]!);
      let products = 0;
      const problems: string[] = [];
      const accepted = new Map<string, number>();
      const report = (where: string, finding: Finding) => {
        for (const e of finding.errors) problems.push(`${where}: ${finding.type} error ${e}`);
        for (const w of finding.warnings.filter((w) => ACCEPTED_WARNINGS[finding.type]?.has(w)))
          accepted.set(`${finding.type} ${w}`, (accepted.get(`${finding.type} ${w}`) ?? 0) + 1);
        for (const w of unaccepted(finding)) problems.push(`${where}: ${finding.type} is missing recommended ${w}`);
      };

      for (const storePath of stores) {
        const html = await page(storePath, pincode);
        const business = jsonLdNodes(html).filter((n) => checkLocalBusiness(n).errors.every((e) => !e.startsWith('@type')));
        if (business.length !== 1) problems.push(`${storePath}: ${business.length} LocalBusiness nodes`);
        for (const node of business) report(storePath, checkLocalBusiness(node));

        const links = [...new Set([...html.matchAll(/<h3 class="item-card__name"[^>]*><a href="(\/product\?[^"]+)"/g)].map((m) => decode(m[1]!)))];
        for (const productPath of [...links.slice(0, PRODUCTS_PER_STORE - 1), ...links.slice(-1)]) {
          const product = await page(productPath, pincode);
          const nodes = jsonLdNodes(product);
          const item = nodes.find((n) => n['@type'] === 'Product');
          const crumbs = nodes.find((n) => n['@type'] === 'BreadcrumbList');
          if (!item || !crumbs) {
            problems.push(`${productPath}: ${item ? '' : 'no Product '}${crumbs ? '' : 'no BreadcrumbList'}`);
            continue;
          }
          products++;
          report(productPath, checkProduct(item));
          report(productPath, checkBreadcrumb(crumbs));
          // Google's guidelines: the markup describes what the page shows.
          const h1 = decode(
            (/<h1>([\s\S]*?)<\/h1>/.exec(product)?.[1] ?? '').replace(/<span class="food-mark[\s\S]*?<\/span><\/span>/, '').replace(/<[^>]+>/g, ''),
          ).trim();
          if (item['name'] !== h1) problems.push(`${productPath}: Product name "${String(item['name'])}" is not the heading "${h1}"`);
          const shown = /<p class="product__price">\s*<strong>([^<]+)<\/strong>/.exec(product)?.[1] ?? '';
          const offer = item['offers'] as Record<string, unknown>;
          if (Number(shown.replace(/[^\d.]/g, '')) !== Number(offer['price']))
            problems.push(`${productPath}: offer price ${String(offer['price'])} is not the price shown, ${shown}`);
          const canonical = decode(/<link rel="canonical" href="([^"]+)"/.exec(product)?.[1] ?? '');
          if (item['url'] !== canonical) problems.push(`${productPath}: Product url ${String(item['url'])} is not the canonical ${canonical}`);
          for (const image of item['image'] as string[]) {
            const imageUrl = new URL(image);
            if (imageUrl.origin !== origin && !image.startsWith(process.env.PUBLIC_SITE_URL ?? '\u0000'))
              problems.push(`${productPath}: image ${image} is not from our origin`);
            if (disallowed.some((d) => imageUrl.pathname.startsWith(d))) problems.push(`${productPath}: robots.txt keeps crawlers from ${image}`);
            const fetched = await fetch(new URL(imageUrl.pathname + imageUrl.search, url));
            if (fetched.status !== 200 || !/^image\//.test(fetched.headers.get('content-type') ?? ''))
              problems.push(`${productPath}: image ${image} answers ${fetched.status}`);
          }
        }
      }
      console.log(
        `rich results at ${pincode}: ${stores.length} stores, ${products} product pages checked; recommended left out: ${JSON.stringify(Object.fromEntries(accepted))}`,
      );
      expect(problems).toEqual([]);
      expect(products).toBeGreaterThanOrEqual(stores.length);
    },
    180_000,
  );
});
