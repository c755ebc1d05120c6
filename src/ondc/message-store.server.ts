// Every ONDC message the storefront sends or receives, and the rules for accepting a callback
// (DESIGN.md §1, issue: callbacks are verified, validated, stored once, late ones marked).
import { z } from 'zod';
import { changeFeed } from '#/db/change-feed.server.ts';
import type { Database, Queryable } from '#/db/client.ts';
import { contextSchema, coreVersionSchema, durationMs, protocolErrorSchema, type Context, type CoreVersion } from './context.ts';
import { blake512Digest } from './signing.ts';

export const callbackEnvelopeSchema = z
  .object({
    context: contextSchema,
    message: z.record(z.string(), z.unknown()).optional(),
    error: protocolErrorSchema.partial({ type: true }).optional(),
  })
  .refine((body) => body.message !== undefined || body.error !== undefined, {
    message: 'A callback carries a message, an error or both',
  });
export type CallbackEnvelope = z.infer<typeof callbackEnvelopeSchema>;

/** How long a transaction accepts callbacks, by the action that started or extended it. */
export const TRANSACTION_LIFETIME_MS = {
  search: 60 * 60 * 1000,
  select: 24 * 60 * 60 * 1000,
  confirm: 30 * 24 * 60 * 60 * 1000,
} as const;

/**
 * Sellers may push these without a request of ours (ondc-notes §1: status and return updates;
 * IGM 2.0: a respondent's every step on a complaint is an on_issue of its own).
 */
const UNSOLICITED = new Set(['on_status', 'on_update', 'on_cancel', 'on_issue']);

const pushStartSchema = z.object({
  message: z.object({
    intent: z.object({ tags: z.array(z.object({ code: z.string(), list: z.array(z.object({ code: z.string(), value: z.string() })).optional() })) }),
  }),
});

/**
 * Whether a search of ours in the transaction asked the sellers to push their catalogue changes
 * (catalog_inc mode "start", ondc-notes §1): their on_search pushes then come with message ids of
 * their own, in that transaction. A buyer app that asked for none NACKs them (ONDC's incremental
 * refresh rules).
 */
async function askedForPushes(database: Database, transactionId: string): Promise<boolean> {
  const rows = await database.query<{ body: unknown }>(`SELECT body FROM ondc_messages WHERE transaction_id = $1 AND action = 'search' AND direction = 'out'`, [
    transactionId,
  ]);
  return rows.some((row) => {
    const parsed = pushStartSchema.safeParse(typeof row.body === 'string' ? JSON.parse(row.body) : row.body);
    const inc = parsed.success ? parsed.data.message.intent.tags.find((t) => t.code === 'catalog_inc') : undefined;
    return inc?.list?.some((e) => e.code === 'mode' && e.value === 'start') ?? false;
  });
}

export async function startTransaction(
  database: Database,
  input: {
    transactionId: string;
    shopperKey: string | null;
    domain: string;
    city: string;
    bppId?: string;
    bppUri?: string;
    lifetimeMs: number;
    now?: Date;
    coreVersion?: CoreVersion;
  },
) {
  const expiresAt = new Date((input.now ?? new Date()).getTime() + input.lifetimeMs).toISOString();
  await database.query(
    `INSERT INTO ondc_transactions (transaction_id, shopper_key, domain, city, bpp_id, bpp_uri, expires_at, core_version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (transaction_id) DO UPDATE SET expires_at = GREATEST(ondc_transactions.expires_at, EXCLUDED.expires_at),
       core_version = COALESCE(ondc_transactions.core_version, EXCLUDED.core_version)`,
    [input.transactionId, input.shopperKey, input.domain, input.city, input.bppId ?? null, input.bppUri ?? null, expiresAt, input.coreVersion ?? null],
  );
}

/**
 * The core version to speak to a seller in a transaction (issue 25): the one the transaction
 * started in, else the one its seller's catalogue speaks (the caller read it there), else 1.2.0.
 */
export async function sellerCoreVersion(database: Database, transactionId: string, catalogueVersion?: CoreVersion): Promise<CoreVersion> {
  const [row] = await database.query<{ core_version: string | null }>('SELECT core_version FROM ondc_transactions WHERE transaction_id = $1', [transactionId]);
  return coreVersionSchema.catch('1.2.0').parse(row?.core_version ?? catalogueVersion);
}

