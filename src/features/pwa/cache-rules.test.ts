import { describe, expect, it } from 'vitest';
import { CAPS, entriesToEvict, markOfflineCopy, mayActivate, mayStore, offlineCopyDue, pageCacheKey, strategyFor, type RequestFacts } from './cache-rules.ts';

const origin = 'https://kirana.example';
const get = (path: string, mode = 'cors'): RequestFacts => ({ method: 'GET', url: origin + path, mode, origin });
const open = (path: string) => get(path, 'navigate');

describe('cache rules per route: nothing private is ever stored', () => {
  it.each([
    '/cart',
    '/payment',
    '/payment?transaction_id=t1',
    '/order-confirmation?order_id=o1',
    '/order-history',
    '/invoice?order_id=o1',
    '/tracking-details?order_id=o1',
    '/track-map?order_id=o1',
    '/drivers-list',
    '/camera?order_id=o1',
    '/address-map',
    '/user-blacklist',
    '/test',
    '/ops/analytics/funnel',
    '/some-page-added-later',
  ])('opening %s goes to the network only (offline page when it cannot)', (path) => {
    expect(strategyFor(open(path))).toBe('private-page');
  });

  it.each([
    ['/ondc/cart?cityName=bengaluru&offer=1'],
    ['/ondc/fetchMessage?messageId=m1'],
    ['/ondc/order/detail?order_id=o1'],
    ['/ondc/payment/status?transaction_id=t1'],
    ['/return-photos/abc'],
    ['/get/unified/address'],
    ['/kong-api/package_api/v3/payment/getInstrumentDetails'],
    ['/sitemap.xml'],
    ['/healthz'],
  ])('a script or image fetch of %s is left to the browser', (path) => {
    expect(strategyFor(get(path))).toBe('pass');
  });

  it.each([
    '/ondc/cart?offer=1',
    '/ondc/select',
    '/ondc/confirm',
    '/ondc/payment',
    '/ondc/hive',
    '/cart/add',
    '/ondc/fetch/grocery/items',
    '/save/unified/address',
  ])('a POST to %s is left to the browser', (path) => {
    expect(strategyFor({ method: 'POST', url: origin + path, mode: 'cors', origin })).toBe('pass');
    expect(strategyFor({ method: 'POST', url: origin + path, mode: 'navigate', origin })).toBe('pass');
  });

  it('other methods and other origins are left to the browser', () => {
    expect(strategyFor({ method: 'PUT', url: `${origin}/`, mode: 'navigate', origin })).toBe('pass');
    expect(strategyFor({ method: 'GET', url: 'https://tiles.example/1/2/3.png', mode: 'no-cors', origin })).toBe('pass');
    expect(strategyFor({ method: 'GET', url: 'https://elsewhere.example/', mode: 'navigate', origin })).toBe('pass');
  });
});

describe('cache rules per route: public pages and files', () => {
  it.each([
    '/',
    '/stores',
    '/offers',
    '/grocery-category?categoryId=101',
    '/grocery-search?q=atta',
    '/sub-category-items?subCategoryId=101',
    '/brand?provider_id=p&location_id=l',
    '/search',
    '/privacy-policy',
    '/terms-and-conditions',
  ])('catalogue page %s: network first, the saved copy offline', (path) => {
    expect(strategyFor(open(path))).toBe('page');
  });

  it('the same public path fetched by a script (not opened) is not saved as a page', () => {
    expect(strategyFor(get('/grocery-category?categoryId=101'))).toBe('pass');
  });

  it('hashed build output is cache-first; seller images and our own files revalidate', () => {
    expect(strategyFor(get('/_astro/AddToCartButton.Cpurr4SW.js'))).toBe('immutable');
    expect(strategyFor(get('/media?src=http%3A%2F%2Fsellers.localhost%2Fa.png'))).toBe('media');
    expect(strategyFor(get('/media'))).toBe('pass');
    expect(strategyFor(get('/images/categories/munchies.svg'))).toBe('static');
    expect(strategyFor(get('/icons/icon-192.png'))).toBe('static');
    expect(strategyFor(get('/manifest.webmanifest'))).toBe('static');
    expect(strategyFor(get('/favicon.svg'))).toBe('static');
  });
});

