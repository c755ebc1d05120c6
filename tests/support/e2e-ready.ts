import type { FullConfig } from '@playwright/test';

/** The operator token of the journeys' storefront: analytics.spec.ts reads back what was recorded. */
export const E2E_ANALYTICS_TOKEN = 'e2e-analytics';

/**
 * Playwright global set-up: the storefront answers /healthz once it has joined the network, while
 * the catalogue is still coming in (seconds on a quiet machine, a minute or more on a loaded one).
 * Journeys start when the shelves are full, as a shopper arriving later would find them.
 */
export default async function waitForCatalogue(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) return;
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
