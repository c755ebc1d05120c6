import { expect, test } from '../support/e2e.ts';

test('a failed island chunk reloads the page once, not again within a minute (SPEC §8)', async ({ page }) => {
  test.skip((page.viewportSize()?.width ?? 0) > 400, 'one viewport is enough');
  let documentLoads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads++;
  });
  // A deploy replaced the island's code: its chunk is gone.
  await page.route(/\/_astro\/AddToCartButton[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/grocery-category?categoryId=701');
  await page.locator('.item-card').first().scrollIntoViewIfNeeded();
  await expect.poll(() => documentLoads, { timeout: 10_000 }).toBe(2);
  await page.waitForTimeout(1500);
  expect(documentLoads).toBe(2);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Atta & Flours');
});
