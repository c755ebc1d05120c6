// Checkout in Chromium against the embedded network (issue 7): 20 runs of a shopper at 360x740
// who taps "Proceed to checkout" and waits for the quote (select, on_select, quote checks and the
// summary drawn), then fills the address, taps "Place order" (init, on_init), and taps "Pay" and
// waits for the confirmation page (payment simulator, confirm, on_confirm, the page). Prints the
// median and p95 of "Proceed → quote shown" and "Pay → confirmation"; never fails on them.
import { chromium } from '@playwright/test';
import { ensureBuilt } from '#/lib/process/build.server.ts';
import { DELIVERY_LOCATION_COOKIE, deliveryLocationCookieValue } from '#/features/location/delivery-location.ts';
import { providerItems } from '#/network/catalogue/generate.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { startServer } from '../support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const store = openGroceryStore();
// Every run buys one of each: items with stock for all the runs.
const items = [...providerItems(store.provider)].filter((i) => i.kind === 'grocery' && i.stock >= RUNS + 5).slice(0, 2);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

ensureBuilt();
const server = await startServer({}, { timeoutMs: 300_000 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
const toQuote: number[] = [];
const toConfirmation: number[] = [];
// Place order → confirmation: init and its poll, the UPI id typed (a fill, instant), payment, confirm.
const placeToConfirmation: number[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, baseURL: server.url });
    const place = { label: 'Near the store', city: 'bengaluru', pincode: store.location.pincode, lat: store.location.lat, lng: store.location.lng };
    await context.addCookies([{ name: DELIVERY_LOCATION_COOKIE, value: encodeURIComponent(deliveryLocationCookieValue(place)), url: server.url }]);
    // The cart is filled as an add-to-cart form posts it; the browser gets the shopper's cookie.
    let cookie = '';
    for (const item of items) {
      const response = await fetch(`${server.url}/cart/add`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams({ city: 'bengaluru', bppId: store.seller.id, providerId: store.provider.id, locationId: store.location.id, itemId: item.id }),
      });
      const device = response.headers.getSetCookie().find((c) => c.startsWith('kirana_device='));
      if (device) cookie = device.split(';')[0] ?? '';
    }
    const [name, value] = cookie.split('=');
    if (!name || !value) throw new Error('/cart/add set no device cookie');
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    await page.goto('/cart');
    const proceed = page.getByRole('link', { name: 'Proceed to checkout' });
    await proceed.waitFor();
    let start = performance.now();
    await proceed.click();
    await page.getByRole('heading', { name: 'Order summary' }).waitFor({ timeout: 30_000 });
    await page.locator('.bill').getByText('Total', { exact: true }).waitFor();
    toQuote.push(performance.now() - start);

    await page.getByLabel('Name').fill('Asha Rao');
    await page.getByLabel('Mobile number').fill('9876543210');
    await page.getByLabel('Building').fill('Lake View Apartments');
    await page.getByLabel('Locality').fill('Indiranagar 2nd Stage');
    await page.getByLabel('State').fill('Karnataka');
    const placing = performance.now();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByLabel('UPI id').fill('asha@okaxis');
    start = performance.now();
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.getByRole('heading', { name: 'Your order is placed' }).waitFor({ timeout: 30_000 });
    toConfirmation.push(performance.now() - start);
    placeToConfirmation.push(performance.now() - placing);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
const ms = (v: number) => `${Math.round(v)} ms`;
console.log(`checkout, ${RUNS} runs in Chromium at 360x740 against the embedded network:`);
console.log(`  Proceed → quote shown: median ${ms(percentile(toQuote, 50))}, p95 ${ms(percentile(toQuote, 95))}`);
console.log(`  Pay → confirmation:    median ${ms(percentile(toConfirmation, 50))}, p95 ${ms(percentile(toConfirmation, 95))}`);
console.log(`  Place order → confirmation: median ${ms(percentile(placeToConfirmation, 50))}, p95 ${ms(percentile(placeToConfirmation, 95))}`);
