import { expect, screenshot, test, type Page } from '../support/e2e.ts';
import { DELIVERY_LOCATION_COOKIE, deliveryLocationCookieValue } from '#/features/location/delivery-location.ts';
import { cardOnStorePage, chooseDefaults, itemCard, tapAddOnStorePage } from '../support/add-to-cart.ts';
import { generateNetwork, providerItems, type DishItem, type GroceryItem, type Provider } from '#/network/catalogue/generate.ts';
import { hasListingFlaw } from '#/network/listing-flaws.ts';
import { storeOpenState } from '#/network/store-hours.ts';
import { testNow } from '../support/test-clock.ts';

// The cart journeys of issue 6: items are added by tapping their cards on their stores' pages
// (hydrated, or their forms with JavaScript off), and the journey runs through /cart. A closed
// store's items offer no Add (issue 28): the stores are ones open on the storefront's clock (noon
// IST, tests/support/test-clock.ts) and for the next half hour.

const network = generateNetwork();
const providers = network.sellers.flatMap((s) => s.providers);
const openNow = (p: Provider) => [0, 30].every((m) => storeOpenState(p, new Date(testNow().getTime() + m * 60_000)) === 'open');
const inBengaluru = (p: Provider) => p.cityId === 'bengaluru' && p.status === 'enable';
const groceryStores = providers.filter((p) => p.kind === 'grocery' && inBengaluru(p) && openNow(p));
const pizzeria = providers.find((p) => p.kind === 'restaurant' && inBengaluru(p) && p.templateKey === 'pizza') as Provider;

function stocked(provider: Provider, count: number): GroceryItem[] {
  return [...providerItems(provider)]
    .filter((i): i is GroceryItem => i.kind === 'grocery' && i.stock > 0 && i.maxPerOrder >= 4 && !hasListingFlaw(i))
    .slice(0, count);
}
const [storeA, storeB] = groceryStores as [Provider, Provider];
const [atta, dal] = stocked(storeA, 2) as [GroceryItem, GroceryItem];
// Stores share products: the other store's item must read differently on the page.
const milk = stocked(storeB, 20).find((i) => i.name !== atta.name && i.name !== dal.name) as GroceryItem;
const pizza = [...providerItems(pizzeria)].find((i): i is DishItem => i.kind === 'dish' && i.name === 'Margherita Pizza') as DishItem;

/** Where a grocery item's card is: its store's page, under its top category. */
const at = (provider: Provider, item: GroceryItem) => ({
  providerId: provider.id,
  locationId: provider.locations[0]?.id ?? '',
  categoryId: Math.floor(item.subCategoryId / 100),
});

/** A tap on the item's card: its island adds it to the server cart. */
const tapAdd = (page: Page, provider: Provider, item: GroceryItem) => tapAddOnStorePage(page, at(provider, item), item);

/** A tap on the item's card that does not add it at once (another store's item: the cart asks first, or no JavaScript: the form posts). */
async function tapAddOf(page: Page, provider: Provider, item: GroceryItem) {
  const card = await cardOnStorePage(page, at(provider, item), item);
  await card.getByRole('button', { name: `Add ${item.name} to cart` }).click();
}

async function cartHydrated(page: Page) {
  await page.locator('astro-island[component-url*="CartView"]:not([ssr])').waitFor({ state: 'attached' });
}

const line = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
const rupees = (paise: number) => `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(paise / 100)}`;

