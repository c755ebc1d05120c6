import { expect, test, type Page } from '../support/e2e.ts';
import { fillDeliveryDetails } from '../support/checkout-form.ts';
import { DELIVERY_LOCATION_COOKIE, deliveryLocationCookieValue } from '../../src/features/location/delivery-location.ts';
import { submitAddToCartForm } from '../support/add-to-cart.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { startServer, type StartedServer } from '../support/server.ts';

// Issue 12 in Chromium at 360x740, on a storefront of its own with an operator token to read back
// what was recorded: a shopper's journey in order, nothing lost across a dropped connection, and
// the six native-app events through a fake bridge.
const TOKEN = 'e2e-analytics';
const store = openGroceryStore();
const [first, second] = store.items;
let server: StartedServer;

async function recorded(sessionId: string): Promise<Array<{ name: string; page: string | null; attributes: Record<string, unknown> }>> {
  const text = await (await fetch(`${server.url}/ops/analytics/events?since=1d`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line)).filter((row) => row.session_id === sessionId);
}

async function shopAt(page: Page) {
  const value = deliveryLocationCookieValue({ label: 'Near the store', city: 'bengaluru', pincode: store.location.pincode, lat: store.location.lat, lng: store.location.lng });
  await page.context().addCookies([{ name: DELIVERY_LOCATION_COOKIE, value: encodeURIComponent(value), url: server.url }]);
}

const sessionOf = async (page: Page) => (await page.context().cookies(server.url)).find((c) => c.name === 'sessionId')?.value ?? '';
const item = (i: typeof first) => ({ bppId: store.seller.id, providerId: store.provider.id, locationId: store.location.id, itemId: i!.id, name: i!.name });

test.describe('analytics on a phone (360x740)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone journey');
  test.beforeAll(async () => {
    server = await startServer({ ANALYTICS_TOKEN: TOKEN });
  });
  test.afterAll(async () => server?.stop());

  test('home → category → add → cart → checkout is recorded in order, and a dropped connection loses nothing', async ({ page, context }) => {
    await shopAt(page);
    await page.goto(`${server.url}/?utm_source=e2e`);
    const session = await sessionOf(page);
    await page.goto(`${server.url}/grocery-category?categoryId=101`);
    await page.goto(`${server.url}/cart`);
    await submitAddToCartForm(page, item(first));
    await page.locator('astro-island[component-url*="CartView"]:not([ssr])').waitFor({ state: 'attached' });
    // Five taps: the first batch goes once five events are queued.
    for (let n = 0; n < 5; n++) await page.getByRole('button', { name: `Add one more ${first!.name}` }).click();
    await expect.poll(async () => (await recorded(session)).filter((r) => r.name === 'add_to_cart').length, { timeout: 10_000 }).toBe(6);

    // Offline: the taps' events wait in the phone, and go when the connection is back.
    await context.setOffline(true);
    await page.getByRole('button', { name: `Remove one ${first!.name}` }).click();
    await page.getByRole('button', { name: `Remove one ${first!.name}` }).click();
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('kirana.analytics.queue') ?? '[]').length)).toBe(2);
    await context.setOffline(false);
    await expect.poll(async () => (await recorded(session)).filter((r) => r.name === 'remove_from_cart').length, { timeout: 10_000 }).toBe(2);

    await page.goto(`${server.url}/payment`);
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible({ timeout: 25_000 });
    // Leaving the page hands what is queued to sendBeacon.
    await page.goto(`${server.url}/privacy-policy`);
    await expect.poll(async () => (await recorded(session)).some((r) => r.name === 'checkout_quoted'), { timeout: 10_000 }).toBe(true);

    const names = (await recorded(session)).map((r) => (r.name === 'page_view' ? r.page : r.name));
    const firstOf = (name: string) => names.indexOf(name);
    expect(firstOf('home_page')).toBeGreaterThanOrEqual(0);
    for (const [before, after] of [
      ['home_page', 'grocery-category_page'],
      ['grocery-category_page', 'cart_page'],
      ['cart_page', 'add_to_cart'],
      ['add_to_cart', 'remove_from_cart'],
      ['remove_from_cart', 'payment_page'],
      ['payment_page', 'checkout_quoted'],
    ]) {
      expect(firstOf(before!), `${before} before ${after}`).toBeLessThan(firstOf(after!));
    }
  });

  test('inside the native app, the six events reach the bridge', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (Linux; Android 13) KiranaApp/3.2.0', viewport: { width: 360, height: 740 } });
    // The fake app: what the page posts reaches the test, across navigations.
    const seen: string[] = [];
    await context.exposeBinding('__nativeSink', (_source, json: string) => void seen.push((JSON.parse(json) as { event: string }).event));
    await context.addInitScript(() => {
      const sink = (window as unknown as { __nativeSink: (json: string) => void }).__nativeSink;
      Object.assign(window, { KiranaNative: { postMessage: (json: string) => void sink(json) } });
    });
    const page = await context.newPage();
    await shopAt(page);
    const events = () => [...seen];
    await page.goto(`${server.url}/`);
    await expect.poll(events).toEqual(['home_loaded']);
    await page.goto(`${server.url}/brand?provider_id=${store.provider.id}&location_id=${store.location.id}`);
    await expect.poll(events).toEqual(['home_loaded', 'provider_loaded']);
    await page.goto(`${server.url}/cart`);
    await submitAddToCartForm(page, item(second));
    await expect.poll(events).toContain('cart_loaded');
    await page.goto(`${server.url}/payment`);
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible({ timeout: 25_000 });
    await expect.poll(events).toContain('order_summary_loaded');
    await fillDeliveryDetails(page);
    await page.getByLabel('Cash on delivery').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible({ timeout: 30_000 });
    expect(new Set(events())).toEqual(new Set(['home_loaded', 'provider_loaded', 'cart_loaded', 'order_summary_loaded', 'place_order_click', 'payment_info']));
    await context.close();
  });
});
