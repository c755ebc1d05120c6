// on_search callbacks are ACKed at once and ingested after, one at a time: a seller's ACK must
// not wait on our writes (ondc-notes §6: callbacks within seconds), and serial writes keep the
// embedded database from thrashing when five sellers answer together. Dedupe runs once the
// callbacks have stopped for a while, for the cities that changed: on PGlite a city-wide update
// holds the one connection (and the event loop) for seconds, which must not happen between pages.
import type { Database } from '../../db/client.ts';
import type { CallbackEnvelope } from '../../ondc/message-store.server.ts';
import type { BuyerApp } from '../../ondc/runtime.server.ts';
import { catalogueChanged } from './cache.server.ts';
import { ingestOnSearch, refreshDedupe } from './ingest.server.ts';
import { sendCatalogRejection } from './rejection.server.ts';

interface QueueState {
  tail: Promise<unknown>;
  pending: number;
  lastActivity: number;
  dirtyCities: Set<string>;
  dedupeTimer: NodeJS.Timeout | undefined;
}

/** Quiet time after the last page before the dedupe flags are recomputed. */
const DEDUPE_AFTER_MS = 2000;

// Shared through the process like the database (src/db/client.ts): serve.ts, run by Node, waits
// on the queue the server bundle fills.
const QUEUE = Symbol.for('kirana.ingest-queue');
function state(): QueueState {
  const holder = globalThis as { [QUEUE]?: QueueState };
  holder[QUEUE] ??= { tail: Promise.resolve(), pending: 0, lastActivity: 0, dirtyCities: new Set(), dedupeTimer: undefined };
  return holder[QUEUE];
}

export function queueCatalogueIngestion(database: Database, app: BuyerApp, envelope: CallbackEnvelope) {
  const queue = state();
  const preferredSellerId = process.env.PREFERRED_SELLER_ID;
  queue.pending += 1;
  queue.lastActivity = Date.now();
  clearTimeout(queue.dedupeTimer);
  queue.tail = queue.tail
    .then(async () => {
      const result = await ingestOnSearch(database, envelope);
      if (!result.ok) {
        console.error(`on_search from ${envelope.context.bpp_id} refused: ${result.error}`);
        return;
      }
      for (const city of result.cities) queue.dirtyCities.add(city);
      catalogueChanged();
      await sendCatalogRejection(app, envelope.context, result.rejected);
    })
    .catch((error: unknown) => console.error('catalogue ingestion failed', error))
    .finally(() => {
      queue.pending -= 1;
      queue.lastActivity = Date.now();
      if (queue.pending === 0) {
        clearTimeout(queue.dedupeTimer);
        queue.dedupeTimer = setTimeout(() => runDedupe(database, preferredSellerId), DEDUPE_AFTER_MS);
      }
    });
}

function runDedupe(database: Database, preferredSellerId: string | undefined) {
  const queue = state();
  const cities = [...queue.dirtyCities];
  queue.dirtyCities.clear();
  queue.pending += 1;
  queue.tail = queue.tail
    .then(async () => {
      for (const city of cities) await refreshDedupe(database, city, preferredSellerId);
    })
    .catch((error: unknown) => console.error('catalogue dedupe failed', error))
    .finally(() => {
      queue.pending -= 1;
      queue.lastActivity = Date.now();
    });
}

/** Callbacks still waiting to be ingested. */
export function ingestionBacklog(): number {
  return state().pending;
}

/** Ingestion is idle: nothing queued and nothing arrived for `quietMs`. */
export function ingestionIdle(quietMs: number): boolean {
  const queue = state();
  return queue.pending === 0 && Date.now() - queue.lastActivity >= quietMs;
}
