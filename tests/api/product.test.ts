// Product pages (issue 29): an item's own page, reached from its card, showing the price the card
// shows; one canonical address per product across its sellers (SPEC §5 dedupe); listed in the
// sitemap in both languages; and the SPEC §2.2 404 page for anything else.
import { describe, expect, inject, it } from 'vitest';
import { providerUrl } from '#/features/catalogue/paths.ts';
import { generateNetwork, providerItems, type GroceryItem } from '#/network/catalogue/generate.ts';
import { hasListingFlaw } from '#/network/listing-flaws.ts';
import { openGroceryStore } from '../support/fixtures.ts';

const store = openGroceryStore();
const item = store.items[1]!;
const STORE_PAGE = providerUrl({ id: store.provider.id, locationId: store.location.id });
const PRODUCT_PAGE = `/product?provider_id=${encodeURIComponent(store.provider.id)}&item_id=${encodeURIComponent(item.id)}`;

/** One product (same FSSAI licence, same name) sold by two enabled Bengaluru stores: SPEC §5 makes it one entry. */
function productOfTwoSellers() {
  const stores = generateNetwork()
    .sellers.flatMap((s) => s.providers)
    .filter((p) => p.kind === 'grocery' && p.cityId === 'bengaluru' && p.status === 'enable');
  const byKey = new Map<string, Array<{ providerId: string; item: GroceryItem }>>();
  for (const provider of stores) {
    for (const i of providerItems(provider)) {
      if (i.kind !== 'grocery' || !i.fssaiLicence || hasListingFlaw(i)) continue;
      const key = `${i.fssaiLicence}:${i.name.toLowerCase().replace(/\s+/g, '')}`;
      byKey.set(key, [...(byKey.get(key) ?? []), { providerId: provider.id, item: i }]);
    }
  }
  const shared = [...byKey.values()].find((listings) => new Set(listings.map((l) => l.providerId)).size >= 2);
  if (!shared) throw new Error('no product is sold by two Bengaluru stores');
  return shared.slice(0, 2).map((l) => `/product?provider_id=${encodeURIComponent(l.providerId)}&item_id=${encodeURIComponent(l.item.id)}`);
}

/** A restaurant's add-on (an ONDC customization): part of a dish, never a product of its own. */
function addOnPage() {
  for (const provider of generateNetwork().sellers.flatMap((s) => s.providers)) {
    const addOn = [...providerItems(provider)].find((i) => i.kind === 'customization');
    if (addOn) return `/product?provider_id=${encodeURIComponent(provider.id)}&item_id=${encodeURIComponent(addOn.id)}`;
  }
  throw new Error('no restaurant has add-ons');
}

function decode(text: string): string {
  return text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>');
}

type Json = Record<string, unknown>;

/** Every JSON-LD node of the page (top level and @graph), parsed as a crawler would. */
function jsonLdNodes(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Json)
    .flatMap((doc) => (Array.isArray(doc['@graph']) ? (doc['@graph'] as Json[]) : [doc]));
}

/** The card of an item on a listing: its link and the price it shows. */
function cardOf(html: string, itemId: string) {
  const cards = html.split('<li class="item-card">').slice(1);
  const card = cards.find((c) => c.includes(`item_id=${encodeURIComponent(itemId)}"`));
  if (!card) return null;
  return {
    href: decode(/<h3 class="item-card__name"[^>]*><a href="([^"]+)">/.exec(card)?.[1] ?? ''),
    price: /<p class="item-card__price">\s*<strong>([^<]+)<\/strong>/.exec(card)?.[1] ?? '',
  };
}

