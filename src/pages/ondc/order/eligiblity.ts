import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { eligibilityQuerySchema } from '#/features/orders/orders.ts';
import { findOrderDetail } from '#/features/orders/orders.server.ts';
import { returnEligibility } from '#/features/orders/returns.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';

/**
 * SPEC §7.4 GET /ondc/order/eligiblity?order_id&type (the SPEC's spelling): may this order be
 * cancelled now, or which of its items may go back, how many, and for which reasons.
 */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const query = parseQuery(url, eligibilityQuerySchema);
  if (!query.ok) return query.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  const database = getDatabase();
  const order = shopper ? await findOrderDetail(database, shopper, query.data.order_id) : null;
  if (!order) return jsonError(404, 'No such order');
  if (query.data.type === 'return') {
    const eligibility = await returnEligibility(database, order);
    return Response.json({
      type: 'return',
      order_id: order.orderId,
      eligible: eligibility.eligible,
      ...(eligibility.reason ? { reason: eligibility.reason } : {}),
      items: eligibility.items.map((item) => ({ item_id: item.itemId, title: item.title, quantity: item.quantity, reasons: item.reasons })),
    });
  }
  return Response.json({ type: 'cancel', order_id: order.orderId, ...order.eligibility.cancel });
};
