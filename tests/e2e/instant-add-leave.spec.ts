import { expect, test, type Page } from '../support/e2e.ts';
import { providerUrl } from '#/features/catalogue/paths.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { userIdCookieValue } from '../support/identity.ts';

// Issue 30: the page posts a first tap on Add itself, before the island's code has come
// (instant-add.ts). A shopper on a slow connection who taps Add and at once taps the cart link
// must find the item there: the browser finished the post after the page was gone, once.
// The all-day store's page offers Add at any hour.
const store = openGroceryStore();
const STORE_PAGE = providerUrl({ id: store.provider.id, locationId: store.location.id });
/**
 * A slow uplink (CDP throttling): the add's form takes seconds to go up, so it is still on its way
 * when the next page comes. A post the browser drops then reaches the server cut short, and is lost.
 */
const UPLOAD_BYTES_PER_S = 200;

async function itemsInCart(page: Page): Promise<number> {
  const answer = (await (await page.request.get('/ondc/cart?cityName=bengaluru')).json()) as { data: Array<{ items: Array<{ quantity: number }> }> };
  return answer.data.flatMap((cart) => cart.items).reduce((sum, line) => sum + line.quantity, 0);
}

test('an Add tapped just before leaving the page is in the cart once', async ({ page, context, baseURL }, testInfo) => {
  await context.addCookies([{ name: 'userId', value: userIdCookieValue(`e2e-leave-${testInfo.project.name}-${Date.now()}`), url: baseURL ?? '' }]);
  await page.goto(STORE_PAGE);
  expect(await itemsInCart(page)).toBe(0);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: UPLOAD_BYTES_PER_S });

  const add = page.locator('.item-card .add-to-cart__add').first();
  if (testInfo.project.name === 'phone') await add.tap();
  else await add.click();
  await page.locator('header a.cart-link').click();
  await page.waitForURL('**/cart');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  await expect.poll(() => itemsInCart(page), { timeout: 15_000 }).toBe(1);
  // Back on the store page (which the browser may restore with its tap still held): its island
  // wakes and must not add the tap a second time.
  await page.goBack();
  await page.waitForTimeout(5_000);
  expect(await itemsInCart(page)).toBe(1);
});
