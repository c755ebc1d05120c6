import { expect, test } from '../support/e2e.ts';
import { generateNetwork, providerItems, type Provider } from '../../src/network/catalogue/generate.ts';
import { storeOpenState } from '../../src/network/store-hours.ts';
import { DELIVERY_LOCATION_COOKIE, deliveryLocationCookieValue } from '../../src/features/location/delivery-location.ts';
import { closedGroceryStore } from '../support/fixtures.ts';

// Issue 28 point 5: a store closed by its hours says when it opens, on its page and on each of
// its items, in place of Add. Which store is closed depends on the hour the test runs (the
// storefront reads the real clock): some store of the network is closed at any hour of the day.

const network = generateNetwork();
const providers = network.sellers.flatMap((s) => s.providers);
const now = new Date();
const soon = new Date(now.getTime() + 15 * 60_000);
const closed = providers.find(
  (p: Provider) => p.status === 'enable' && storeOpenState(p, now) === 'closed' && storeOpenState(p, soon) === 'closed' && [...providerItems(p)].some((i) => i.stock > 0),
) as Provider;
const opens = `${Math.floor(closed.openingHours.from / 100)}:${String(closed.openingHours.from % 100).padStart(2, '0')}`;
const storePage = `/brand?provider_id=${closed.id}&location_id=${closed.locations[0]?.id ?? ''}`;

test('a closed store says when it opens and its items cannot be added', async ({ page }, testInfo) => {
  await page.goto(storePage);
  await expect(page.locator('[data-open-state]')).toHaveText(`Closed now · Opens at ${opens}`);
  const cards = page.locator('.item-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add .* to cart$/ })).toHaveCount(0);
  await expect(cards.first().locator('.item-card__action')).toHaveText(`Opens at ${opens}`);
  await page.screenshot({ path: `tests/e2e/artifacts/closed-store-${testInfo.project.name}.png` });

  await page.goto(`${storePage}&lang=hi`);
  await expect(page.locator('[data-open-state]')).toHaveText(`अभी बंद है · ${opens} बजे खुलेगी`);
  await expect(cards.first().locator('.item-card__action')).toHaveText(`${opens} बजे खुलेगी`);
  await page.screenshot({ path: `tests/e2e/artifacts/closed-store-hi-${testInfo.project.name}.png` });
});

// Listings across stores (a grocery search here) show a closed store's item as its page does:
// when it opens, in place of Add; and the cart refuses it if Add is forced (tests/api/closed-store.test.ts).
const listed = closedGroceryStore();

test('a closed store’s item in a listing says when its store opens and offers no Add', async ({ page, baseURL }, testInfo) => {
  const value = deliveryLocationCookieValue({ label: 'Near the store', city: 'bengaluru', pincode: listed.location.pincode, lat: listed.location.lat, lng: listed.location.lng });
  await page.context().addCookies([{ name: DELIVERY_LOCATION_COOKIE, value: encodeURIComponent(value), url: baseURL ?? 'http://127.0.0.1' }]);
  await page.goto(`/grocery-search?q=${encodeURIComponent(listed.item.name)}`);
  const card = page.locator('.item-card', { has: page.getByRole('heading', { name: listed.item.name, exact: true }) }).first();
  await expect(card).toBeVisible();
  await expect(card.locator('.item-card__action')).toHaveText(`Opens at ${listed.opensAt}`);
  await expect(page.getByRole('button', { name: `Add ${listed.item.name} to cart` })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `tests/e2e/artifacts/closed-store-listing-${testInfo.project.name}.png` });
});
