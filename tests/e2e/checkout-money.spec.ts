import { expect, screenshot, test, type Locator, type Page } from '../support/e2e.ts';
import { deliverNear, tapAddOnStorePage } from '../support/add-to-cart.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { userIdCookieValue } from '../support/identity.ts';
import { seriousViolations } from '../support/axe.ts';
import { messagesFor, type Catalogue } from '#/features/i18n/catalogue.ts';
import { fill } from '#/features/i18n/text.ts';

// Issue 28, the money moments of the checkout, tapped as a shopper would on a phone and a
// desktop: the cart is empty after a paid order, checkout starts from the saved address and the
// contact ordered with, and the offer the store advertises applies.
const store = openGroceryStore();
const advertised = store.provider.offers[0]!;

function addToCart(page: Page, item: { name: string; subCategoryId: number; addLabel?: string }) {
  return tapAddOnStorePage(page, { providerId: store.provider.id, locationId: store.location.id, categoryId: Math.floor(item.subCategoryId / 100) }, item);
}

/** The rows of a bill as the shopper reads them: label and amount, whitespace folded. */
async function billRows(rows: Locator): Promise<string[]> {
  const cells = await rows.evaluateAll((elements) => elements.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
  return cells.map((row) => row.map((text) => text.replace(/\s+/g, ' ').trim()).join(' | '));
}

async function toCheckout(page: Page, m: Catalogue = messagesFor('en')) {
  await page.goto('/cart');
  await page.getByRole('link', { name: m.cart.checkout }).click();
  await expect(page.getByRole('heading', { name: m.checkout.summary })).toBeVisible({ timeout: 25_000 });
}

for (const locale of ['en', 'hi'] as const) {
  test(`a paid order empties the cart, and the next checkout starts from the saved address and the contact ordered with (${locale})`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const m = messagesFor(locale);
    const tag = `${locale === 'hi' ? 'hi-' : ''}${testInfo.project.name}`;
    await context.addCookies([{ name: 'userId', value: userIdCookieValue(`e2e-money-${testInfo.project.name}-${Date.now()}`), url: baseURL ?? '' }]);
    await deliverNear(page, store.location, baseURL ?? 'http://127.0.0.1');
    await page.goto(locale === 'hi' ? '/?lang=hi' : '/');
    // The shopper's HOME at the store's pincode, saved in the address book earlier.
    const saved = await page.request.post('/save/unified/address', {
      data: {
        id: 'home-1',
        name: 'Asha Rao',
        address_type: 'HOME',
        house_number: '12',
        building: 'Lake View Apartments',
        locality: 'Indiranagar 2nd Stage',
        city: 'Bengaluru',
        state: 'Karnataka',
        pin_code: store.location.pincode,
        latitude: store.location.lat,
        longitude: store.location.lng,
        address: '12, Lake View Apartments, Indiranagar 2nd Stage',
      },
    });
    expect(saved.ok()).toBe(true);

    for (const item of store.items.slice(0, 2)) await addToCart(page, { ...item, addLabel: fill(m.addButton.addLabel, { name: item.name }) });
    await toCheckout(page, m);
    // Picked from the book: only the missing mobile number is asked.
    await expect(page.getByRole('radio', { name: /HOME · 12, Lake View Apartments/ })).toBeChecked();
    await expect(page.locator('[data-delivery-details]')).toContainText('12, Lake View Apartments, Indiranagar 2nd Stage, Karnataka');
    await expect(page.getByLabel(m.checkout.state)).toBeHidden();
    await page.getByLabel(m.checkout.phone).fill('9876543210');
    await screenshot(page, { path: `tests/e2e/artifacts/checkout-saved-address-${tag}.png`, fullPage: true });
    await page.getByRole('button', { name: m.checkout.place }).click();
    await expect(page.getByRole('heading', { name: m.checkout.payByUpi })).toBeVisible({ timeout: 15_000 });
    await page.getByLabel(m.checkout.upiId).fill('asha@okaxis');
    // The bill as it stands when paying: itemised, each charge by its title.
    const beforePayment = await billRows(page.locator('.bill dl > div:not(.bill__total)'));
    expect(beforePayment.some((row) => row.startsWith(`${m.spec.deliveryCharges} |`))).toBe(true);
    await page.getByRole('button', { name: new RegExp(`^${m.checkout.pay.replace('{amount}', '₹[\\d,.]+')}$`) }).click();
    await expect(page.getByRole('heading', { name: m.confirmation.placed })).toBeVisible({ timeout: 25_000 });

    // The order's bill is the same, line by line.
    await page.getByRole('link', { name: m.confirmation.follow }).click();
    await expect(page.locator('.order__bill')).toBeVisible();
    expect(await billRows(page.locator('.order__bill tbody tr'))).toEqual(beforePayment);
    await screenshot(page, { path: `tests/e2e/artifacts/order-bill-${tag}.png`, fullPage: true });

    // The order took the cart with it: nothing re-places it.
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: m.cart.emptyTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: m.cart.checkout })).toHaveCount(0);
    await screenshot(page, { path: `tests/e2e/artifacts/cart-empty-after-order-${tag}.png`, fullPage: true });

    // The next order: name and mobile number come back with the address; nothing is typed.
    await addToCart(page, { ...store.items[0]!, addLabel: fill(m.addButton.addLabel, { name: store.items[0]!.name }) });
    await toCheckout(page, m);
    await expect(page.locator('[data-delivery-details]')).toContainText('Asha Rao · 9876543210');
    await expect(page.getByLabel(m.checkout.phone)).toBeHidden();
    await expect(page.getByRole('button', { name: m.checkout.place })).toBeEnabled();
  });
}

