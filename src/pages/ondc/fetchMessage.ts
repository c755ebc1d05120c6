import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { waitForAnswer } from '#/ondc/message-store.server.ts';
import { POLL_HOLD_MS } from '#/features/checkout/poll.ts';
import { selectChecked } from '#/features/checkout/session.server.ts';
import { vetStore } from '#/features/checkout/seller-answer.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';

const querySchema = z.object({
  type: z.enum(['select', 'init', 'confirm', 'status', 'cancel', 'update', 'track', 'support']),
  message_id: z.string().min(1).max(100),
  /** Select only: the payable lines with the shopper's coins burned (SPEC §5). */
  burn_coins: z.enum(['0', '1']).optional(),
});

/** SPEC §7.3/§7.4: the seller's answer to one of this shopper's requests, or not yet. */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const query = parseQuery(url, querySchema);
  if (!query.ok) return query.response;
  const owner = shopperKey(cookies, locals.userId, { create: false });
  if (!owner) return jsonError(404, 'No such message');
  const waited = await waitForAnswer(getDatabase(), {
    messageId: query.data.message_id,
    action: query.data.type,
    shopperKey: owner,
    waitMs: POLL_HOLD_MS,
  });
  const answer = await vetStore(getDatabase(), query.data.message_id, query.data.type, waited);
  switch (answer.state) {
    case 'unknown':
      return jsonError(404, 'No such message');
    case 'pending':
      return Response.json({ status: 'PENDING', message: null, messageId: query.data.message_id });
    case 'refused':
      return Response.json({
        status: 'NACK',
        context: null,
        message: { ack: { status: 'NACK' } },
        error: { code: answer.error.code, message: answer.error.message },
      });
    case 'answered':
      return Response.json({
        status: 'SUCCESS',
        context: answer.context,
        message: { ack: { status: 'ACK' }, ...answer.message },
        error: answer.error,
        late: answer.late,
        // Issue 23: the SPEC §5 quote checks and the payable lines, worked out here; the island only shows them.
        ...(query.data.type === 'select'
          ? {
              checkout: await selectChecked(
                getDatabase(),
                owner,
                { messageId: query.data.message_id, transactionId: answer.context.transaction_id, order: answer.message?.['order'] ?? null },
                { burnCoins: query.data.burn_coins === '1', locale: locals.locale },
              ),
            }
          : {}),
      });
  }
};
