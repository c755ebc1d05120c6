import type { APIRoute } from 'astro';
import { getDatabase } from '../../db/client.ts';
import { cartCityCode } from '../../features/cart/cart.ts';
import { addOne } from '../../features/cart/cart.server.ts';
import { addFormSchema } from '../../features/cart/payload.ts';
import { shopperKey } from '../../features/platform/shopper.server.ts';
import { recordShopperEvent } from '../../features/analytics/page-view.server.ts';
import { backTo, cartPageWithError, readForm, seeOther } from './_forms.ts';

/**
 * The add-to-cart form without JS (AddToCart.astro): adds one and answers 303 back to the page.
 * An item of another provider goes to the cart page, which asks before replacing the cart.
 */
export const POST: APIRoute = async ({ request, url, cookies, locals }) => {
  const form = await readForm(request, addFormSchema);
  if (!form || !cartCityCode(form.city)) return seeOther(cartPageWithError('BAD_REQUEST'));
  const shopper = shopperKey(cookies, locals.userId, { create: true });
  if (!shopper) return seeOther(cartPageWithError('BAD_REQUEST'));
  const { bppId, providerId, locationId, itemId } = form;
  const result = await addOne(getDatabase(), shopper, { bppId, providerId, locationId, itemId }, { replace: form.replace === '1' });
  if (result.ok) recordShopperEvent('add_to_cart', shopper, { item_id: itemId, provider_id: providerId, via: 'form' }, locals.sessionId || null);
  if (result.ok) return seeOther(form.replace === '1' ? '/cart' : backTo(request, url));
  if (result.code === 'PROVIDER_MISMATCH') {
    const change = new URLSearchParams({ change: '1', city: form.city, bppId, providerId, locationId, itemId });
    return seeOther(`/cart?${change}`);
  }
  return seeOther(cartPageWithError(result.code));
};
