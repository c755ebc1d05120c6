import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/e2e.ts';
import { deliverNear, openProductPage, tapAddOnProductPage } from '../support/add-to-cart.ts';
import { fillDeliveryDetails } from '../support/checkout-form.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { providerItems, type GroceryItem } from '#/network/catalogue/generate.ts';
import { hasListingFlaw } from '#/network/listing-flaws.ts';
import { hasPriceDrift } from '#/network/price-drift.ts';
import { en } from '#/features/i18n/en.ts';
import { fill } from '#/features/i18n/text.ts';

// Issue 29, phone and desktop: at a store that honours it, the shopper asks for no order unless it
// is whole. One item runs out at the store between the quote and the payment (its own desk counts
// the shelf), so the store takes no order: the page says why, and the orders page shows the
// order not placed with the payment refunded in full.
const store = openGroceryStore();
// Items no other journey orders, one per viewport: this journey empties its shelf for a while.
const own = [...providerItems(store.provider)]
  .filter((i): i is GroceryItem => i.kind === 'grocery' && i.stock >= 20 && !hasListingFlaw(i) && !hasPriceDrift(i))
  .filter((i) => !store.items.some((s) => s.id === i.id) && i.id !== store.cheapest.id)
  .slice(8, 10);

/**
 * The store's own desk counts the item's shelf anew. The embedded network answers this machine
 * only, on the storefront's port + 1000 (src/config.server.ts).
 */
async function countShelf(request: APIRequestContext, origin: string, itemId: string, count: number) {
  const network = `http://127.0.0.1:${Number(new URL(origin).port) + 1000}`;
  const counted = await request.post(`${network}/sellers/${encodeURIComponent(store.seller.id)}/desk/items/${encodeURIComponent(itemId)}/stock`, {
    data: { count },
  });
  expect(counted.ok()).toBe(true);
}

test('no order unless whole: an item runs out before the payment, the store takes none, the money comes back', async ({ page, baseURL, isMobile }) => {
  test.setTimeout(120_000);
  const device = isMobile ? 'phone' : 'desktop';
  const item = own[isMobile ? 0 : 1]!;
  await deliverNear(page, store.location, baseURL ?? 'http://127.0.0.1');
  for (const line of [store.items[2]!, item]) {
    await openProductPage(page, store.provider.id, line);
    await tapAddOnProductPage(page, `Add ${line.name} to cart`);
  }
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible({ timeout: 25_000 });
  await fillDeliveryDetails(page);

  const ifShort = page.getByRole('group', { name: en.checkout.ifShort });
  await expect(ifShort.getByRole('radio', { name: en.checkout.ifShortLeaveOut })).toBeChecked();
  await ifShort.getByRole('radio', { name: en.checkout.ifShortCancel }).check();
  await expect(ifShort).toContainText(en.checkout.ifShortHint);
  await page.screenshot({ path: `tests/e2e/artifacts/if-short-checkout-${device}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: en.checkout.payByUpi })).toBeVisible({ timeout: 15_000 });

  try {
    await countShelf(page.request, baseURL!, item.id, 0);
    await page.getByLabel(en.checkout.upiId).fill('asha@okaxis');
    await page.getByRole('button', { name: /^Pay ₹[\d,.]+$/ }).click();
    await expect(page.getByText(en.spec.orderRefusedShort).first()).toBeVisible({ timeout: 25_000 });
    await expect(page).toHaveURL(/\/payment/);
    // Nothing to pay again: the money is on its way back, and the cart is kept to ask the store afresh.
    await expect(page.locator('[data-refunding]')).toContainText(/The ₹[\d,.]+ you paid is being refunded in full to your UPI id/);
    await expect(page.getByRole('button', { name: /^Pay ₹/ })).toHaveCount(0);
    await page.screenshot({ path: `tests/e2e/artifacts/if-short-refused-${device}.png`, fullPage: true });
    await page.getByRole('button', { name: en.checkout.retry }).click();
    await expect(page.getByText(en.spec.itemUnavailable).first()).toBeVisible({ timeout: 25_000 });
    await page.screenshot({ path: `tests/e2e/artifacts/if-short-asked-again-${device}.png`, fullPage: true });
  } finally {
    await countShelf(page.request, baseURL!, item.id, item.stock);
  }

  // The orders page: the order not placed, why, and the whole payment on its way back.
  await page.goto('/order-history');
  await page.locator('a[href*="order_id=KO"]').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.provider.name);
  await expect(page.getByText(en.spec.orderRefusedShort)).toBeVisible();
  await expect(page.getByText(fill(en.orders.paymentUpi, { status: en.orders.paid }))).toBeVisible();
  // Never on its way: no steps of a delivery.
  await expect(page.getByRole('heading', { name: en.orders.timeline })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Refunds' })).toContainText(/₹[\d,.]+ refunded to your UPI id/, { timeout: 15_000 });
  await page.screenshot({ path: `tests/e2e/artifacts/if-short-order-${device}.png`, fullPage: true });
});
