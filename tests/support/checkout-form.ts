import { expect, type Page } from './e2e.ts';
import { deliverNear, tapAddOnStorePage } from './add-to-cart.ts';
import { openGroceryStore } from './fixtures.ts';
import { messagesFor } from '#/features/i18n/catalogue.ts';
import type { Locale } from '#/features/i18n/locale.ts';

/** Fills the payment page's delivery details as a shopper would (the store's locality, Karnataka), by the labels of the page's language. */
export async function fillDeliveryDetails(page: Page, locale: Locale = 'en') {
  const t = messagesFor(locale).checkout;
  await page.getByLabel(t.name).fill('Asha Rao');
  await page.getByLabel(t.phone).fill('9876543210');
  await page.getByLabel(t.locality).fill('Indiranagar 2nd Stage');
  await page.getByLabel(t.state).fill('Karnataka');
}

/**
 * An order as a shopper places it on a phone: delivering near the all-day store, the first of its
 * well-stocked items tapped on its page, the delivery details typed, then cash on delivery or UPI
 * (the simulated app approving). Ends on the confirmation; the order's id.
 */
export async function placeOrderOnStorePage(page: Page, origin: string, payment: 'cod' | 'upi' = 'cod'): Promise<string> {
  const store = openGroceryStore();
  await deliverNear(page, store.location, origin);
  const item = store.items[0]!;
  await tapAddOnStorePage(
    page,
    { providerId: store.provider.id, locationId: store.location.id, categoryId: Math.floor(item.subCategoryId / 100) },
    item,
    origin,
  );
  await page.goto(`${origin}/payment`);
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible({ timeout: 25_000 });
  await fillDeliveryDetails(page);
  if (payment === 'cod') await page.getByLabel('Cash on delivery').check();
  await page.getByRole('button', { name: 'Place order' }).click();
  if (payment === 'upi') {
    await expect(page.getByRole('heading', { name: 'Pay by UPI' })).toBeVisible({ timeout: 10_000 });
    await page.getByLabel('UPI id').fill('asha@okaxis');
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
  }
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible({ timeout: 30_000 });
  return new URL(page.url()).searchParams.get('order_id')!;
}
