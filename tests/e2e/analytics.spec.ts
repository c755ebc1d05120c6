import { expect, test, type Page } from '../support/e2e.ts';
import { fillDeliveryDetails } from '../support/checkout-form.ts';
import { deliverNear, tapAddOnStorePage } from '../support/add-to-cart.ts';
import { E2E_ANALYTICS_TOKEN } from '../support/e2e-ready.ts';
import { openGroceryStore } from '../support/fixtures.ts';

// Issue 12 in Chromium at 360x740, with the operator token of the journeys' storefront to read
// back what was recorded (each journey's own session): a shopper's journey in order, nothing lost
// across a dropped connection, and the six native-app events through a fake bridge.
const store = openGroceryStore();
const [first, second] = store.items;

async function recorded(page: Page, sessionId: string): Promise<Array<{ name: string; page: string | null; attributes: Record<string, unknown> }>> {
  const text = await (await page.request.get('/ops/analytics/events?since=1d', { headers: { authorization: `Bearer ${E2E_ANALYTICS_TOKEN}` } })).text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((row) => row.session_id === sessionId);
}

async function shopAt(page: Page, baseURL: string | undefined) {
  await deliverNear(page, store.location, baseURL ?? '');
}

const sessionOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'sessionId')?.value ?? '';
/** Taps the item's card on the store's page, under its top category. */
const tapAdd = (page: Page, item: typeof first) =>
  tapAddOnStorePage(page, { providerId: store.provider.id, locationId: store.location.id, categoryId: Math.floor(item!.subCategoryId / 100) }, item!);

test.describe('analytics on a phone (360x740)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone journey');
  test('home → category → store → add → cart → checkout is recorded in order, and a dropped connection loses nothing', async ({ page, context, baseURL }) => {
    await shopAt(page, baseURL);
    await page.goto('/?utm_source=e2e');
    const session = await sessionOf(page);
    await page.goto('/grocery-category?categoryId=101');
    await tapAdd(page, first);
    // The first tap is sent by the page itself before any island (issue 30): the server records its
    // event with the add, in this session, and nothing waits in the phone for it.
    const queued = () => page.evaluate(() => JSON.parse(localStorage.getItem('kirana.analytics.queue') ?? '[]').length);
    await expect.poll(async () => (await recorded(page, session)).filter((r) => r.name === 'add_to_cart').length, { timeout: 10_000 }).toBe(1);
    expect(await queued()).toBe(0);
    await page.goto('/cart');
    await expect.poll(async () => (await recorded(page, session)).filter((r) => r.name === 'add_to_cart').length, { timeout: 10_000 }).toBe(1);
    await page.locator('astro-island[component-url*="CartView"]:not([ssr])').waitFor({ state: 'attached' });
    // Five taps: the first batch goes once five events are queued.
    for (let n = 0; n < 5; n++) await page.getByRole('button', { name: `Add one more ${first!.name}` }).click();
    await expect.poll(async () => (await recorded(page, session)).filter((r) => r.name === 'add_to_cart').length, { timeout: 10_000 }).toBe(6);

    // Offline: the taps' events wait in the phone, and go when the connection is back.
    await context.setOffline(true);
    await page.getByRole('button', { name: `Remove one ${first!.name}` }).click();
    await page.getByRole('button', { name: `Remove one ${first!.name}` }).click();
    await expect.poll(queued).toBe(2);
    await context.setOffline(false);
    await expect.poll(async () => (await recorded(page, session)).filter((r) => r.name === 'remove_from_cart').length, { timeout: 10_000 }).toBe(2);
    // The removes made offline reach the server cart too; checkout starts once they have (before,
    // on a loaded machine, the payment page found the cart changing under it).
    const serverQuantity = async () =>
      ((await (await page.request.get('/ondc/cart?cityName=bengaluru')).json()) as { data: Array<{ items: Array<{ quantity: number }> }> }).data.at(-1)
        ?.items[0]?.quantity;
    await expect.poll(serverQuantity).toBe(4);

    await page.goto('/payment');
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible({ timeout: 25_000 });
    // Leaving the page hands what is queued to sendBeacon.
    await page.goto('/privacy-policy');
    await expect.poll(async () => (await recorded(page, session)).some((r) => r.name === 'checkout_quoted'), { timeout: 10_000 }).toBe(true);

    const names = (await recorded(page, session)).map((r) => (r.name === 'page_view' ? r.page : r.name));
    const firstOf = (name: string) => names.indexOf(name);
    expect(firstOf('home_page')).toBeGreaterThanOrEqual(0);
    for (const [before, after] of [
      ['home_page', 'grocery-category_page'],
      ['grocery-category_page', 'brand_page'],
      ['brand_page', 'add_to_cart'],
      // The store page's add leaves with the page (sendBeacon): it may land after the cart's view.
      ['add_to_cart', 'remove_from_cart'],
      ['cart_page', 'remove_from_cart'],
      ['remove_from_cart', 'payment_page'],
      ['payment_page', 'checkout_quoted'],
    ]) {
      expect(firstOf(before!), `${before} before ${after}`).toBeLessThan(firstOf(after!));
    }
  });

  test('inside the native app, the six events reach the bridge', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Linux; Android 13) KiranaApp/3.2.0',
      viewport: { width: 360, height: 740 },
      ...(baseURL ? { baseURL } : {}),
    });
    // The fake app: what the page posts reaches the test, across navigations.
    const seen: string[] = [];
    await context.exposeBinding('__nativeSink', (_source, json: string) => void seen.push((JSON.parse(json) as { event: string }).event));
    await context.addInitScript(() => {
      const sink = (window as unknown as { __nativeSink: (json: string) => void }).__nativeSink;
      Object.assign(window, { KiranaNative: { postMessage: (json: string) => void sink(json) } });
    });
    const page = await context.newPage();
    await shopAt(page, baseURL);
    const events = () => [...seen];
    await page.goto('/');
    await expect.poll(events).toEqual(['home_loaded']);
    await tapAdd(page, second);
    // The store's page may be asked again while a just-started storefront learns its catalogues.
    await expect.poll(() => [...new Set(events())]).toEqual(['home_loaded', 'provider_loaded']);
    await page.goto('/cart');
    await expect.poll(events).toContain('cart_loaded');
    await page.goto('/payment');
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
