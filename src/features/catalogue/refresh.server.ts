// Learning catalogues the ONDC way: a search per city and domain to the gateway; sellers answer
// with on_search, which the callback endpoint ingests (ingest-queue.server.ts).
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { sendRequest } from '../../ondc/bap.server.ts';
import { SERVED_CITIES } from '../../ondc/cities.ts';
import type { Domain } from '../../ondc/context.ts';
import { TRANSACTION_LIFETIME_MS } from '../../ondc/message-store.server.ts';
import type { BuyerApp } from '../../ondc/runtime.server.ts';
import { catalogueCounts } from './ingest.server.ts';

const DOMAINS: Domain[] = ['ONDC:RET10', 'ONDC:RET11'];

/** A full-catalogue search: delivery, with our finder fee (ondc-notes §1 search intent). */
const SEARCH_INTENT = {
  intent: {
    fulfillment: { type: 'Delivery' },
    payment: { '@ondc/org/buyer_app_finder_fee_type': 'percent', '@ondc/org/buyer_app_finder_fee_amount': '3' },
  },
};

export async function requestCatalogues(database: Database, app: BuyerApp) {
  const results = [];
  for (const city of SERVED_CITIES) {
    for (const domain of DOMAINS) {
      results.push(
        await sendRequest(database, app, {
          action: 'search',
          url: app.gatewayUrl,
          domain,
          city: city.code,
          transactionId: randomUUID(),
          shopperKey: null,
          message: SEARCH_INTENT,
          lifetimeMs: TRANSACTION_LIFETIME_MS.search,
        }),
      );
    }
  }
  return results;
}

/**
 * Waits until catalogue rows stop changing (sellers have answered and ingestion caught up), or
 * the limit passes. Returns the counts.
 */
export async function waitForCatalogueToSettle(database: Database, options: { quietMs: number; limitMs: number }) {
  const started = Date.now();
  let last = await catalogueCounts(database);
  let lastChange = Date.now();
  while (Date.now() - started < options.limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await catalogueCounts(database);
    if (now.items !== last.items || now.providers !== last.providers) {
      last = now;
      lastChange = Date.now();
    } else if (now.items > 0 && Date.now() - lastChange >= options.quietMs) {
      break;
    }
  }
  return last;
}
