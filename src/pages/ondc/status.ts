import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { statusQuerySchema } from '#/features/checkout/init.ts';
import { initStatus } from '#/features/checkout/init.server.ts';
import { POLL_HOLD_MS } from '#/features/checkout/poll.ts';
import { confirmStatus } from '#/features/payment/confirm.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';

/** SPEC §7.3 GET /ondc/status?type=init&message_id → {error, order_status, onInitTotalPrice}; type=confirm → {order_status, order_id, error}. */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const query = parseQuery(url, statusQuerySchema);
  if (!query.ok) return query.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  if (!shopper) return jsonError(404, 'No such message');
  const { type, message_id: messageId } = query.data;
  const status =
    type === 'init'
      ? await initStatus(getDatabase(), shopper, messageId, POLL_HOLD_MS, query.data.burn_coins === '1')
      : await confirmStatus(getDatabase(), shopper, messageId, POLL_HOLD_MS);
  if (!status) return jsonError(404, 'No such message');
  return Response.json(status);
};
