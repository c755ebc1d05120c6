// A seller's callback (/bap/on_search, /bap/on_status …) from the wire to the feature it concerns
// (issue 27: the route only hands the request over). The protocol layer verifies, vets and stores
// it once; then catalogues go to the ingestion worker, settlement answers to settlement, order
// reports, complaints and ratings to their owners, each through its feature's front.
import type { Database } from '#/db/client.ts';
import { wakeCatalogueIngestion } from '#/features/catalogue/catalogue.server.ts';
import { isIssueInTransaction, recordIssueMessage, vetIssueMessage } from '#/features/issues/issues.server.ts';
import { isOrderInTransaction, recordOrderMessage, recordRatingAnswer, settleRefunds, vetOrderMessage } from '#/features/orders/orders.server.ts';
import { recordReconAnswer, recordSettlementAnswer, vetReconAnswer, vetSettlementAnswer } from '#/features/settlement/settlement.server.ts';
import type { CallbackSubjects } from '#/ondc/message-store.server.ts';
import { isReconAnswer, isSettlementAnswer, receiveCallback, type Reception } from '#/ondc/receiver.server.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';

export async function handleSellerCallback(
  database: Database,
  app: BuyerApp,
  request: { action: string; rawBody: string; authorization: string | null },
): Promise<Reception> {
  const subjects: CallbackSubjects = {
    order: (orderId, transactionId) => isOrderInTransaction(database, orderId, transactionId),
    issue: (issueId, transactionId) => isIssueInTransaction(database, issueId, transactionId),
  };
  const reception = await receiveCallback(database, app, {
    ...request,
    subjects,
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
    action: request.action,
    status: reception.status,
    body: { request: safeJson(request.rawBody), reply: reception.body },
  });
  if (reception.status !== 200 || reception.duplicate) return reception;
  const { envelope } = reception;
  if (envelope.context.action === 'on_search') {
    // Kept in the inbox before the ACK; applied in order by the ingestion worker.
    wakeCatalogueIngestion(database, app);
  }
  if (isReconAnswer(envelope)) {
    await recordReconAnswer(database, envelope);
  } else if (isSettlementAnswer(envelope)) {
    await recordSettlementAnswer(database, envelope);
  } else {
    await recordOrderMessage(database, envelope, request.rawBody);
    await recordIssueMessage(database, envelope);
    await recordRatingAnswer(database, envelope);
    // Refunds this message made due are told to the seller after the ACK, not in its way.
    const orderId = (envelope.message?.['order'] as { id?: unknown } | undefined)?.id;
    if (typeof orderId === 'string')
      setTimeout(() => settleRefunds(database, app, orderId).catch((error: unknown) => console.error('refund settlement failed', error)), 0);
  }
  return reception;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
