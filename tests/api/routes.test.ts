import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_DELIVERY_LOCATION, deliveryLocationText } from '#/features/location/delivery-location.ts';

// SPEC §2.1 route table plus the named navigation entries.
const ROUTES = [
  '/',
  '/address-map',
  '/brand-new',
  '/brand-search',
  '/camera',
  '/curated',
  '/error-page',
  '/grocery-category',
  '/grocery-search',
  '/invoice',
  '/offers',
  '/order-history',
  '/payment',
  '/privacy-policy',
  '/search',
  '/stores',
  '/sub-category-items',
  '/terms-and-conditions',
  '/track-map',
  '/tracking-details',
  '/unified-search',
  '/user-blacklist',
  '/drivers-list',
  '/brand',
  '/cart',
  '/order-confirmation',
];

describe.each(inject('servers'))('storefront on $name', ({ url }) => {
  it.each(ROUTES)('serves %s as a GROCERY APP page', async (route) => {
    const response = await fetch(url + route);
    expect(response.status).toBeLessThan(400);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    // SPEC §1 GROCERY APP, after what the page shows (issue 29; exactly GROCERY APP on home).
    expect(await response.text()).toMatch(/<title>(?:[^<]+ · )?GROCERY APP<\/title>/);
  });

  it("keeps /test (the operator's status page) from shoppers: without an operator token it is not there", async () => {
    const response = await fetch(`${url}/test`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Storefront status');
  });

  it('answers an unknown path with 404 and "This page could not be found"', async () => {
    const response = await fetch(`${url}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('404 Not Found');
    expect(html).toContain('This page could not be found');
    expect(html).toContain('href="/"');
  });

  describe.each([
    ['a search with no match, filtered', '/grocery-search?q=zqxjvwk&brand=NoSuchBrand', '/grocery-search?q=zqxjvwk'],
    ['a category whose filters match nothing', '/grocery-category?categoryId=1&brand=NoSuchBrand', '/grocery-category?categoryId=1'],
    ['a sub-category whose filters match nothing', '/sub-category-items?categoryId=101&brand=NoSuchBrand', '/grocery-category?categoryId=101'],
  ])('SPEC §2.3 grocery listing empty state on %s', (_, path, clearHref) => {
    it('shows "No results found", "Remove filters to get more results" and a "Clear Filters" button, without JS', async () => {
      const html = await (await fetch(url + path, { headers: { pincode: '560102' } })).text();
      expect(html).toContain('No results found');
      expect(html).toContain('Remove filters to get more results');
      const button = /<a class="button" href="([^"]+)"[^>]*>Clear Filters<\/a>/.exec(html);
      expect(button?.[1]?.replaceAll('&amp;', '&')).toBe(clearHref);
    });
  });

  it('offers no "Clear Filters" on an empty search with no filter set (issue 28)', async () => {
    const html = await (await fetch(`${url}/grocery-search?q=zqxjvwk`, { headers: { pincode: '560102' } })).text();
    expect(html).toContain('No results found');
    expect(html).not.toContain('Clear Filters');
    expect(html).not.toContain('Remove filters to get more results');
  });

  it('shows the no-permission message for errorType=Unauthorized', async () => {
    const html = await (await fetch(`${url}/error-page?errorType=Unauthorized`)).text();
    expect(html).toContain('You do not have the required permissions to view this page.');
  });

  it('lists the 12 categories on home as links to /grocery-category, with no script but the service worker registration', async () => {
    const html = await (await fetch(`${url}/`)).text();
    const links = html.match(/href="\/grocery-category\?categoryId=\d+"/g) ?? [];
    expect(new Set(links).size).toBe(12);
    // Issue 15: the one script is inline (no request) and only registers the worker after load.
    const scripts = (html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []).filter((tag) => !tag.includes('application/ld+json'));
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^<script type="module">.*serviceWorker\.register\(.\/sw\.js.\).*<\/script>$/);
    expect(scripts[0]?.length).toBeLessThan(300);
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
  });

  it('compresses HTML with brotli or gzip', async () => {
    const br = await fetch(`${url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gz = await fetch(`${url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toContain('GROCERY APP');
  });

  it('creates a 30-minute session cookie once, and keeps it', async () => {
    const first = await fetch(`${url}/`);
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/sessionId=[0-9a-f-]{36}/);
    expect(cookie).toMatch(/Max-Age=1800/);
    const id = /sessionId=([^;]+)/.exec(cookie)?.[1];
    const second = await fetch(`${url}/`, { headers: { cookie: `sessionId=${id}` } });
    expect(second.headers.get('set-cookie') ?? '').not.toContain('sessionId=');
  });

  it('sends the security headers', async () => {
    const response = await fetch(`${url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
    expect(csp).not.toContain("'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBeTruthy();
    expect(response.headers.get('permissions-policy')).toContain('geolocation=(self)');
  });

  it('sends each security and Vary header once on a page Astro renders again as its 404', async () => {
    const response = await fetch(`${url}/brand?provider_id=no-such-store&location_id=no-such-store-l1`);
    expect(response.status).toBe(404);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp.match(/frame-ancestors/g)).toHaveLength(1);
    const vary = (response.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());
    expect(vary).toEqual([...new Set(vary)]);
    expect(vary).toEqual(expect.arrayContaining(['accept-encoding', 'accept-language', 'cookie']));
  });

  it('serves static files with their type and a cache lifetime', async () => {
    const response = await fetch(`${url}/images/categories/pickles-masala.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(await response.text()).toContain('<svg');
  });

  it('serves the installable app: manifest, a service worker re-checked on every visit, its icons and /offline (issue 15)', async () => {
    const manifest = await fetch(`${url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(await manifest.json()).toMatchObject({ display: 'standalone', start_url: '/?utm_source=pwa' });
    const worker = await fetch(`${url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(await worker.text()).toContain('kirana-shell-');
    const icon = await fetch(`${url}/icons/maskable-512.png`);
    expect(icon.headers.get('content-type')).toBe('image/png');
    const offline = await fetch(`${url}/offline`);
    expect(offline.status).toBe(200);
    const offlineHtml = await offline.text();
    expect(offlineHtml).toContain('You are offline');
    // Saved once for every page: it names no address, neither the default's nor anyone's (issue 28).
    expect(offlineHtml).toContain('Choose your address');
    expect(offlineHtml).not.toContain(deliveryLocationText(DEFAULT_DELIVERY_LOCATION));
    const offlineHindi = await (await fetch(`${url}/offline`, { headers: { 'accept-language': 'hi-IN' } })).text();
    expect(offlineHindi).toContain('अपना पता चुनें');
    const home = await (await fetch(`${url}/`)).text();
    expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('reports health with the database reachable', async () => {
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: { ok: true } });
  });
});
