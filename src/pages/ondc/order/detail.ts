import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { findOrderDetail, orderViewAfter, refreshStatus, type OrderDetail } from '#/features/orders/orders.server.ts';
import { statusLabel } from '#/features/orders/orders.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';
import { findBuyerApp } from '#/ondc/runtime.server.ts';

const querySchema = z.object({
  order_id: z.string().min(1, 'order_id is required').max(40),
  refresh: z.enum(['1']).optional(),
  seen: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'seen is the version of the order a page shows')
    .optional(),
});

/**
 * The open order page's live view: the order as we know it, with its `version`, and with refresh=1
 * a `status` asked of the seller (its on_status lands through /bap). Given `seen`, the version the
 * page shows, the answer waits for the next seller's word about the order (or a few seconds).
 */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const query = parseQuery(url, querySchema);
  if (!query.ok) return query.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  const database = getDatabase();
  const order = shopper ? await findOrderDetail(database, shopper, query.data.order_id) : null;
  if (!shopper || !order) return jsonError(404, 'No such order');
  const app = findBuyerApp();
  if (query.data.refresh && app && order.status !== 'delivered' && order.status !== 'cancelled') await refreshStatus(database, app, shopper, order);
  const view = await orderViewAfter(database, order.orderId, query.data.seen, async () => {
    const now = await findOrderDetail(database, shopper, order.orderId);
    return now && orderView(now);
  });
  if (!view) return jsonError(404, 'No such order');
  return Response.json(view, { headers: { 'cache-control': 'no-store' } });
};

function orderView(order: OrderDetail) {
  return {
    order_id: order.orderId,
    status: order.status,
    status_label: statusLabel(order.status),
    events: order.events,
    cancel_pending: order.cancelPending,
    cancel_error: order.cancelError,
    refund_initiated: order.refundInitiatedAt ? { timestamp: order.refundInitiatedAt } : null,
    refunds: order.refunds.map((r) => ({ amount: r.amountPaise / 100, status: r.status, at: r.at })),
    cash_due: order.cashDuePaise === null ? null : order.cashDuePaise / 100,
    cancellation: order.cancellation
      ? { cancelled_by: order.cancellation.byStore ? 'store' : 'you', reason_id: order.cancellation.reasonId, reason: order.cancellation.reason }
      : null,
    rto_state: order.rtoState,
    store_cancelled: order.storeCancelled.map((u) => ({ item_id: u.itemId, title: u.title, quantity: u.quantity, reason: u.reason })),
    return_state: order.returnState,
    return_error: order.returnError,
    eligibility: order.eligibility,
  };
}
