// What the rest of the storefront reads of the transactions and messages ondc/ keeps (issue 27:
// protocol messages only through ondc/). Each read answers one question a feature asks, so the
// tables' shape stays ondc/'s to change.
import type { Queryable } from '#/db/client.ts';

/** A transaction as we started it: its domain and city, and the seller it names (none for a search). */
export type TransactionRecord = { domain: string; city: string; bppId: string | null; bppUri: string | null };

export async function findTransaction(q: Queryable, transactionId: string): Promise<TransactionRecord | null> {
  const [row] = await q.query<{ domain: string; city: string; bpp_id: string | null; bpp_uri: string | null }>(
    'SELECT domain, city, bpp_id, bpp_uri FROM ondc_transactions WHERE transaction_id = $1',
    [transactionId],
  );
  return row ? { domain: row.domain, city: row.city, bppId: row.bpp_id, bppUri: row.bpp_uri } : null;
}

/**
 * The seller of each transaction, as a relation one query may join (transaction_id, bpp_id,
 * bpp_uri, domain, city): for reads over many orders at once, where a call per order would not do.
 */
export const TRANSACTION_SELLERS = '(SELECT transaction_id, bpp_id, bpp_uri, domain, city FROM ondc_transactions)';

/**
 * The `message.order` of the newest request of `action` we sent in the transaction whose id is
 * the SQL expression `transactionIdSql` (a column of the enclosing query, never input), as a
 * jsonb subquery: for reads over many orders at once.
 */
export function latestSentOrderSql(transactionIdSql: string, action: 'confirm'): string {
  return `(SELECT m.body->'message'->'order' FROM ondc_messages m
    WHERE m.transaction_id = ${transactionIdSql} AND m.action = '${action}' AND m.direction = 'out' ORDER BY m.id DESC LIMIT 1)`;
}

type Json = Record<string, unknown>;

/** A stored message, as the feature reading it needs it: `order` is its `message.order`, or {}; `body` the whole envelope. */
export type StoredMessage = { transactionId: string; messageId: string; body: unknown; context: Json; message: Json; order: Json };

type StoredRow = { transaction_id: string; message_id: string; body: unknown };

function objectOr(value: unknown, fallback: Json): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : fallback;
}

function stored(row: StoredRow | undefined): StoredMessage | null {
  if (!row) return null;
  const body = typeof row.body === 'string' ? (JSON.parse(row.body) as unknown) : row.body;
  const envelope = objectOr(body, {});
  const message = objectOr(envelope['message'], {});
  return {
    transactionId: row.transaction_id,
    messageId: row.message_id,
    body,
    context: objectOr(envelope['context'], {}),
    message,
    order: objectOr(message['order'], {}),
  };
}

/** A request of ours, by its message id and action (the first stored, as it went). */
export async function sentMessage(q: Queryable, messageId: string, action: string): Promise<StoredMessage | null> {
  const [row] = await q.query<StoredRow>(
    `SELECT transaction_id, message_id, body FROM ondc_messages WHERE message_id = $1 AND action = $2 AND direction = 'out' ORDER BY id LIMIT 1`,
    [messageId, action],
  );
  return stored(row);
}

/** The requests of `action` we sent in a transaction, newest first. */
export async function sentInTransaction(q: Queryable, transactionId: string, action: string): Promise<StoredMessage[]> {
  const rows = await q.query<StoredRow>(
    `SELECT transaction_id, message_id, body FROM ondc_messages WHERE transaction_id = $1 AND action = $2 AND direction = 'out' ORDER BY id DESC`,
    [transactionId, action],
  );
  return rows.flatMap((row) => stored(row) ?? []);
}

/** A seller's answer (`on_<action>`) to a request of ours: the first it sent or its latest. */
export async function answerTo(q: Queryable, messageId: string, action: string, which: 'first' | 'latest'): Promise<StoredMessage | null> {
  const [row] = await q.query<StoredRow>(
    `SELECT transaction_id, message_id, body FROM ondc_messages WHERE message_id = $1 AND action = $2 AND direction = 'in'
     ORDER BY id ${which === 'first' ? 'ASC' : 'DESC'} LIMIT 1`,
    [messageId, `on_${action}`],
  );
  return stored(row);
}

const ORDER_CALLBACKS = ['on_confirm', 'on_status', 'on_update', 'on_cancel'] as const;

/**
 * The order as the seller wrote it in each order callback of the transaction that carries one and
 * no error, newest first (`limit` of them, else all).
 */
export async function sellerOrders(
  q: Queryable,
  transactionId: string,
  options: { actions?: ReadonlyArray<(typeof ORDER_CALLBACKS)[number]>; limit?: number } = {},
): Promise<Json[]> {
  const rows = await q.query<{ order: unknown }>(
    `SELECT body->'message'->'order' AS order FROM ondc_messages
     WHERE transaction_id = $1 AND direction = 'in' AND action = ANY($2::text[]) AND error_code IS NULL
       AND jsonb_typeof(body->'error') IS DISTINCT FROM 'object' AND jsonb_typeof(body->'message'->'order') = 'object'
     ORDER BY created_at DESC, id DESC ${options.limit ? `LIMIT ${Math.trunc(options.limit)}` : ''}`,
    [transactionId, options.actions ?? ORDER_CALLBACKS],
  );
  return rows.map((r) => objectOr(typeof r.order === 'string' ? (JSON.parse(r.order) as unknown) : r.order, {}));
}
