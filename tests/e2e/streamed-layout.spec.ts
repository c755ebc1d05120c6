import { expect, test, type Page } from '../support/e2e.ts';
import { providerUrl } from '#/features/catalogue/paths.ts';
import { lunchRestaurant, openGroceryStore } from '../support/fixtures.ts';

// A catalogue page arrives in pieces (Astro streams it, and the parser stops at the first card's
// inline scripts), and Chromium may paint between them. The first tray card drawn from a piece must
// be where the whole page puts it: a tray whose one card stretched until the next arrived, or a
// card without its action column until its Add was parsed, moved the price and rating under the
// shopper's eyes (CLS 0.003 on the restaurant page, BENCHMARKS "Session 26").
const store = openGroceryStore();
const restaurant = lunchRestaurant();
const PAGES = {
  store: providerUrl({ id: store.provider.id, locationId: store.location.id }),
  restaurant: providerUrl({ id: restaurant.provider.id, locationId: restaurant.location.id }),
};

/** Where the first tray card and its parts are, with the page's own styles and no scripts. */
async function firstCard(page: Page, html: string) {
  await page.setContent(html.replace(/<script\b[\s\S]*?<\/script>/g, ''));
  return page
    .locator('.tray .item-card')
    .first()
    .evaluate((card) => {
      const box = (element: Element | null) => {
        const rect = element?.getBoundingClientRect();
        return rect ? { x: Math.round(rect.x), width: Math.round(rect.width) } : null;
      };
      return { card: box(card), body: box(card.querySelector('.item-card__body')), price: box(card.querySelector('.item-card__price')) };
    });
}

for (const [name, path] of Object.entries(PAGES)) {
  test(`the ${name} page's first tray card is drawn from its first pieces as from the whole page`, async ({ page, request }) => {
    const html = await (await request.get(path)).text();
    // Offline: the pictures and stylesheets it names are not what this measures.
    await page.route('**/*', (route) => route.fulfill({ body: '' }));
    const whole = await firstCard(page, html);
    const first = html.indexOf('<li class="item-card">');
    expect(first).toBeGreaterThan(0);
    const action = html.indexOf('<div class="item-card__action">', first);
    const secondCard = html.indexOf('<li class="item-card">', action);
    for (const cut of [action, html.indexOf('<script>', action), secondCard]) {
      expect(cut).toBeGreaterThan(first);
      expect(await firstCard(page, html.slice(0, cut))).toEqual(whole);
    }
  });
}
