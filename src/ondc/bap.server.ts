// Sending a request to the network as the buyer app: context, transaction, the request stored
// before it leaves, the signed POST, and the seller's synchronous ACK/NACK stored after.
import type { Database } from '#/db/client.ts';
import { buildContext, type CoreVersion, type Domain, type RequestAction } from './context.ts';
import { recordAck, recordRequest, sellerCoreVersion, startTransaction } from './message-store.server.ts';
import type { BuyerApp } from './runtime.server.ts';

export interface SendInput {
  action: RequestAction;
  /** The seller's bpp_uri, or the gateway for a search. */
  url: string;
  domain: Domain;
  city: string;
  transactionId: string;
  /** Who may read the answers; null for the storefront's own requests (catalogue search). */
  shopperKey: string | null;
  bppId?: string;
  bppUri?: string;
  /**
   * The core version the seller's catalogue speaks, for a request that starts a transaction with
   * it (a select); later requests keep the transaction's.
   */
  catalogueCoreVersion?: CoreVersion;
  message: Record<string, unknown>;
  lifetimeMs: number;
  /** The context timestamp, when the message states the same instant (confirm's created_at). */
  at?: Date;
  /** Chosen by the caller when it records something under the message id before sending. */
  messageId?: string;
}

export interface SendResult {
  messageId: string;
  transactionId: string;
  ack: 'ACK' | 'NACK';
  /** false when the seller was not reached at all (its answer is then our NACK, 23001): worth sending again */
  reached: boolean;
  error?: { code?: string | undefined; message?: string | undefined };
}

export async function sendRequest(database: Database, app: BuyerApp, input: SendInput): Promise<SendResult> {
  // A seller hears the version it publishes in; a search, to every seller, the storefront's own.
  const coreVersion = input.bppId ? await sellerCoreVersion(database, input.transactionId, input.catalogueCoreVersion) : (app.searchCoreVersion ?? '1.2.0');
  const context = buildContext({
    coreVersion,
    action: input.action,
    domain: input.domain,
    city: input.city,
    transactionId: input.transactionId,
    bapId: app.identity.subscriberId,
    bapUri: app.bapUri,
    ...(input.bppId ? { bppId: input.bppId } : {}),
    ...(input.bppUri ? { bppUri: input.bppUri } : {}),
    ...(input.at ? { now: input.at } : {}),
    ...(input.messageId ? { messageId: input.messageId } : {}),
  });
  const body = { context, message: input.message };
  await startTransaction(database, {
    transactionId: input.transactionId,
    shopperKey: input.shopperKey,
    domain: input.domain,
    city: input.city,
    ...(input.bppId ? { bppId: input.bppId } : {}),
    ...(input.bppUri ? { bppUri: input.bppUri } : {}),
    lifetimeMs: input.lifetimeMs,
    coreVersion,
  });
  await recordRequest(database, { context, body, participantId: input.bppId ?? null });

  const result = await app.client.post(input.url, input.action, body);
  const outcome: SendResult = result.ok
    ? {
        messageId: context.message_id,
        transactionId: input.transactionId,
        ack: result.response.message.ack.status,
        reached: true,
        ...(result.response.error ? { error: { code: result.response.error.code, message: result.response.error.message } } : {}),
      }
    : {
        messageId: context.message_id,
        transactionId: input.transactionId,
        ack: 'NACK',
        reached: false,
        error: { code: '23001', message: `The seller could not be reached (${result.error.kind})` },
      };
  await recordAck(database, { messageId: context.message_id, action: input.action, ack: outcome.ack, error: outcome.error });
  return outcome;
}
