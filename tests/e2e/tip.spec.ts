import { expect, screenshot, test } from '../support/e2e.ts';
import { deliverNear, openProductPage, tapAddOnProductPage } from '../support/add-to-cart.ts';
import { fillDeliveryDetails } from '../support/checkout-form.ts';
import { openGroceryStore } from '../support/fixtures.ts';

// Issue 29: on a phone the shopper tips the rider at checkout; the store quotes the tip, the
// amount to pay grows by it and no more, and the confirmation says it is included.
const store = openGroceryStore();
const item = store.items[1]!;
const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test('a ₹30 tip picked at checkout is in what the shopper pays and on the confirmation', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone journey');
  await deliverNear(page, store.location, baseURL ?? 'http://127.0.0.1');

  await openProductPage(page, store.provider.id, item);
  await tapAddOnProductPage(page, `Add ${item.name} to cart`);

  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible({ timeout: 25_000 });
  const total = page.locator('.bill .bill__total dd');
  await expect(total).toHaveText(/₹/);
  const before = rupees(await total.textContent());
  await fillDeliveryDetails(page);
  const tips = page.getByRole('group', { name: 'Tip your rider' });
  await expect(tips.getByRole('radio', { name: 'No tip' })).toBeChecked();
  await expect(tips.getByRole('radio')).toHaveCount(4);
  await tips.getByRole('radio', { name: '₹30' }).check();
  await page.getByLabel('Cash on delivery').check();
  await screenshot(page, { path: `tests/e2e/artifacts/tip-checkout-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/order-confirmation\?order_id=KO/, { timeout: 20_000 });
  await expect(page.locator('[data-rider-tip]')).toHaveText('Includes your ₹30 tip for the rider');
  await expect(page.locator('[data-payment="cod"]')).toContainText(`₹${before + 30}`);
  await screenshot(page, { path: `tests/e2e/artifacts/tip-confirmed-${testInfo.project.name}.png`, fullPage: true });

  // The order's page lists the tip on the bill as paid.
  await page.getByRole('link', { name: 'Follow your order' }).click();
  await expect(page.getByRole('row', { name: /Rider tip/ })).toContainText('₹30');
});
