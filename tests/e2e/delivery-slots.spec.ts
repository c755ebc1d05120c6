import { expect, screenshot, test } from '../support/e2e.ts';
import { deliverNear, openProductPage, tapAddOnProductPage } from '../support/add-to-cart.ts';
import { fillDeliveryDetails } from '../support/checkout-form.ts';
import { slottedGroceryStore } from '../support/fixtures.ts';

// Issue 29: at a store that delivers in windows, the shopper picks one at checkout, what was typed
// stays while the store quotes for it, and the confirmation and the order page promise that window.
const store = slottedGroceryStore();
const item = store.items[1]!;

test('a delivery window picked at checkout is the one the order promises', async ({ page, baseURL }, testInfo) => {
  await deliverNear(page, store.location, baseURL ?? 'http://127.0.0.1');
  await openProductPage(page, store.provider.id, item);
  await tapAddOnProductPage(page, `Add ${item.name} to cart`);

  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible({ timeout: 25_000 });
  const times = page.getByRole('group', { name: 'Delivery time' });
  await expect(times.getByRole('radio', { name: 'As soon as possible: 45 minutes' })).toBeChecked();
  const total = await page.locator('.bill .bill__total dd').textContent();

  // Typed first, picked after: the details stay while the store quotes for the window.
  await fillDeliveryDetails(page);
  const window = times.getByRole('radio').nth(1);
  const label = (await times.locator('label').nth(1).textContent())?.trim() ?? '';
  expect(label).toMatch(/^(Today|Tomorrow), /);
  const quoted = page.waitForResponse((r) => new URL(r.url()).pathname === '/ondc/select' && r.ok());
  await window.check();
  await quoted;
  await expect(window).toBeChecked();
  await expect(window).toBeEnabled({ timeout: 25_000 });
  await expect(page.getByLabel('Name')).toHaveValue('Asha Rao');
  await expect(page.locator('.bill .bill__total dd')).toHaveText(total ?? '');
  await page.getByLabel('Cash on delivery').check();
  await screenshot(page, { path: `tests/e2e/artifacts/delivery-window-checkout-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/order-confirmation\?order_id=KO/, { timeout: 20_000 });
  await expect(page.locator('[data-delivery-window]')).toHaveText(`Delivery in the time you chose: ${label}`);
  await screenshot(page, { path: `tests/e2e/artifacts/delivery-window-confirmed-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('link', { name: 'Follow your order' }).click();
  await expect(page.locator('[data-delivery-window]')).toHaveText(`Delivery in the time you chose: ${label}`);
});
