import { expect, screenshot, test } from '../support/e2e.ts';

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test.describe('catalogue journeys', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) > 400, 'phone journey (360x740)');

  test('home → category → brand filter → price low-high → page 2 by scrolling → clear filters', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Stores and restaurants near you' })).toBeVisible();
    await page
      .getByRole('list', { name: 'Grocery categories' })
      .getByRole('link', { name: /Grains Oil/ })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grains Oil & Ghee');

    // SPEC §3: Brands is the filter open by default, in the phone's filter sheet (issue 29).
    const sheet = page.getByRole('form', { name: 'Filters' });
    await page.locator('.sheet-toggle > summary').click();
    await expect(sheet.locator('details').first()).toHaveAttribute('open', '');
    const brand = sheet.locator('details').first().getByRole('checkbox').first();
    const brandName = (await brand.getAttribute('value')) ?? '';
    await brand.check();
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/brand=/);
    const names = await page.locator('.item-card__name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toContain(brandName.toLowerCase().split(' ')[0]);

    await page.locator('.sheet-toggle > summary').click();
    await sheet.getByRole('radio', { name: 'Price: low to high' }).check();
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/sort=price-low-high/);
    const prices = (await page.locator('.item-card__price strong').allTextContents()).map(rupees);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await screenshot(page, { path: `tests/e2e/artifacts/listing-filtered-${testInfo.project.name}.png`, fullPage: true });

    await page.locator('.sheet-toggle > summary').click();
    await sheet.getByRole('link', { name: 'Clear all' }).click();
    await expect(page).not.toHaveURL(/brand=/);
    const before = await page.locator('.item-card').count();
    expect(before).toBe(20);
    await page.locator('a.next-page').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.item-card').count()).toBeGreaterThan(20);
    await screenshot(page, { path: `tests/e2e/artifacts/listing-page2-${testInfo.project.name}.png` });
  });

  test('search finds atta and aloo the way shoppers type them', async ({ page }) => {
    await page.goto('/grocery-search');
    await page.getByRole('combobox').fill('atta');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('.item-card__name').first()).toContainText(/atta/i);
    await page.goto('/grocery-search?q=aloo');
    await expect(
      page
        .locator('.item-card__name')
        .filter({ hasText: /potato|aloo/i })
        .first(),
    ).toBeVisible();
  });

  test('the header search finds groceries, dishes and stores together, and the keyboard walks its suggestions', async ({ page }, testInfo) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    const box = page.getByRole('combobox');
    await box.fill('paneer');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    // Arrow down chooses the first suggestion without leaving the box; Escape closes the list.
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /option-0$/);
    await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();
    await expect(box).toHaveValue('paneer');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=paneer/);
    const groceries = page.getByRole('region', { name: 'Groceries' });
    await expect(groceries.locator('.item-card__name').first()).toContainText(/paneer/i);
    await expect(page.getByRole('region', { name: 'Dishes' }).locator('.item-card__name').first()).toContainText(/paneer/i);
    await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'page');
    await screenshot(page, { path: `tests/e2e/artifacts/search-all-${testInfo.project.name}.png`, fullPage: true });
    // Every "Popular near you" chip leads to results, not to "No results found".
    await page.goto('/search');
    const chips = await page.locator('#suggest-heading + ul a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(chips.length).toBeGreaterThan(0);
    for (const href of chips) {
      await page.goto(href);
      await expect(page.locator('.item-card, .provider-card').first(), href).toBeVisible();
    }
  });

  test('the header search in Hindi shows groceries under their Hindi heading', async ({ page }) => {
    await page.goto('/search?lang=hi');
    await page.getByRole('combobox').fill('paneer');
    await page.getByRole('button', { name: 'खोजें' }).click();
    await expect(page.getByRole('region', { name: 'किराना' }).locator('.item-card__name').first()).toContainText(/paneer/i);
  });

  test('search in Devanagari finds what the romanised word finds (आटा, दूध)', async ({ page }) => {
    await page.goto('/grocery-search');
    await page.getByRole('combobox').fill('आटा');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=/);
    await expect(page.locator('.item-card__name').first()).toContainText(/atta/i);
    await page.goto(`/grocery-search?q=${encodeURIComponent('दूध')}`);
    await expect(
      page
        .locator('.item-card__name')
        .filter({ hasText: /milk|doodh/i })
        .first(),
    ).toBeVisible();
  });

  test('a provider page shows trays and its open state', async ({ page }, testInfo) => {
    await page.goto('/brand?provider_id=bengaluru-quick-basket-store&location_id=bengaluru-quick-basket-store-l1');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Quick Basket');
    await expect(page.locator('[data-open-state]')).toHaveText(/Open now|Closed now|Temporarily closed/);
    await expect(page.getByRole('region', { name: 'Top Deals' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Deals of the day' })).toBeVisible();
    await screenshot(page, { path: `tests/e2e/artifacts/provider-${testInfo.project.name}.png`, fullPage: true });
  });

  test('the no-JS add-to-cart form puts an item in the cart', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto('/grocery-category?categoryId=701');
    // The first card that offers Add: a closed store's card says when it opens instead (issue 28).
    const first = page
      .locator('.item-card')
      .filter({ has: page.locator('.add-to-cart__add') })
      .first();
    const heading = first.locator('.item-card__name');
    const name = ((await heading.getAttribute('title')) ?? (await heading.textContent()) ?? '').trim();
    await first.getByRole('button', { name: /add/i }).click();
    await page.goto('/cart');
    await expect(page.getByText(name.slice(0, 20))).toBeVisible();
    await context.close();
  });
});
