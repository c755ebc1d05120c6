import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '../../../db/client.ts';
import { requestTrack } from '../../../features/orders/orders.server.ts';
import { shopperKey } from '../../../features/platform/shopper.server.ts';
import { jsonError, parseQuery } from '../../../lib/http/json.ts';
import { findBuyerApp } from '../../../ondc/runtime.server.ts';

const querySchema = z.object({ order_id: z.string().min(1, 'order_id is required').max(40) });

/** GET /ondc/order/track?order_id → {status, data: {message_id}}: asks the seller where the rider is (ONDC track); the client polls fetchMessage?type=track. */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const query = parseQuery(url, querySchema);
  if (!query.ok) return query.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  if (!shopper) return jsonError(404, 'No such order');
  const app = findBuyerApp();
  if (!app) return jsonError(503, 'The store network is not reachable right now');
  const outcome = await requestTrack(getDatabase(), app, shopper, query.data.order_id);
  if (!outcome.ok) return outcome.status === 404 ? jsonError(404, outcome.message) : Response.json({ status: 'NACK', error: { message: outcome.message } }, { status: 502 });
  return Response.json({ status: 'ACK', data: { message_id: outcome.messageId } });
};
