import { expect, screenshot, test } from '../support/e2e.ts';
import { deliverNear, openProductPage, tapAddOnProductPage } from '../support/add-to-cart.ts';
import { fillDeliveryDetails } from '../support/checkout-form.ts';
import { openGroceryStore } from '../support/fixtures.ts';

// Issue 29: the shopper sees when the store delivers to their address where they decide (the
// product page, the cart, the checkout), and tells the rider how to find them; the order keeps it.
const store = openGroceryStore();
const item = store.items[1]!;
const PROMISE = `Delivery in ${/^PT(\d+)M$/.exec(store.provider.tat)?.[1]} minutes`;
const INSTRUCTIONS = 'Ring twice, leave with the guard';

test('the promise on the product page, cart and checkout; instructions from checkout to the confirmation', async ({ page, baseURL }, testInfo) => {
  await deliverNear(page, store.location, baseURL ?? 'http://127.0.0.1');

  await openProductPage(page, store.provider.id, item);
  await expect(page.locator('.product__promise')).toHaveText(PROMISE);
  await tapAddOnProductPage(page, `Add ${item.name} to cart`);
  await expect(page.getByRole('group', { name: `${item.name} in cart` })).toBeVisible();
  await screenshot(page, { path: `tests/e2e/artifacts/promise-product-${testInfo.project.name}.png` });

  await page.goto('/cart');
  await expect(page.locator('.cart-provider [data-delivery-promise]')).toHaveText(PROMISE);
  await screenshot(page, { path: `tests/e2e/artifacts/promise-cart-${testInfo.project.name}.png` });

  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible({ timeout: 25_000 });
  await expect(page.locator('.bill [data-delivery-promise]')).toHaveText(PROMISE);
  await fillDeliveryDetails(page);
  const instructions = page.getByRole('textbox', { name: 'Delivery instructions (optional)' });
  await expect(instructions).toHaveAttribute('maxlength', '200');
  await instructions.fill(INSTRUCTIONS);
  await page.getByLabel('Cash on delivery').check();
  await screenshot(page, { path: `tests/e2e/artifacts/promise-checkout-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/order-confirmation\?order_id=KO/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  await expect(page.locator('[data-delivery-instructions]')).toHaveText(`Your instructions for the rider: ${INSTRUCTIONS}`);
  await screenshot(page, { path: `tests/e2e/artifacts/promise-confirmed-${testInfo.project.name}.png`, fullPage: true });
});