test.describe('the cart on a phone (360x740)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone journey');

  test('two items from one store, quantities, another store cancelled then accepted, a second tab, a reload', async ({ page, context }) => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();

    await tapAdd(page, storeA, atta);
    await tapAdd(page, storeA, dal);
    await page.goto('/cart');
    await cartHydrated(page);
    await expect(page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(2);

    await page.getByRole('button', { name: `Add one more ${atta.name}` }).click();
    await expect(page.getByText('Updated item quantity')).toBeVisible();
    await page.getByRole('button', { name: `Add one more ${atta.name}` }).click();
    await page.getByRole('button', { name: `Add one more ${dal.name}` }).click();
    await page.getByRole('button', { name: `Remove one ${dal.name}` }).click();
    await expect(line(page, atta.name).getByRole('group')).toContainText('3');
    await expect(line(page, dal.name).getByRole('group')).toContainText('1');
    await expect(page.locator('.cart-badge')).toHaveText('4');
    await expect(page.locator('.bill')).toContainText(rupees(atta.pricePaise * 3 + dal.pricePaise));
    await screenshot(page, { path: 'tests/e2e/artifacts/cart-two-items-phone.png', fullPage: true });

    // Another store's item: the cart asks first. "No" keeps the cart as it was.
    const sheet = page.getByRole('dialog', { name: 'Replace cart items?' });
    await tapAddOf(page, storeB, milk);
    await expect(sheet).toBeVisible();
    await screenshot(page, { path: 'tests/e2e/artifacts/cart-provider-change-phone.png', fullPage: true });
    await sheet.getByRole('button', { name: 'No, keep my cart' }).click();
    await expect(sheet).toBeHidden();
    await page.goto('/cart');
    await cartHydrated(page);
    await expect(line(page, atta.name).getByRole('group')).toContainText('3');
    await expect(line(page, milk.name)).toHaveCount(0);

    // Asked again, "Yes" replaces the cart with the new store's item.
    await tapAddOf(page, storeB, milk);
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/ondc/cart' && r.request().method() === 'POST' && r.ok());
    await sheet.getByRole('button', { name: 'Yes, replace' }).click();
    await saved;
    await page.goto('/cart');
    await cartHydrated(page);
    await expect(page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(1);
    await expect(line(page, milk.name)).toBeVisible();
    await expect(page.getByRole('heading', { name: storeB.name })).toBeVisible();

    // A second tab shows the same cart; a change there reaches the first tab's badge.
    const second = await context.newPage();
    await second.goto('/cart');
    await cartHydrated(second);
    await expect(second.locator('.cart-badge')).toHaveText('1');
    await second.getByRole('button', { name: `Add one more ${milk.name}` }).click();
    await expect(second.locator('.cart-badge')).toHaveText('2');
    await expect(page.locator('.cart-badge')).toHaveText('2');
    await expect(line(page, milk.name).getByRole('group')).toContainText('2');
    await screenshot(second, { path: 'tests/e2e/artifacts/cart-second-tab-phone.png', fullPage: true });
    await second.close();

    await page.reload();
    await cartHydrated(page);
    await expect(line(page, milk.name).getByRole('group')).toContainText('2');
    await expect(page.locator('.cart-badge')).toHaveText('2');

    await page.getByRole('button', { name: 'Clear cart' }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.locator('.cart-badge')).toBeHidden();
  });

  test('a dish customised with a single-select and a multi-select group is a line of its own', async ({ page }) => {
    // The pizzeria keeps hours (11:00–03:00): open at the storefront's noon. Its card's Add opens
    // the picker; its defaults make the first line.
    await page.goto(`/brand?provider_id=${encodeURIComponent(pizzeria.id)}&location_id=${encodeURIComponent(pizzeria.locations[0]?.id ?? '')}`);
    await itemCard(page, pizza.name)
      .getByRole('button', { name: `Add ${pizza.name} to cart` })
      .click();
    const first = page.getByRole('dialog', { name: pizza.name });
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/ondc/cart' && r.request().method() === 'POST' && r.ok());
    await chooseDefaults(first);
    await saved;
    await page.goto('/cart');
    await cartHydrated(page);
    await expect(page.getByText('Regular, Classic Hand Tossed')).toBeVisible();

    await page.getByRole('button', { name: 'Customise another' }).click();
    const picker = page.getByRole('dialog', { name: pizza.name });
    await expect(picker.getByText('Step 1 of 3')).toBeVisible();
    await picker.getByRole('radio', { name: /Large/ }).check();
    await expect(picker.getByRole('radio', { name: /Regular/ })).not.toBeChecked();
    await picker.getByRole('button', { name: 'Next' }).click();
    await picker.getByRole('radio', { name: /Thin Crust/ }).check();
    await picker.getByRole('button', { name: 'Next' }).click();
    await expect(picker.getByText('Optional, up to 3')).toBeVisible();
    for (const topping of ['Black Olives', 'Paneer', 'Onion']) await picker.getByRole('checkbox', { name: new RegExp(topping) }).check();
    await picker.getByRole('checkbox', { name: /Sweet Corn/ }).click();
    await expect(picker.getByText('You can choose up to 3')).toBeVisible();
    await picker.getByRole('checkbox', { name: /Onion/ }).uncheck();
    await screenshot(page, { path: 'tests/e2e/artifacts/cart-add-on-picker-phone.png' });
    await picker.getByRole('button', { name: 'Add item' }).click();
    await expect(picker).toBeHidden();

    await expect(page.getByText('Large, Thin Crust, Black Olives, Paneer')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.locator('.cart-badge')).toHaveText('2');
    await screenshot(page, { path: 'tests/e2e/artifacts/cart-customised-phone.png', fullPage: true });
  });
});

