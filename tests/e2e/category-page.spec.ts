import { expect, screenshot, test, type Page } from '../support/e2e.ts';
import { seriousViolations } from '../support/axe.ts';

// Issue 29: a category page as the quick-commerce apps lay it out: a sub-category rail, tiles two a
// row on a phone and three on wider screens, a result count, and the filters in a bottom sheet on
// phones (a side panel on desktop) that work with and without JavaScript.
const CATEGORY = '/grocery-category?categoryId=7';

/** The number in "123 items". */
async function resultCount(page: Page): Promise<number> {
  const text = (await page.locator('[data-result-count]').textContent()) ?? '';
  expect(text).toMatch(/^[\d,]+ items?$/);
  return Number(text.replace(/\D/g, ''));
}

/** How many tiles the listing shows in a row. */
function columns(page: Page): Promise<number> {
  return page.locator('.item-grid--tiles').evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
}

/** Picks the first brand of the filters, applies them, and checks the listing shows only that brand, as many as its count said. */
async function applyFirstBrand(page: Page) {
  const filters = page.getByRole('form', { name: 'Filters' });
  const brand = filters.locator('details').first().getByRole('checkbox').first();
  const brandName = (await brand.getAttribute('value')) ?? '';
  const expected = Number(await filters.locator('details').first().locator('label').first().locator('span').last().textContent());
  expect(expected).toBeGreaterThan(0);
  await brand.check();
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/brand=/);
  expect(new URL(page.url()).searchParams.getAll('brand')).toEqual([brandName]);
  expect(await resultCount(page)).toBe(expected);
  const names = await page.locator('.item-card__name').allTextContents();
  expect(names).toHaveLength(Math.min(expected, 20));
  for (const name of names) expect(name.toLowerCase()).toContain(brandName.toLowerCase().split(' ')[0]);
}

test.describe('a category on a phone', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) > 400, 'phone journey (360x740)');

  test('rail → sub-category, two tiles a row with big pictures, a count, and the filter sheet applies a brand', async ({ page }, testInfo) => {
    await page.goto(CATEGORY);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grains Oil & Ghee');
    const all = await resultCount(page);
    expect(all).toBeGreaterThan(20);
    // The filters wait in their sheet: the first screen shows the items.
    await expect(page.getByRole('form', { name: 'Filters' })).toBeHidden();
    await expect(page.locator('.item-card').first()).toBeInViewport();
    expect(await columns(page)).toBe(2);
    const [first, second] = [await page.locator('.item-card').nth(0).boundingBox(), await page.locator('.item-card').nth(1).boundingBox()];
    expect(second?.y).toBe(first?.y);
    const picture = await page.locator('.item-card img').first().boundingBox();
    expect(picture?.width).toBeGreaterThanOrEqual(120);
    await screenshot(page, { path: `tests/e2e/artifacts/category-phone-${testInfo.project.name}.png` });

    // The rail leads to a sub-category, which it then marks, with fewer items than the whole category.
    const rail = page.getByRole('navigation', { name: 'Grains Oil & Ghee sub-categories' });
    await rail.getByRole('link', { name: 'Rice' }).click();
    await expect(page).toHaveURL(/categoryId=702$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rice');
    await expect(rail.getByRole('link', { name: 'Rice' })).toHaveAttribute('aria-current', 'page');
    const rice = await resultCount(page);
    expect(rice).toBeGreaterThan(0);
    expect(rice).toBeLessThan(all);

    // The sheet opens from the bottom over a backdrop; a tap on the backdrop closes it.
    await page.locator('.sheet-toggle > summary').click();
    const sheet = page.getByRole('form', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    const box = await sheet.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(740, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, { path: `tests/e2e/artifacts/category-filter-sheet-${testInfo.project.name}.png` });
    await page.locator('.sheet-toggle > summary').click({ position: { x: 20, y: 20 } });
    await expect(sheet).toBeHidden();

    await page.locator('.sheet-toggle > summary').click();
    await applyFirstBrand(page);
    await expect(page.locator('.sheet-toggle__badge')).toHaveText('1');
    await screenshot(page, { path: `tests/e2e/artifacts/category-filtered-${testInfo.project.name}.png` });
  });

  test('without JavaScript the filter sheet opens and applies a brand', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(CATEGORY);
    expect(await columns(page)).toBe(2);
    await page.locator('.sheet-toggle > summary').click();
    await expect(page.getByRole('form', { name: 'Filters' })).toBeVisible();
    await applyFirstBrand(page);
    await screenshot(page, { path: `tests/e2e/artifacts/category-filtered-nojs-${testInfo.project.name}.png` });
    await context.close();
  });
});

test.describe('a category on a desktop', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) <= 400, 'desktop journey (1280x800)');

  test('the filters are a side panel beside three tiles a row, and apply a brand', async ({ page }, testInfo) => {
    await page.goto(CATEGORY);
    await expect(page.locator('.sheet-toggle')).toBeHidden();
    const panel = page.getByRole('form', { name: 'Filters' });
    await expect(panel).toBeVisible();
    const [side, firstCard] = [await panel.boundingBox(), await page.locator('.item-card').first().boundingBox()];
    expect((side?.x ?? 0) + (side?.width ?? 0)).toBeLessThan(firstCard?.x ?? 0);
    expect(await columns(page)).toBe(3);
    expect(await resultCount(page)).toBeGreaterThan(20);
    await applyFirstBrand(page);
    await screenshot(page, { path: `tests/e2e/artifacts/category-desktop-${testInfo.project.name}.png` });
  });
});