const OFFER_WORDS = {
  en: {
    addOne: (name: string) => `Add one more ${name}`,
    quantity: (name: string) => `${name} quantity`,
    checkout: 'Proceed to checkout',
    summary: 'Order summary',
    offers: 'Offers',
    applied: (code: string) => `Coupon ${code} applied`,
    remove: (code: string) => `Remove coupon ${code}`,
    storeDiscount: 'Store discount',
  },
  hi: {
    addOne: (name: string) => `एक और ${name} जोड़ें`,
    quantity: (name: string) => `${name} की मात्रा`,
    checkout: 'चेकआउट करें',
    summary: 'ऑर्डर का सारांश',
    offers: 'ऑफ़र',
    applied: (code: string) => `कूपन ${code} लग गया`,
    remove: (code: string) => `कूपन ${code} हटाएँ`,
    storeDiscount: 'दुकान की छूट',
  },
} as const;

for (const locale of ['en', 'hi'] as const) {
  test(`the offer the store advertises applies at its checkout, and taken back leaves the bill (${locale})`, async ({ page, baseURL }, testInfo) => {
    const words = OFFER_WORDS[locale];
    await deliverNear(page, store.location, baseURL ?? 'http://127.0.0.1');
    const item = store.items.find((i) => i.pricePaise * i.maxPerOrder >= advertised.minOrderPaise)!;
    await addToCart(page, item);
    await page.goto(`/cart?lang=${locale}`);
    // Enough of it to reach the offer's minimum, tapped up on the cart page.
    const needed = Math.ceil(advertised.minOrderPaise / item.pricePaise);
    // A tap before the cart's island has hydrated posts the page's own form and comes back with the
    // new count; after, the island saves it: either way the stepper reads one more before the next tap.
    const quantity = page.getByRole('group', { name: words.quantity(item.name) }).first();
    for (let count = 1; count < needed; count++) {
      await page
        .getByRole('button', { name: words.addOne(item.name) })
        .first()
        .click();
      await expect(quantity).toContainText(String(count + 1), { timeout: 15_000 });
    }
    if (locale === 'en') await expect(page.getByText(`with ${advertised.code}`).first()).toBeVisible();
    // The island saves the last taps after they show: leaving before the server has them, the
    // checkout finds the cart changed (409) under the shopper.
    await expect
      .poll(
        async () => {
          const carts = (await (await page.request.get('/ondc/cart?cityName=bengaluru')).json()).data as Array<{
            items: Array<{ sku_id: string; quantity: number }>;
          }>;
          return carts.at(-1)?.items.find((line) => line.sku_id === item.id)?.quantity;
        },
        { timeout: 15_000 },
      )
      .toBe(needed);
    await page.getByRole('link', { name: words.checkout }).click();
    await expect(page.getByRole('heading', { name: words.summary })).toBeVisible({ timeout: 25_000 });
    const before = (await page.locator('.bill__total dd').textContent())?.trim();
    await page.getByRole('list', { name: words.offers }).getByRole('button', { name: advertised.code }).click();
    await expect(page.getByText(words.applied(advertised.code))).toBeVisible({ timeout: 25_000 });
    await expect(page.locator('.bill')).toContainText(words.storeDiscount, { timeout: 25_000 });
    await expect(page.locator('.bill__total dd')).not.toHaveText(before ?? '');
    await expect(page.getByText('Invalid coupon')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, { path: `tests/e2e/artifacts/checkout-store-offer-${locale}-${testInfo.project.name}.png`, fullPage: true });

    // Taken back: the store quotes again without it, and the bill is the one before.
    await page.getByRole('button', { name: words.remove(advertised.code) }).click();
    await expect(page.locator('.bill__total dd')).toHaveText(before ?? '', { timeout: 25_000 });
    await expect(page.locator('.bill')).not.toContainText(words.storeDiscount);
    await expect(page.getByText(words.applied(advertised.code))).toHaveCount(0);
    await screenshot(page, { path: `tests/e2e/artifacts/checkout-store-offer-removed-${locale}-${testInfo.project.name}.png`, fullPage: true });
  });
}

const ADDRESS_WORDS = {
  en: { edit: 'Edit', door: 'Flat / house no.', phone: 'Mobile number', update: 'Update my saved HOME address', place: 'Place order', pay: 'Pay by UPI' },
  hi: { edit: 'बदलें', door: 'फ़्लैट / मकान नंबर', phone: 'मोबाइल नंबर', update: 'मेरा सहेजा गया HOME पता अपडेट करें', place: 'ऑर्डर करें', pay: 'UPI से भुगतान करें' },
} as const;

