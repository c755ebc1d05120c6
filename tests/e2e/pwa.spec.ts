import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { expect, screenshot, test, type Page } from '../support/e2e.ts';
import { OFFLINE_MESSAGES } from '#/features/pwa/messages.ts';
import { seriousViolations } from '../support/axe.ts';

// Issue 15: the installable app and what it does when the network says no, on a phone and a desktop.

const LISTING = '/grocery-category?categoryId=101';

/** Waits until the service worker is active (it registers after the page has loaded). */
async function workerActive(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
}

/** Every URL the worker's caches hold. */
function savedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname + new URL(request.url).search);
    return urls;
  });
}

/** Opens the listing with the worker in charge, and waits until the worker has saved it. */
async function visitListingOnline(page: Page) {
  await page.goto('/');
  expect(await workerActive(page)).toMatch(/\/sw\.js$/);
  await page.goto(LISTING);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => savedUrls(page)).toContain(LISTING);
  // Item cards load their code once the page has been quiet (issue 16): the worker keeps it, so a
  // saved copy and a page that lost its connection can still run the card.
  await page.locator('.item-card astro-island:not([ssr])').first().waitFor({ state: 'attached' });
}

/** The first card with an Add button: its item id, and a locator that still finds it once its form is a stepper. */
async function firstAddableCard(page: Page) {
  const first = page
    .locator('.item-card')
    .filter({ has: page.getByRole('button', { name: /^Add .+ to cart$/ }) })
    .first();
  const itemId = (await first.locator('input[name="itemId"]').getAttribute('value')) ?? '';
  const name = (await first.locator('.item-card__name').textContent()) ?? '';
  return {
    itemId,
    card: page
      .locator('.item-card')
      .filter({ has: page.locator('.item-card__name', { hasText: name }) })
      .first(),
  };
}

const pngSize = (body: Buffer) => [body.readUInt32BE(16), body.readUInt32BE(20)];

test('installable: a manifest with drawn icons and shortcuts, and a registered service worker; home still requests no script', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  expect(await workerActive(page)).toMatch(/\/sw\.js$/);
  expect(scripts).toEqual([]);

  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    categories: string[];
    icons: Array<{ src: string; sizes: string; purpose: string }>;
    shortcuts: Array<{ name: string; url: string }>;
  };
  expect(manifest).toMatchObject({ short_name: 'Kirana', display: 'standalone', theme_color: '#0b6e4f', start_url: '/?utm_source=pwa' });
  expect(manifest.categories).toContain('shopping');
  expect(manifest.shortcuts.map((s) => s.name)).toEqual(['Search', 'Cart', 'Your orders']);
  for (const size of ['192x192', '512x512']) {
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
      expect(icon, `${purpose} ${size}`).toBeDefined();
      const response = await page.request.get(icon?.src ?? '');
      expect(response.headers()['content-type']).toBe('image/png');
      expect(pngSize(await response.body()).join('x')).toBe(size);
    }
  }
});