export async function transactionOwner(database: Database, transactionId: string) {
  const rows = await database.query<{ shopper_key: string | null }>('SELECT shopper_key FROM ondc_transactions WHERE transaction_id = $1', [transactionId]);
  return rows[0];
}

/**
 * Records a request before it is sent: a seller may answer faster than its own ACK reaches us,
 * and the callback must find the request. The ACK/NACK is added by recordAck.
 */
export async function recordRequest(
  database: Database,
  input: { context: StoredContext & Pick<Context, 'timestamp' | 'ttl'>; body: unknown; participantId: string | null },
) {
  const payload = JSON.stringify(input.body);
  const respondBy = new Date(Date.parse(input.context.timestamp) + ttlMs(input.context.ttl)).toISOString();
  await database.query(
    `INSERT INTO ondc_messages (transaction_id, message_id, action, direction, participant_id, body_digest, body, respond_by)
     VALUES ($1, $2, $3, 'out', $4, $5, $6, $7)
     ON CONFLICT (action, message_id, body_digest) DO NOTHING`,
    [input.context.transaction_id, input.context.message_id, input.context.action, input.participantId, blake512Digest(payload), payload, respondBy],
  );
}

/** The receiver's synchronous answer to a request we sent (or our failure to deliver it, as a NACK). */
export async function recordAck(
  database: Database,
  input: { messageId: string; action: string; ack: 'ACK' | 'NACK'; error?: { code?: string | undefined; message?: string | undefined } | undefined },
) {
  await database.query(
    `UPDATE ondc_messages SET ack_status = $3, error_code = $4, error_message = $5
     WHERE message_id = $1 AND action = $2 AND direction = 'out'`,
    [input.messageId, input.action, input.ack, input.error?.code ?? null, input.error?.message ?? null],
  );
  if (input.ack === 'NACK') {
    await messageFeed.announce(database, `on_${input.action}:${input.messageId}`);
  }
}

export type CallbackVerdict =
  | { accepted: true; duplicate: boolean; late: boolean }
  | { accepted: false; status: number; error: { type: 'CONTEXT-ERROR' | 'CORE-ERROR' | 'DOMAIN-ERROR' | 'POLICY-ERROR'; code: string; message: string } };

/**
 * How many bytes of catalogue pages may wait in the inbox. Past it a page is NACKed as busy and its
 * seller sends it again shortly: the backlog stays bounded however fast sellers answer, and nothing
 * ACKed waits in memory.
 */
const INBOX_LIMIT_BYTES = 64 * 1024 * 1024;

/** Whether the inbox takes another page now: a page refused before it is read costs nothing. */
export async function inboxHasRoom(database: Database, limitBytes = INBOX_LIMIT_BYTES): Promise<boolean> {
  const [row] = await database.query<{ room: boolean }>('SELECT count(*) = 0 OR sum(bytes) < $1 AS room FROM ondc_inbox', [limitBytes]);
  return row?.room ?? true;
}

/** The oldest catalogue page waiting in the inbox (its body as stored), or null. */
export async function nextInboxPage(database: Queryable): Promise<{ id: string; body: string } | null> {
  const [page] = await database.query<{ id: string; body: string }>(`SELECT id::text, body FROM ondc_inbox WHERE action = 'on_search' ORDER BY id LIMIT 1`);
  return page ?? null;
}

/** Catalogue pages waiting in the inbox. */
export async function inboxBacklog(database: Queryable): Promise<number> {
  const [row] = await database.query<{ pages: number }>(`SELECT count(*)::int AS pages FROM ondc_inbox WHERE action = 'on_search'`);
  return row?.pages ?? 0;
}

/**
 * Gives back the space of pages applied: their bodies stay behind as dead rows until a vacuum,
 * and PGlite runs no autovacuum, so without this every full refresh would add the catalogue's size
 * to the disk.
 */
export async function vacuumInbox(database: Database): Promise<void> {
  await database.exec('VACUUM ondc_inbox');
}

/** A page applied (or given up on) leaves the inbox; inside the transaction that applied it, so it is applied once. */
export async function removeFromInbox(database: Queryable, id: string): Promise<void> {
  await database.query('DELETE FROM ondc_inbox WHERE id = $1', [id]);
}

/** The NACK of a page the inbox has no room for now: the seller is to send it again. */
export const INBOX_FULL = {
  type: 'CORE-ERROR',
  code: '23001',
  message: 'Internal Error: catalogue pages are waiting to be applied; send this one again shortly',
} as const;

