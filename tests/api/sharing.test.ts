// What a shared link shows (issue 29): a title naming the page, Open Graph and Twitter card tags
// with absolute addresses and a real picture from our origin, and schema.org data that carries
// the fields Google's rich results require and recommend.
import { describe, expect, inject, it } from 'vitest';
import { providerUrl } from '#/features/catalogue/paths.ts';
import { lunchRestaurant, openGroceryStore } from '../support/fixtures.ts';

const store = openGroceryStore();
const restaurant = lunchRestaurant();
const STORE_PAGE = providerUrl({ id: store.provider.id, locationId: store.location.id });
const RESTAURANT_PAGE = providerUrl({ id: restaurant.provider.id, locationId: restaurant.location.id });

function decode(text: string): string {
  return text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>');
}

/** Every `<meta property|name=… content=…>` of the head, by its key. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) tags.set(m[1]!, decode(m[2]!));
  return tags;
}

function title(html: string): string {
  return decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
}

type Json = Record<string, unknown>;

function jsonLd(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Json);
}

/** Top-level nodes and the nodes of an @graph. */
function nodes(html: string): Json[] {
  return jsonLd(html).flatMap((doc) => (Array.isArray(doc['@graph']) ? (doc['@graph'] as Json[]) : [doc]));
}

describe.each(inject('servers'))('shared links on $name', ({ url }) => {
  const origin = new URL(url).origin;
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url + path, { headers: { pincode: '560102', ...headers } });
    expect(response.status).toBe(200);
    return response.text();
  };

  describe.each([
    ['home', '/'],
    ['a listing', '/grocery-category?categoryId=101'],
    ['a store', STORE_PAGE],
    ['a restaurant', RESTAURANT_PAGE],
    ['search', '/search?q=paneer'],
    ['an order-free page', '/offers'],
  ])('%s', (_, path) => {
    it('has Open Graph and Twitter card tags with absolute addresses and a picture from our origin', async () => {
      const html = await page(path);
      const tags = metaTags(html);
      expect(tags.get('og:title')).toBe(title(html));
      expect(tags.get('og:site_name')).toBe('GROCERY APP');
      expect(tags.get('og:type')).toBe('website');
      expect(tags.get('og:locale')).toBe('en_IN');
      expect(tags.get('og:description')?.length).toBeGreaterThan(20);
      expect(new URL(tags.get('og:url') ?? '').origin).toBe(origin);
      expect(tags.get('og:image:width')).toBe('1200');
      expect(tags.get('og:image:height')).toBe('630');
      expect(tags.get('og:image:alt')?.length).toBeGreaterThan(2);
      expect(tags.get('twitter:card')).toBe('summary_large_image');
      const image = tags.get('og:image') ?? '';
      expect(tags.get('twitter:image')).toBe(image);
      expect(new URL(image).origin).toBe(origin);
      const response = await fetch(image);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await response.arrayBuffer());
      // The PNG's own size (IHDR) is what the tags promise.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    });
  });

  it('titles home exactly "GROCERY APP" (SPEC §1) and other pages by what they show, in the page language', async () => {
    expect(title(await page('/'))).toBe('GROCERY APP');
    expect(title(await page('/?lang=hi'))).toBe('GROCERY APP');
    expect(title(await page(STORE_PAGE))).toMatch(new RegExp(`^${store.provider.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.* · GROCERY APP$`));
    expect(title(await page('/search?q=paneer'))).toBe('paneer · Search · GROCERY APP');
    expect(title(await page('/offers'))).toBe('Offers · GROCERY APP');
    const hindi = await page('/offers?lang=hi');
    expect(title(hindi)).toMatch(/^\P{ASCII}+.* · GROCERY APP$/u);
    expect(metaTags(hindi).get('og:locale')).toBe('hi_IN');
    expect(title(await page('/grocery-category?categoryId=101'))).not.toBe('GROCERY APP');
  });

  it("shows a store's own picture, not the brand card, when a store is shared", async () => {
    const tags = metaTags(await page(STORE_PAGE));
    expect(tags.get('og:image')).toMatch(/\/media\/share\.png\?src=/);
    expect(tags.get('og:image:alt')).toBe(store.provider.name);
  });

  it('describes the site and its search on home (Organization, WebSite + SearchAction)', async () => {
    const found = nodes(await page('/'));
    const organization = found.find((n) => n['@type'] === 'Organization');
    expect(organization).toMatchObject({ name: 'GROCERY APP', url: `${origin}/` });
    expect(new URL(String(organization?.['logo'])).origin).toBe(origin);
    const website = found.find((n) => n['@type'] === 'WebSite');
    expect(website).toMatchObject({ name: 'GROCERY APP', url: `${origin}/` });
    const action = website?.['potentialAction'] as Json;
    expect(action['@type']).toBe('SearchAction');
    expect((action['target'] as Json)['urlTemplate']).toBe(`${origin}/search?q={search_term_string}`);
    expect(action['query-input']).toBe('required name=search_term_string');
  });

  it.each([
    ['GroceryStore', STORE_PAGE, store.provider, store.location],
    ['Restaurant', RESTAURANT_PAGE, restaurant.provider, restaurant.location],
  ] as const)('gives a %s its complete LocalBusiness data', async (type, path, provider, location) => {
    const business = nodes(await page(path)).find((n) => n['@type'] === type);
    expect(business).toBeDefined();
    // Required: name and address; recommended: url, image, geo, telephone, opening hours.
    expect(business).toMatchObject({ name: provider.name, url: `${origin}${path}` });
    expect(new URL(String(business?.['image'])).origin).toBe(origin);
    const address = business?.['address'] as Json;
    expect(address['@type']).toBe('PostalAddress');
    for (const field of ['streetAddress', 'addressLocality', 'postalCode', 'addressRegion']) expect(String(address[field] ?? '')).not.toBe('');
    expect(address['addressCountry']).toBe('IN');
    expect(address['postalCode']).toBe(location.pincode);
    expect(address['streetAddress']).toContain(location.street);
    // The network's consumer-care line carries a phone number.
    expect(String(business?.['telephone'])).toMatch(/\d{6,}/);
    const geo = business?.['geo'] as Json;
    expect(geo['@type']).toBe('GeoCoordinates');
    expect(Number(geo['latitude'])).toBeCloseTo(location.lat, 4);
    expect(Number(geo['longitude'])).toBeCloseTo(location.lng, 4);
    const hours = business?.['openingHoursSpecification'] as Json[];
    expect(hours).toHaveLength(1);
    expect(hours[0]).toMatchObject({ '@type': 'OpeningHoursSpecification' });
    expect(hours[0]?.['dayOfWeek']).toHaveLength(7);
    const hhmm = (n: number) => `${String(Math.floor(n / 100)).padStart(2, '0')}:${String(n % 100).padStart(2, '0')}`;
    expect(hours[0]?.['opens']).toBe(hhmm(provider.openingHours.from));
    expect(hours[0]?.['closes']).toBe(hhmm(provider.openingHours.to));
  });

  it('lets crawlers index product pictures (/media) and keeps private paths closed', async () => {
    const robots = await (await fetch(`${url}/robots.txt`)).text();
    const disallowed = [...robots.matchAll(/^Disallow: (\S+)/gm)].map((m) => m[1]!);
    expect(disallowed.filter((p) => '/media?src=x'.startsWith(p) || '/media/share.png'.startsWith(p))).toEqual([]);
    for (const p of ['/cart', '/order-history', '/invoice', '/return-photos/']) expect(disallowed).toContain(p);
  });
});
