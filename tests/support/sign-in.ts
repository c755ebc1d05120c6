import { expect, type Page } from '@playwright/test';
import { messagesFor } from '#/features/i18n/catalogue.ts';
import type { Locale } from '#/features/i18n/locale.ts';
import { lastSignInCode } from './sms.ts';

/**
 * Signs a browser in as a shopper does, in the page's language: the header's Sign in, the mobile
 * number, Send code, the code of the SMS the storefront's simulator sent (under its DATA_DIR), Sign
 * in; it lands on the shopper's orders, the header now offering Account.
 */
export async function signInWithPhone(page: Page, input: { origin: string; dataDir: string; phone: string; locale?: Locale }) {
  const t = messagesFor(input.locale ?? 'en').signIn;
  const { phone } = input;
  await page.goto(`${input.origin}/`);
  await page.getByRole('banner').getByRole('link', { name: t.headerSignIn }).click();
  await expect(page.getByRole('heading', { name: t.heading })).toBeVisible();
  await page.getByLabel(t.phoneLabel).fill(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
  const asked = Date.now();
  await page.getByRole('button', { name: t.sendCode }).click();
  await expect(page.getByRole('heading', { name: t.codeHeading })).toBeVisible();
  await page.getByLabel(t.codeLabel).fill(await lastSignInCode(input.dataDir, phone, asked));
  await page.getByRole('main').getByRole('button', { name: t.verify }).click();
  await expect(page).toHaveURL(/\/order-history$/);
  await expect(page.getByRole('banner').getByRole('link', { name: t.headerAccount })).toBeVisible();
}