/**
 * Answers a request may have only one of: the first the seller sends is what the shopper is quoted
 * and pays (issue 24), a different one for the same message id is refused. Order reports (status,
 * cancel, update) may come again for one request: they are kept as history, and the order moves
 * only forward (features/orders).
 */
const ONE_ANSWER_ACTIONS: ReadonlySet<string> = new Set(['on_select', 'on_init', 'on_confirm', 'on_track', 'on_support', 'on_rating', 'on_issue_status']);

/** A check of a callback's content against what we hold (the order's state machine), run before it is stored. */
/**
 * Whether the buyer app holds the order or complaint a seller's unrequested message is about. The
 * features that own orders and complaints answer it: the protocol layer keeps none of their tables.
 */
export type CallbackSubjects = {
  order(orderId: string, transactionId: string): Promise<boolean>;
  issue(issueId: string, transactionId: string): Promise<boolean>;
};

export type CallbackVetting<E = CallbackEnvelope> = (envelope: E) => Promise<{ type: 'DOMAIN-ERROR' | 'POLICY-ERROR'; code: string; message: string } | null>;

/** What the store reads of any message's context: retail 1.2.0 and RSF 2.0.0 both name these. */
type StoredContext = { action: string; bap_id: string; bpp_id?: string | undefined; transaction_id: string; message_id: string };
/** A callback as the store keeps it, whichever protocol it speaks. */
type StoredEnvelope = {
  context: StoredContext;
  message?: Record<string, unknown> | undefined;
  error?: { code?: string | undefined; message?: string | undefined } | undefined;
};

/**
 * Decides whether a verified callback belongs to us and stores it once. `signer` is the
 * subscriber whose signature verified; it must be the seller the context names, and that seller
 * must be the one our request went to or, for a message nobody asked for, the one whose order it is
 * (issue 24: a seller speaks only for its own transactions).
 */
