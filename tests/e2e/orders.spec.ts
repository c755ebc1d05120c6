import { expect, screenshot, test } from '../support/e2e.ts';
import { placeOrderOnStorePage } from '../support/checkout-form.ts';
import { seriousViolations } from '../support/axe.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { startServer, type StartedServer } from '../support/server.ts';
import { fastStorefront as server, sellerNetworkOf } from '../support/e2e-ready.ts';

// Issue 10 journeys on a phone: an order followed from the history to Delivered, and a cancel.
// The fast storefront (tests/support/e2e-ready.ts: a network minute in a second), so a delivery
// happens within the test.
const store = openGroceryStore();

test.describe('orders after purchase on a phone (360x740)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone journey');

  test('place an order → see it in the history → open it → watch it reach Delivered', async ({ page }) => {
    await placeOrderOnStorePage(page, server.url);
    await page.goto(`${server.url}/order-history`);
    const card = page.locator('.order-card').first();
    await expect(card).toContainText(store.items[0]!.name);
    await screenshot(page, { path: 'tests/e2e/artifacts/order-history-phone.png', fullPage: true });
    await card.click();
    // Issue 29: the store is the heading, the order id a line under it.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.provider.name);
    await expect(page.locator('.order__meta')).toHaveText(/^Order KO\w+ · placed /);
    await expect(page.locator('summary', { hasText: 'Cancel order' })).toBeVisible();
    // The page follows the order by itself: no reload from the test.
    await expect(page.locator('[data-status-label]')).toHaveText('Delivered', { timeout: 60_000 });
    await expect(page.locator('[data-step="delivered"]')).toHaveClass(/timeline__step--done/);
    await screenshot(page, { path: 'tests/e2e/artifacts/order-delivered-phone.png', fullPage: true });
    expect(await seriousViolations(page), 'axe on the delivered order').toEqual([]);
    await page.getByRole('link', { name: 'Invoice' }).click();
    await expect(page.getByRole('heading', { name: 'Tax invoice' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Amount paid/ })).toBeVisible();
    await screenshot(page, { path: 'tests/e2e/artifacts/invoice-phone.png', fullPage: true });
    expect(await seriousViolations(page), 'axe on the invoice').toEqual([]);
    // Printed, the page is the invoice alone: no header, footer or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
    await screenshot(page, { path: 'tests/e2e/artifacts/invoice-print.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // A return with a photo: the file chooser gets a real JPEG drawn by the browser itself.
    const photo = Buffer.from(
      (
        await page.evaluate(() => {
          const canvas = document.createElement('canvas');
          canvas.width = 2000;
          canvas.height = 1500;
          const context = canvas.getContext('2d')!;
          context.fillStyle = '#b5651d';
          context.fillRect(0, 0, 2000, 1500);
          return canvas.toDataURL('image/jpeg', 0.9);
        })
      ).split(',')[1]!,
      'base64',
    );
    await page.getByRole('link', { name: 'Back to the order' }).click();
    await page.getByRole('link', { name: 'Return items' }).click();
    await expect(page.getByRole('heading', { name: 'Return items' })).toBeVisible();
    await page.getByLabel('Damaged or unusable').check();
    await page.getByRole('checkbox').first().check();
    const chooser = page.waitForEvent('filechooser');
    await page.getByText('Take or choose photos').click();
    await (await chooser).setFiles({ name: 'damaged-pack.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await screenshot(page, { path: 'tests/e2e/artifacts/return-phone.png', fullPage: true });
    expect(await seriousViolations(page), 'axe on the return form').toEqual([]);
    await page.getByRole('button', { name: 'Request return' }).click();
    await expect(page.getByText('Your request is submitted succesfully')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.order__return')).toContainText('Return');
    await screenshot(page, { path: 'tests/e2e/artifacts/return-submitted-phone.png', fullPage: true });
  });

  test('cancel an order with a reason: the request is submitted, then the order reads Cancelled', async ({ page }) => {
    await placeOrderOnStorePage(page, server.url);
    await page.getByRole('link', { name: 'Follow your order' }).click();
    // Issue 28: a first tap only asks; reasons are those that can hold before delivery.
    await expect(page.getByLabel('Why do you want to cancel?')).toBeHidden();
    await page.locator('summary', { hasText: 'Cancel order' }).click();
    await expect(page.getByText('Once cancelled, the store stops preparing your order. This cannot be undone.')).toBeVisible();
    await expect(page.getByLabel('Why do you want to cancel?').locator('option')).toHaveText([
      'Prices changed',
      'Lower price elsewhere',
      'Delivery delay',
      'Wrong address',
    ]);
    await page.getByLabel('Why do you want to cancel?').selectOption({ label: 'Delivery delay' });
    await page.getByRole('button', { name: 'Yes, cancel this order' }).click();
    // SPEC §8 quotes the message as written ("succesfully"); it is said once, not on every reload.
    await expect(page.getByText('Your request is submitted succesfully')).toBeVisible();
    await expect(page).not.toHaveURL(/notice=/);
    await expect(page.locator('[data-status-label]')).toHaveText('Cancelled', { timeout: 30_000 });
    await page.reload();
    await expect(page.locator('[data-status-label]')).toHaveText('Cancelled');
    await expect(page.getByText('Your request is submitted succesfully')).toHaveCount(0);
    await expect(page.locator('summary', { hasText: 'Cancel order' })).toHaveCount(0);
    await screenshot(page, { path: 'tests/e2e/artifacts/order-cancelled-phone.png', fullPage: true });
  });
  test('the store cancels a paid order: the page reads who cancelled and why, and the refund', async ({ page }) => {
    await placeOrderOnStorePage(page, server.url, 'upi');
    const orderId = new URL(page.url()).searchParams.get('order_id') ?? '';
    await page.getByRole('link', { name: 'Follow your order' }).click();
    await expect(page.locator('[data-status-label]')).not.toHaveText('Cancelled');
    // The store's own desk turns the order down (reason 005) while it is still in the store.
    const cancelled = await fetch(
      `${sellerNetworkOf(server.url)}/sellers/${encodeURIComponent(store.seller.id)}/desk/orders/${encodeURIComponent(orderId)}/cancel`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason_id: '005' }),
      },
    );
    expect(cancelled.status).toBe(200);
    // The open page notices by itself and reloads into the cancelled order.
    await expect(page.locator('[data-status-label]')).toHaveText('Cancelled', { timeout: 30_000 });
    await expect(page.locator('[data-cancelled-by="store"]')).toHaveText(/^Cancelled by .+: The store could not take this order$/);
    await expect(page.getByRole('list', { name: 'Refunds' })).toContainText(/₹[\d,.]+ refunded to your UPI id/, { timeout: 10_000 });
    await screenshot(page, { path: 'tests/e2e/artifacts/order-store-cancelled-phone.png', fullPage: true });
    expect(await seriousViolations(page), 'axe on the store-cancelled order').toEqual([]);
  });
});

