import { expect, test } from '../support/e2e.ts';
import { seriousViolations } from '../support/axe.ts';
import { providerUrl } from '#/features/catalogue/paths.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { tapAddOnStorePage } from '../support/add-to-cart.ts';
import { E2E_ANALYTICS_TOKEN } from '../support/e2e-ready.ts';

// Issue 13: axe-core in real Chromium on every route, at phone and desktop sizes. Lighthouse's
// accessibility score runs a subset of these rules; a serious or critical fault fails here.
const store = openGroceryStore();
const storePage = providerUrl({ id: store.provider.id, locationId: store.location.id });

const ROUTES = [
  '/',
  '/stores',
  '/offers',
  '/curated?list=deals',
  '/search',
  '/search?q=biryani',
  '/unified-search?q=dal',
  '/grocery-category?categoryId=1',
  '/grocery-category?categoryId=101',
  '/sub-category-items?categoryId=102',
  '/grocery-search?q=atta',
  '/grocery-search?q=zqxjvwk',
  storePage,
  `/brand-search?provider_id=${store.provider.id}&location_id=${store.location.id}&q=a`,
  '/brand-new',
  '/cart',
  '/address-map',
  '/order-history',
  '/order-confirmation',
  '/payment',
  '/invoice',
  '/camera',
  '/tracking-details',
  '/track-map',
  '/drivers-list',
  '/privacy-policy',
  '/terms-and-conditions',
  '/error-page',
  '/error-page?errorType=Unauthorized',
  '/no-such-page',
  '/test',
  '/offline',
];

test.describe('axe: 0 serious or critical faults', () => {
  for (const route of ROUTES) {
    test(route, async ({ page }) => {
      // The status page is the operator's: asked with the token, it is the page itself that is checked.
      if (route === '/test') await page.setExtraHTTPHeaders({ authorization: `Bearer ${E2E_ANALYTICS_TOKEN}` });
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('/search with the suggestion list open and an option chosen (issue 28)', async ({ page }) => {
    await page.goto('/search');
    const box = page.getByRole('combobox');
    await box.fill('paneer');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    await box.press('ArrowDown');
    await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    // Enter opens the chosen suggestion; a tap on another opens that one.
    await box.press('Enter');
    await expect(page).not.toHaveURL(/\/search$/);
    await page.goBack();
    await page.getByRole('combobox').fill('paneer');
    const second = page.getByRole('option').nth(1);
    await expect(second).toBeVisible();
    await second.click();
    await expect(page).not.toHaveURL(/\/search$/);
  });

  test('/cart with an item in it', async ({ page }) => {
    const item = store.items[0]!;
    await tapAddOnStorePage(page, { providerId: store.provider.id, locationId: store.location.id, categoryId: Math.floor(item.subCategoryId / 100) }, item);
    await page.goto('/cart');
    await expect(page.getByText(item.name).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