export async function acceptCallback<E extends StoredEnvelope>(
  database: Database,
  input: {
    envelope: E;
    rawBody: string;
    signer: string;
    bapId: string;
    now?: Date;
    inboxLimitBytes?: number;
    vet?: CallbackVetting<E>;
    subjects?: CallbackSubjects;
  },
): Promise<CallbackVerdict> {
  const { context } = input.envelope;
  const now = input.now ?? new Date();
  if (context.bap_id !== input.bapId) {
    return refuse(400, 'CONTEXT-ERROR', '20006', `This buyer app is ${input.bapId}, not ${context.bap_id}`);
  }
  if (context.bpp_id !== input.signer) {
    return refuse(401, 'CONTEXT-ERROR', '20001', 'The callback was not signed by the seller it names');
  }
  const transaction = await database.query<{ expires_at: Date | string; bpp_id: string | null }>(
    'SELECT expires_at, bpp_id FROM ondc_transactions WHERE transaction_id = $1',
    [context.transaction_id],
  );
  const tx = transaction[0];
  if (!tx) return refuse(400, 'CONTEXT-ERROR', '20008', `Unknown transaction ${context.transaction_id}`);
  if (new Date(tx.expires_at).getTime() < now.getTime()) {
    return refuse(400, 'CONTEXT-ERROR', '20002', `Transaction ${context.transaction_id} has expired`);
  }

  const requestAction = context.action.replace(/^on_/, '');
  const requests = await database.query<{ respond_by: Date | string | null; participant_id: string | null }>(
    `SELECT respond_by, participant_id FROM ondc_messages
     WHERE message_id = $1 AND action = $2 AND direction = 'out' AND transaction_id = $3`,
    [context.message_id, requestAction, context.transaction_id],
  );
  const request = requests[0];
  const pushed = !request && context.action === 'on_search' && (await askedForPushes(database, context.transaction_id));
  if (!request && !UNSOLICITED.has(context.action) && !pushed) {
    return refuse(400, 'CONTEXT-ERROR', '20008', `No ${requestAction} request with message_id ${context.message_id}`);
  }
  // The seller we asked answers; a search sent to the whole network is answered (and pushed to)
  // by every seller, each for its own stores.
  const answerer = request ? request.participant_id : pushed ? null : tx.bpp_id;
  if (answerer !== null && answerer !== input.signer) {
    return refuse(
      403,
      'CONTEXT-ERROR',
      '20006',
      `Invalid response: ${request ? `this ${requestAction} was sent to` : 'this order belongs to'} ${answerer}, not ${input.signer}`,
    );
  }
  if (!request && answerer === null && !pushed) {
    return refuse(403, 'CONTEXT-ERROR', '20006', `Invalid response: transaction ${context.transaction_id} has no seller`);
  }
  // A pushed order update must be about an order of ours in that transaction; anything else is
  // refused and kept nowhere.
  if (!request && context.action === 'on_issue') {
    const issueId = (input.envelope.message?.['issue'] as { id?: unknown } | undefined)?.id;
    const known = typeof issueId === 'string' && (await input.subjects?.issue(issueId, context.transaction_id)) === true;
    if (!known) return refuse(400, 'CONTEXT-ERROR', '20008', `No issue ${String(issueId ?? '')} in transaction ${context.transaction_id}`);
  } else if (!request && !pushed) {
    const orderId = (input.envelope.message?.['order'] as { id?: unknown } | undefined)?.id;
    const known = typeof orderId === 'string' && (await input.subjects?.order(orderId, context.transaction_id)) === true;
    if (!known) return refuse(400, 'CONTEXT-ERROR', '20008', `No order ${String(orderId ?? '')} in transaction ${context.transaction_id}`);
  }
  const digest = blake512Digest(input.rawBody);
  if (ONE_ANSWER_ACTIONS.has(context.action)) {
    const answered = await database.query(
      `SELECT 1 FROM ondc_messages WHERE message_id = $1 AND action = $2 AND direction = 'in' AND transaction_id = $3 AND body_digest <> $4 LIMIT 1`,
      [context.message_id, context.action, context.transaction_id, digest],
    );
    if (answered.length > 0)
      return refuse(409, 'CONTEXT-ERROR', '20008', `Response out of sequence: ${requestAction} ${context.message_id} is already answered`);
  }
  const problem = await input.vet?.(input.envelope);
  if (problem) return { accepted: false, status: 400, error: problem };
  const late = request?.respond_by ? now.getTime() > new Date(request.respond_by).getTime() : false;
  const receipt = [
    context.transaction_id,
    context.message_id,
    context.action,
    input.signer,
    digest,
    context.action === 'on_search' ? catalogueReceipt(input.envelope) : input.rawBody,
    input.envelope.error?.code ?? null,
    input.envelope.error?.message ?? null,
    late,
  ];
  const stored =
    context.action === 'on_search'
      ? await keepInInbox(database, receipt, input.rawBody, input.inboxLimitBytes ?? INBOX_LIMIT_BYTES)
      : {
          room: true,
          inserted: (await database.query(`${INSERT_RECEIPT} VALUES ($1, $2, $3, 'in', $4, $5, $6, $7, $8, $9) ${ON_RECEIPT_CONFLICT}`, receipt)).length > 0,
        };
  if (!stored.room) return { accepted: false, status: 503, error: { ...INBOX_FULL } };
  if (stored.inserted) {
    await messageFeed.announce(database, `${context.action}:${context.message_id}`);
  }
  return { accepted: true, duplicate: !stored.inserted, late };
}

const INSERT_RECEIPT = `INSERT INTO ondc_messages (transaction_id, message_id, action, direction, participant_id, body_digest, body, error_code, error_message, late)`;
const ON_RECEIPT_CONFLICT = 'ON CONFLICT (action, message_id, body_digest) DO NOTHING RETURNING id';

/**
 * The receipt of a callback whose work is heavy (an on_search page) and the callback itself, kept
 * whole in the inbox, in one statement: both or neither, so a page ACKed is never lost by a crash
 * and a page a seller sends again after a crash is never applied twice. When the waiting pages
 * already fill `limitBytes`, neither is written (the seller is told to send it again).
 */
async function keepInInbox(database: Database, receipt: unknown[], rawBody: string, limitBytes: number) {
  const [row] = await database.query<{ room: boolean; inserted: boolean }>(
    `WITH room AS (SELECT count(*) = 0 OR coalesce(sum(bytes), 0) + $12 <= $13 AS ok FROM ondc_inbox),
     receipt AS (
       ${INSERT_RECEIPT}
       SELECT $1, $2, $3, 'in', $4, $5, $6::jsonb, $7, $8, $9 WHERE (SELECT ok FROM room)
       ${ON_RECEIPT_CONFLICT}
     ),
     kept AS (INSERT INTO ondc_inbox (action, body, bytes) SELECT $10, $11, $12 FROM receipt RETURNING id)
     SELECT (SELECT ok FROM room) AS room, EXISTS (SELECT 1 FROM kept) AS inserted`,
    [...receipt, receipt[2], rawBody, Buffer.byteLength(rawBody), limitBytes],
  );
  return { room: row?.room ?? false, inserted: row?.inserted ?? false };
}