// The rider has the order for the last three quarters of the ride (src/network/order-clock.ts): at a
// network minute a second, the all-day store's 10-minute delivery leaves under 4 s between pickup and
// drop, which a loaded machine missed (CI, stop 35). At a network minute in 10 s the window is 37 s
// (62–100 s after ordering).
test.describe('the rider on the map, on a phone (360x740)', () => {
  let riderServer: StartedServer;
  test.skip(({ isMobile }) => !isMobile, 'the phone journey');
  test.beforeAll(async () => {
    if (!test.info().project.use.isMobile) return;
    test.setTimeout(200_000);
    riderServer = await startServer({ NETWORK_CLOCK_SPEED: '6' });
  });
  test.afterAll(async () => riderServer?.stop());

  test('follow the rider: tracking details with the estimate, then the rider’s pin on the map', async ({ page }) => {
    test.setTimeout(240_000);
    await placeOrderOnStorePage(page, riderServer.url);
    await page.getByRole('link', { name: 'Follow your order' }).click();
    await page.getByRole('link', { name: 'Track' }).click();
    await expect(page.getByRole('heading', { name: 'Tracking details' })).toBeVisible();
    await expect(page.getByText(/Delivery within \d+ minutes of ordering, expected by/)).toBeVisible();
    await screenshot(page, { path: 'tests/e2e/artifacts/tracking-details-phone.png', fullPage: true });
    expect(await seriousViolations(page), 'axe on tracking details').toEqual([]);
    // Once the rider has the order, the details name them and lead to the map: ~55 s after the
    // order at this clock, more on a loaded machine (one run missed 90 s, then took 84 s on retry).
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('link', { name: 'See the rider on the map' })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 150_000 });
    await expect(page.getByRole('heading', { name: 'Your rider' })).toBeVisible();
    await page.getByRole('link', { name: 'See the rider on the map' }).click();
    await expect(page.locator('.track-pin--store')).toBeVisible();
    await expect(page.locator('.track-pin--home')).toBeVisible();
    // The map asks the seller (ONDC track) and draws the rider once on_track lands: slower beside other suites.
    await expect(page.locator('.track-pin--rider')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-rider-status]')).toContainText('Rider’s position updated at');
    await screenshot(page, { path: 'tests/e2e/artifacts/track-map-phone.png' });
    expect(await seriousViolations(page), 'axe on the map').toEqual([]);
  });
});
