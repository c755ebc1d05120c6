import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { servedCityCode } from '#/ondc/cities.ts';
import { clearCityCart, setLineQuantity } from '#/features/cart/cart.server.ts';
import { lineFormSchema } from '#/features/cart/payload.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { cartPageWithError, readForm, seeOther } from './_forms.ts';

/** The cart page's forms without JS: set a line's quantity (0 removes it), or clear the cart. */
export const POST: APIRoute = async ({ request, cookies, locals }) => {
  const form = await readForm(request, lineFormSchema);
  const city = form ? servedCityCode(form.city) : undefined;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  if (!form || !city) return seeOther(cartPageWithError('BAD_REQUEST'));
  if (!shopper) return seeOther(cartPageWithError('CART_NOT_FOUND'));
  if (form.intent === 'clear') {
    await clearCityCart(getDatabase(), shopper, city);
    return seeOther('/cart');
  }
  const result = await setLineQuantity(getDatabase(), shopper, city, form.lineId, form.quantity);
  return seeOther(result.ok ? '/cart' : cartPageWithError(result.code));
};
