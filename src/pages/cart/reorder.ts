import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { orderPath } from '#/features/orders/paths.ts';
import { reorderRequestSchema } from '#/features/orders/reorder.ts';
import { orderAgain } from '#/features/orders/reorder.server.ts';
import { recordShopperEvent } from '#/features/analytics/page-view.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError, parseJsonBody } from '#/lib/http/json.ts';
import { cartPageWithError, readForm, seeOther } from './_forms.ts';

/**
 * "Order again" (issue 29) on a delivered or cancelled order: its items that are still sold go
 * back into the cart, and the shopper lands on /cart, which names what did not come back. The
 * order page's form posts here without JavaScript; a JSON body gets the cart answer instead.
 * Another shopper's order is none (404).
 */
export const POST: APIRoute = async ({ request, cookies, locals }) => {
  const isForm = (request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded');
  if (isForm) {
    const form = await readForm(request, reorderRequestSchema);
    const shopper = shopperKey(cookies, locals.userId, { create: false });
    if (!form) return seeOther(cartPageWithError('BAD_REQUEST'));
    if (!shopper) return seeOther(orderPath(form.order_id));
    const outcome = await orderAgain(getDatabase(), shopper, form.order_id, { replace: form.replace === '1' });
    if (outcome.ok) {
      recordShopperEvent('reorder', shopper, { order_id: form.order_id, lines: outcome.added, via: 'form' }, locals.sessionId || null);
      return seeOther(`/cart?reorder=${encodeURIComponent(form.order_id)}`);
    }
    if (outcome.code === 'NOT_FOUND') return seeOther(orderPath(form.order_id));
    if (outcome.code === 'NOT_OVER') return seeOther(`${orderPath(form.order_id)}&notice=reorder-not-over`);
    if (outcome.code === 'PROVIDER_MISMATCH') return seeOther(`${orderPath(form.order_id)}&notice=reorder-replace`);
    return seeOther(cartPageWithError(outcome.code));
  }
  const parsed = await parseJsonBody(request, reorderRequestSchema);
  if (!parsed.ok) return parsed.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  if (!shopper) return jsonError(404, 'No such order');
  const outcome = await orderAgain(getDatabase(), shopper, parsed.data.order_id, { replace: parsed.data.replace === '1' });
  if (!outcome.ok) return Response.json({ status: 'FAILURE', data: [], error: { message: outcome.message, code: outcome.code } }, { status: outcome.status });
  recordShopperEvent('reorder', shopper, { order_id: parsed.data.order_id, lines: outcome.added, via: 'json' }, locals.sessionId || null);
  return Response.json({ status: 'SUCCESS', data: outcome.cart ? [outcome.cart] : [], added: outcome.added, error: null });
};
