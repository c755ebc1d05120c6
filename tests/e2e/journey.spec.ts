import { expect, screenshot, test } from '../support/e2e.ts';
import { tapAddOnProductPage } from '../support/add-to-cart.ts';
import { fillDeliveryDetails } from '../support/checkout-form.ts';
import { DELIVERY_LOCATION_COOKIE, deliveryLocationCookieValue } from '#/features/location/delivery-location.ts';
import { messagesFor } from '#/features/i18n/catalogue.ts';
import { promiseText } from '#/features/i18n/labels.ts';
import { fill } from '#/features/i18n/text.ts';
import { LOCALE_COOKIE } from '#/features/i18n/locale.ts';
import { durationParts } from '#/ondc/context.ts';
import { seriousViolations } from '../support/axe.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { deliveryStorefront as server } from '../support/e2e-ready.ts';
import { signInWithPhone } from '../support/sign-in.ts';
import { freshPhone } from '../support/sms.ts';

// Issue 29's whole journey on a 360×740 phone, in English and in Hindi: a shopper signed in with a
// phone code searches, opens the item's product page, adds it, sees the delivery promise in the
// cart, pays with a UPI app (the simulator approves the upi://pay link as the app would), reads
// the confirmation's promise, address and payment, waits for the delivery (the sellers' clock
// fast, as in ratings.spec.ts: a network minute in 250 ms), rates the order, orders it again and
// finds it on home's buy-again shelf; a second phone signed in with the same number sees the
// same order. The all-day store, so the fast clock never closes it.
const store = openGroceryStore();
const item = store.items[0]!;

