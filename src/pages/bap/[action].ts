import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { isReconAnswer, isSettlementAnswer, receiveCallback } from '#/ondc/receiver.server.ts';
import { readText } from '#/lib/http/json.ts';
import { getBuyerApp } from '#/ondc/runtime.server.ts';
import { wakeCatalogueIngestion } from '#/features/catalogue/ingest-queue.server.ts';
import { recordOrderMessage, settleRefunds, vetOrderMessage } from '#/features/orders/orders.server.ts';
import { recordIssueMessage, vetIssueMessage } from '#/features/issues/issues.server.ts';
import { recordReconAnswer, recordSettlementAnswer, vetReconAnswer, vetSettlementAnswer } from '#/features/settlement/settlement.server.ts';
import { recordRatingAnswer } from '#/features/orders/ratings.server.ts';

/** ONDC callbacks from sellers: /bap/on_search, /bap/on_select … (signed, verified, stored once). */
export const POST: APIRoute = async ({ params, request }) => {
  const database = getDatabase();
  const app = getBuyerApp();
  const rawBody = await readText(request);
  const reception = await receiveCallback(database, app, {
    action: params.action ?? '',
    rawBody,
    authorization: request.headers.get('authorization'),
    vet: async (envelope) =>
      isReconAnswer(envelope)
        ? vetReconAnswer(database)(envelope)
        : isSettlementAnswer(envelope)
          ? vetSettlementAnswer(database)(envelope)
          : ((await vetIssueMessage(database)(envelope)) ?? vetOrderMessage(database)(envelope)),
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
    const { envelope } = reception;
    if (isReconAnswer(envelope)) {
      await recordReconAnswer(database, envelope);
    } else if (isSettlementAnswer(envelope)) {
      await recordSettlementAnswer(database, envelope);
    } else {
      await recordOrderMessage(database, envelope, rawBody);
      await recordIssueMessage(database, envelope);
      await recordRatingAnswer(database, envelope);
      // Refunds this message made due are told to the seller after the ACK, not in its way.
      const orderId = (envelope.message?.['order'] as { id?: unknown } | undefined)?.id;
      if (typeof orderId === 'string')
        setTimeout(() => settleRefunds(database, app, orderId).catch((error: unknown) => console.error('refund settlement failed', error)), 0);
    }
  }
  // ONDC's signature rule: a refused signature is answered 401 with the scheme and headers it wants.
  const headers: HeadersInit =
    reception.status === 401 ? { 'WWW-Authenticate': `Signature realm="${app.identity.subscriberId}",headers="(created) (expires) digest"` } : {};
  return Response.json(reception.body, { status: reception.status, headers });
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
