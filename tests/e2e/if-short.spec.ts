import type { APIRequestContext } from '@playwright/test';
import { expect, screenshot, test } from '../support/e2e.ts';
import { deliverNear, openProductPage, tapAddOnProductPage } from '../support/add-to-cart.ts';
import { fillDeliveryDetails } from '../support/checkout-form.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { providerItems, type GroceryItem } from '#/network/catalogue/generate.ts';
import { hasListingFlaw } from '#/network/listing-flaws.ts';
import { hasPriceDrift } from '#/network/price-drift.ts';
import { messagesFor } from '#/features/i18n/catalogue.ts';
import { fill } from '#/features/i18n/text.ts';
import { sellerNetworkOf } from '../support/e2e-ready.ts';

// Issue 29, phone and desktop, English and Hindi: at a store that honours it, the shopper asks for no order unless it
// is whole. One item runs out at the store between the quote and the payment (its own desk counts
// the shelf), so the store takes no order: the page says why, and the orders page shows the
// order not placed with the payment refunded in full.
const store = openGroceryStore();
// Items no other journey orders, one per viewport and language: this journey empties its shelf for a while.
const own = [...providerItems(store.provider)]
  .filter((i): i is GroceryItem => i.kind === 'grocery' && i.stock >= 20 && !hasListingFlaw(i) && !hasPriceDrift(i))
  .filter((i) => !store.items.some((s) => s.id === i.id) && i.id !== store.cheapest.id)
  .slice(8, 12);

/** The store's own desk counts the item's shelf anew. */
async function countShelf(request: APIRequestContext, origin: string, itemId: string, count: number) {
  const counted = await request.post(
    `${sellerNetworkOf(origin)}/sellers/${encodeURIComponent(store.seller.id)}/desk/items/${encodeURIComponent(itemId)}/stock`,
    {
      data: { count },
    },
  );
  expect(counted.ok()).toBe(true);
}

for (const locale of ['en', 'hi'] as const) {
  test(`no order unless whole: an item runs out before the payment, the store takes none, the money comes back (${locale})`, async ({
    page,
    baseURL,
    isMobile,
  }) => {
    test.setTimeout(120_000);
    const m = messagesFor(locale);
    const tag = `${locale === 'hi' ? 'hi-' : ''}${isMobile ? 'phone' : 'desktop'}`;
    const item = own[(locale === 'hi' ? 2 : 0) + (isMobile ? 0 : 1)]!;
    await deliverNear(page, store.location, baseURL ?? 'http://127.0.0.1');
    for (const line of [store.items[2]!, item]) {
      await openProductPage(page, store.provider.id, line);
      await tapAddOnProductPage(page, `Add ${line.name} to cart`);
    }
    await page.goto(`/cart?lang=${locale}`);
    await page.getByRole('link', { name: m.cart.checkout }).click();
    await expect(page.getByRole('heading', { name: m.checkout.summary })).toBeVisible({ timeout: 25_000 });
    await fillDeliveryDetails(page, locale);

    const ifShort = page.getByRole('group', { name: m.checkout.ifShort });
    await expect(ifShort.getByRole('radio', { name: m.checkout.ifShortLeaveOut })).toBeChecked();
    await ifShort.getByRole('radio', { name: m.checkout.ifShortCancel }).check();
    await expect(ifShort).toContainText(m.checkout.ifShortHint);
    await screenshot(page, { path: `tests/e2e/artifacts/if-short-checkout-${tag}.png`, fullPage: true });
    await page.getByRole('button', { name: m.checkout.place }).click();
    await expect(page.getByRole('heading', { name: m.checkout.payByUpi })).toBeVisible({ timeout: 15_000 });

    try {
      await countShelf(page.request, baseURL!, item.id, 0);
      await page.getByLabel(m.checkout.upiId).fill('asha@okaxis');
      await page.getByRole('button', { name: new RegExp(`^${m.checkout.pay.replace('{amount}', '₹[\\d,.]+')}$`) }).click();
      await expect(page.locator('[data-checkout-error]')).toHaveText(m.spec.orderRefusedShort, { timeout: 25_000 });
      await expect(page).toHaveURL(/\/payment/);
      // Nothing to pay again: the money is on its way back, and the cart is kept to ask the store afresh.
      const paid = m.checkout.refundingWhole.split('{amount}');
      await expect(page.locator('[data-refunding]')).toContainText(paid[0]!);
      await expect(page.locator('[data-refunding]')).toContainText(paid[1]!);
      await expect(page.getByRole('button', { name: m.checkout.payByUpi })).toHaveCount(0);
      await screenshot(page, { path: `tests/e2e/artifacts/if-short-refused-${tag}.png`, fullPage: true });
      await page.getByRole('button', { name: m.checkout.retry }).click();
      await expect(page.getByText(m.spec.itemUnavailable).first()).toBeVisible({ timeout: 25_000 });
    } finally {
      await countShelf(page.request, baseURL!, item.id, item.stock);
    }

    // The orders page: the order not placed, at which store, why, paid, and the whole payment on its way back.
    await page.goto(`/order-history?lang=${locale}`);
    await page.locator('a[href*="order_id=KO"]').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.provider.name);
    await expect(page.locator('.order__meta')).toContainText(m.orders.orderNotPlaced.split('{when}')[0]!.split('{id}')[1]!);
    await expect(page.getByText(m.spec.orderRefusedShort)).toBeVisible();
    await expect(page.getByText(fill(m.orders.paymentUpi, { status: m.orders.paid }))).toBeVisible();
    await expect(page.getByRole('list', { name: m.orders.refunds })).toContainText(m.orders.refunded.split('{amount}')[1]!.split('{day}')[0]!, {
      timeout: 15_000,
    });
    // Never on its way: no steps of a delivery.
    await expect(page.getByRole('heading', { name: m.orders.timeline })).toHaveCount(0);
    await screenshot(page, { path: `tests/e2e/artifacts/if-short-order-${tag}.png`, fullPage: true });
  });
}
