import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { recordShopperEvent } from '#/features/analytics/page-view.server.ts';
import { orderPath } from '#/features/orders/paths.ts';
import { rateOrderSchema } from '#/features/orders/ratings.ts';
import { rateOrder, type RateOutcome } from '#/features/orders/ratings.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { readFormOrJson } from '#/lib/http/form-or-json.ts';
import { jsonError } from '#/lib/http/json.ts';
import { findBuyerApp } from '#/ondc/runtime.server.ts';

/** The order page's notice for each outcome of its rating form. */
function noticeOf(outcome: RateOutcome): string {
  if (outcome.ok) return 'rated';
  return outcome.reason === 'already-rated' ? 'already-rated' : 'rating-failed';
}

/**
 * POST /ondc/order/rating {order_id, ratings: [{rating_category, id, value 1–5, comment?}]}: the
 * shopper's stars for their delivered order, each sent to the seller as an ONDC rating. The order
 * page's form posts here too (no JavaScript needed) and is sent back to the order with the outcome;
 * the form's fields with `Accept: application/json` are answered in JSON.
 */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const parsed = await readFormOrJson(request, rateOrderSchema);
  if (!parsed.ok) return parsed.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  if (!shopper) return jsonError(404, 'No such order');
  const app = findBuyerApp();
  if (!app) return jsonError(503, 'The store network is not reachable right now');
  const { order_id: orderId, ratings } = parsed.data;
  const outcome = await rateOrder(getDatabase(), app, shopper, parsed.data);
  if (!outcome.ok && outcome.status === 404) return jsonError(404, 'No such order');
  if (outcome.ok)
    recordShopperEvent('order_rated', shopper, { order_id: orderId, ratings: ratings.map((r) => ({ category: r.rating_category, value: r.value })) });
  // The page's form comes back to the order; its script, asking for JSON, is answered like any client.
  const fromPage = parsed.isForm && !(request.headers.get('accept') ?? '').includes('application/json');
  if (fromPage) return redirect(`${orderPath(orderId)}&notice=${noticeOf(outcome)}#rating`, 303);
  if (!outcome.ok) return Response.json({ status: 'NACK', error: { message: outcome.message, reason: outcome.reason } }, { status: outcome.status });
  return Response.json({ status: 'ACK', data: { order_id: orderId, ratings: outcome.ratings } });
};
