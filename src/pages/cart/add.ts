import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { servedCityCode } from '#/ondc/cities.ts';
import { addOne, cartAnswer } from '#/features/cart/cart.server.ts';
import { addFormSchema } from '#/features/cart/payload.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { recordShopperEvent } from '#/features/analytics/page-view.server.ts';
import { backTo, cartPageWithError, readForm, seeOther } from './_forms.ts';

const BAD_FORM = { ok: false, status: 400, code: 'BAD_REQUEST', message: 'This is not an add-to-cart form', cart: null } as const;

/**
 * The add-to-cart form without JS (AddToCart.astro): adds one and answers 303 back to the page.
 * An item of another provider goes to the cart page, which asks before replacing the cart.
 * The same form posted by the page's first tap, before its island is live (instant-add.ts), asks
 * for JSON: it gets the cart answer of SPEC §7.3 instead, with the offers the islands show.
 */
export const POST: APIRoute = async ({ request, url, cookies, locals }) => {
  const json = request.headers.get('accept') === 'application/json';
  const form = await readForm(request, addFormSchema);
  if (!form || !servedCityCode(form.city)) return json ? cartAnswer(BAD_FORM) : seeOther(cartPageWithError('BAD_REQUEST'));
  const shopper = shopperKey(cookies, locals.userId, { create: true });
  if (!shopper) return json ? cartAnswer(BAD_FORM) : seeOther(cartPageWithError('BAD_REQUEST'));
  const { bppId, providerId, locationId, itemId } = form;
  const result = await addOne(getDatabase(), shopper, { bppId, providerId, locationId, itemId }, { replace: form.replace === '1', offer: json });
  if (result.ok) recordShopperEvent('add_to_cart', shopper, { item_id: itemId, provider_id: providerId, via: json ? 'tap' : 'form' }, locals.sessionId || null);
  if (json) return cartAnswer(result);
  if (result.ok) return seeOther(form.replace === '1' ? '/cart' : backTo(request, url));
  if (result.code === 'PROVIDER_MISMATCH') {
    const change = new URLSearchParams({ change: '1', city: form.city, bppId, providerId, locationId, itemId });
    return seeOther(`/cart?${change}`);
  }
  return seeOther(cartPageWithError(result.code));
};