test.describe('SPEC §5 minimum cart value', () => {
  const mumbaiStore = providers.find((p) => p.kind === 'grocery' && p.cityId === 'mumbai' && p.minOrderPaise !== null) as Provider;
  // Under half the minimum, so one is short of it, yet a few reach it.
  const minimumPaise = mumbaiStore.minOrderPaise ?? 0;
  const cheap = stocked(mumbaiStore, 80).find(
    (i) => i.pricePaise < minimumPaise / 2 && i.pricePaise * Math.min(i.maxPerOrder, 4) > minimumPaise * 1.2,
  ) as GroceryItem;

  test('below the store’s minimum order the cart asks for the shortfall, rounded up, and holds checkout', async ({ page, context, baseURL }, testInfo) => {
    const where = mumbaiStore.locations[0];
    await context.addCookies([
      {
        name: DELIVERY_LOCATION_COOKIE,
        value: encodeURIComponent(
          deliveryLocationCookieValue({
            label: where?.locality ?? 'Mumbai',
            city: 'mumbai',
            pincode: where?.pincode ?? '',
            lat: where?.lat ?? 19,
            lng: where?.lng ?? 72.8,
          }),
        ),
        url: baseURL ?? '',
      },
    ]);
    // The only stores with a minimum order keep hours (07:00–23:00): open at the storefront's noon.
    await tapAdd(page, mumbaiStore, cheap);
    await page.goto('/cart');
    await cartHydrated(page);
    const minimum = mumbaiStore.minOrderPaise ?? 0;
    // The price the catalogue holds now (sellers move prices), from the cart call itself.
    const answer = (await (await page.request.get('/ondc/cart?cityName=mumbai')).json()) as { data: Array<{ totalCartValueWithItemDiscount: number }> };
    const pricePaise = Math.round((answer.data[0]?.totalCartValueWithItemDiscount ?? 0) * 100);
    await expect(page.locator('.min-cart')).toHaveText(
      `Add ₹${Math.ceil((minimum - pricePaise) / 100)} more to order from this store (minimum order ${rupees(minimum)})`,
    );
    await expect(page.getByRole('button', { name: 'Proceed to checkout' })).toBeDisabled();
    await screenshot(page, { path: `tests/e2e/artifacts/cart-min-value-${testInfo.project.name}.png`, fullPage: true });
    // Enough of it clears the rule.
    const needed = Math.ceil(minimum / pricePaise);
    for (let n = 1; n < needed; n++) await page.getByRole('button', { name: `Add one more ${cheap.name}` }).click();
    await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toBeVisible();
    await expect(page.locator('.min-cart')).toHaveCount(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the add-to-cart form and the cart page’s forms still work', async ({ page }, testInfo) => {
    await tapAddOf(page, storeA, atta);
    await page.goto('/cart');
    await expect(page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: `Add one more ${atta.name}` }).click();
    await expect(line(page, atta.name).getByRole('group')).toContainText('2');
    await screenshot(page, { path: `tests/e2e/artifacts/cart-no-js-${testInfo.project.name}.png`, fullPage: true });

    // Another store's item: a page asks first. "No" keeps the cart as it was; "Yes" replaces it.
    await tapAddOf(page, storeB, milk);
    await expect(page.getByRole('heading', { name: 'Replace cart items?' })).toBeVisible();
    await page.getByRole('link', { name: 'No, keep my cart' }).click();
    await expect(line(page, atta.name).getByRole('group')).toContainText('2');
    await expect(line(page, milk.name)).toHaveCount(0);
    await tapAddOf(page, storeB, milk);
    await page.getByRole('button', { name: 'Yes, replace' }).click();
    await expect(page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(1);
    await expect(line(page, milk.name)).toBeVisible();

    await page.getByRole('button', { name: `Remove ${milk.name} from cart` }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });
});
