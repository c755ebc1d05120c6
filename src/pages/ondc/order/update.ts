import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { z } from 'zod';
import { cancelRequestSchema, ORDER_UPDATE_MESSAGES } from '#/features/orders/orders.ts';
import { requestCancel } from '#/features/orders/orders.server.ts';
import { returnRequestSchema } from '#/features/orders/returns.ts';
import { requestReturn } from '#/features/orders/returns.server.ts';
import { recordShopperEvent } from '#/features/analytics/page-view.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { readFormOrJson } from '#/lib/http/form-or-json.ts';
import { jsonError } from '#/lib/http/json.ts';
import { findBuyerApp } from '#/ondc/runtime.server.ts';
import { orderPath } from '#/features/orders/paths.ts';

const updateSchema = z.discriminatedUnion('type', [cancelRequestSchema, returnRequestSchema], { error: 'type must be cancel or return' });

/**
 * SPEC §7.4 POST /ondc/order/update {type, ...}: a cancel or a return goes to the seller signed;
 * ACK is 'Your request is submitted succesfully', anything else 'Failed to cancel order' or
 * 'Failed to return order'. The order page's cancel form posts here too (no JavaScript needed)
 * and is sent back to the order with the outcome.
 */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const parsed = await readFormOrJson(request, updateSchema);
  if (!parsed.ok) return parsed.response;
  const isForm = parsed.isForm;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  if (!shopper) return jsonError(404, 'No such order');
  const app = findBuyerApp();
  if (!app) return jsonError(503, 'The store network is not reachable right now');
  if (parsed.data.type === 'return') {
    const returned = await requestReturn(getDatabase(), app, shopper, parsed.data);
    if (returned.ok === false && returned.status === 404) return jsonError(404, 'No such order');
    if (!returned.ok)
      return Response.json({ status: 'NACK', error: { message: ORDER_UPDATE_MESSAGES.returnFailed, details: returned.message } }, { status: returned.status });
    recordShopperEvent('return_request', shopper, {
      order_id: parsed.data.order_id,
      reason_id: parsed.data.reason_id,
      items: parsed.data.items.length,
      photos: parsed.data.photo_ids.length,
    });
    return Response.json({
      status: 'ACK',
      message: ORDER_UPDATE_MESSAGES.submitted,
      state: 'return_request_submitted',
      data: { message_id: returned.messageId },
    });
  }
  const outcome = await requestCancel(getDatabase(), app, shopper, parsed.data.order_id, parsed.data.reason_id);
  if (outcome.ok === false && outcome.status === 404) return jsonError(404, 'No such order');
  if (outcome.ok) recordShopperEvent('cancel_request', shopper, { order_id: parsed.data.order_id, reason_id: parsed.data.reason_id });
  if (isForm) return redirect(`${orderPath(parsed.data.order_id)}&notice=${outcome.ok ? 'submitted' : 'failed'}`, 303);
  if (!outcome.ok)
    return Response.json({ status: 'NACK', error: { message: ORDER_UPDATE_MESSAGES.cancelFailed, details: outcome.message } }, { status: outcome.status });
  return Response.json({ status: 'ACK', message: ORDER_UPDATE_MESSAGES.submitted, state: 'cancel_request_submitted', data: { message_id: outcome.messageId } });
};
