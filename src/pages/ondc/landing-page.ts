import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { GROCERY_CATEGORIES } from '#/features/catalogue/categories.ts';
import { landingProvidersSchema, landingStaticSchema } from '#/features/catalogue/catalogue.ts';
import { popularBrands, providersNear } from '#/features/catalogue/catalogue.server.ts';
import { OFFER_CARD_TEMPLATES, offerTemplateFor } from '#/features/catalogue/home.ts';
import { NO_PINCODE_MESSAGE, shopperPlace } from '#/features/catalogue/place.server.ts';
import { isUserBlacklisted, readUserBlacklist } from '#/features/platform/blacklist.ts';
import { jsonError, parseJsonBody } from '#/lib/http/json.ts';

/**
 * SPEC §7.2 POST /ondc/landing-page?type=static (offer banners, categories, brands) and
 * ?type=provider (stores delivering to the shopper, paginated). Both need a pincode (SPEC §5).
 */
export const POST: APIRoute = async ({ url, request, cookies, locals }) => {
  const type = url.searchParams.get('type');
  if (type !== 'static' && type !== 'provider') return jsonError(400, 'type must be static or provider');
  const place = shopperPlace(request, cookies);
  const database = getDatabase();
  if (type === 'static') {
    const body = await parseJsonBody(request, landingStaticSchema);
    if (!body.ok) return body.response;
    if (!place.known) return jsonError(400, NO_PINCODE_MESSAGE);
    const [stores, brands] = await Promise.all([
      providersNear(database, place, { quickFilters: ['offer'], sort: 'discount', limit: 5, page: 0 }),
      popularBrands(database, place),
    ]);
    const banners = stores.data.map((store) => {
      const template = OFFER_CARD_TEMPLATES[offerTemplateFor(`${store.name} ${store.cuisines.join(' ')}`)];
      return {
        ...template,
        providerId: store.id,
        locationId: store.locationId,
        text: store.offers[0]?.text ?? `${store.bestDiscountPercent}% off`,
        providerName: store.name,
      };
    });
    return Response.json({ widget: body.data.widget, data: { banners, categories: GROCERY_CATEGORIES, brands } });
  }
  const body = await parseJsonBody(request, landingProvidersSchema);
  if (!body.ok) return body.response;
  if (!place.known) return jsonError(400, NO_PINCODE_MESSAGE);
  // SPEC §6: the home provider response carries isUserBlacklisted.
  const isBlacklisted = isUserBlacklisted(locals.userId, readUserBlacklist(process.env));
  return Response.json({ ...(await providersNear(database, place, body.data)), isUserBlacklisted: isBlacklisted });
};
