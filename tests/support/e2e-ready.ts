import type { FullConfig } from '@playwright/test';

/** The operator token of the journeys' storefront: analytics.spec.ts reads back what was recorded. */
export const E2E_ANALYTICS_TOKEN = 'e2e-analytics';

/**
 * The journeys' browser: Debian's Chromium headless shell (package chromium-headless-shell), the
 * browser Playwright runs headless; tests/run.ts installs it when missing.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The journeys' storefront's port (its seller network listens 1000 above it, src/config.server.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4873);

/**
 * The journeys that act on an order the store has not yet handed to its rider (orders: the cancel
 * button, a cancel, the store's own cancel; invoice: a cancel's credit note) share a second
 * storefront whose sellers' clock is fast (a network minute in a second), started once by
 * Playwright instead of once per file and device (issue 27: seven catalogue learnings on two
 * cores): the all-day store's rider has the order ~4 s after ordering. Its clock starts at the
 * real hour: those journeys order from the all-day store, open at any hour. Each journey is its
 * own shopper and finds its own order or invoice by id, so they share it as the main one is shared.
 */
export const FAST_E2E = {
  port: E2E_PORT + 1,
  dataDir: 'data/e2e-fast',
  env: { NETWORK_CLOCK_SPEED: '60' },
};

/**
 * The journeys that wait only for a delivery and what follows it (complaints, ratings, the whole
 * journey) share a third, its sellers' clock four times the fast one's (a network minute in
 * 250 ms), from the all-day store as well. A complaint waits first for a delivered order, then on
 * the store's desk (it looks into it a minute after, proposes four minutes later, resolves a
 * minute after the answer): at a minute a second those waits were ~85% of the complaint journeys'
 * 248 worker-seconds, idle cores behind a busy critical path (issue 27). Nothing these journeys
 * do needs an order still with its store, and the desk waits for the shopper's every answer.
 */
export const DELIVERY_E2E = {
  port: E2E_PORT + 2,
  dataDir: 'data/e2e-delivery',
  env: {
    NETWORK_CLOCK_SPEED: '240',
    // complaints.spec.ts's grievance officer, on the desk with this token.
    ANALYTICS_TOKEN: 'e2e-grievance-desk',
    GRIEVANCE_OFFICER_NAME: 'Kavya Rao',
    GRIEVANCE_OFFICER_EMAIL: 'gro@kirana.example',
    GRIEVANCE_OFFICER_PHONE: '9845012345',
  },
};

/**
 * The embedded seller network of a journeys' storefront, for a store's own desk. It answers this
 * machine only, on the storefront's port + 1000 (src/config.server.ts).
 */
export const sellerNetworkOf = (storefrontUrl: string) => `http://127.0.0.1:${Number(new URL(storefrontUrl).port) + 1000}`;

/** Where journeys reach it, and the data dir its simulated SMS are written under. */
export const fastStorefront = { url: `http://127.0.0.1:${FAST_E2E.port}`, dataDir: FAST_E2E.dataDir };
export const deliveryStorefront = { url: `http://127.0.0.1:${DELIVERY_E2E.port}`, dataDir: DELIVERY_E2E.dataDir };

/**
 * Playwright global set-up: the storefront answers /healthz once it has joined the network, while
 * the catalogue is still coming in (seconds on a quiet machine, a minute or more on a loaded one).
 * Journeys start when the shelves are full, as a shopper arriving later would find them.
 */
export default async function waitForCatalogues(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) return;
  await Promise.all([baseURL, fastStorefront.url, deliveryStorefront.url].map(waitForCatalogue));
}

async function waitForCatalogue(baseURL: string) {
  const deadline = Date.now() + 5 * 60_000;
  let settledItems = -1;
  for (;;) {
    const health = await fetch(`${baseURL}/healthz`)
      .then((r) => r.json() as Promise<{ catalogue?: { items: number; pagesWaiting: number } }>)
      .catch(() => null);
    const items = health?.catalogue && health.catalogue.pagesWaiting === 0 ? health.catalogue.items : -1;
    // Settled: nothing waiting, and the same count as a moment ago (sellers send in bursts).
    if (items > 0 && items === settledItems) return;
    settledItems = items;
    if (Date.now() > deadline) throw new Error(`the catalogue was not ingested in 5 minutes: ${JSON.stringify(health)}`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}