/**
 * What we keep of an on_search: which providers and how many items. The catalogue itself lives in
 * the catalogue tables; keeping every page whole would store the catalogue twice (1 MB a page).
 */
function catalogueReceipt(envelope: StoredEnvelope): string {
  const catalog = envelope.message?.['catalog'] as { 'bpp/providers'?: Array<{ id?: unknown; items?: unknown[] }> } | undefined;
  const providers = (catalog?.['bpp/providers'] ?? []).map((p) => ({ id: String(p.id ?? ''), items: Array.isArray(p.items) ? p.items.length : 0 }));
  return JSON.stringify({ context: envelope.context, message: { catalog_receipt: { providers } }, ...(envelope.error ? { error: envelope.error } : {}) });
}

function refuse(status: number, type: 'CONTEXT-ERROR' | 'DOMAIN-ERROR' | 'POLICY-ERROR', code: string, message: string): CallbackVerdict {
  return { accepted: false, status, error: { type, code, message } };
}

function ttlMs(ttl: string | undefined) {
  return durationMs(ttl ?? '') ?? 30_000;
}

/** SPEC §7.3 fetchMessage answer: the stored callback, the seller's NACK, or not yet. */
export type StoredAnswer =
  | { state: 'answered'; context: Context; message: Record<string, unknown> | null; error: { code: string; message: string | null } | null; late: boolean }
  | { state: 'refused'; error: { code: string | null; message: string | null } }
  | { state: 'pending' }
  | { state: 'unknown' };

export async function findAnswer(database: Database, input: { messageId: string; action: string; shopperKey: string }): Promise<StoredAnswer> {
  const requests = await database.query<{ ack_status: string | null; error_code: string | null; error_message: string | null }>(
    `SELECT m.ack_status, m.error_code, m.error_message FROM ondc_messages m
     JOIN ondc_transactions t ON t.transaction_id = m.transaction_id
     WHERE m.message_id = $1 AND m.action = $2 AND m.direction = 'out' AND t.shopper_key = $3`,
    [input.messageId, input.action, input.shopperKey],
  );
  const request = requests[0];
  if (!request) return { state: 'unknown' };
  if (request.ack_status === 'NACK') {
    return { state: 'refused', error: { code: request.error_code, message: request.error_message } };
  }
  const answers = await database.query<{ body: unknown; error_code: string | null; error_message: string | null; late: boolean }>(
    `SELECT body, error_code, error_message, late FROM ondc_messages
     WHERE message_id = $1 AND action = $2 AND direction = 'in' ORDER BY id ${ONE_ANSWER_ACTIONS.has(`on_${input.action}`) ? 'ASC' : 'DESC'} LIMIT 1`,
    [input.messageId, `on_${input.action}`],
  );
  const answer = answers[0];
  if (!answer) return { state: 'pending' };
  const body = callbackEnvelopeSchema.parse(typeof answer.body === 'string' ? JSON.parse(answer.body) : answer.body);
  return {
    state: 'answered',
    context: body.context,
    message: body.message ?? null,
    error: answer.error_code ? { code: answer.error_code, message: answer.error_message } : null,
    late: answer.late,
  };
}

/** A stored answer (or a NACK in its place), named `on_<action>:<message id>`, for the polls that wait on it. */
const messageFeed = changeFeed('ondc_message');

/**
 * The answer, waiting up to `waitMs` for it to arrive (long poll). A callback stored by another
 * process on the same PostgreSQL wakes the wait through NOTIFY.
 */
export async function waitForAnswer(
  database: Database,
  input: { messageId: string; action: string; shopperKey: string; waitMs: number },
): Promise<StoredAnswer> {
  const key = `on_${input.action}:${input.messageId}`;
  const deadline = Date.now() + input.waitMs;
  // A wake-up that finds nothing new (a LISTEN connection back after a drop wakes every poll)
  // waits again for what is left of the hold.
  for (;;) {
    const watch = await messageFeed.watch(database, key);
    try {
      const now = await findAnswer(database, input);
      const left = deadline - Date.now();
      if (now.state !== 'pending' || left <= 0) return now;
      if (!(await watch.changed(left))) return findAnswer(database, input);
    } finally {
      watch.stop();
    }
  }
}
