import { expect, screenshot, test } from '../support/e2e.ts';
import { fillDeliveryDetails } from '../support/checkout-form.ts';
import { deliverNear, tapAddOnStorePage } from '../support/add-to-cart.ts';
import { seriousViolations } from '../support/axe.ts';
import { openGroceryStore } from '../support/fixtures.ts';

// Issue 29 journey, phone and desktop: a cash-on-delivery order whose confirmation and order page
// read for a person (the store, when it arrives, where, the cash to hand over), then cancelled,
// then ordered again: the cart holds its items. The all-day store, so the hour does not matter.
const store = openGroceryStore();
const items = store.items.slice(1, 3);

test('cash on delivery → the confirmation names the store, the promise, the address and the cash → cancel → Order again fills the cart', async ({
  page,
  baseURL,
  isMobile,
}) => {
  test.setTimeout(120_000);
  const device = isMobile ? 'phone' : 'desktop';
  await deliverNear(page, store.location, baseURL ?? 'http://127.0.0.1');
  for (const item of items)
    await tapAddOnStorePage(page, { providerId: store.provider.id, locationId: store.location.id, categoryId: Math.floor(item.subCategoryId / 100) }, item);
  await page.goto('/payment');
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible({ timeout: 25_000 });
  await fillDeliveryDetails(page);
  await page.getByLabel('Cash on delivery').check();
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/order-confirmation\?order_id=KO/, { timeout: 25_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.provider.name);
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  await expect(page.locator('[data-order-id]')).toHaveText(/^Order KO\w+ · placed /);
  await expect(page.locator('.order-confirmation__eta')).toHaveText(/^Delivery within \d+ (minutes?|hours?)[\w ]*, expected by \d{1,2}:\d{2}\s?[ap]m$/);
  await expect(page.locator('[data-delivery-address]')).toContainText('Asha Rao');
  await expect(page.locator('[data-delivery-address]')).toContainText('Indiranagar 2nd Stage');
  // The cash to hand over is the order's total, as the server stored it.
  const total = ((await page.getByText(/^Total:/).textContent()) ?? '').replace('Total:', '').trim();
  expect(total).toMatch(/^₹[\d,]+(\.\d{2})?$/);
  await expect(page.locator('[data-payment="cod"]')).toHaveText(`Pay ${total} in cash on delivery`);
  await screenshot(page, { path: `tests/e2e/artifacts/order-confirmation-cod-${device}.png`, fullPage: true });
  expect(await seriousViolations(page), 'axe on the confirmation').toEqual([]);

  await page.getByRole('link', { name: 'Follow your order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.provider.name);
  await expect(page.locator('[data-payment="cod"]')).toHaveText(`Pay ${total} in cash on delivery`);
  await expect(page.locator('.order__eta')).toContainText('expected by');
  await expect(page.getByRole('button', { name: 'Order again' })).toHaveCount(0);
  await screenshot(page, { path: `tests/e2e/artifacts/order-page-cod-${device}.png`, fullPage: true });

  await page.locator('summary', { hasText: 'Cancel order' }).click();
  await page.getByRole('button', { name: 'Yes, cancel this order' }).click();
  await expect(page.locator('[data-status-label]')).toHaveText('Cancelled', { timeout: 40_000 });
  await expect(page.getByRole('button', { name: 'Order again' })).toBeVisible();

  await page.getByRole('button', { name: 'Order again' }).click();
  await expect(page).toHaveURL(/\/cart\?reorder=KO/);
  await expect(page.locator('[data-reorder-notice]')).toHaveText(`Items from your order at ${store.provider.name} are in your cart.`);
  const lines = page.getByRole('list', { name: 'Items in your cart' });
  for (const item of items) await expect(lines).toContainText(item.name);
  await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toBeVisible();
  await screenshot(page, { path: `tests/e2e/artifacts/order-again-cart-${device}.png`, fullPage: true });
});
