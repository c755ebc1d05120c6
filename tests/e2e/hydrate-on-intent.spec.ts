import { expect, test, type Locator, type Page, type Request } from '../support/e2e.ts';
import { providerUrl } from '#/features/catalogue/paths.ts';
import { isCartPost } from '../support/add-to-cart.ts';
import { openGroceryStore } from '../support/fixtures.ts';

// Issue 16: item cards load no code until the shopper acts (client:interaction). The page's own
// idle fallback (a few quiet seconds after load) is held off with Playwright's clock, so "before
// the tap" is not a race against the machine's speed.

// The all-day store's page: a long list of cards that offer Add at any hour (a closed store's cards
// say when it opens instead, so a category listing at dawn may offer one Add or none).
const store = openGroceryStore();
const LISTING = providerUrl({ id: store.provider.id, locationId: store.location.id });

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
  // A page tapped at first paint may still be streaming its cards.
  await page.locator('.item-card .add-to-cart__add').nth(nth).waitFor();
  const index = await page
    .locator('.item-card')
    .evaluateAll((cards, n) => cards.map((c, i) => (c.querySelector('.add-to-cart__add') ? i : -1)).filter((i) => i >= 0)[n] ?? -1, nth);
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

/** Every request a tap can make to change the cart: the page's own add and the island's cart updates. */
function cartWrites(page: Page) {
  const writes: string[] = [];
  page.on('request', (request: Request) => {
    if (isCartPost(request)) writes.push(new URL(request.url()).pathname);
  });
  return writes;
}

/** Holds every script the page asks for until `release` is called: a phone still loading the island's code. */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the first tap on Add, at first paint, shows at once, adds exactly one item before any script and hands it to the card', async ({ page }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  const scripts = scriptLog(page);
  const writes = cartWrites(page);
  const releaseScripts = await holdScripts(page);
  // The tap comes as soon as the card is there, not after the page finished loading.
  await page.goto(LISTING, { waitUntil: 'commit' });
  const card = await cardWithAdd(page, 0);
  const name = await nameOf(card);
  expect(name).not.toBe('');
  const add = card.getByRole('button', { name: `Add ${name} to cart` });
  await expect(add).toBeVisible();
  expect(scripts).toEqual([]);

  await add.click();
  // Acknowledged and confirmed by the server while the card's code is still on its way.
  await expect(card.locator('form.add-to-cart')).toHaveAttribute('data-tap', /pending|added/);
  await expect(page.locator('.cart-badge')).toHaveText('1');
  await expect(page.locator('.cart-badge')).not.toHaveAttribute('data-pending');
  expect(writes).toEqual(['/cart/add']);

  releaseScripts();
  const island = card.locator('astro-island');
  await expect(island).not.toHaveAttribute('ssr');
  await expect(card.getByRole('group', { name: `${name} in cart` })).toContainText('1');
  await expect(page.locator('.cart-badge')).toHaveText('1');
  // The island took the page's add over: no second request, no second item.
  expect(writes).toEqual(['/cart/add']);
  expect(await quantityInCart(page, name)).toBe(1);
});

test('taps while the first add is on its way are one tap, and the card then adds one per tap', async ({ page }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  const writes = cartWrites(page);
  const releaseScripts = await holdScripts(page);
  await page.goto(LISTING, { waitUntil: 'commit' });
  const card = await cardWithAdd(page, 1);
  const name = await nameOf(card);
  const add = card.getByRole('button', { name: `Add ${name} to cart` });
  await add.click();
  await add.click();
  await expect(page.locator('.cart-badge')).toHaveText('1');
  releaseScripts();
  const stepper = card.getByRole('group', { name: `${name} in cart` });
  await expect(stepper).toContainText('1');
  const saved = cartSaved(page);
  await stepper.getByRole('button', { name: `Add one more ${name}` }).click();
  await saved;
  await expect(stepper).toContainText('2');
  await expect(page.locator('.cart-badge')).toHaveText('2');
  expect(writes).toEqual(['/cart/add', '/ondc/cart']);
  expect(await quantityInCart(page, name)).toBe(2);
});

