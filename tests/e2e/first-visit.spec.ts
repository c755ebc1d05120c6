import { expect, screenshot, test, type Page } from '../support/e2e.ts';

// Issue 29: a shopper who has told us nothing is asked where to deliver, never silently given HSR
// Layout; the page still shows that locality's shops, and the position is asked for only when the
// shopper taps "Use my location".

/** Counts the page's calls to the browser's position, across navigations. */
async function countPositionRequests(page: Page) {
  await page.addInitScript(() => {
    const geo = navigator.geolocation;
    const ask = geo.getCurrentPosition.bind(geo);
    const calls = Number(sessionStorage.getItem('positionRequests') ?? '0');
    sessionStorage.setItem('positionRequests', String(calls));
    geo.getCurrentPosition = (...args: Parameters<Geolocation['getCurrentPosition']>) => {
      sessionStorage.setItem('positionRequests', String(Number(sessionStorage.getItem('positionRequests')) + 1));
      ask(...args);
    };
  });
  return () => page.evaluate(() => Number(sessionStorage.getItem('positionRequests') ?? '0'));
}

const prompt = (page: Page) => page.locator('p', { hasText: 'until you choose' });

test.describe('the first visit', () => {
  // Lajpat Nagar, Delhi: a Delhi shopper must not be left with Bengaluru's stores.
  test.use({ geolocation: { latitude: 28.5677, longitude: 77.2433 }, permissions: ['geolocation'] });

  test('asks where to deliver, uses the position only after the tap, and then stops asking', async ({ page }, testInfo) => {
    const positionRequests = await countPositionRequests(page);
    await page.goto('/');
    await expect(prompt(page)).toContainText('Delivering to HSR Layout, Bengaluru 560102 until you choose.');
    // The page is whole behind the notice: no modal, the stores listed.
    await expect(page.getByRole('heading', { name: 'Stores and restaurants near you' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await screenshot(page, { path: `tests/e2e/artifacts/first-visit-prompt-${testInfo.project.name}.png` });

    // The picker opened from the header chip does not ask the browser by itself.
    await page.goto('/address-map');
    await expect(page.getByRole('button', { name: 'Use my current location' })).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    expect(await positionRequests()).toBe(0);

    await page.goto('/grocery-category?categoryId=7');
    await prompt(page).getByRole('link', { name: 'Use my location' }).click();
    await expect(page.locator('[data-address-chip-value]')).toHaveText('Lajpat Nagar, Delhi 110024');
    expect(await positionRequests()).toBe(1);

    await page.goto('/');
    await expect(page.locator('[data-address-chip-value]')).toHaveText('Lajpat Nagar, Delhi 110024');
    await expect(prompt(page)).toHaveCount(0);
    await screenshot(page, { path: `tests/e2e/artifacts/first-visit-chosen-${testInfo.project.name}.png` });
  });

  test('without JavaScript: the catalogue with a plain notice, and Change leads to the locality search', async ({ browser, isMobile }, testInfo) => {
    test.skip(!isMobile, 'a phone without JavaScript: one run is enough');
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, isMobile: true });
    const page = await context.newPage();
    await page.goto('/grocery-category?categoryId=7');
    await expect(prompt(page)).toContainText('Delivering to HSR Layout, Bengaluru 560102 until you choose.');
    await expect(page.locator('.item-card').first()).toBeVisible();
    await screenshot(page, { path: `tests/e2e/artifacts/first-visit-nojs-${testInfo.project.name}.png` });

    await prompt(page).getByRole('link', { name: 'Change' }).click();
    await expect(page).toHaveURL(/\/address-map$/);
    await page.getByLabel('Search locality or pin code').fill('110024');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: /Lajpat Nagar/ }).click();
    await page.goto('/grocery-category?categoryId=7');
    await expect(page.locator('[data-address-chip-value]')).toHaveText('Lajpat Nagar, Delhi 110024');
    await expect(prompt(page)).toHaveCount(0);
    await context.close();
  });
});