test.describe('the whole journey on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'a phone journey (360×740)');

  for (const locale of ['en', 'hi'] as const) {
    test(`${locale}: search → product → add → cart promise → UPI app → confirmation → delivered → rated → order again; the same orders on a second phone`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(480_000);
      const m = messagesFor(locale);
      const origin = server.url;
      const shot = (step: string) => `tests/e2e/artifacts/journey-${step}-${locale}-phone.png`;
      const phone = freshPhone();
      const place = deliveryLocationCookieValue({
        label: 'Near the store',
        city: 'bengaluru',
        pincode: store.location.pincode,
        lat: store.location.lat,
        lng: store.location.lng,
      });
      const cookies = (url: string) => [
        { name: DELIVERY_LOCATION_COOKIE, value: encodeURIComponent(place), url },
        { name: LOCALE_COOKIE, value: locale, url },
      ];
      await page.context().addCookies(cookies(origin));
      await signInWithPhone(page, { origin, dataDir: server.dataDir, phone, locale });
      // A new shopper's home has no buy-again shelf.
      await page.goto(`${origin}/`);
      await expect(page.locator('[data-buy-again]')).toHaveCount(0);

      // Search, as typed in the search box; the item of the all-day store among what it finds.
      await page.goto(`${origin}/search`);
      await page.getByRole('combobox', { name: m.search.placeholder }).fill(item.name);
      await page.getByRole('button', { name: m.search.search, exact: true }).last().click();
      await expect(page).toHaveURL(/[?&]q=/);
      const found = page.locator(`.item-card a[href*="provider_id=${encodeURIComponent(store.provider.id)}"][href*="item_id=${encodeURIComponent(item.id)}"]`);
      await expect(found).toBeVisible();
      await screenshot(page, { path: shot('1-search') });
      await found.click();

      // The product page: its name, the promise, and Add.
      await expect(page).toHaveURL(/\/product\?provider_id=/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(item.name);
      const promise = promiseText(durationParts(store.provider.tat)!, locale);
      await expect(page.locator('.product__promise')).toHaveText(promise);
      await tapAddOnProductPage(page, fill(m.addButton.addLabel, { name: item.name }));
      await expect(page.locator('.cart-badge').first()).toHaveText(/^[1१]$/);
      await screenshot(page, { path: shot('2-product') });

      // The cart says when it comes.
      await page.goto(`${origin}/cart`);
      await expect(page.locator('.cart-provider [data-delivery-promise]')).toHaveText(promise);
      await expect(page.getByRole('list', { name: m.cart.lines })).toContainText(item.name);
      await screenshot(page, { path: shot('3-cart'), fullPage: true });
      await page.getByRole('link', { name: m.cart.checkout }).click();

      // Pay with a UPI app: the phone opens the upi://pay link; the app (the simulator) approves it.
      await expect(page.getByRole('heading', { name: m.checkout.summary })).toBeVisible({ timeout: 25_000 });
      await fillDeliveryDetails(page, locale);
      await page.getByRole('button', { name: m.checkout.place }).click();
      await expect(page.getByRole('heading', { name: m.checkout.payByUpi })).toBeVisible({ timeout: 15_000 });
      await page.getByRole('button', { name: m.checkout.payWithUpiApp }).click();
      await expect(page.getByRole('heading', { name: m.checkout.approveInApp })).toBeVisible({ timeout: 10_000 });
      const link = (await page.getByRole('link', { name: m.checkout.openUpiApp }).getAttribute('href')) ?? '';
      expect(link).toMatch(/^upi:\/\/pay\?/);
      await screenshot(page, { path: shot('4-upi-app'), fullPage: true });
      expect((await page.request.post(`${origin}/payment/simulator/approve`, { data: { link } })).status()).toBe(200);

      // The confirmation: the promise, the address and how it was paid.
      await expect(page).toHaveURL(/\/order-confirmation\?order_id=KO/, { timeout: 20_000 });
      const orderId = new URL(page.url()).searchParams.get('order_id')!;
      await expect(page.getByRole('heading', { name: m.confirmation.placed })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.provider.name);
      await expect(page.locator('.order-confirmation__eta')).toBeVisible();
      await expect(page.locator('.order-confirmation__eta')).toHaveAttribute('data-expected-by', /^\d{4}-/);
      await expect(page.locator('[data-delivery-address]')).toContainText('Asha Rao');
      await expect(page.locator('[data-delivery-address]')).toContainText('Indiranagar 2nd Stage');
      const paid = page.locator('[data-payment="upi"] strong');
      await expect(paid).toHaveText(new RegExp(`^${fill(m.orders.paidUpi, { amount: '₹[\\d,०-९.]+' })}$`));
      expect(await seriousViolations(page), 'axe on the confirmation').toEqual([]);
      await screenshot(page, { path: shot('5-confirmation'), fullPage: true });

      // Chromium here has no UPI app: once a page has handed it the upi://pay link, the tab takes no
      // more input (no pointer event reaches the confirmation or any page after it). A phone's
      // shopper comes back to a working browser; this one follows the order in a new tab.
      const follow = await page.getByRole('link', { name: m.confirmation.follow }).getAttribute('href');
      const tab = await page.context().newPage();
      // Delivered: the order page follows the order by itself.
      await tab.goto(`${origin}${follow}`);
      await expect(tab.locator('[data-status-label]')).toHaveText(m.orderStep.delivered, { timeout: 120_000 });

      // Rate the order.
      const rating = tab.getByRole('region', { name: m.ratings.heading });
      await expect(rating).toBeVisible();
      const stars = rating.getByRole('group', { name: m.ratings.order }).getByRole('radio', { name: fill(m.ratings.stars, { count: 5 }) });
      await stars.check();
      await rating.getByRole('button', { name: m.ratings.send }).click();
      await expect(tab.getByRole('status').filter({ hasText: fill(m.ratings.thanks, { store: store.provider.name }) })).toBeVisible({ timeout: 15_000 });
      await screenshot(rating, { path: shot('6-delivered-rated') });

      // Order again: the item is back in the cart.
      await tab.getByRole('button', { name: m.orders.orderAgain }).click();
      await expect(tab).toHaveURL(/\/cart\?reorder=KO/, { timeout: 20_000 });
      await expect(tab.locator('[data-reorder-notice]')).toBeVisible();
      await expect(tab.getByRole('list', { name: m.cart.lines })).toContainText(item.name);
      await screenshot(tab, { path: shot('7-order-again'), fullPage: true });

      // Home now offers it again on the buy-again shelf, at today's price, with Add.
      await tab.goto(`${origin}/`);
      const shelf = tab.getByRole('region', { name: m.home.buyAgain });
      await expect(shelf.locator('.item-card').filter({ hasText: item.name })).toBeVisible();
      expect(await seriousViolations(tab), 'axe on home with the shelf').toEqual([]);
      await screenshot(tab, { path: shot('8-home-buy-again') });

      // A second phone, nothing of the first's: signed in with the same number, the same order.
      const second = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
      try {
        await second.addCookies(cookies(origin));
        const other = await second.newPage();
        await signInWithPhone(other, { origin, dataDir: server.dataDir, phone, locale });
        const card = other.locator('.order-card');
        await expect(card).toHaveCount(1);
        await expect(card).toContainText(item.name);
        await expect(other.locator(`a[href*="${orderId}"]`).first()).toBeVisible();
        await screenshot(other, { path: shot('9-second-phone-orders'), fullPage: true });
      } finally {
        await second.close();
      }
    });
  }
});
