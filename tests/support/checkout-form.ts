import type { Page } from '@playwright/test';

/** Fills the payment page's delivery details as a shopper would (the store's locality, Karnataka). */
export async function fillDeliveryDetails(page: Page) {
  await page.getByLabel('Name').fill('Asha Rao');
  await page.getByLabel('Mobile number').fill('9876543210');
  await page.getByLabel('Locality').fill('Indiranagar 2nd Stage');
  await page.getByLabel('State').fill('Karnataka');
}
