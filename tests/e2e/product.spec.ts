import { expect, screenshot, test } from '../support/e2e.ts';
import { tapAddOnProductPage } from '../support/add-to-cart.ts';
import { seriousViolations } from '../support/axe.ts';
import { openGroceryStore } from '../support/fixtures.ts';

// Issue 29: a shopper taps an item's card on a store page, reads its product page (picture,
// price, pack sizes, what the listing says about returns and the maker) and adds it from there.
// The all-day store, so the journey does not depend on the hour.

const store = openGroceryStore();
const storePage = `/brand?provider_id=${encodeURIComponent(store.provider.id)}&location_id=${encodeURIComponent(store.location.id)}`;

test('a card opens its product page, whose Add puts the item in the cart', async ({ page }, testInfo) => {
  // The first card of the store's whole list that offers Add (a storefront just started may still be learning its catalogue).
  const card = page
    .getByRole('region', { name: 'All items' })
    .locator('.item-card')
    .filter({ has: page.getByRole('button', { name: /^Add .* to cart$/ }) })
    .first();
  await expect(async () => {
    await page.goto(storePage);
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  const heading = card.locator('.item-card__name');
  const name = (await heading.getAttribute('title')) ?? (await heading.textContent())!.trim();
  const shownPrice = (await card.locator('.item-card__price strong').textContent())?.trim();
  // Nothing on a card is a control inside another (axe: nested-interactive), on the store page as on the product page.
  expect(await seriousViolations(page)).toEqual([]);

  // The picture lies under the box of the card's link: a tap on it opens the product page (forced,
  // as Playwright would otherwise refuse a click whose point another element, the link, receives).
  await card.locator('img').click({ force: true });
  await expect(page).toHaveURL(/\/product\?provider_id=.+&item_id=/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.locator('.product__price strong')).toHaveText(shownPrice ?? '');
  await expect(page.getByRole('link', { name: store.provider.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Product details' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await tapAddOnProductPage(page, `Add ${name} to cart`);
  await expect(page.locator('.cart-badge').first()).toHaveText('1');
  await expect(page.getByRole('group', { name: `${name} in cart` })).toBeVisible();
  await screenshot(page, { path: `tests/e2e/artifacts/product-${testInfo.project.name}.png`, fullPage: true });

  // The same page in Hindi, as the language switch leaves it.
  await page.goto(`${new URL(page.url()).pathname}${new URL(page.url()).search}&lang=hi`);
  await expect(page.getByRole('heading', { name: 'सामान की जानकारी' })).toBeVisible();
  await screenshot(page, { path: `tests/e2e/artifacts/product-hi-${testInfo.project.name}.png` });
});