for (const locale of ['en', 'hi'] as const) {
  test(`the saved address edited at checkout is updated in the address book (${locale})`, async ({ page, context, baseURL }, testInfo) => {
    const words = ADDRESS_WORDS[locale];
    await context.addCookies([{ name: 'userId', value: userIdCookieValue(`e2e-keep-${locale}-${testInfo.project.name}-${Date.now()}`), url: baseURL ?? '' }]);
    await deliverNear(page, store.location, baseURL ?? 'http://127.0.0.1');
    await page.goto('/');
    const saved = await page.request.post('/save/unified/address', {
      data: {
        id: 'home-1',
        name: 'Asha Rao',
        address_type: 'HOME',
        house_number: '12',
        building: 'Lake View Apartments',
        locality: 'Indiranagar 2nd Stage',
        city: 'Bengaluru',
        state: 'Karnataka',
        pin_code: store.location.pincode,
        latitude: store.location.lat,
        longitude: store.location.lng,
        address: '12, Lake View Apartments, Indiranagar 2nd Stage',
      },
    });
    expect(saved.ok()).toBe(true);
    await addToCart(page, store.items[1]!);
    await page.goto(`/payment?lang=${locale}`);

    // The shopper moved flats in the same building: Edit, the new flat, and keep it.
    await expect(page.locator('[data-delivery-details]')).toBeVisible({ timeout: 25_000 });
    await page.locator('[data-delivery-details]').getByRole('button', { name: words.edit }).click();
    await page.getByLabel(words.door).fill('14B');
    await page.getByLabel(words.phone).fill('9876543210');
    await page.getByRole('checkbox', { name: words.update }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, { path: `tests/e2e/artifacts/checkout-keep-address-${locale}-${testInfo.project.name}.png`, fullPage: true });
    await page.getByRole('button', { name: words.place }).click();
    await expect(page.getByRole('heading', { name: words.pay })).toBeVisible({ timeout: 15_000 });

    // The account's book has the one HOME, updated; the next checkout starts from it.
    const book = (await (await page.request.get('/get/unified/address')).json()).data as Array<{ id: string; house_number: string }>;
    expect(book.map((a) => [a.id, a.house_number])).toEqual([['home-1', '14B']]);
    await page.reload();
    await expect(page.getByRole('radio', { name: /HOME · 14B, Lake View Apartments/ })).toBeChecked({ timeout: 25_000 });
  });
}

const HOURS_WORDS = {
  en: {
    storeOffer: '₹50 off above ₹249, 4 pm–7 pm',
    checkout: 'Proceed to checkout',
    summary: 'Order summary',
    offers: 'Offers',
    available: 'Available 4 pm–7 pm',
    applied: 'Coupon EVENING50 applied',
  },
  hi: {
    storeOffer: '₹249 से ज़्यादा के ऑर्डर पर ₹50 की छूट, 4 pm–7 pm के बीच',
    checkout: 'चेकआउट करें',
    summary: 'ऑर्डर का सारांश',
    offers: 'ऑफ़र',
    available: '4 pm–7 pm के बीच मिलेगा',
    applied: 'कूपन EVENING50 लग गया',
  },
} as const;

// The storefront's clock is at noon (issue 27): the store's evening offer is outside its hours.
for (const locale of ['en', 'hi'] as const) {
  test(`an offer with hours says when it is available, and outside them is not applied (${locale})`, async ({ page, baseURL }, testInfo) => {
    const words = HOURS_WORDS[locale];
    const evening = store.provider.offers.find((o) => o.window)!;
    await deliverNear(page, store.location, baseURL ?? 'http://127.0.0.1');
    await addToCart(page, store.items[0]!);
    await page.goto(`/brand?provider_id=${encodeURIComponent(store.provider.id)}&location_id=${encodeURIComponent(store.location.id)}&lang=${locale}`);
    await expect(page.getByText(words.storeOffer).first()).toBeVisible();

    await page.goto(`/cart?lang=${locale}`);
    await expect(page.locator('.offer-strip')).not.toContainText(evening.code);
    await page.getByRole('link', { name: words.checkout }).click();
    await expect(page.getByRole('heading', { name: words.summary })).toBeVisible({ timeout: 25_000 });
    const before = (await page.locator('.bill__total dd').textContent())?.trim();
    const offer = page.getByRole('list', { name: words.offers }).getByRole('listitem').filter({ hasText: evening.code });
    await expect(offer).toContainText(words.available);
    await offer.getByRole('button', { name: evening.code }).click();
    await expect(page.locator('.checkout-coupon .sheet__problem')).toHaveText(words.available);
    await expect(page.getByText(words.applied)).toHaveCount(0);
    await expect(page.locator('.bill__total dd')).toHaveText(before ?? '');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, { path: `tests/e2e/artifacts/checkout-offer-hours-${locale}-${testInfo.project.name}.png`, fullPage: true });
  });
}
