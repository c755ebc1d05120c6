// Issue 23: a seller's answer to a select or init is read only after it is checked against the
// request it answers. Every reader of a quote (the polls, the summary, the coupon, the payment)
// goes through here, so a quote for another store can be neither shown nor charged.
import type { Queryable } from '#/db/client.ts';
import type { StoredAnswer } from '#/ondc/message-store.server.ts';
import { sentMessage } from '#/ondc/stored-messages.server.ts';
import { storeMismatch, type AskedStore } from './quote-check.ts';

async function askedStore(q: Queryable, messageId: string, action: 'select' | 'init'): Promise<AskedStore | null> {
  const order = (await sentMessage(q, messageId, action))?.order as
    | { provider?: { id?: unknown; locations?: Array<{ id?: unknown }> }; items?: Array<{ location_id?: unknown }> }
    | undefined;
  const providerId = order?.provider?.id;
  if (typeof providerId !== 'string' || !providerId) return null;
  const named = [...(order?.provider?.locations ?? []).map((l) => l?.id), ...(order?.items ?? []).map((i) => i?.location_id)];
  return { providerId, locationIds: [...new Set(named.filter((id): id is string => typeof id === 'string' && id !== ''))] };
}

/** The answer as stored, or, when it names another provider or location, an error answer without its order. */
export async function vetStore(q: Queryable, messageId: string, action: string, answer: StoredAnswer): Promise<StoredAnswer> {
  if (answer.state !== 'answered' || !answer.message || (action !== 'select' && action !== 'init')) return answer;
  const asked = await askedStore(q, messageId, action);
  const mismatch = asked ? storeMismatch(asked, answer.message['order']) : null;
  return mismatch ? { ...answer, message: null, error: mismatch } : answer;
}