describe.each(inject('servers'))('product pages on $name', ({ url }) => {
  const origin = new URL(url).origin;
  const get = (path: string) => fetch(url + path, { headers: { pincode: store.location.pincode } });

  it('is what an item card on its store page links to, with the name and the price the card shows', async () => {
    const card = cardOf(await (await get(`${STORE_PAGE}&category=${Math.floor(item.subCategoryId / 100)}`)).text(), item.id);
    expect(card).not.toBeNull();
    expect(card!.href).toBe(PRODUCT_PAGE);
    const response = await get(card!.href);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(decode(/<h1>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '')).toContain(item.name);
    expect(/<p class="product__price">\s*<strong>([^<]+)<\/strong>/.exec(html)?.[1]).toBe(card!.price);
    expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(`${item.name} · ${store.provider.name} · GROCERY APP`);
    // Its store, with the way back to it, and an Add that works without JavaScript.
    expect(html).toContain(`href="${STORE_PAGE.replaceAll('&', '&amp;')}"`);
    expect(html).toContain(`aria-label="Add ${item.name} to cart"`);
    expect(html).toMatch(/<form class="add-to-cart" action="\/cart\/add" method="post">/);
  });

  it('tells crawlers the product, its offer and where it sits (Product + Offer + BreadcrumbList)', async () => {
    const html = await (await get(PRODUCT_PAGE)).text();
    const nodes = jsonLdNodes(html);
    const product = nodes.find((n) => n['@type'] === 'Product')!;
    expect(product).toMatchObject({ name: item.name, sku: item.id, brand: { '@type': 'Brand', name: item.brand } });
    const canonical = decode(/<link rel="canonical" href="([^"]+)">/.exec(html)?.[1] ?? '');
    expect(product['url']).toBe(canonical);
    for (const image of product['image'] as string[]) expect(new URL(image).origin).toBe(origin);
    const offer = product['offers'] as Json;
    expect(offer).toMatchObject({ '@type': 'Offer', priceCurrency: 'INR', availability: 'https://schema.org/InStock', url: canonical });
    const shown = /<p class="product__price">\s*<strong>₹([\d,.]+)<\/strong>/.exec(html)?.[1]?.replaceAll(',', '');
    expect(Number(offer['price'])).toBe(Number(shown));
    const crumbs = nodes.find((n) => n['@type'] === 'BreadcrumbList')!['itemListElement'] as Json[];
    expect(crumbs[0]).toMatchObject({ position: 1, item: `${origin}/` });
    expect(crumbs.at(-1)).toMatchObject({ name: item.name });
  });

  it('names one canonical page for a product however many stores sell it (SPEC §5 dedupe)', async () => {
    const [first, second] = productOfTwoSellers() as [string, string];
    const canonicalOf = async (path: string) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      return decode(/<link rel="canonical" href="([^"]+)">/.exec(await response.text())?.[1] ?? '');
    };
    const [a, b] = [await canonicalOf(first), await canonicalOf(second)];
    expect(a).toBe(b);
    expect([`${url}${first}`, `${url}${second}`]).toContain(a);
    // The sitemap lists the product once: the canonical page.
    const xml = await (await fetch(`${url}/sitemap.xml`)).text();
    const loser = a === `${url}${first}` ? second : first;
    expect(xml).toContain(`<loc>${a.replaceAll('&', '&amp;')}</loc>`);
    expect(xml).not.toContain(`<loc>${(url + loser).replaceAll('&', '&amp;')}</loc>`);
  });

  it('lists product pages in the sitemap in both languages, each with its lastmod', async () => {
    const xml = await (await fetch(`${url}/sitemap.xml`)).text();
    const products = [...xml.matchAll(/<url><loc>([^<]*\/product\?[^<]*)<\/loc><lastmod>([^<]+)<\/lastmod>/g)];
    expect(products.length).toBeGreaterThan(100);
    const english = products.map((m) => decode(m[1]!)).filter((loc) => !loc.endsWith('lang=hi'));
    expect(products.length).toBe(english.length * 2);
    for (const [, , lastmod] of products.slice(0, 20)) expect(Number.isNaN(Date.parse(lastmod!))).toBe(false);
    expect(xml.match(/<loc>/g)!.length).toBeLessThanOrEqual(50_000);
  });

  it('shares as the item: its title, and its own picture drawn as a 1200×630 card by /media/share.png', async () => {
    const html = await (await get(PRODUCT_PAGE)).text();
    const meta = (key: string) => decode(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? '');
    expect(meta('og:title')).toBe(`${item.name} · ${store.provider.name} · GROCERY APP`);
    expect(meta('og:image:alt')).toBe(item.name);
    const image = meta('og:image');
    expect(image).toMatch(new RegExp(`^${origin}/media/share\\.png\\?src=`));
    expect(meta('twitter:image')).toBe(image);
    const png = await fetch(image);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('speaks Hindi like the other catalogue pages', async () => {
    const html = await (await get(`${PRODUCT_PAGE}&lang=hi`)).text();
    expect(html).toContain('<html lang="hi"');
    expect(html).toContain('सामान की जानकारी');
    expect(html).toMatch(/aria-label="[^"]+ कार्ट में जोड़ें"/);
  });

  it.each([
    ['an unknown item', `/product?provider_id=${encodeURIComponent(store.provider.id)}&item_id=no-such-item`],
    ['an unknown store', `/product?provider_id=no-such-store&item_id=${encodeURIComponent(item.id)}`],
    ['no item id', `/product?provider_id=${encodeURIComponent(store.provider.id)}`],
    ['no ids at all', '/product'],
    ['an empty id', `/product?provider_id=${encodeURIComponent(store.provider.id)}&item_id=%20`],
    ['an id past 200 characters', `/product?provider_id=${encodeURIComponent(store.provider.id)}&item_id=${'x'.repeat(201)}`],
    ['an add-on rather than an item', addOnPage()],
  ])('answers %s with the SPEC 404 page', async (_, path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('404 Not Found');
  });
});
