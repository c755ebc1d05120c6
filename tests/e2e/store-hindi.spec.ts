import { expect, screenshot, test } from '../support/e2e.ts';
import { generateNetwork, type Provider } from '#/network/catalogue/generate.ts';

// Issue 28 point 8: a store page in Hindi names its categories and its offers in Hindi.

const network = generateNetwork();
const store = network.sellers
  .flatMap((s) => s.providers)
  .find((p: Provider) => p.kind === 'grocery' && p.cityId === 'bengaluru' && p.status === 'enable' && p.offers.length > 0) as Provider;

test('a Hindi store page: category chips and offers in Hindi', async ({ page }, testInfo) => {
  await page.goto(`/brand?provider_id=${store.id}&location_id=${store.locations[0]?.id ?? ''}&lang=hi`);
  const chips = page.locator('main nav .chips a');
  await expect(chips.nth(1)).toBeVisible();
  for (const chip of await chips.all()) await expect(chip).toHaveText(/[\u0900-\u097F]/);
  await expect(page.locator('.store-header')).toContainText('छूट');
  await expect(page.locator('.store-header')).not.toContainText(/\d% off|₹\d+ off/);
  await screenshot(page, { path: `tests/e2e/artifacts/store-hindi-${testInfo.project.name}.png` });
});
