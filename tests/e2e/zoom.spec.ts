import { expect, screenshot, test, type Page } from '../support/e2e.ts';
import { productUrl, providerUrl } from '#/features/catalogue/paths.ts';
import { openGroceryStore } from '../support/fixtures.ts';

// Issue 13: large text and zoom. A phone's font size at 1.3× and a desktop browser at 200% zoom
// (a 1280 px window shows 640 CSS px) must not push anything sideways or clip a button.
const store = openGroceryStore();
const ROUTES = [
  '/',
  '/stores',
  '/grocery-category?categoryId=7',
  '/grocery-search?q=atta',
  providerUrl({ id: store.provider.id, locationId: store.location.id }),
  productUrl({ providerId: store.provider.id, itemId: store.items[1]!.id }),
  '/cart',
  '/search',
  '/order-history',
  '/address-map',
];

async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
      const box = el.getBoundingClientRect();
      // Scrollers (chip rows, trays) may hold wider content; what sticks out of the page may not.
      const scroller = el.closest('.chips, .tray .item-grid, .banner-strip, .leaflet-container');
      return !scroller && box.width > 0 && box.right > width + 1;
    });
    return { scroll: document.documentElement.scrollWidth - width, wide: wide.slice(0, 3).map((el) => `${el.tagName}.${el.className}`) };
  });
}

test.describe('large text and zoom', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone sizes');

  for (const route of ROUTES) {
    test(`${route} at 360 px with text at 130 % does not scroll sideways`, async ({ page }) => {
      await page.goto(route);
      await page.addStyleTag({ content: 'html { font-size: 130% !important; }' }).catch(() =>
        page.evaluate(() => {
          document.documentElement.style.fontSize = '130%';
        }),
      );
      expect(await overflow(page)).toEqual({ scroll: 0, wide: [] });
    });
  }

  test('a listing at 200 % zoom (640 CSS px wide) keeps every button whole', async ({ browser }, testInfo) => {
    const page = await browser.newPage({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });
    await page.goto(`${testInfo.project.use.baseURL}/grocery-category?categoryId=7`);
    expect(await overflow(page)).toEqual({ scroll: 0, wide: [] });
    for (const button of await page.getByRole('button', { name: /^Add .+ to cart$/ }).all()) {
      const clipped = await button.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
      expect(clipped).toBe(false);
    }
    await screenshot(page, { path: 'tests/e2e/artifacts/listing-zoom-200.png' });
    await page.close();
  });
});
