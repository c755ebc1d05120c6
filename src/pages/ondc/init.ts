import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { initRequestSchema } from '#/features/checkout/init.ts';
import { sendInit } from '#/features/checkout/init.server.ts';
import { transactionShopper } from '#/features/platform/shopper.server.ts';
import { jsonError, parseJsonBody } from '#/lib/http/json.ts';
import { findBuyerApp } from '#/ondc/runtime.server.ts';

/** SPEC §7.3 POST /ondc/init → {status: 'ACK', data: {message_id}}. */
export const POST: APIRoute = async ({ request, cookies, locals }) => {
  const body = await parseJsonBody(request, initRequestSchema);
  if (!body.ok) return body.response;
  const app = findBuyerApp();
  if (!app) return jsonError(503, 'The store network is not reachable right now');
  const shopper = transactionShopper(cookies, locals.userId);
  if (shopper instanceof Response) return shopper;
  const outcome = await sendInit(getDatabase(), app, shopper, body.data);
  if (!outcome.ok) {
    return Response.json(
      { status: outcome.status === 502 ? 'NACK' : 'FAILURE', error: { message: outcome.message, ...(outcome.code ? { code: outcome.code } : {}) } },
      { status: outcome.status },
    );
  }
  return Response.json({ status: 'ACK', data: { message_id: outcome.messageId, transaction_id: outcome.transactionId } });
};
