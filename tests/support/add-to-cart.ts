// Adding to the cart as a shopper does: by the item's card on its store's page.
import { expect, type Locator, type Page, type Request, type Response } from '@playwright/test';
import { DELIVERY_LOCATION_COOKIE, deliveryLocationCookieValue } from '#/features/location/delivery-location.ts';
import { productUrl } from '#/features/catalogue/paths.ts';

/** The shopper's delivery address beside a store in Bengaluru (its pincode and spot), as the address picker leaves it. */
export async function deliverNear(page: Page, location: { pincode: string; lat: number; lng: number }, origin: string | undefined) {
  const value = deliveryLocationCookieValue({ label: 'Near the store', city: 'bengaluru', pincode: location.pincode, lat: location.lat, lng: location.lng });
  await page.context().addCookies([{ name: DELIVERY_LOCATION_COOKIE, value: encodeURIComponent(value), url: origin || 'http://127.0.0.1' }]);
}

/** The card of the item named `name` on the page (a long name is cut short on the card, whole in its title; the name is the card's link). */
export function itemCard(page: Page, name: string): Locator {
  return page
    .locator('.item-card')
    .filter({ has: page.locator(`.item-card__name[title="${name}"], .item-card__name a:text-is("${name}")`) })
    .first();
}

/** An add to the cart: the page's own first tap (/cart/add, issue 30) or a live island's (/ondc/cart). */
export const isCartPost = (request: Request) => ['/cart/add', '/ondc/cart'].includes(new URL(request.url()).pathname) && request.method() === 'POST';

type StoreAt = { providerId: string; locationId: string; categoryId: number | string };

/**
 * The item's card on its store's page (the category it is listed under), once it offers Add.
 * `origin` names a storefront of the test's own; the project's baseURL otherwise.
 */
export async function cardOnStorePage(page: Page, at: StoreAt, item: { name: string; addLabel?: string }, origin = ''): Promise<Locator> {
  const card = itemCard(page, item.name);
  // A storefront just started may still be learning its catalogues: the store's page is asked again.
  await expect(async () => {
    await page.goto(
      `${origin}/brand?provider_id=${encodeURIComponent(at.providerId)}&location_id=${encodeURIComponent(at.locationId)}&category=${encodeURIComponent(String(at.categoryId))}`,
    );
    await expect(card.getByRole('button', { name: item.addLabel ?? `Add ${item.name} to cart` })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  return card;
}

/**
 * Taps the Add button of an item's card on its store's page, as a shopper does: the first tap is
 * sent by the page itself (/cart/add, issue 30) or, once the card is live, by its island
 * (/ondc/cart); either way the server cart has it when this returns.
 */
export async function tapAddOnStorePage(page: Page, at: StoreAt, item: { name: string; addLabel?: string }, origin = '') {
  const card = await cardOnStorePage(page, at, item, origin);
  // An add refused or cut off is not what this waits for, but said in the output it tells a
  // timeout's cause: neither line means the tap never sent one (issue 30).
  const refused = (response: Response) => {
    if (isCartPost(response.request()) && !response.ok())
      void response.text().then(
        (body) => console.warn(`${item.name}: cart POST answered ${response.status()}: ${body.slice(0, 300)}`),
        () => undefined,
      );
  };
  const failed = (request: Request) => {
    if (isCartPost(request)) console.warn(`${item.name}: cart POST failed: ${request.failure()?.errorText}`);
  };
  page.on('response', refused);
  page.on('requestfailed', failed);
  try {
    const saved = page.waitForResponse((r) => isCartPost(r.request()) && r.ok());
    await card.getByRole('button', { name: item.addLabel ?? `Add ${item.name} to cart` }).click();
    await saved;
  } finally {
    page.off('response', refused);
    page.off('requestfailed', failed);
  }
}

/** Through the add-on picker's steps with the defaults, to "Add item" (a one-page picker has no steps), in the page's language. */
export async function chooseDefaults(picker: Locator, words: { next: string; addItem: string } = { next: 'Next', addItem: 'Add item' }) {
  const forward = picker.getByRole('button', { name: new RegExp(`^(${words.next}|${words.addItem})$`) });
  for (let step = 0; step < 5; step++) {
    await expect(forward).toBeVisible();
    if ((await forward.textContent()) === words.addItem) break;
    await forward.click();
  }
  await picker.getByRole('button', { name: words.addItem }).click();
}

/** An item's product page, asked again while a storefront just started is still learning its catalogue. */
export async function openProductPage(page: Page, providerId: string, item: { id: string; name: string }) {
  await expect(async () => {
    await page.goto(productUrl({ providerId, itemId: item.id }));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(item.name, { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
}

/** Taps the product page's Add (named `label`, in the page's language); the server cart has it when this returns. */
export async function tapAddOnProductPage(page: Page, label: string) {
  const saved = page.waitForResponse((r) => isCartPost(r.request()) && r.ok());
  await page.locator('.product__action').getByRole('button', { name: label }).click();
  await saved;
}
