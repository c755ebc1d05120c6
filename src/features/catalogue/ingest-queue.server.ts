// on_search callbacks are ACKed at once and ingested after, one at a time: a seller's ACK must
// not wait on our writes (ondc-notes §6: callbacks within seconds), and serial writes keep the
// embedded database from thrashing when five sellers answer together.
import type { Database } from '../../db/client.ts';
import type { CallbackEnvelope } from '../../ondc/message-store.server.ts';
import { ingestOnSearch } from './ingest.server.ts';

let queue: Promise<unknown> = Promise.resolve();

export function queueCatalogueIngestion(database: Database, envelope: CallbackEnvelope) {
  queue = queue
    .then(() => ingestOnSearch(database, envelope, { preferredSellerId: process.env.PREFERRED_SELLER_ID }))
    .then((result) => {
      if (!result.ok) console.error(`on_search from ${envelope.context.bpp_id} refused: ${result.error}`);
    })
    .catch((error: unknown) => console.error('catalogue ingestion failed', error));
}
