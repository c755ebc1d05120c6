import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase, type Database } from '#/db/client.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';
import { findBuyerApp, type BuyerApp } from '#/ondc/runtime.server.ts';

const querySchema = z.object({ order_id: z.string().min(1, 'order_id is required').max(40) });

type Ask = (
  database: Database,
  app: BuyerApp,
  shopper: string,
  orderId: string,
) => Promise<{ ok: true; messageId: string } | { ok: false; status: 404 | 502; message: string }>;

/**
 * GET ?order_id → {status, data: {message_id}}: sends one of the shopper's questions about an order
 * to its seller; the client polls fetchMessage for the answer. Another shopper's order is a 404.
 */
export function askSellerRoute(ask: Ask): APIRoute {
  return async ({ url, cookies, locals }) => {
    const query = parseQuery(url, querySchema);
    if (!query.ok) return query.response;
    const shopper = shopperKey(cookies, locals.userId, { create: false });
    if (!shopper) return jsonError(404, 'No such order');
    const app = findBuyerApp();
    if (!app) return jsonError(503, 'The store network is not reachable right now');
    const outcome = await ask(getDatabase(), app, shopper, query.data.order_id);
    if (!outcome.ok)
      return outcome.status === 404 ? jsonError(404, outcome.message) : Response.json({ status: 'NACK', error: { message: outcome.message } }, { status: 502 });
    return Response.json({ status: 'ACK', data: { message_id: outcome.messageId } });
  };
}
