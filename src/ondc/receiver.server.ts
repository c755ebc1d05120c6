// The buyer app's callback endpoint (/bap/on_*): signature first, then shape, then whether the
// message belongs to a transaction of ours. Anything refused is NACKed and nothing is stored.
import { z } from 'zod';
import type { Database } from '#/db/client.ts';
import { ack, answeredContextOf, nack, type Ack, type NackError } from './context.ts';
import { callbackMessageProblem } from './callback-schemas.ts';
import {
  acceptCallback,
  callbackEnvelopeSchema,
  INBOX_FULL,
  inboxHasRoom,
  type CallbackEnvelope,
  type CallbackSubjects,
  type CallbackVetting,
} from './message-store.server.ts';
import type { BuyerApp } from './runtime.server.ts';
import { verifyRequest, type SignatureLimits, type VerifyFailureReason } from './signing.ts';
import { parseJsonText } from '#/lib/http/json.ts';
import { onReconEnvelopeSchema, onSettlementEnvelopeSchema, type OnReconEnvelope, type OnSettlementEnvelope } from './rsf.ts';

const callbackActionSchema = z.enum([
  'on_search',
  'on_select',
  'on_init',
  'on_confirm',
  'on_status',
  'on_cancel',
  'on_update',
  'on_track',
  'on_support',
  'on_rating',
  'on_issue',
  'on_issue_status',
  // RSF 2.0.0 (rsf.ts): a seller's answer to our recon, and the settlement agency's to our settle
  // and report, in the NTS10 context of their own.
  'on_recon',
  'on_settle',
  'on_report',
]);

/** A callback as received: a retail or IGM one, a seller's answer to our recon, or the settlement agency's. */
export type ReceivedEnvelope = CallbackEnvelope | OnReconEnvelope | OnSettlementEnvelope;

export function isReconAnswer(envelope: ReceivedEnvelope): envelope is OnReconEnvelope {
  return envelope.context.action === 'on_recon';
}

export function isSettlementAnswer(envelope: ReceivedEnvelope): envelope is OnSettlementEnvelope {
  return envelope.context.action === 'on_settle' || envelope.context.action === 'on_report';
}

export type Reception =
  | { status: 200; body: Ack; envelope: ReceivedEnvelope; duplicate: boolean; late: boolean }
  | { status: 400 | 401 | 403 | 404 | 409 | 503; body: Ack };

/**
 * How long a callback stays good (issue 24): a signature lives at most this long, and its
 * `created` and the context timestamp may be this old. A seller sends a callback within seconds
 * and tries a catalogue page again for up to 3 minutes (network/search.ts PAGE_RETRY), so five
 * minutes take every honest delivery and refuse a message captured and replayed later.
 */
const CALLBACK_TTL_SECONDS = 300;
/** How far a seller's clock may run ahead of ours. */
const CLOCK_SKEW_SECONDS = 5;
const SIGNATURE_LIMITS: SignatureLimits = { maxLifetimeSeconds: CALLBACK_TTL_SECONDS, skewSeconds: CLOCK_SKEW_SECONDS };

const SIGNATURE_PROBLEMS: Record<VerifyFailureReason, string> = {
  'missing-header': 'no Authorization header',
  'malformed-header': 'the Authorization header is malformed',
  'algorithm-mismatch': 'the algorithm is not ed25519',
  'not-yet-valid': `created is more than ${CLOCK_SKEW_SECONDS} s ahead of our clock`,
  expired: 'the signature has expired',
  'too-long-lived': `expires is more than ${CALLBACK_TTL_SECONDS} s after created`,
  'unknown-key': 'the registry has no such key',
  'bad-signature': 'the signature does not match the body',
};

