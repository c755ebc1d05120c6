import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { servedCityCode } from '#/ondc/cities.ts';
import { cartAnswer, readCart, updateCart } from '#/features/cart/cart.server.ts';
import { cartQuerySchema, cartUpdateSchema } from '#/features/cart/payload.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { parseJsonBody, parseQuery } from '#/lib/http/json.ts';

/** SPEC §7.3 GET /ondc/cart?cityName=&offer= → {status, data: [cart], error}. */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const query = parseQuery(url, cartQuerySchema);
  if (!query.ok) return query.response;
  const city = servedCityCode(query.data.cityName);
  if (!city) return cartAnswer({ ok: false, status: 400, code: 'UNKNOWN_CITY', message: `We do not deliver in ${query.data.cityName} yet`, cart: null });
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  const cart = await readCart(getDatabase(), shopper, city, { offer: query.data.offer === '1' });
  return cartAnswer({ ok: true, cart });
};

/** SPEC §7.3 POST /ondc/cart with a SPEC §3 cart update payload; FAILURE on failure. */
export const POST: APIRoute = async ({ request, url, cookies, locals }) => {
  const body = await parseJsonBody(request, cartUpdateSchema);
  if (!body.ok) return body.response;
  const adds = body.data.action === 'UPDATE_ITEM' || body.data.action === 'CREATE_CART';
  const shopper = shopperKey(cookies, locals.userId, { create: adds });
  if (!shopper) return cartAnswer({ ok: false, status: 404, code: 'CART_NOT_FOUND', message: 'You have no cart yet', cart: null });
  return cartAnswer(await updateCart(getDatabase(), shopper, body.data, { offer: url.searchParams.get('offer') === '1' }));
};
