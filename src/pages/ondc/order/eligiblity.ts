import type { APIRoute } from 'astro';
import { getDatabase } from '../../../db/client.ts';
import { eligibilityQuerySchema } from '../../../features/orders/orders.ts';
import { findOrderDetail } from '../../../features/orders/orders.server.ts';
import { shopperKey } from '../../../features/platform/shopper.server.ts';
import { jsonError, parseQuery } from '../../../lib/http/json.ts';

/** SPEC §7.4 GET /ondc/order/eligiblity?order_id&type (the SPEC's spelling): may this order be cancelled now? */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const query = parseQuery(url, eligibilityQuerySchema);
  if (!query.ok) return query.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  const order = shopper ? await findOrderDetail(getDatabase(), shopper, query.data.order_id) : null;
  if (!order) return jsonError(404, 'No such order');
  if (query.data.type === 'return') {
    // Returns (photos, per-item quantities) are issue 10's second half: say so, never pretend.
    return Response.json({ type: 'return', order_id: order.orderId, eligible: false, reason: 'Returns cannot be requested on Kirana yet: please contact the store' });
  }
  return Response.json({ type: 'cancel', order_id: order.orderId, ...order.eligibility.cancel });
};
