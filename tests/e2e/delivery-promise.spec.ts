import { expect, test } from '../support/e2e.ts';
import { fillDeliveryDetails } from '../support/checkout-form.ts';
import { DELIVERY_LOCATION_COOKIE, deliveryLocationCookieValue } from '#/features/location/delivery-location.ts';
import { productUrl } from '#/features/catalogue/paths.ts';
import { openGroceryStore } from '../support/fixtures.ts';

// Issue 29: the shopper sees when the store delivers to their address where they decide (the
// product page, the cart, the checkout), and tells the rider how to find them; the order keeps it.
const store = openGroceryStore();
const item = store.items[1]!;
const PROMISE = `Delivery in ${/^PT(\d+)M$/.exec(store.provider.tat)?.[1]} minutes`;
const INSTRUCTIONS = 'Ring twice, leave with the guard';

test('the promise on the product page, cart and checkout; instructions from checkout to the confirmation', async ({ page, baseURL }, testInfo) => {
  const value = deliveryLocationCookieValue({
    label: 'Near the store',
    city: 'bengaluru',
    pincode: store.location.pincode,
    lat: store.location.lat,
    lng: store.location.lng,
  });
  await page.context().addCookies([{ name: DELIVERY_LOCATION_COOKIE, value: encodeURIComponent(value), url: baseURL ?? 'http://127.0.0.1' }]);

  // A storefront just started may still be learning its catalogue.
  await expect(async () => {
    await page.goto(productUrl({ providerId: store.provider.id, itemId: item.id }));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(item.name, { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(page.locator('.product__promise')).toHaveText(PROMISE);
  const saved = page.waitForResponse((r) => ['/cart/add', '/ondc/cart'].includes(new URL(r.url()).pathname) && r.request().method() === 'POST' && r.ok());
  await page
    .locator('.product__action')
    .getByRole('button', { name: `Add ${item.name} to cart` })
    .click();
  await saved;
  await expect(page.getByRole('group', { name: `${item.name} in cart` })).toBeVisible();
  await page.screenshot({ path: `tests/e2e/artifacts/promise-product-${testInfo.project.name}.png` });

  await page.goto('/cart');
  await expect(page.locator('.cart-provider [data-delivery-promise]')).toHaveText(PROMISE);
  await page.screenshot({ path: `tests/e2e/artifacts/promise-cart-${testInfo.project.name}.png` });

  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible({ timeout: 25_000 });
  await expect(page.locator('.bill [data-delivery-promise]')).toHaveText(PROMISE);
  await fillDeliveryDetails(page);
  const instructions = page.getByRole('textbox', { name: 'Delivery instructions (optional)' });
  await expect(instructions).toHaveAttribute('maxlength', '200');
  await instructions.fill(INSTRUCTIONS);
  await page.getByLabel('Cash on delivery').check();
  await page.screenshot({ path: `tests/e2e/artifacts/promise-checkout-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/order-confirmation\?order_id=KO/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  await expect(page.locator('[data-delivery-instructions]')).toHaveText(`Your instructions for the rider: ${INSTRUCTIONS}`);
  await page.screenshot({ path: `tests/e2e/artifacts/promise-confirmed-${testInfo.project.name}.png`, fullPage: true });
});
