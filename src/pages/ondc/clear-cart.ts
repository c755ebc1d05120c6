import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { cartAnswer, updateCart } from '#/features/cart/cart.server.ts';
import { clearCartSchema } from '#/features/cart/payload.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { parseJsonBody } from '#/lib/http/json.ts';

/** SPEC §7.3 POST /ondc/clear-cart {action: CLEAR_CART, cart_reference_id}. */
export const POST: APIRoute = async ({ request, cookies, locals }) => {
  const body = await parseJsonBody(request, clearCartSchema);
  if (!body.ok) return body.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  if (!shopper) return cartAnswer({ ok: false, status: 404, code: 'CART_NOT_FOUND', message: 'You have no cart yet', cart: null });
  return cartAnswer(await updateCart(getDatabase(), shopper, body.data));
};