export async function receiveCallback(
  database: Database,
  app: BuyerApp,
  input: {
    action: string;
    rawBody: string;
    authorization: string | null;
    now?: Date;
    vet?: CallbackVetting<ReceivedEnvelope>;
    subjects?: CallbackSubjects;
    inboxLimitBytes?: number;
  },
): Promise<Reception> {
  // Every answer echoes the context of the message it answers, refusals included (ONDC's Pramaan
  // checks it on each): read from the text as sent, before anything is trusted.
  const context = answeredContextOf(input.rawBody);
  const action = callbackActionSchema.safeParse(input.action);
  if (!action.success) {
    return { status: 404, body: nack({ type: 'CONTEXT-ERROR', code: '20006', message: `Unknown callback ${input.action}` }, context) };
  }
  // A full inbox refuses a page before verifying and parsing it: sellers send it again shortly,
  // and each refusal should cost little while the worker catches up (the context is cut from the
  // text, not parsed whole).
  if (action.data === 'on_search' && !(await inboxHasRoom(database, input.inboxLimitBytes))) return { status: 503, body: nack(INBOX_FULL, context) };
  const verified = await verifyRequest({
    body: input.rawBody,
    header: input.authorization ?? undefined,
    lookupPublicKey: (subscriberId, ukId) => app.registry.lookupPublicKey(subscriberId, ukId),
    limits: SIGNATURE_LIMITS,
    ...(input.now ? { now: input.now } : {}),
  });
  if (!verified.ok) {
    return { status: 401, body: nack({ type: 'CONTEXT-ERROR', code: '20001', message: `Invalid Signature: ${SIGNATURE_PROBLEMS[verified.reason]}` }, context) };
  }
  // The signature covers the bytes as sent; only then is the text parsed, and text we could not
  // store (a NUL, a lone surrogate) is refused like any other invalid body (issue 24).
  const json = parseJsonText(input.rawBody);
  if (!json.ok) return { status: 400, body: nack({ type: 'JSON-SCHEMA-ERROR', code: '20006', message: json.message }, context) };
  const envelope =
    action.data === 'on_recon'
      ? onReconEnvelopeSchema.safeParse(json.value)
      : action.data === 'on_settle' || action.data === 'on_report'
        ? onSettlementEnvelopeSchema.safeParse(json.value)
        : callbackEnvelopeSchema.safeParse(json.value);
  if (!envelope.success) {
    const issue = envelope.error.issues[0];
    return {
      status: 400,
      body: nack(
        {
          type: 'JSON-SCHEMA-ERROR',
          code: '20006',
          path: issue?.path.join('.') ?? '',
          message: issue?.message ?? 'Invalid response',
        },
        context,
      ),
    };
  }
  if (envelope.data.context.action !== action.data) {
    return { status: 400, body: nack({ type: 'CONTEXT-ERROR', code: '20006', message: `context.action is not ${action.data}` }, context) };
  }
  const stale = timestampProblem(envelope.data.context.timestamp, input.now ?? new Date());
  if (stale) return { status: 400, body: nack(stale, context) };
  // The whole body is checked before anything is written: a message we could not show is refused
  // (an RSF answer's message was checked whole with its envelope).
  const retail = action.data;
  const problem =
    retail === 'on_recon' || retail === 'on_settle' || retail === 'on_report'
      ? null
      : callbackMessageProblem(retail, envelope.data.message, envelope.data.error !== undefined);
  if (problem) {
    return {
      status: 400,
      body: nack({ type: 'JSON-SCHEMA-ERROR', code: '20006', path: problem.path, message: `Invalid response: ${problem.message}` }, context),
    };
  }
  const verdict = await acceptCallback<ReceivedEnvelope>(database, {
    envelope: envelope.data,
    rawBody: input.rawBody,
    signer: verified.subscriberId,
    bapId: app.identity.subscriberId,
    ...(input.now ? { now: input.now } : {}),
    ...(input.vet ? { vet: input.vet } : {}),
    ...(input.subjects ? { subjects: input.subjects } : {}),
    ...(input.inboxLimitBytes === undefined ? {} : { inboxLimitBytes: input.inboxLimitBytes }),
  });
  if (!verdict.accepted) {
    return { status: REFUSAL_STATUSES.has(verdict.status) ? (verdict.status as 401 | 403 | 409 | 503) : 400, body: nack(verdict.error, context) };
  }
  return { status: 200, body: ack(context), envelope: envelope.data, duplicate: verdict.duplicate, late: verdict.late };
}

const REFUSAL_STATUSES: ReadonlySet<number> = new Set([401, 403, 409, 503]);

/** The context timestamp read as the signature's `created` is (issue 24): not ahead, not stale. */
function timestampProblem(timestamp: string, now: Date): NackError | null {
  const at = Date.parse(timestamp);
  if (at > now.getTime() + CLOCK_SKEW_SECONDS * 1000) {
    return {
      type: 'CONTEXT-ERROR',
      code: '20006',
      path: 'context.timestamp',
      message: `Invalid response: context.timestamp ${timestamp} is ahead of our clock`,
    };
  }
  if (at < now.getTime() - CALLBACK_TTL_SECONDS * 1000) {
    return {
      type: 'CONTEXT-ERROR',
      code: '20002',
      path: 'context.timestamp',
      message: `Stale Request: context.timestamp ${timestamp} is more than ${CALLBACK_TTL_SECONDS} s old`,
    };
  }
  return null;
}
