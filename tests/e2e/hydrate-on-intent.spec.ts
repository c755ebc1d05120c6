import { expect, test, type Locator, type Page, type Request } from '../support/e2e.ts';

// Issue 16: item cards load no code until the shopper acts (client:interaction). The page's own
// idle fallback (a few quiet seconds after load) is held off with Playwright's clock, so "before
// the tap" is not a race against the machine's speed.

const LISTING = '/grocery-category?categoryId=701';

/** Requests for scripts, in the order the page made them. */
function scriptLog(page: Page) {
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** The nth item card that offers Add, held by its place in the list, which stays once it shows a stepper instead. */
async function cardWithAdd(page: Page, nth: number) {
  const index = await page.locator('.item-card').evaluateAll((cards, n) => cards.map((c, i) => (c.querySelector('.add-to-cart__add') ? i : -1)).filter((i) => i >= 0)[n] ?? -1, nth);
  expect(index).toBeGreaterThanOrEqual(0);
  return page.locator('.item-card').nth(index);
}

/** The item's full name (a long name is cut short on the card, whole in its title). */
async function nameOf(card: Locator) {
  const heading = card.locator('.item-card__name');
  return ((await heading.getAttribute('title')) ?? (await heading.textContent()) ?? '').trim();
}

/** The cart update the island sends, answered. */
const cartSaved = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/ondc/cart' && r.request().method() === 'POST');

async function quantityInCart(page: Page, name: string) {
  // The cart page hydrates when idle: let time run again.
  await page.clock.resume();
  await page.goto('/cart');
  await page.locator('astro-island[component-url*="CartView"]:not([ssr])').waitFor({ state: 'attached' });
  const line = page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
  return Number((await line.getByRole('group').locator('.stepper__count').textContent())?.trim());
}

test('the first tap on Add, before any script, adds exactly one item and hydrates the card', async ({ page }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  const scripts = scriptLog(page);
  await page.goto(LISTING);
  const card = await cardWithAdd(page, 0);
  const name = await nameOf(card);
  expect(name).not.toBe('');
  // Everything a shopper sees is there, and no script has been asked for.
  await expect(card.getByRole('button', { name: `Add ${name} to cart` })).toBeVisible();
  expect(scripts).toEqual([]);

  const saved = cartSaved(page);
  await card.getByRole('button', { name: `Add ${name} to cart` }).click();
  const island = card.locator('astro-island');
  await expect(island).not.toHaveAttribute('ssr');
  await expect(card.getByRole('group', { name: `${name} in cart` })).toContainText('1');
  await expect(page.locator('.cart-badge')).toHaveText('1');
  expect(scripts.length).toBeGreaterThan(0);
  // A held tap replayed twice would show here as 2 once the server answers.
  await saved;
  await expect(card.getByRole('group', { name: `${name} in cart` })).toContainText('1');
  expect(await quantityInCart(page, name)).toBe(1);
});

test('keyboard: focus loads the card and Enter adds one', async ({ page }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto(LISTING);
  const card = await cardWithAdd(page, 1);
  const name = await nameOf(card);
  await card.getByRole('button', { name: `Add ${name} to cart` }).focus();
  const saved = cartSaved(page);
  await page.keyboard.press('Enter');
  await expect(card.getByRole('group', { name: `${name} in cart` })).toContainText('1');
  await saved;
  expect(await quantityInCart(page, name)).toBe(1);
});

test('left alone, the cards in view come alive once the page has been quiet, the rest when scrolled to', async ({ page }) => {
  const scripts = scriptLog(page);
  await page.goto(LISTING);
  const islands = page.locator('.item-card astro-island');
  // No tap: after a few quiet seconds the first card hydrates (the cart badge comes with it)…
  await expect(islands.first()).not.toHaveAttribute('ssr', { timeout: 20_000 });
  expect(scripts.length).toBeGreaterThan(0);
  // …and a card far below stays as the server sent it until the shopper gets there.
  const last = islands.last();
  await expect(last).toHaveAttribute('ssr', '');
  await last.scrollIntoViewIfNeeded();
  await expect(last).not.toHaveAttribute('ssr');
});

test('left alone, the header badge shows what the cart already holds', async ({ page, browser, baseURL }) => {
  // One item added the no-JS way, in a window of the same shopper without scripts: only the
  // server knows it, not this browser's storage.
  const noScripts = await browser.newContext({ javaScriptEnabled: false, ...(baseURL ? { baseURL } : {}) });
  const other = await noScripts.newPage();
  await other.goto(LISTING);
  const card = await cardWithAdd(other, 0);
  const name = await nameOf(card);
  await card.getByRole('button', { name: `Add ${name} to cart` }).click();
  await other.goto('/cart');
  await expect(other.getByRole('listitem').filter({ has: other.getByText(name, { exact: true }) }).getByRole('group')).toContainText('1');
  await page.context().addCookies(await noScripts.cookies());
  await noScripts.close();
  await page.goto(LISTING);
  await expect(page.locator('.cart-badge')).toHaveText('1', { timeout: 20_000 });
});

test('with JavaScript off the card still adds one item', async ({ browser, baseURL, viewport, isMobile, hasTouch }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport, isMobile, hasTouch, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await page.goto(LISTING);
  const card = await cardWithAdd(page, 0);
  const name = await nameOf(card);
  await card.getByRole('button', { name: `Add ${name} to cart` }).click();
  await expect(page).toHaveURL(new RegExp(LISTING.replace(/[?]/g, '\\?')));
  await page.goto('/cart');
  const line = page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
  await expect(line.getByRole('group')).toContainText('1');
  await context.close();
});
