import type { Page } from '@playwright/test';
import { messagesFor } from '../../src/features/i18n/catalogue.ts';
import type { Locale } from '../../src/features/i18n/locale.ts';

/** Fills the payment page's delivery details as a shopper would (the store's locality, Karnataka), by the labels of the page's language. */
export async function fillDeliveryDetails(page: Page, locale: Locale = 'en') {
  const t = messagesFor(locale).checkout;
  await page.getByLabel(t.name).fill('Asha Rao');
  await page.getByLabel(t.phone).fill('9876543210');
  await page.getByLabel(t.locality).fill('Indiranagar 2nd Stage');
  await page.getByLabel(t.state).fill('Karnataka');
}
