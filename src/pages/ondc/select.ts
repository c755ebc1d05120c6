import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { selectRequestSchema } from '#/features/checkout/select.ts';
import { sendSelect } from '#/features/checkout/select.server.ts';
import { USER_BLACKLISTED_MESSAGE, isUserBlacklisted, readUserBlacklist } from '#/features/platform/blacklist.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError, parseJsonBody } from '#/lib/http/json.ts';
import { findBuyerApp } from '#/ondc/runtime.server.ts';

/** SPEC §7.3 POST /ondc/select → {status: 'ACK', data: {message_id}}. */
export const POST: APIRoute = async ({ request, cookies, locals }) => {
  const body = await parseJsonBody(request, selectRequestSchema);
  if (!body.ok) return body.response;
  if (isUserBlacklisted(locals.userId, readUserBlacklist(process.env))) return jsonError(403, USER_BLACKLISTED_MESSAGE, { redirect: '/user-blacklist' });
  const app = findBuyerApp();
  if (!app) return jsonError(503, 'The store network is not reachable right now');
  const shopper = shopperKey(cookies, locals.userId, { create: true });
  if (!shopper) return jsonError(400, 'No shopper session');
  const outcome = await sendSelect(getDatabase(), app, shopper, body.data);
  if (!outcome.ok) {
    return Response.json(
      {
        status: outcome.status === 502 ? 'NACK' : 'FAILURE',
        error: { message: outcome.message, ...(outcome.code ? { code: outcome.code } : {}), ...(outcome.shortfall ? { shortfall: outcome.shortfall } : {}) },
      },
      { status: outcome.status },
    );
  }
  return Response.json({ status: 'ACK', data: { message_id: outcome.messageId, transaction_id: outcome.transactionId } });
};
