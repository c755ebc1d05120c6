// The buyer app's callback endpoint (/bap/on_*): signature first, then shape, then whether the
// message belongs to a transaction of ours. Anything refused is NACKed and nothing is stored.
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { ack, nack, type Ack } from './context.ts';
import { acceptCallback, callbackEnvelopeSchema, type CallbackEnvelope } from './message-store.server.ts';
import type { BuyerApp } from './runtime.server.ts';
import { verifyRequest } from './signing.ts';

export const callbackActionSchema = z.enum([
  'on_search', 'on_select', 'on_init', 'on_confirm', 'on_status', 'on_cancel', 'on_update', 'on_track', 'on_support',
]);
export type ReceivedAction = z.infer<typeof callbackActionSchema>;

export type Reception =
  | { status: 200; body: Ack; envelope: CallbackEnvelope; duplicate: boolean; late: boolean }
  | { status: 400 | 401 | 404 | 503; body: Ack };

export async function receiveCallback(
  database: Database,
  app: BuyerApp,
  input: { action: string; rawBody: string; authorization: string | null; now?: Date },
): Promise<Reception> {
  const action = callbackActionSchema.safeParse(input.action);
  if (!action.success) {
    return { status: 404, body: nack({ type: 'CONTEXT-ERROR', code: '20006', message: `Unknown callback ${input.action}` }) };
  }
  const verified = await verifyRequest({
    body: input.rawBody,
    header: input.authorization ?? undefined,
    lookupPublicKey: (subscriberId, ukId) => app.registry.lookupPublicKey(subscriberId, ukId),
    ...(input.now ? { now: input.now } : {}),
  });
  if (!verified.ok) {
    return { status: 401, body: nack({ type: 'CONTEXT-ERROR', code: '20001', message: `Invalid Signature (${verified.reason})` }) };
  }
  let json: unknown;
  try {
    json = JSON.parse(input.rawBody);
  } catch {
    return { status: 400, body: nack({ type: 'JSON-SCHEMA-ERROR', code: '20006', message: 'The body is not JSON' }) };
  }
  // Every answer to a message that has a context echoes it, as ONDC's Pramaan engine expects.
  const rawContext = (json as { context?: unknown } | null)?.context;
  const context = rawContext !== null && typeof rawContext === 'object' && !Array.isArray(rawContext) ? (rawContext as Record<string, unknown>) : undefined;
  const envelope = callbackEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    const issue = envelope.error.issues[0];
    return {
      status: 400,
      body: nack({
        type: 'JSON-SCHEMA-ERROR',
        code: '20006',
        path: issue?.path.join('.') ?? '',
        message: issue?.message ?? 'Invalid response',
      }, context),
    };
  }
  if (envelope.data.context.action !== action.data) {
    return { status: 400, body: nack({ type: 'CONTEXT-ERROR', code: '20006', message: `context.action is not ${action.data}` }, context) };
  }
  const verdict = await acceptCallback(database, {
    envelope: envelope.data,
    rawBody: input.rawBody,
    signer: verified.subscriberId,
    bapId: app.identity.subscriberId,
    ...(input.now ? { now: input.now } : {}),
  });
  if (!verdict.accepted) {
    return { status: verdict.status === 401 || verdict.status === 503 ? verdict.status : 400, body: nack(verdict.error, context) };
  }
  return { status: 200, body: ack(context), envelope: envelope.data, duplicate: verdict.duplicate, late: verdict.late };
}
