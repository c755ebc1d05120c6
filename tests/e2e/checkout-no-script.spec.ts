import { expect, screenshot, test } from '../support/e2e.ts';
import { cardOnStorePage, deliverNear } from '../support/add-to-cart.ts';
import { openGroceryStore } from '../support/fixtures.ts';

// Issue 28 point 9: with JavaScript off the checkout used to hang at "Getting the store's quote…".
// The cart works as plain forms; the checkout says it needs JavaScript, in the page's language,
// and leads back to the cart. Items are added by tapping Add on the store page (its form posts).
const store = openGroceryStore();
const item = store.items[0]!;

const WORDS = {
  en: { checkout: 'Proceed to checkout', needs: /Checkout needs JavaScript/, back: 'Back to cart', cart: 'Items in your cart' },
  hi: { checkout: 'चेकआउट करें', needs: /चेकआउट के लिए JavaScript चाहिए/, back: 'कार्ट पर वापस जाएँ', cart: 'आपके कार्ट का सामान' },
} as const;

test.describe('checkout with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of ['en', 'hi'] as const) {
    test(`says checkout needs JavaScript and leads back to the cart (${locale})`, async ({ page, baseURL }, testInfo) => {
      const words = WORDS[locale];
      await deliverNear(page, store.location, baseURL ?? 'http://127.0.0.1');
      const card = await cardOnStorePage(
        page,
        { providerId: store.provider.id, locationId: store.location.id, categoryId: Math.floor(item.subCategoryId / 100) },
        item,
      );
      await card.getByRole('button', { name: `Add ${item.name} to cart` }).click();

      await page.goto(`/cart?lang=${locale}`);
      await expect(page.getByRole('list', { name: words.cart }).getByRole('listitem')).toHaveCount(1);
      await page.getByRole('link', { name: words.checkout }).click();
      await expect(page).toHaveURL(/\/payment/);

      // No quote is coming: the page says why instead of a status that never changes.
      await expect(page.getByText(words.needs)).toBeVisible();
      await expect(page.getByText(locale === 'en' ? "Getting the store's quote…" : 'दुकान से दाम पूछ रहे हैं…')).toBeHidden();
      await screenshot(page, { path: `tests/e2e/artifacts/checkout-no-script-${locale}-${testInfo.project.name}.png`, fullPage: true });

      await page.getByRole('link', { name: words.back }).click();
      await expect(page).toHaveURL(/\/cart/);
      await expect(page.getByRole('list', { name: words.cart }).getByRole('listitem')).toHaveCount(1);
    });
  }
});
