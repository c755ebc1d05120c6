import { expect, screenshot, test } from '../support/e2e.ts';
import { seriousViolations } from '../support/axe.ts';

// Issue 28 point 8: a shopper reading in Hindi types what they want in Devanagari, as the search
// box's own example shows (कोरमंगला), and finds dishes, stores and places spelt in Latin letters.
test.describe('searching in Devanagari', () => {
  test.use({ locale: 'hi-IN' });

  test('डोसा in the search box finds the dosas restaurants near the shopper sell', async ({ page }, testInfo) => {
    await page.goto('/search');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await page.getByRole('combobox', { name: 'किराना, दुकानें, रेस्टोरेंट या डिश खोजें' }).fill('डोसा');
    await page.getByRole('button', { name: 'खोजें', exact: true }).last().click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByText('Masala Dosa', { exact: true }).first()).toBeVisible();
    expect(await page.getByText('कोई नतीजा नहीं').count()).toBe(0);

    // The dish tab alone: every dish is a dosa.
    await page.getByRole('link', { name: 'डिश', exact: true }).click();
    const names = await page.locator('main h3').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/dosa/i);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, { path: `tests/e2e/artifacts/hindi-search-dosa-${testInfo.project.name}.png` });
  });

  test('कोरमंगला in the address search lists Koramangala first', async ({ page }, testInfo) => {
    await page.goto('/address-map');
    await page.getByLabel('इलाका या पिन कोड खोजें').fill('कोरमंगला');
    const first = page.getByRole('button', { name: /Koramangala/ }).first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page.getByTestId('pin-address')).toContainText('Koramangala');
    // The map speaks Hindi too: its name and Leaflet's zoom buttons.
    await expect(page.getByRole('region', { name: /^नक्शा:/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ज़ूम इन' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, { path: `tests/e2e/artifacts/hindi-search-locality-${testInfo.project.name}.png` });
  });
});
