// Issue 23: a seller's answer to a select or init is read only after it is checked against the
// request it answers. Every reader of a quote (the polls, the summary, the coupon, the payment)
// goes through here, so a quote for another store can be neither shown nor charged.
import type { Queryable } from '#/db/client.ts';
import type { StoredAnswer } from '#/ondc/message-store.server.ts';
import { storeMismatch, type AskedStore } from './quote-check.ts';

async function askedStore(q: Queryable, messageId: string, action: 'select' | 'init'): Promise<AskedStore | null> {
  const [row] = await q.query<{ provider_id: string | null; location_ids: string[] | null }>(
    `SELECT o.order->'provider'->>'id' AS provider_id,
       ARRAY(SELECT l->>'id' FROM jsonb_array_elements(coalesce(o.order->'provider'->'locations', '[]')) l
             UNION SELECT i->>'location_id' FROM jsonb_array_elements(coalesce(o.order->'items', '[]')) i) AS location_ids
     FROM (SELECT body->'message'->'order' AS order FROM ondc_messages WHERE message_id = $1 AND action = $2 AND direction = 'out' ORDER BY id LIMIT 1) o`,
    [messageId, action],
  );
  return row?.provider_id ? { providerId: row.provider_id, locationIds: (row.location_ids ?? []).filter(Boolean) } : null;
}

/** The answer as stored, or, when it names another provider or location, an error answer without its order. */
export async function vetStore(q: Queryable, messageId: string, action: string, answer: StoredAnswer): Promise<StoredAnswer> {
  if (answer.state !== 'answered' || !answer.message || (action !== 'select' && action !== 'init')) return answer;
  const asked = await askedStore(q, messageId, action);
  const mismatch = asked ? storeMismatch(asked, answer.message['order']) : null;
  return mismatch ? { ...answer, message: null, error: mismatch } : answer;
}
