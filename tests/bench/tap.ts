// A first tap on Add as a ₹7,000 phone feels it (issue 30): Chromium with CDP throttling (slow 4G
// as Lighthouse's DevTools preset: 562.5 ms RTT, 1.44 Mbps down, 675 Kbps up; 4× slower CPU), a
// 360×740 touch screen, a new shopper each round. Add is tapped on the first plain item card
// at first paint (as soon as the card is on screen), 1 s after that, and after idle (the cards
// in view hydrated, or 8 s). Per page and moment, median of BENCH_RUNS (5): tap → feedback (the
// first change on the card or the cart badge), tap → server-confirmed badge (the badge shows 1
// and the cart write has been answered), scripts loaded by then, and how many items the tap
// added (must be 1). BENCH_BEFORE_URL adds another build's server side by side, runs alternating;
// BENCH_URL measures a server already running instead of starting this build's.
import { chromium, type Browser } from '@playwright/test';
import { providerUrl } from '#/features/catalogue/paths.ts';
import { generateNetwork, providerItems } from '#/network/catalogue/generate.ts';
import { storeOpenState } from '#/network/store-hours.ts';
import { ensureBuilt } from '#/lib/process/build.server.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { testNow } from '../support/test-clock.ts';
import { startServer } from '../support/server.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const beforeUrl = process.env.BENCH_BEFORE_URL?.replace(/\/$/, '');
const moments = (process.env.BENCH_MOMENTS ?? 'first-paint,1s,idle').split(',') as Moment[];
type Moment = 'first-paint' | '1s' | 'idle';

const store = openGroceryStore();
// A restaurant open now with a dish that needs no add-ons (a customisable one opens its picker).
const restaurant = generateNetwork()
  .sellers.flatMap((s) => s.providers)
  .find(
    (p) =>
      p.kind === 'restaurant' &&
      p.cityId === 'bengaluru' &&
      p.status === 'enable' &&
      [0, 30].every((m) => storeOpenState(p, new Date(testNow().getTime() + m * 60_000)) === 'open') &&
      [...providerItems(p)].some((i) => i.kind === 'dish' && i.customGroupIds.length === 0 && i.stock > 5),
  );
const PAGES: Record<string, string> = {
  listing: '/grocery-category?categoryId=101',
  store: providerUrl({ id: store.provider.id, locationId: store.location.id }),
  ...(restaurant ? { restaurant: providerUrl({ id: restaurant.id, locationId: restaurant.locations[0]!.id }) } : {}),
  search: '/grocery-search?q=atta',
};
const pages = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : Object.keys(PAGES);

interface Tap {
  feedbackMs: number | null;
  confirmedMs: number | null;
  scripts: number;
  added: number;
}

