// Hindi and English (issue 15) as a browser and a crawler meet them: the language chosen per
// request, the stored choice, the ev_delivery tenant, hreflang and the sitemap, and the first
// 14 KB flight held by every catalogue page in Hindi too.
import { get } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { providerUrl } from '#/features/catalogue/paths.ts';
import { openGroceryStore } from '../support/fixtures.ts';

const store = openGroceryStore();
const storePage = providerUrl({ id: store.provider.id, locationId: store.location.id });
const CATALOGUE_PAGES = ['/', '/stores', '/grocery-category?categoryId=101', '/grocery-search?q=atta', storePage];

const page = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: 'manual' });
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

function wireBytes(url: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br, gzip', cookie: 'locale=hi' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] }));
    }).on('error', reject);
  });
}

describe.each(inject('servers'))('Hindi and English on $name', ({ url }) => {
  it('answers English by default, with lang en-IN', async () => {
    const html = await (await page(`${url}/stores`)).text();
    expect(htmlLang(html)).toBe('en-IN');
    expect(h1(html)).toBe('Stores near you');
  });

  it('answers Hindi to Accept-Language hi, with lang="hi" and Content-Language', async () => {
    const response = await page(`${url}/stores`, { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    const html = await response.text();
    expect(htmlLang(html)).toBe('hi');
    expect(h1(html)).toBe('आपके पास की दुकानें');
    expect(response.headers.get('content-language')).toBe('hi');
    expect(response.headers.get('vary')).toMatch(/Accept-Language/);
  });

  it('lets the stored choice (cookie) override Accept-Language, both ways', async () => {
    expect(h1(await (await page(`${url}/stores`, { 'accept-language': 'hi', cookie: 'locale=en' })).text())).toBe('Stores near you');
    expect(h1(await (await page(`${url}/stores`, { 'accept-language': 'en', cookie: 'locale=hi' })).text())).toBe('आपके पास की दुकानें');
  });

  it('stores the choice when the shopper follows the switch (?lang=)', async () => {
    const response = await page(`${url}/stores?lang=hi`, { cookie: 'locale=en' });
    expect(h1(await response.text())).toBe('आपके पास की दुकानें');
    expect(response.headers.getSetCookie().find((c) => c.startsWith('locale='))).toMatch(/^locale=hi;.*Max-Age=31536000/);
  });

  it('switches language back to the page the shopper was on, never to another site', async () => {
    const back = (referer?: string) => page(`${url}/language?to=hi`, referer ? { referer } : {}).then((r) => [r.status, r.headers.get('location')]);
    expect(await back(`${url}/grocery-category?categoryId=101&brand=Aashirvaad`)).toEqual([303, '/grocery-category?categoryId=101&brand=Aashirvaad&lang=hi']);
    expect(await back('https://elsewhere.example/phish')).toEqual([303, '/?lang=hi']);
    // A same-origin path made to read as //host elsewhere still lands on this site.
    const [, sneaky] = await back(`${url}/.//elsewhere.example`);
    expect(sneaky).toMatch(/^\/(?!\/)/);
    expect(await back()).toEqual([303, '/?lang=hi']);
    const bad = await page(`${url}/language?to=fr`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).status).toBe('FAILURE');
  });

  it('does not write the page’s own address into its HTML (private query parameters stay out)', async () => {
    const html = await (await page(`${url}/order-confirmation?order_id=KO0000000000000000SECRET`)).text();
    expect(html).not.toContain('SECRET');
    expect(html).toContain('href="/language?to=hi"');
  });

  it('clears the stored locale for the ev_delivery tenant (SPEC §1)', async () => {
    const response = await page(`${url}/stores`, { cookie: 'tenant=ev_delivery; locale=hi', 'accept-language': 'en' });
    expect(h1(await response.text())).toBe('Stores near you');
    expect(response.headers.getSetCookie().find((c) => c.startsWith('locale='))).toMatch(/^locale=[^;]*;.*Expires=Thu, 01 Jan 1970/);
  });

  it('gives crawlers one canonical address per language, with hreflang alternates', async () => {
    const english = await (await page(`${url}/grocery-category?categoryId=101`)).text();
    const hindi = await (await page(`${url}/grocery-category?categoryId=101&lang=hi`)).text();
    for (const html of [english, hindi]) {
      expect(html).toContain(`<link rel="alternate" hreflang="en-IN" href="${url}/grocery-category?categoryId=101">`);
      expect(html).toContain(`<link rel="alternate" hreflang="hi-IN" href="${url}/grocery-category?categoryId=101&amp;lang=hi">`);
      expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${url}/grocery-category?categoryId=101">`);
    }
    expect(english).toContain(`<link rel="canonical" href="${url}/grocery-category?categoryId=101">`);
    expect(hindi).toContain(`<link rel="canonical" href="${url}/grocery-category?categoryId=101&amp;lang=hi">`);
    // Readable without JavaScript: the listing's words and its items are in the HTML.
    expect(hindi).toContain('सबसे मिलते-जुलते');
    expect(hindi).toMatch(/aria-label="[^"]+ कार्ट में जोड़ें"/);
  });

  it('lists every page in both languages in the sitemap, each naming its alternates', async () => {
    const xml = await (await page(`${url}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${url}/stores</loc>`);
    expect(xml).toContain(`<loc>${url}/stores?lang=hi</loc>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="hi-IN" href="${url}/stores?lang=hi"/>`);
    const entries = xml.match(/<url>/g)?.length ?? 0;
    expect(entries % 2).toBe(0);
    expect(xml.match(/hreflang="hi-IN"/g)?.length).toBe(entries);
  });

  it('says SPEC messages in Hindi on the error pages', async () => {
    const html = await (await page(`${url}/no-such-page`, { cookie: 'locale=hi' })).text();
    expect(html).toContain('404 पेज नहीं मिला');
    expect(html).toContain('यह पेज नहीं मिला');
  });

  it.each(CATALOGUE_PAGES)('%s in Hindi is at most 14 KB on the wire (brotli)', async (path) => {
    const { bytes, encoding } = await wireBytes(url + path);
    expect(encoding).toBe('br');
    expect(bytes).toBeLessThanOrEqual(14 * 1024);
  });
});