test('Chrome finds nothing in the way of installing the app', async ({ baseURL }, testInfo) => {
  // Test contexts are incognito, where Chrome never offers to install: a profile on disk instead.
  const profile = mkdtempSync(path.join(tmpdir(), 'kirana-pwa-'));
  const browser = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    ...(testInfo.project.use.viewport ? { viewport: testInfo.project.use.viewport } : {}),
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${baseURL}/`);
    expect(await workerActive(page)).toMatch(/\/sw\.js$/);
    // The same check Chrome runs before offering to install (and Lighthouse ran before v12).
    const cdp = await browser.newCDPSession(page);
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: Array<{ message: string }> };
    expect(errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a listing visited online opens offline from its saved copy, marked, with buying disabled; nothing private is saved', async ({
  page,
  context,
}, testInfo) => {
  await visitListingOnline(page);
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  await page.goto('/cart');
  await page.goto('/order-history');

  await context.setOffline(true);
  await page.goto(LISTING);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading ?? '');
  await expect(page.getByText(OFFLINE_MESSAGES.offlineNotice)).toBeVisible();
  const adds = page.getByRole('button', { name: /^Add .+ to cart$/ });
  await expect(adds.first()).toBeDisabled();
  // Still disabled once the island has hydrated on the copy.
  await page.locator('.item-card').first().scrollIntoViewIfNeeded();
  await page.locator('.item-card astro-island:not([ssr])').first().waitFor({ state: 'attached' });
  await expect(adds.first()).toBeDisabled();
  await screenshot(page, { path: `tests/e2e/artifacts/offline-listing-${testInfo.project.name}.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // The cart and orders were opened online but never saved: offline they show the offline page.
  for (const path of ['/cart', '/order-history', '/grocery-category?categoryId=102']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(OFFLINE_MESSAGES.offlinePageTitle);
  }
  await screenshot(page, { path: `tests/e2e/artifacts/offline-page-${testInfo.project.name}.png` });
  const saved = await savedUrls(page);
  expect(saved.filter((url) => /^\/(cart|order|payment|ondc\/)/.test(url))).toEqual([]);

  // Back online, the page is fresh again: no notice, buying works.
  await context.setOffline(false);
  await page.goto(LISTING);
  await expect(page.getByText(OFFLINE_MESSAGES.offlineNotice)).toBeHidden();
  await expect(adds.first()).toBeEnabled();
});

test('saved pages hold nothing of the shopper’s (issue 24): not their delivery address, and never a page marked no-store', async ({
  page,
  context,
  baseURL,
}) => {
  // The shopper's own address, as the address picker stores it: shown on every page they open.
  const home = 'Flat 9Z, Hidden Lane';
  const location = { label: home, city: 'bengaluru', pincode: '560102', lat: 12.91, lng: 77.64 };
  await context.addCookies([{ name: 'deliveryLocation', value: encodeURIComponent(JSON.stringify(location)), url: baseURL ?? '' }]);
  await visitListingOnline(page);
  await expect(page.locator('[data-address-chip-value]')).toHaveText(new RegExp(home));

  const saved = await page.evaluate(async () => {
    const pages = await caches.open('kirana-pages');
    return Promise.all(
      (await pages.keys()).map(async (request) => {
        const response = (await pages.match(request))!;
        return { url: request.url, cacheControl: response.headers.get('cache-control') ?? '', html: await response.text() };
      }),
    );
  });
  expect(saved.map((entry) => new URL(entry.url).pathname + new URL(entry.url).search)).toContain(LISTING);
  for (const entry of saved) {
    expect(entry.cacheControl, entry.url).not.toMatch(/no-store/i);
    expect(entry.html, entry.url).not.toContain('Hidden Lane');
  }

  // Offline, the copy names the pincode it was made for, not the shopper's address.
  await context.setOffline(true);
  await page.goto(LISTING);
  await expect(page.getByText(OFFLINE_MESSAGES.offlineNotice)).toBeVisible();
  await expect(page.locator('[data-address-chip-value]')).toHaveText('560102');
  await context.setOffline(false);
});

test('an add made offline waits as "will sync", reaches the server cart after reconnecting, and checkout waits for the connection', async ({
  page,
  context,
}, testInfo) => {
  await visitListingOnline(page);
  const { card } = await firstAddableCard(page);
  await card.scrollIntoViewIfNeeded();
  await card.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
  const add = card.getByRole('button', { name: /^Add .+ to cart$/ });
  const name = (await add.getAttribute('aria-label'))?.replace(/^Add (.+) to cart$/, '$1') ?? '';

  await context.setOffline(true);
  await add.click();
  await expect(card.getByText(OFFLINE_MESSAGES.willSync)).toBeVisible();
  await expect(card.getByRole('group', { name: `${name} in cart` })).toContainText('1');
  await expect(page.getByText(OFFLINE_MESSAGES.offlineNotice)).toBeVisible();
  await expect(page.locator('.cart-bar')).toContainText(`1 item · ${OFFLINE_MESSAGES.willSync}`);
  await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await screenshot(page, { path: `tests/e2e/artifacts/offline-will-sync-${testInfo.project.name}.png` });
  expect(await seriousViolations(page)).toEqual([]);
  const serverCart = async () =>
    ((await (await page.request.get('/ondc/cart?cityName=bengaluru')).json()) as { data: Array<{ items: Array<{ quantity: number }> }> }).data.at(-1)?.items
      .length ?? 0;
  expect(await serverCart()).toBe(0);

  await context.setOffline(false);
  await expect(card.getByText(OFFLINE_MESSAGES.willSync)).toBeHidden();
  await expect.poll(serverCart).toBe(1);
  await expect(page.getByText(OFFLINE_MESSAGES.offlineNotice)).toBeHidden();
  await expect(page.locator('.cart-bar')).toContainText(/1 item · ₹[1-9]/);

  await page.goto('/cart');
  await page.locator('astro-island[component-url*="CartView"]:not([ssr])').waitFor({ state: 'attached' });
  await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByRole('button', { name: 'Proceed to checkout' })).toBeDisabled();
  await expect(page.getByText(OFFLINE_MESSAGES.checkoutNeedsConnection)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toBeVisible();
});

