import type { APIRoute } from 'astro';
import { getDatabase } from '../../db/client.ts';
import { receiveCallback } from '../../ondc/receiver.server.ts';
import { getBuyerApp } from '../../ondc/runtime.server.ts';
import { queueCatalogueIngestion } from '../../features/catalogue/ingest-queue.server.ts';

/** ONDC callbacks from sellers: /bap/on_search, /bap/on_select … (signed, verified, stored once). */
export const POST: APIRoute = async ({ params, request }) => {
  const database = getDatabase();
  const reception = await receiveCallback(database, getBuyerApp(), {
    action: params.action ?? '',
    rawBody: await request.text(),
    authorization: request.headers.get('authorization'),
  });
  if (reception.status === 200 && reception.envelope.context.action === 'on_search' && !reception.duplicate) {
    queueCatalogueIngestion(database, reception.envelope);
  }
  return Response.json(reception.body, { status: reception.status });
};
