// Byte budgets that do not depend on the machine (issue 16): every catalogue page's HTML fits the
// first 14 KB flight, compressed as Chromium asks for it (brotli), and with gzip too but for the
// store page (GZIP_BYTES);
// no catalogue page asks for a script before the shopper acts; everything a tap on an item card
// can load stays within 90 KB gzipped; and the checkout page loads React's runtime and at most
// 30 KB more (issue 30).
import { get } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { productUrl, providerUrl } from '#/features/catalogue/paths.ts';
import { fillCart, lines, nearTheStore } from '../support/checkout.ts';
import { openGroceryStore } from '../support/fixtures.ts';

const FIRST_FLIGHT_BYTES = 14 * 1024;
const JS_AFTER_INTERACTION_BYTES = 90 * 1024;
const CHECKOUT_BEYOND_REACT_BYTES = 30 * 1024;
const store = openGroceryStore();
const LISTING = '/grocery-category?categoryId=101';
const STORE_PAGE = providerUrl({ id: store.provider.id, locationId: store.location.id });
// Issue 29: an item's product page, with its similar-items tray.
const PRODUCT_PAGE = productUrl({ providerId: store.provider.id, itemId: store.items[1]!.id });
const PAGES = ['/', '/stores', LISTING, '/grocery-search?q=atta', STORE_PAGE, PRODUCT_PAGE];
// The store page (60 cards) was 13.4 KB with gzip before the Hindi/English strings reached each
// card's props; it is 14.6 KB now (14,974 B on a fresh catalogue; the shared storefronts' orders
// change its stock lines), inside the first flight with brotli only. A guard, not the goal.
const GZIP_BYTES: Record<string, number> = { [STORE_PAGE]: 15 * 1024 };

/** The bytes on the wire, not decompressed. */
function wire(url: string, encoding: 'br' | 'gzip'): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }));
    }).on('error', reject);
  });
}

async function html(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return response.text();
}

/** Every script file reachable from `entries`: each one, and every chunk it imports, statically or lazily. */
async function scriptGraph(base: string, entries: string[]): Promise<Set<string>> {
  const pending = [...entries];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const path = pending.pop() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    const code = await (await fetch(base + path)).text();
    // Static and dynamic imports (`./x.js`), and the preload lists of lazy chunks (`_astro/x.js`).
    for (const m of code.matchAll(/["'`](?:\.\/|\/?_astro\/)([\w.-]+\.js)["'`]/g)) pending.push(`/_astro/${m[1]}`);
  }
  return seen;
}

/** Script files a page's islands can load once hydrated: their entries and every chunk these import. */
async function islandScripts(base: string, page: string): Promise<Set<string>> {
  return scriptGraph(base, islandEntries(await html(base + page)));
}

function islandEntries(markup: string, attribute = '(?:component|renderer)'): string[] {
  return [...markup.matchAll(new RegExp(`${attribute}-url="(/_astro/[^"]+\\.js)"`, 'g'))].map((m) => m[1] as string);
}

async function gzipBytes(base: string, scripts: Iterable<string>): Promise<number> {
  let total = 0;
  for (const path of scripts) {
    const { body, encoding } = await wire(base + path, 'gzip');
    expect(encoding).toBe('gzip');
    total += body.length;
  }
  return total;
}

describe.each(inject('servers'))('catalogue page budgets on $name', ({ url }) => {
  it.each(PAGES)('%s is at most 14 KB on the wire with brotli', async (page) => {
    const { body, encoding } = await wire(url + page, 'br');
    expect(encoding).toBe('br');
    expect(body.length).toBeLessThanOrEqual(FIRST_FLIGHT_BYTES);
  });

  it.each(PAGES)('%s fits its gzip budget on the wire', async (page) => {
    const { body, encoding } = await wire(url + page, 'gzip');
    expect(encoding).toBe('gzip');
    expect(body.length).toBeLessThanOrEqual(GZIP_BYTES[page] ?? FIRST_FLIGHT_BYTES);
  });

  it.each(PAGES)('%s asks for no script before the shopper acts', async (page) => {
    const markup = await html(url + page);
    expect(markup).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(markup).not.toMatch(/<link\b[^>]*\brel="modulepreload"/);
    // An inline module that imports would fetch its imports at once.
    for (const m of markup.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)) expect(m[1]).not.toMatch(/(?:^|[;}\s])import\s*[\w{*"'`]/);
  });

  it('islands carry no HMR-only uid (kirana:island-markup): random bytes gzip cannot fold', async () => {
    const markup = await html(url + STORE_PAGE);
    expect(markup).toMatch(/<astro-island\b/);
    expect(markup).not.toMatch(/<astro-island\b[^>]*\buid=/);
  });

  it('item cards hydrate on interaction, not on load', async () => {
    const markup = await html(url + LISTING);
    const directives = [...markup.matchAll(/<astro-island\b[^>]*\bclient="(\w+)"/g)].map((m) => m[1]);
    expect(directives.length).toBeGreaterThan(0);
    expect(new Set(directives)).toEqual(new Set(['interaction']));
  });

  it.each([LISTING, STORE_PAGE, PRODUCT_PAGE])('everything a tap on %s can load is at most 90 KB gzipped', async (page) => {
    const scripts = await islandScripts(url, page);
    expect(scripts.size).toBeGreaterThan(1);
    expect(await gzipBytes(url, scripts)).toBeLessThanOrEqual(JS_AFTER_INTERACTION_BYTES);
  });

  it("the checkout page loads React's runtime and at most 30 KB more, gzipped", async () => {
    const client = nearTheStore(url);
    await fillCart(client, lines());
    const response = await client.get('/payment');
    expect(response.status).toBe(200);
    const markup = await response.text();
    // React's runtime is what the renderer brings; the rest is the page's own: its island, the
    // chunks it imports now or later, and the layout's scripts.
    const react = await scriptGraph(url, islandEntries(markup, 'renderer'));
    const layout = [...markup.matchAll(/<script\b[^>]*\bsrc="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1] as string);
    const all = await scriptGraph(url, [...islandEntries(markup, 'component'), ...layout, ...react]);
    expect([...all].some((path) => path.includes('CheckoutView'))).toBe(true);
    const reactBytes = await gzipBytes(url, react);
    const ownBytes = await gzipBytes(
      url,
      [...all].filter((path) => !react.has(path)),
    );
    expect(reactBytes, 'React runtime').toBeGreaterThan(60 * 1024);
    expect(ownBytes, `checkout's own JS beyond React's ${reactBytes} B`).toBeLessThanOrEqual(CHECKOUT_BEYOND_REACT_BYTES);
  });
});
