import { expect, screenshot, test } from '../support/e2e.ts';

test('a shopper sees the 12 categories on home and opens one', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveTitle('GROCERY APP');
  const categories = page.getByRole('list', { name: 'Grocery categories' }).getByRole('link');
  await expect(categories).toHaveCount(12);
  await expect(page.getByRole('link', { name: /^Deliver to .*Change address$/ })).toBeVisible();
  await screenshot(page, { path: `tests/e2e/artifacts/home-${testInfo.project.name}.png`, fullPage: true });

  await categories.filter({ hasText: 'Grains Oil & Ghee' }).click();
  await expect(page).toHaveURL(/\/grocery-category\?categoryId=7$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grains Oil & Ghee');
  await page.getByRole('link', { name: 'Atta & Flours' }).click();
  await expect(page).toHaveURL(/categoryId=701$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Atta & Flours');
  await screenshot(page, { path: `tests/e2e/artifacts/category-${testInfo.project.name}.png`, fullPage: true });
});

test('an unknown page shows the 404 message with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the page fits a 320 px screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