/** Watches, from the page's first script, the first change the tap makes and when the badge shows the count. */
function recorder() {
  const w = window as unknown as { tapAt?: number; card?: Element | null; feedbackAt?: number; badgeAt?: number };
  addEventListener(
    'pointerdown',
    (event) => {
      w.tapAt ??= event.timeStamp;
      w.card ??= (event.target as Element).closest('.item-card');
    },
    true,
  );
  new MutationObserver((mutations) => {
    if (w.tapAt === undefined) return;
    const now = performance.now();
    for (const m of mutations) {
      const target = m.target instanceof Element ? m.target : m.target.parentElement;
      if (!target) continue;
      if (w.feedbackAt === undefined && (w.card?.contains(target) || target.closest('.cart-badge'))) w.feedbackAt = now;
    }
    const badge = document.querySelector<HTMLElement>('.cart-badge');
    if (w.badgeAt === undefined && badge && !badge.hidden && badge.textContent === '1' && !badge.hasAttribute('data-pending')) w.badgeAt = now;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

async function tapOnce(browser: Browser, url: string, moment: Moment): Promise<Tap> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.44 * 1024 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(recorder);
  let scripts = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts++;
  });
  // The cart write the tap causes, answered: the page's own add or the island's update.
  const written = new Promise<number>((resolve) =>
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (response.request().method() === 'POST' && (path === '/cart/add' || path === '/ondc/cart')) void page.evaluate(() => performance.now()).then(resolve);
    }),
  );
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    const card = page.locator('.item-card:has(.add-to-cart__add):not(:has(.add-to-cart__hint))').first();
    const add = card.locator('.add-to-cart__add');
    await add.waitFor({ state: 'visible', timeout: 120_000 });
    if (moment === '1s') await page.waitForTimeout(1000);
    if (moment === 'idle')
      await card
        .locator('astro-island:not([ssr])')
        .waitFor({ state: 'attached', timeout: 8000 })
        .catch(() => {});
    const scriptsBefore = scripts;
    await add.tap({ timeout: 60_000 });
    const writtenAt = await Promise.race([written, new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000))]);
    await page.waitForFunction(() => (window as unknown as { badgeAt?: number }).badgeAt !== undefined, null, { timeout: 30_000 }).catch(() => {});
    // A second item a replayed tap would add comes within a moment of the first.
    await page.waitForTimeout(1500);
    const seen = await page.evaluate(() => {
      const w = window as unknown as { tapAt?: number; feedbackAt?: number; badgeAt?: number };
      return { tapAt: w.tapAt ?? 0, feedbackAt: w.feedbackAt, badgeAt: w.badgeAt, badge: document.querySelector('.cart-badge')?.textContent ?? '' };
    });
    const confirmedAt = seen.badgeAt === undefined || writtenAt === null ? null : Math.max(seen.badgeAt, writtenAt);
    const cart = (await (await context.request.get(`${new URL(url).origin}/ondc/cart?cityName=bengaluru`, { timeout: 120_000 })).json()) as {
      data: Array<{ items: Array<{ quantity: number }> }>;
    };
    return {
      feedbackMs: seen.feedbackAt === undefined ? null : Math.round(seen.feedbackAt - seen.tapAt),
      confirmedMs: confirmedAt === null ? null : Math.round(confirmedAt - seen.tapAt),
      scripts: scripts - scriptsBefore,
      added: cart.data.at(-1)?.items.reduce((sum, line) => sum + line.quantity, 0) ?? 0,
    };
  } finally {
    await context.close();
  }
}

function median(values: Array<number | null>) {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return known.length === 0 ? 'never' : `${known[Math.floor(known.length / 2)]}`;
}

function summary(taps: Tap[]) {
  const counts = [...new Set(taps.map((t) => t.added))].join('/');
  return `tap→feedback ${median(taps.map((t) => t.feedbackMs))} ms, tap→confirmed badge ${median(taps.map((t) => t.confirmedMs))} ms (rounds: ${taps.map((t) => t.confirmedMs ?? '–').join(', ')}), scripts after tap ${median(taps.map((t) => t.scripts))}, items added ${counts}`;
}

// A storefront of our own is built first; one at BENCH_URL is measured as it is.
if (!process.env.BENCH_URL) ensureBuilt();
const server = process.env.BENCH_URL ? { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} } : await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});
try {
  if (!restaurant) console.log('tap: no restaurant is open now; the restaurant page is left out');
  for (const name of pages) {
    const path = PAGES[name];
    if (!path) continue;
    for (const moment of moments) {
      const after: Tap[] = [];
      const before: Tap[] = [];
      for (let i = 0; i < runs; i++) {
        if (beforeUrl) before.push(await tapOnce(browser, beforeUrl + path, moment));
        after.push(await tapOnce(browser, server.url + path, moment));
      }
      const label = `tap ${name} at ${moment}`;
      if (beforeUrl) console.log(`${label} before: ${summary(before)}`);
      console.log(`${label}${beforeUrl ? ' after' : ''}: ${summary(after)} (median of ${runs}, slow 4G, 4× CPU)`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
