import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { latestQuoted, payableFor, payableView } from '#/features/checkout/session.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';
import { transactionOwner } from '#/ondc/message-store.server.ts';

const querySchema = z.object({
  transaction_id: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'Expected a transaction id'),
  burn_coins: z.enum(['0', '1']).default('0'),
});

/**
 * Issue 23: the checkout summary as the server works it out (payable() of the seller's latest
 * quote, the applied offer and the coins), redrawn after a coupon or a coin choice.
 */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const query = parseQuery(url, querySchema);
  if (!query.ok) return query.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  const owner = shopper ? await transactionOwner(getDatabase(), query.data.transaction_id) : undefined;
  if (!shopper || owner?.shopper_key !== shopper) return jsonError(404, 'Unknown transaction');
  const at = await latestQuoted(getDatabase(), shopper, query.data.transaction_id);
  const due = at ? await payableFor(getDatabase(), shopper, query.data.transaction_id, at, query.data.burn_coins === '1') : null;
  if (!due) return jsonError(409, 'There is no quote for this cart yet. Please retry');
  return Response.json({ status: 'SUCCESS', data: payableView(due) });
};
