import { expect, screenshot, test } from '../support/e2e.ts';
import { deliverNear } from '../support/add-to-cart.ts';
import { generateNetwork, providerItems, type Provider } from '#/network/catalogue/generate.ts';
import { storeOpenState } from '#/network/store-hours.ts';
import { closedGroceryStore } from '../support/fixtures.ts';
import { startServer, type StartedServer } from '../support/server.ts';
import { nightClock } from '../support/test-clock.ts';

// Issue 28 point 5: a store closed by its hours says when it opens, on its page and on each of
// its items, in place of Add. On a storefront of its own whose sellers' clock, and so its store
// hours, start at 03:00 IST (issue 27): the journeys' storefront is at noon, when every Bengaluru
// grocery is open, and a test never depends on the hour it runs.

const clock = nightClock();
const network = generateNetwork();
const providers = network.sellers.flatMap((s) => s.providers);
const now = clock.now();
const soon = new Date(now.getTime() + 15 * 60_000);
const closed = providers.find(
  (p: Provider) =>
    p.status === 'enable' && storeOpenState(p, now) === 'closed' && storeOpenState(p, soon) === 'closed' && [...providerItems(p)].some((i) => i.stock > 0),
) as Provider;
const opens = `${Math.floor(closed.openingHours.from / 100)}:${String(closed.openingHours.from % 100).padStart(2, '0')}`;
const storePage = `/brand?provider_id=${closed.id}&location_id=${closed.locations[0]?.id ?? ''}`;
// Listings across stores (a grocery search here) show a closed store's item as its page does:
// when it opens, in place of Add; and the cart refuses it if Add is forced (tests/api/closed-store.test.ts).
const listed = closedGroceryStore(now);
let server: StartedServer;

test.describe('closed stores on a phone (360x740)', () => {
  test.skip(({ isMobile }) => !isMobile, 'one viewport is enough for a storefront of its own');
  test.beforeAll(async () => {
    // The hook runs even where every test of the group is skipped: no storefront for the desktop.
    if (!test.info().project.use.isMobile) return;
    // As long as startServer waits (a loaded machine has taken over 90 s), beside the other worker's journeys.
    test.setTimeout(200_000);
    server = await startServer({ NETWORK_CLOCK_START: clock.start });
  });
  test.afterAll(async () => server?.stop());

  test('a closed store says when it opens and its items cannot be added', async ({ page }, testInfo) => {
    await page.goto(`${server.url}${storePage}`);
    await expect(page.locator('[data-open-state]')).toHaveText(`Closed now · Opens at ${opens}`);
    const cards = page.locator('.item-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Add .* to cart$/ })).toHaveCount(0);
    await expect(cards.first().locator('.item-card__action')).toHaveText(`Opens at ${opens}`);
    await screenshot(page, { path: `tests/e2e/artifacts/closed-store-${testInfo.project.name}.png` });

    await page.goto(`${server.url}${storePage}&lang=hi`);
    await expect(page.locator('[data-open-state]')).toHaveText(`अभी बंद है · ${opens} बजे खुलेगी`);
    await expect(cards.first().locator('.item-card__action')).toHaveText(`${opens} बजे खुलेगी`);
    await screenshot(page, { path: `tests/e2e/artifacts/closed-store-hi-${testInfo.project.name}.png` });
  });

  test('a closed store’s item in a listing says when its store opens and offers no Add', async ({ page }, testInfo) => {
    await deliverNear(page, listed.location, server.url);
    await page.goto(`${server.url}/grocery-search?q=${encodeURIComponent(listed.item.name)}`);
    const card = page.locator('.item-card', { has: page.getByRole('heading', { name: listed.item.name, exact: true }) }).first();
    await expect(card).toBeVisible();
    await expect(card.locator('.item-card__action')).toHaveText(`Opens at ${listed.opensAt}`);
    await expect(page.getByRole('button', { name: `Add ${listed.item.name} to cart` })).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `tests/e2e/artifacts/closed-store-listing-${testInfo.project.name}.png` });
  });
});
