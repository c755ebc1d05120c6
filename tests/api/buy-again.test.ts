// Issue 29: home's buy-again shelf. A returning shopper's home lists what they ordered before that
// is still sold and in stock, at today's price, each with Add; a new shopper's home and the copy a
// browser or the service worker may keep (asked for without cookies) carry none of it, and the
// page stays inside the catalogue budgets either way.
import { get } from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { GroceryItem } from '#/network/catalogue/generate.ts';
import { formatRupees } from '#/lib/money.ts';
import { BUY_AGAIN_ITEMS } from '#/features/orders/buy-again.server.ts';
import { nearTheStore, placeOrder, plentifulItems, type Client } from '../support/checkout.ts';

const FIRST_FLIGHT_BYTES = 14 * 1024;
const SHELF = /<section[^>]*data-buy-again[\s\S]*?<\/section>/;

/** Home's bytes on the wire with brotli, as this shopper's browser asks for it. */
function brotliHome(url: string, client: Client | null): Promise<{ bytes: number; cacheControl: string | undefined }> {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  return new Promise((resolve, reject) => {
    get(`${url}/`, { headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, cacheControl: response.headers['cache-control'] }));
    }).on('error', reject);
  });
}

describe.each(inject('servers'))('issue 29 buy-again shelf on home on $name', ({ url }) => {
  let items: GroceryItem[];
  let returning: Client;
  beforeAll(async () => {
    // A full shelf: as many items as it shows, so the first-flight budget is met at its largest.
    items = await plentifulItems(url, BUY_AGAIN_ITEMS, 40);
    expect(items).toHaveLength(BUY_AGAIN_ITEMS);
    returning = nearTheStore(url);
    await placeOrder(
      returning,
      'cod',
      items.map((i) => ({ sku_id: i.id, quantity: 1 })),
    );
  }, 120_000);

  it("a returning shopper sees what they ordered, at today's price, each with Add and a link to its page, on a page no cache may keep", async () => {
    const response = await returning.get('/');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const shelf = SHELF.exec(await response.text())?.[0] ?? '';
    expect(shelf).toContain('<h2 id="buy-again-heading">Buy again</h2>');
    for (const item of items) {
      expect(shelf).toContain(item.name);
      expect(shelf).toContain(`item_id=${encodeURIComponent(item.id)}`);
      expect(shelf).toContain(formatRupees(item.pricePaise));
    }
    // Every card can be added straight from home: the cart's own server form, no script before the tap.
    expect(shelf.match(/<astro-island\b[^>]*client="interaction"/g)?.length).toBe(items.length);
    expect(shelf).not.toMatch(/<script\b[^>]*\bsrc=/);

    const hindi = SHELF.exec(await (await returning.get('/?lang=hi')).text())?.[0] ?? '';
    expect(hindi).toContain('फिर से खरीदें');
  });

  it('a new shopper, and the copy asked for without cookies, have no shelf and no island', async () => {
    const newcomer = nearTheStore(url);
    const first = await newcomer.get('/');
    const page = await first.text();
    expect(page).not.toContain('data-buy-again');
    expect(page).not.toContain('<astro-island');
    // Now with the device cookie the first visit set: still nobody's history.
    expect(await (await newcomer.get('/')).text()).not.toContain('data-buy-again');

    const anyone = await fetch(`${url}/`);
    expect(anyone.headers.get('cache-control')).toBe('private, no-cache');
    expect(await anyone.text()).not.toContain('data-buy-again');
  });

  it('home with the shelf stays within the first 14 KB flight with brotli', async () => {
    const withShelf = await brotliHome(url, returning);
    const without = await brotliHome(url, nearTheStore(url));
    const anyone = await brotliHome(url, null);
    console.log(`home brotli bytes: anyone ${anyone.bytes}, new shopper ${without.bytes}, returning shopper with the shelf ${withShelf.bytes}`);
    expect(withShelf.bytes).toBeLessThanOrEqual(FIRST_FLIGHT_BYTES);
    expect(withShelf.bytes).toBeGreaterThan(without.bytes);
  });
});