test('an add made offline survives moving on to a saved copy, and is sent from there when the connection returns', async ({ page, context }) => {
  await visitListingOnline(page);
  const { itemId, card } = await firstAddableCard(page);
  await card.scrollIntoViewIfNeeded();
  await card.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });

  await context.setOffline(true);
  await card.getByRole('button', { name: /^Add .+ to cart$/ }).click();
  await expect(card.getByText(OFFLINE_MESSAGES.willSync)).toBeVisible();
  // Offline, the shopper opens the listing again: the saved copy, which still holds the tap.
  await page.goto(LISTING);
  await expect(page.getByText(OFFLINE_MESSAGES.offlineNotice)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await card.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
  await expect(card.getByText(OFFLINE_MESSAGES.willSync)).toBeVisible();

  await context.setOffline(false);
  await expect(card.getByText(OFFLINE_MESSAGES.willSync)).toBeHidden();
  const items = async () =>
    (
      (await (await page.request.get('/ondc/cart?cityName=bengaluru')).json()) as { data: Array<{ items: Array<{ sku_id: string; quantity: number }> }> }
    ).data.at(-1)?.items ?? [];
  await expect.poll(items).toEqual([expect.objectContaining({ sku_id: itemId, quantity: 1 })]);
});

/** A deploy of a new worker: /sw.js (and its compressed twins) answer with other bytes until undone. */
function deployNewWorker(): () => void {
  const file = fileURLToPath(new URL('../../dist/client/sw.js', import.meta.url));
  const twins = [file, `${file}.br`, `${file}.gz`];
  const before = twins.map((f) => readFileSync(f));
  const next = Buffer.concat([before[0]!, Buffer.from('\n// the next deploy\n')]);
  writeFileSync(file, next);
  writeFileSync(`${file}.br`, brotliCompressSync(next));
  writeFileSync(`${file}.gz`, gzipSync(next));
  return () => {
    for (const [i, f] of twins.entries()) writeFileSync(f, before[i]!);
  };
}

test('a new version waits while a checkout is open, then takes over on the next navigation', async ({ page, context, isMobile }) => {
  test.skip(!isMobile, 'one viewport is enough for the worker lifecycle');
  await page.goto('/');
  expect(await workerActive(page)).toMatch(/\/sw\.js$/);
  await page.goto('/stores');
  const checkout = await context.newPage();
  await checkout.goto('/payment');

  const undo = deployNewWorker();
  try {
    const waiting = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect.poll(waiting).toBe('installed');

    // Navigating while another tab is in checkout: the new version keeps waiting.
    await page.goto('/offers');
    await page.waitForTimeout(1000);
    expect(await waiting()).toBe('installed');

    // Checkout closed: the next navigation hands the site to the new version. Chromium drops a
    // closed tab from the worker's clients a moment after close() returns (a loaded CI machine
    // navigated before it had, and the version rightly kept waiting): the navigation after that.
    await checkout.close();
    await expect(async () => {
      await page.goto('/stores');
      await expect.poll(waiting, { timeout: 3000 }).toBeNull();
    }).toPass({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state)).toBe('activated');
  } finally {
    undo();
  }
});