test('keyboard: focus loads the card and Enter adds one', async ({ page }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto(LISTING);
  const card = await cardWithAdd(page, 1);
  const name = await nameOf(card);
  await card.getByRole('button', { name: `Add ${name} to cart` }).focus();
  // Sent by the page or by the island, whichever is live when Enter comes.
  const saved = page.waitForResponse((r) => isCartPost(r.request()));
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
  // Held by its place: scrolling to it may bring the page's next cards in after it.
  const last = islands.nth((await islands.count()) - 1);
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
  await expect(
    other
      .getByRole('listitem')
      .filter({ has: other.getByText(name, { exact: true }) })
      .getByRole('group'),
  ).toContainText('1');
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

test('on data saver a shopper who only reads loads no script; the first tap still does', async ({ page }) => {
  // SPEC §2.1: as for prefetching, nothing is loaded ahead on 2g or with data saver on.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true, effectiveType: '4g' }) }));
  await page.clock.install();
  const scripts = scriptLog(page);
  await page.goto(LISTING);
  await page.clock.runFor(10_000);
  await expect(page.locator('.item-card astro-island').first()).toHaveAttribute('ssr', '');
  expect(scripts).toEqual([]);
  const card = await cardWithAdd(page, 0);
  const name = await nameOf(card);
  await card.getByRole('button', { name: `Add ${name} to cart` }).click();
  await expect(card.getByRole('group', { name: `${name} in cart` })).toContainText('1');
  expect(scripts.length).toBeGreaterThan(0);
});

test('a tap on a plain Add posts the add before the card asks for its code, so the two do not share a slow link', async ({ page, hasTouch }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  const order: string[] = [];
  page.on('request', (request: Request) => {
    if (isCartPost(request)) order.push('add');
    else if (request.resourceType() === 'script') order.push('script');
  });
  await page.goto(LISTING, { waitUntil: 'commit' });
  const card = await cardWithAdd(page, 0);
  const name = await nameOf(card);
  const add = card.getByRole('button', { name: `Add ${name} to cart` });
  await (hasTouch ? add.tap() : add.click());
  await expect(card.getByRole('group', { name: `${name} in cart` })).toContainText('1');
  expect(order[0]).toBe('add');
  expect(order.filter((o) => o === 'add')).toHaveLength(1);
  expect(order).toContain('script');
});

test('a tap on a live card renders that card again, not every card of the page (issue 30)', async ({ page, hasTouch }) => {
  // React tells a devtools hook of every commit, with the root's container: the island.
  await page.addInitScript(() => {
    const w = window as unknown as { commits: Element[]; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
    w.commits = [];
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onCommitFiberRoot: (_id: number, root: { containerInfo: Element }) => w.commits.push(root.containerInfo),
      onPostCommitFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
    };
  });
  await page.goto(LISTING);
  // The quiet page wakes the cards in view, one by one: a screenful of cards below the store's header.
  const live = page.locator('.item-card astro-island:not([ssr])');
  await expect(live.first()).toBeAttached({ timeout: 20_000 });
  await page.locator('.item-card').nth(6).scrollIntoViewIfNeeded();
  await expect.poll(() => live.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  // Every card in view has woken (a waking card commits too): the count holds for a second.
  let woken = -1;
  await expect
    .poll(
      async () => {
        const now = await live.count();
        const settled = now === woken;
        woken = now;
        return settled;
      },
      { intervals: [1000], timeout: 30_000 },
    )
    .toBe(true);
  // Held by its place in the list: once tapped it shows a stepper, not Add.
  const index = await page.locator('.item-card').evaluateAll((cards) => cards.findIndex((c) => c.querySelector('astro-island:not([ssr]) .add-to-cart__add')));
  expect(index).toBeGreaterThanOrEqual(0);
  const card = page.locator('.item-card').nth(index);
  const name = await nameOf(card);
  await page.evaluate(() => {
    (window as unknown as { commits: Element[] }).commits = [];
  });
  const saved = cartSaved(page);
  const add = card.getByRole('button', { name: `Add ${name} to cart` });
  await (hasTouch ? add.tap() : add.click());
  await saved;
  await expect(card.getByRole('group', { name: `${name} in cart` })).toContainText('1');
  await expect(page.locator('.cart-badge')).toHaveText('1');
  // The same item may sit on the page twice (a tray and the list): both show its count.
  const rendered = await card.evaluate((tapped) => {
    const commits = (window as unknown as { commits: Element[] }).commits;
    const itemOf = (element: Element | null) => element?.querySelector('.item-card__name')?.textContent;
    const others = commits.filter((root) => root.closest('.item-card') && itemOf(root.closest('.item-card')) !== itemOf(tapped));
    return { tapped: commits.filter((root) => tapped.contains(root)).length, otherCards: others.length };
  });
  expect(rendered.tapped).toBeGreaterThan(0);
  expect(rendered.otherCards).toBe(0);
});

/**
 * Puts a finger (phone) or the mouse button (desktop) down at a point and returns its release:
 * a press the test can hold while the page reacts to it, as a shopper's tap lasts ~100 ms.
 */
async function pressAt(page: Page, x: number, y: number, touch: boolean) {
  if (!touch) {
    await page.mouse.move(x, y);
    await page.mouse.down();
    return () => page.mouse.up();
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  return async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  };
}

test('an Add at the foot of the screen is added when the cart bar the tap brings would come in under the finger', async ({ page, hasTouch }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  // One item in the cart already, so the first live card shows the cart bar at once; the card's
  // code is then in the browser's cache and goes live within the next tap.
  await page.goto(LISTING);
  const first = await cardWithAdd(page, 0);
  const firstName = await nameOf(first);
  await first.getByRole('button', { name: `Add ${firstName} to cart` }).click();
  await expect(first.getByRole('group', { name: `${firstName} in cart` })).toContainText('1');
  const bar = await page.locator('.cart-bar').boundingBox();
  expect(bar).not.toBeNull();
  if (!bar) return;

  await page.goto(LISTING);
  await expect(page.locator('.cart-bar')).toHaveCount(0);
  // A card below the first screenful whose Add lies where the bar will be, scrolled to the foot of the screen.
  const index = await page.locator('.item-card').evaluateAll(
    (cards, span) =>
      cards.findIndex((card) => {
        const add = card.querySelector('.add-to-cart__add')?.getBoundingClientRect();
        if (!add || add.top < span.below) return false;
        const middle = add.left + add.width / 2;
        return middle > span.left + 8 && middle < span.right - 8;
      }),
    { left: bar.x, right: bar.x + bar.width, below: bar.y + bar.height },
  );
  expect(index).toBeGreaterThan(0);
  const card = page.locator('.item-card').nth(index);
  const name = await nameOf(card);
  const add = card.getByRole('button', { name: `Add ${name} to cart` });
  const point = await add.evaluate(
    (button, barMiddle) => {
      const box = button.getBoundingClientRect();
      window.scrollBy(0, box.top + box.height / 2 - barMiddle);
      const moved = button.getBoundingClientRect();
      return { x: moved.left + moved.width / 2, y: moved.top + moved.height / 2 };
    },
    bar.y + bar.height / 2,
  );
  expect(Math.abs(point.y - (bar.y + bar.height / 2))).toBeLessThan(4);

  const writes = cartWrites(page);
  const release = await pressAt(page, point.x, point.y, hasTouch);
  // A press held a second wakes the card with no submit yet; it is live before the finger comes up.
  await page.clock.runFor(1000);
  await expect(card.locator('astro-island')).not.toHaveAttribute('ssr');
  await page.clock.resume();
  await release();
  await expect(card.getByRole('group', { name: `${name} in cart` })).toContainText('1');
  await expect(page.locator('.cart-badge')).toHaveText('2');
  expect(writes).toHaveLength(1);
  await expect(page).toHaveURL(new RegExp(LISTING.replace(/[?]/g, '\\?')));
  // The bar is where the finger was: the tap was taken by the card beneath it all the same.
  await expect(page.locator('.cart-bar')).toBeVisible();
  expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.cart-bar') !== null, point)).toBe(true);
});