describe('saved page keys', () => {
  it('drop the fragment and tracking parameters but keep what chooses the content', () => {
    expect(pageCacheKey(`${origin}/grocery-category?categoryId=101&utm_source=pwa&gclid=x#top`)).toBe(`${origin}/grocery-category?categoryId=101`);
    expect(pageCacheKey(`${origin}/?utm_source=pwa`)).toBe(`${origin}/`);
    expect(pageCacheKey(`${origin}/grocery-search?q=atta&page=2`)).toBe(`${origin}/grocery-search?q=atta&page=2`);
  });
});

describe('an offline copy', () => {
  const page =
    '<!doctype html><html lang="en-IN"><head></head><body><form class="add-to-cart"><button class="add-to-cart__add" type="submit" aria-label="Add Atta to cart">Add</button></form>' +
    '<button type="button" class="stepper__button" aria-label="Add one more">+</button><a href="/cart">Cart</a><button type="button" class="sheet__close">Close</button></body></html>';

  it('is marked on <html> with the time it was saved', () => {
    expect(markOfflineCopy(page, '2026-11-25T03:00:00.000Z')).toContain('<html data-offline-copy="2026-11-25T03:00:00.000Z" lang="en-IN">');
  });

  it('has every buying button disabled before any script runs, and nothing else', () => {
    const copy = markOfflineCopy(page, '2026-11-25T03:00:00.000Z');
    expect(copy).toContain('<button disabled class="add-to-cart__add"');
    expect(copy).toContain('<button disabled type="button" class="stepper__button"');
    expect(copy).toContain('<button type="button" class="sheet__close">');
  });

  it('cannot carry markup in its time stamp', () => {
    expect(markOfflineCopy(page, '"><script>x</script>')).toContain('<html data-offline-copy="" lang');
  });
});

describe('a new version takes over', () => {
  it('on a navigation when no open page is in checkout', () => {
    expect(mayActivate([`${origin}/grocery-category?categoryId=101`, `${origin}/cart`])).toBe(true);
  });

  it('never while a checkout page is open or being opened', () => {
    expect(mayActivate([`${origin}/payment?transaction_id=t`, `${origin}/`])).toBe(false);
    expect(mayActivate([`${origin}/order-confirmation?order_id=o`])).toBe(false);
  });
});

describe('cache caps', () => {
  const entry = (name: string, bytes: number) => ({ name, bytes });

  it('nothing is dropped while under the cap', () => {
    expect(entriesToEvict([entry('a', 10), entry('b', 10)], { maxEntries: 2, maxBytes: 20 })).toEqual([]);
  });

  it('the oldest go first until the count fits', () => {
    expect(entriesToEvict([entry('a', 1), entry('b', 1), entry('c', 1)], { maxEntries: 2, maxBytes: 100 }).map((e) => e.name)).toEqual(['a']);
  });

  it('the oldest go first until the bytes fit', () => {
    const entries = [entry('a', 400), entry('b', 300), entry('c', 200), entry('d', 100)];
    expect(entriesToEvict(entries, { maxEntries: 10, maxBytes: 350 }).map((e) => e.name)).toEqual(['a', 'b']);
  });

  it('seller images are capped in bytes for a low-end phone', () => {
    expect(CAPS.media.maxBytes).toBeLessThanOrEqual(10_000_000);
  });
});

describe('what the worker may keep (issue 24)', () => {
  it('never a response marked no-store, whatever else it says', () => {
    expect(mayStore('no-store')).toBe(false);
    expect(mayStore('private, no-store, max-age=0')).toBe(false);
    expect(mayStore('No-Store')).toBe(false);
    expect(mayStore('no-cache')).toBe(true);
    expect(mayStore('public, max-age=86400')).toBe(true);
    expect(mayStore(null)).toBe(true);
  });

  it('asks for a page’s cookieless copy when it has none, one of another pincode, or one older than 10 minutes', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(offlineCopyDue(null, '560102', now)).toBe(true);
    expect(offlineCopyDue({ pincode: '560038', savedAt: '2026-11-25T09:59:00Z' }, '560102', now)).toBe(true);
    expect(offlineCopyDue({ pincode: '560102', savedAt: '2026-11-25T09:49:00Z' }, '560102', now)).toBe(true);
    expect(offlineCopyDue({ pincode: '560102', savedAt: '2026-11-25T09:55:00Z' }, '560102', now)).toBe(false);
    expect(offlineCopyDue({ pincode: null, savedAt: '2026-11-25T09:55:00Z' }, null, now)).toBe(false);
  });
});
