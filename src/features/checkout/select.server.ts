// POST /ondc/select: the SPEC §3 select request, checked against our catalogue (the client names
// a seller; where that seller lives comes from our records, never from the request), sent signed
// to the seller as ONDC `select`.
import { randomUUID } from 'node:crypto';
import type { Database } from '#/db/client.ts';
import { itemTerms, storeListing } from '#/features/catalogue/catalogue.server.ts';
import { sendRequest } from '#/ondc/bap.server.ts';
import { servedCityCode } from '#/ondc/cities.ts';
import { coreVersionSchema, type CoreVersion } from '#/ondc/context.ts';
import { TRANSACTION_LIFETIME_MS, transactionOwner } from '#/ondc/message-store.server.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { minCartShortfallRupees } from '#/features/cart/cart.ts';
import { minCartMessage, NO_ADDRESS_MESSAGE, type SelectRequest } from './select.ts';
import { newTransactionId } from './transaction.ts';
import { readUiConfig } from '#/features/platform/ui-config.ts';
import { checkoutCart, recordRequestLines } from './session.server.ts';
import { clientCopy } from './session.ts';
import { wireGps } from '#/ondc/gps.ts';
import { dishLineFields } from './dish-lines.ts';
import { chosenStoreOffer } from './offers.server.ts';
import { offerRequest } from './store-offers.ts';
import { storeClosedMessage, storeOpenNow } from '#/features/catalogue/store-hours.ts';
import { storeHoursNow } from '#/features/catalogue/store-clock.ts';

export type CheckoutFailure = { ok: false; status: 400 | 404 | 409 | 422 | 502; message: string; code?: string | undefined; shortfall?: number };
export type SelectOutcome = { ok: true; messageId: string; transactionId: string } | CheckoutFailure;

/** `cancelsIfShort`: the store places no order it cannot supply whole when the shopper asks so (issue 29). */
export type CheckedStore = { ok: true; city: string; bppUri: string; locationId: string; cancelsIfShort: boolean; coreVersion: CoreVersion };

/**
 * What select and init both check before any network call: the city is served, the store and its
 * items are ours, and (SPEC §5) the cart reaches the store's minimum value.
 */
export async function checkStore(
  database: Database,
  request: { ondcCity: string; bppId: string; providerId: string; items: ReadonlyArray<{ id: string; quantity: number }> },
): Promise<CheckedStore | CheckoutFailure> {
  const city = servedCityCode(request.ondcCity);
  if (!city) return { ok: false, status: 400, message: `We do not deliver in ${request.ondcCity} yet` };

  const provider = await storeListing(database, request);
  if (!provider) return { ok: false, status: 404, message: 'This store is no longer on the network' };
  // SPEC §8 order-level errors (issue 28): a closed store is not asked for a quote it would refuse.
  const open = storeOpenNow(provider, storeHoursNow());
  if (open.state !== 'STORE_OPEN')
    return { ok: false, status: 409, code: open.state, message: storeClosedMessage(open.opensAt, provider.domain === 'ONDC:RET11' ? 'food' : 'retail') };

  const skus = [...new Set(request.items.map((i) => i.id))];
  const known = await itemTerms(database, request, skus);
  const missing = skus.filter((sku) => !known.some((k) => k.item_id === sku));
  if (missing.length > 0) return { ok: false, status: 400, message: `Unknown item ${missing[0]} for this store` };

  // SPEC §5 minimum cart value, priced from our catalogue (never from the request). No warehouse
  // is whitelisted on this storefront.
  const itemTotalPaise = request.items.reduce((total, item) => total + (known.find((k) => k.item_id === item.id)?.price_paise ?? 0) * item.quantity, 0);
  const shortfall = minCartShortfallRupees({ minCartValueRequiredPaise: provider.min_order_paise, itemTotalPaise, warehouseWhitelisted: false });
  if (shortfall !== null) return { ok: false, status: 422, message: minCartMessage(shortfall), code: 'MIN_CART_VALUE', shortfall };
  return {
    ok: true,
    city,
    bppUri: provider.bpp_uri,
    locationId: provider.location_id,
    cancelsIfShort: provider.cancels_if_short,
    coreVersion: coreVersionSchema.catch('1.2.0').parse(provider.core_version),
  };
}

export async function sendSelect(database: Database, app: BuyerApp, shopper: string, request: SelectRequest): Promise<SelectOutcome> {
  if (!request.address) return { ok: false, status: 400, message: NO_ADDRESS_MESSAGE };
  // Issue 23: what is ordered is the shopper's server cart; the client's copy is only compared.
  const session = await checkoutCart(database, shopper, clientCopy(request));
  if (!session.ok) return session;
  const { cart, items } = session;
  const store = await checkStore(database, { ondcCity: request.ondcCity, bppId: cart.cart_metadata.bpp_id, providerId: cart.provider_id, items });
  if (!store.ok) return store;

  const transactionId = request.transaction_id ?? newTransactionId(readUiConfig(process.env));
  const owner = await transactionOwner(database, transactionId);
  if (owner && owner.shopper_key !== shopper) return { ok: false, status: 404, message: 'Unknown transaction' };

  const storeOffer = await chosenStoreOffer(database, transactionId, { bppId: cart.cart_metadata.bpp_id, providerId: cart.provider_id });
  const messageId = randomUUID();
  await recordRequestLines(database, { messageId, transactionId, action: 'select', cart });
  const sent = await sendRequest(database, app, {
    messageId,
    action: 'select',
    url: store.bppUri,
    domain: session.domain,
    city: store.city,
    transactionId,
    shopperKey: shopper,
    bppId: cart.cart_metadata.bpp_id,
    bppUri: store.bppUri,
    catalogueCoreVersion: store.coreVersion,
    lifetimeMs: TRANSACTION_LIFETIME_MS.select,
    message: {
      order: {
        provider: { id: cart.provider_id, locations: [{ id: store.locationId }] },
        // Issue 28: the store's advertised offer the shopper chose; the seller's quote carries its discount.
        ...(storeOffer ? { offers: offerRequest(storeOffer) } : {}),
        items: items.map((item) => ({
          id: item.id,
          location_id: item.location_id,
          quantity: { count: item.quantity },
          ...dishLineFields(session.domain, item.id, { parent_item_id: item.parent_item_id, tags: item.tags }),
        })),
        fulfillments: [
          {
            // Issue 29: a window the store offered, when the shopper chose one.
            ...(request.fulfillment_id ? { id: request.fulfillment_id, type: 'Delivery' } : {}),
            end: {
              location: {
                ...(request.lat_long ? { gps: wireGps(request.lat_long) } : {}),
                address: { area_code: request.address.area_code },
              },
            },
          },
        ],
      },
    },
  });
  if (sent.ack !== 'ACK') {
    return { ok: false, status: 502, message: sent.error?.message ?? 'The store refused the request', code: sent.error?.code };
  }
  return { ok: true, messageId: sent.messageId, transactionId };
}
