import { expect, screenshot, test, type Page } from '../support/e2e.ts';
import { fillDeliveryDetails } from '../support/checkout-form.ts';
import { DELIVERY_LOCATION_COOKIE, deliveryLocationCookieValue } from '#/features/location/delivery-location.ts';
import { tapAddOnStorePage } from '../support/add-to-cart.ts';
import { seriousViolations } from '../support/axe.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { userIdCookieValue } from '../support/identity.ts';
import { deliveryStorefront as server } from '../support/e2e-ready.ts';

// Issue 29 journey, on a phone and a desktop: a signed-in shopper's cash-on-delivery order is
// delivered (the sellers' clock fast: a network minute in 250 ms), then rated on its page: the
// order with a comment, the store and the delivery partner with JavaScript, the item later from a
// browser without it. The all-day store is open whenever the test runs.
const store = openGroceryStore();
const item = store.items[0]!;

test.describe('rating a delivered order', () => {
  async function deliveredOrder(page: Page, shopperId: string) {
    const place = deliveryLocationCookieValue({
      label: 'Near the store',
      city: 'bengaluru',
      pincode: store.location.pincode,
      lat: store.location.lat,
      lng: store.location.lng,
    });
    await page.context().addCookies([
      { name: DELIVERY_LOCATION_COOKIE, value: encodeURIComponent(place), url: server.url },
      { name: 'userId', value: userIdCookieValue(shopperId), url: server.url },
    ]);
    await tapAddOnStorePage(
      page,
      { providerId: store.provider.id, locationId: store.location.id, categoryId: Math.floor(item.subCategoryId / 100) },
      item,
      server.url,
    );
    await page.goto(`${server.url}/payment`);
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible({ timeout: 25_000 });
    await fillDeliveryDetails(page);
    await page.getByLabel('Cash on delivery').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Follow your order' }).click();
    // The page follows the order by itself and reads itself again once it is delivered.
    await expect(page.locator('[data-status-label]')).toHaveText('Delivered', { timeout: 90_000 });
  }

  test('delivered → stars for the order, the store and the rider with a comment → thanks; the item later without JavaScript', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const device = testInfo.project.name;
    await deliveredOrder(page, `rater-${device}-${Date.now()}`);

    const rating = page.getByRole('region', { name: 'Rate this order' });
    await expect(rating).toBeVisible();
    await rating.getByRole('group', { name: 'Your order overall' }).getByRole('radio', { name: '4 stars' }).check();
    await rating.getByLabel('Anything to tell the store? (optional)').fill('Fresh and on time');
    await rating
      .getByRole('group', { name: `The store, ${store.provider.name}` })
      .getByRole('radio', { name: '5 stars' })
      .check();
    await rating
      .getByRole('group', { name: /^Your delivery partner, / })
      .getByRole('radio', { name: '5 stars' })
      .check();
    await expect(rating.getByRole('group', { name: item.name })).toBeVisible();
    await screenshot(page, { path: `tests/e2e/artifacts/rating-form-${device}.png`, fullPage: true });
    expect(await seriousViolations(page), 'axe on the rating form').toEqual([]);
    await rating.getByRole('button', { name: 'Send rating' }).click();

    await expect(page.getByRole('status').filter({ hasText: `Thank you! Your rating is with ${store.provider.name}.` })).toBeVisible({ timeout: 15_000 });
    const given = page.getByRole('list', { name: 'Your ratings' });
    await expect(given.locator('[data-rated="Order"]')).toContainText('Fresh and on time');
    await expect(given.locator('[data-rated]')).toHaveCount(3);
    // The item is still to rate; what was rated is not asked again.
    await expect(rating.getByRole('group', { name: 'Your order overall' })).toHaveCount(0);
    await expect(rating.getByRole('group', { name: item.name })).toBeVisible();
    await screenshot(page, { path: `tests/e2e/artifacts/rating-thanks-${device}.png`, fullPage: true });

    // The same shopper in a browser without JavaScript: the form posts and the page comes back.
    const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), viewport: page.viewportSize() });
    const noScript = await plain.newPage();
    await noScript.goto(page.url());
    await noScript.getByRole('group', { name: item.name }).getByRole('radio', { name: '3 stars' }).check();
    await noScript.getByRole('button', { name: 'Send rating' }).click();
    await expect(noScript.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible();
    await expect(noScript.getByRole('heading', { name: 'Your ratings' })).toBeVisible();
    await expect(noScript.getByRole('list', { name: 'Your ratings' }).locator('[data-rated]')).toHaveCount(4);
    await expect(noScript.getByRole('button', { name: 'Send rating' })).toHaveCount(0);
    await screenshot(noScript, { path: `tests/e2e/artifacts/rating-all-rated-${device}.png`, fullPage: true });
    await plain.close();
  });
});
