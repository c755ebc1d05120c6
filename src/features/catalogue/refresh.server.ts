// Learning catalogues the ONDC way: a search per city and domain to the gateway; sellers answer
// with on_search, which the callback endpoint ingests (ingest-queue.server.ts).
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { sendRequest } from '../../ondc/bap.server.ts';
import { SERVED_CITIES } from '../../ondc/cities.ts';
import type { Domain } from '../../ondc/context.ts';
import { TRANSACTION_LIFETIME_MS } from '../../ondc/message-store.server.ts';
import type { BuyerApp } from '../../ondc/runtime.server.ts';
import { BUYER_FINDER_FEE } from '../../ondc/terms.ts';
import { catalogueCounts } from './ingest.server.ts';
import { ingestionBacklog, ingestionIdle } from './ingest-queue.server.ts';

const DOMAINS: Domain[] = ['ONDC:RET10', 'ONDC:RET11'];

/** A full-catalogue search: delivery, with our finder fee (ondc-notes §1 search intent). */
const SEARCH_INTENT = {
  intent: {
    fulfillment: { type: 'Delivery' },
    payment: BUYER_FINDER_FEE,
  },
};

/**
 * Searches every served city and domain. A city's answers are ingested before the next city is
 * asked, so a large catalogue arrives as a stream we keep up with rather than one burst whose
 * callbacks wait past the sellers' timeout.
 */
export async function requestCatalogues(database: Database, app: BuyerApp) {
  const results = [];
  for (const city of SERVED_CITIES) {
    await waitForBacklogBelow(BACKLOG_LIMIT, 120_000);
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

/** Pages queued for ingestion before the next city is asked. */
const BACKLOG_LIMIT = 4;

async function waitForBacklogBelow(limit: number, limitMs: number) {
  const started = Date.now();
  while (ingestionBacklog() >= limit && Date.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until sellers have answered and ingestion has caught up (nothing queued and nothing new
 * for `quietMs`), or the limit passes. Returns the counts.
 */
export async function waitForCatalogueToSettle(database: Database, options: { quietMs: number; limitMs: number }) {
  const started = Date.now();
  // Callbacks start arriving a moment after the searches are ACKed.
  await new Promise((resolve) => setTimeout(resolve, options.quietMs));
  while (Date.now() - started < options.limitMs && !ingestionIdle(options.quietMs)) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return catalogueCounts(database);
}
