import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { confirmRequestSchema } from '#/features/payment/payment.ts';
import { confirmOrder } from '#/features/payment/confirm.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError, parseJsonBody } from '#/lib/http/json.ts';
import { findBuyerApp } from '#/ondc/runtime.server.ts';

/** POST /ondc/confirm → {status: 'ACK', data: {message_id, order_id}}; repeating it answers the same order. */
export const POST: APIRoute = async ({ request, cookies, locals }) => {
  const body = await parseJsonBody(request, confirmRequestSchema);
  if (!body.ok) return body.response;
  const app = findBuyerApp();
  if (!app) return jsonError(503, 'The store network is not reachable right now');
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  if (!shopper) return jsonError(404, 'Unknown payment');
  const outcome = await confirmOrder(getDatabase(), app, shopper, body.data);
  if (!outcome.ok) {
    return Response.json(
      { status: outcome.status === 502 ? 'NACK' : 'FAILURE', error: { message: outcome.message, ...(outcome.code ? { code: outcome.code } : {}) } },
      { status: outcome.status },
    );
  }
  return Response.json({ status: 'ACK', data: { message_id: outcome.messageId, order_id: outcome.orderId } });
};
