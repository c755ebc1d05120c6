import type { APIRoute } from 'astro';
import { getDatabase } from '../../db/client.ts';
import { receiveCallback } from '../../ondc/receiver.server.ts';
import { nack } from '../../ondc/context.ts';
import { readText } from '../../lib/http/json.ts';
import { INBOX_FULL, inboxHasRoom } from '../../ondc/message-store.server.ts';
import { getBuyerApp } from '../../ondc/runtime.server.ts';
import { wakeCatalogueIngestion } from '../../features/catalogue/ingest-queue.server.ts';
import { recordOrderMessage, settleRefunds, vetOrderMessage } from '../../features/orders/orders.server.ts';
import { recordIssueMessage, vetIssueMessage } from '../../features/issues/issues.server.ts';

/** ONDC callbacks from sellers: /bap/on_search, /bap/on_select … (signed, verified, stored once). */
export const POST: APIRoute = async ({ params, request }) => {
  const database = getDatabase();
  const app = getBuyerApp();
  const rawBody = await readText(request);
  // A full inbox refuses a page before verifying and parsing it: sellers send it again shortly,
  // and each refusal should cost nothing while the worker catches up.
  if (params.action === 'on_search' && !(await inboxHasRoom(database))) return Response.json(nack(INBOX_FULL), { status: 503 });
  const reception = await receiveCallback(database, app, {
    action: params.action ?? '',
    rawBody,
    authorization: request.headers.get('authorization'),
    vet: async (envelope) => (await vetIssueMessage(database)(envelope)) ?? vetOrderMessage(database)(envelope),
  });
  app.log?.({
    at: new Date().toISOString(),
    direction: 'in',
    participant: app.identity.subscriberId,
    action: params.action ?? '',
    status: reception.status,
    body: { request: safeJson(rawBody), reply: reception.body },
  });
  if (reception.status === 200 && reception.envelope.context.action === 'on_search' && !reception.duplicate) {
    // Kept in the inbox before the ACK; applied in order by the ingestion worker.
    wakeCatalogueIngestion(database, app);
  }
  if (reception.status === 200 && !reception.duplicate) {
    await recordOrderMessage(database, reception.envelope, rawBody);
    await recordIssueMessage(database, reception.envelope);
    // Refunds this message made due are told to the seller after the ACK, not in its way.
    const orderId = (reception.envelope.message?.['order'] as { id?: unknown } | undefined)?.id;
    if (typeof orderId === 'string') setTimeout(() => settleRefunds(database, app, orderId).catch((error: unknown) => console.error('refund settlement failed', error)), 0);
  }
  return Response.json(reception.body, { status: reception.status });
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
