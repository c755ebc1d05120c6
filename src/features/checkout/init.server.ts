// POST /ondc/init and GET /ondc/status?type=init: the SPEC §3 init request sent signed to the
// seller of this shopper's checkout, and its on_init read back as SPEC §7.3 init status.
import { randomUUID } from 'node:crypto';
import type { Database } from '#/db/client.ts';
import { rupeesToPaise, paiseToRupees } from '#/lib/money.ts';
import { sendRequest } from '#/ondc/bap.server.ts';
import { TRANSACTION_LIFETIME_MS, transactionOwner, waitForAnswer } from '#/ondc/message-store.server.ts';
import { sentMessage } from '#/ondc/stored-messages.server.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { BUYER_FINDER_FEE } from '#/ondc/terms.ts';
import { INIT_VALIDATION_CODES, type InitAddress, type InitRequest } from './init.ts';
import type { InitStatus } from './poll.ts';
import { quoteSchema, type Quote } from './quote-check.ts';
import { checkStore, type SelectOutcome } from './select.server.ts';
import { vetStore } from './seller-answer.server.ts';
import { checkoutCart, latestSelect, payableFor, payableView, quotedDelivery, quoteOutcome, recordRequestLines, type QuoteOutcome } from './session.server.ts';
import { clientCopy, DELIVERY_CHANGED_MESSAGE, QUOTE_STALE_MESSAGE } from './session.ts';
import { wireGps } from '#/ondc/gps.ts';
import { dishLineFields } from './dish-lines.ts';
import { chosenStoreOffer } from './offers.server.ts';
import { keepCheckoutContact } from './contact.server.ts';
import { offerRequest } from './store-offers.ts';
import { endInstructions } from './instructions.ts';
import { tipOfTags, tipTags } from '#/ondc/tip.ts';
import { ifShortTags } from '#/ondc/if-short.ts';

/** What an init asking a store for a choice it does not offer is told (issue 29). */
export const IF_SHORT_NOT_OFFERED_MESSAGE = 'This store does not cancel an order when something has run out';

/** The order's own tags (the tip, what to do if something runs out): none when it states nothing. */
const orderTags = (tags: unknown[]) => (tags.length > 0 ? { tags } : {});

function ondcAddress(address: InitAddress) {
  return {
    name: address.name,
    ...(address.door ? { door: address.door } : {}),
    ...(address.building ? { building: address.building } : {}),
    locality: address.locality,
    city: address.city,
    state: address.state,
    country: address.country,
    area_code: address.area_code,
  };
}

export async function sendInit(database: Database, app: BuyerApp, shopper: string, request: InitRequest): Promise<SelectOutcome> {
  // Only the shopper whose select started the transaction may go on with it.
  const owner = await transactionOwner(database, request.transaction_id);
  if (!owner || owner.shopper_key !== shopper) return { ok: false, status: 404, message: 'Unknown transaction' };
  // Issue 23: the order is the shopper's server cart, as the latest select quoted it; the
  // client's copy is only compared.
  const session = await checkoutCart(database, shopper, clientCopy(request));
  if (!session.ok) return session;
  const { cart, items } = session;
  const quoted = await latestSelect(database, request.transaction_id);
  if (!quoted || quoted.cartVersion !== cart.cart_version) return { ok: false, status: 409, code: 'QUOTE_STALE', message: QUOTE_STALE_MESSAGE };
  // Issue 29: the delivery is the one the latest quote is for; a page showing another (a choice
  // made while that quote was on its way) places nothing.
  const fulfillmentId = (await quotedDelivery(database, shopper, request.transaction_id, quoted.messageId)) ?? request.fulfillment_id;
  if (fulfillmentId !== request.fulfillment_id) return { ok: false, status: 409, code: 'DELIVERY_CHANGED', message: DELIVERY_CHANGED_MESSAGE };
  const store = await checkStore(database, { ondcCity: request.ondcCity, bppId: cart.cart_metadata.bpp_id, providerId: cart.provider_id, items });
  if (!store.ok) return store;
  if (request.if_short === 'cancel_order' && !store.cancelsIfShort) return { ok: false, status: 400, message: IF_SHORT_NOT_OFFERED_MESSAGE };
  await recordConsent(database, shopper, request.is_consent_accepted);

  const { customer_details: customer, delivery_address: delivery } = request;
  await keepCheckoutContact(database, shopper, customer);
  const now = new Date().toISOString();
  const storeOffer = await chosenStoreOffer(database, request.transaction_id, { bppId: cart.cart_metadata.bpp_id, providerId: cart.provider_id });
  const messageId = randomUUID();
  await recordRequestLines(database, { messageId, transactionId: request.transaction_id, action: 'init', cart });
  const sent = await sendRequest(database, app, {
    messageId,
    action: 'init',
    url: store.bppUri,
    domain: session.domain,
    city: store.city,
    transactionId: request.transaction_id,
    shopperKey: shopper,
    bppId: cart.cart_metadata.bpp_id,
    bppUri: store.bppUri,
    lifetimeMs: TRANSACTION_LIFETIME_MS.select,
    message: {
      order: {
        provider: { id: cart.provider_id, locations: [{ id: store.locationId }] },
        // Issue 28: the store's advertised offer the shopper chose; the seller's quote carries its discount.
        ...(storeOffer ? { offers: offerRequest(storeOffer) } : {}),
        items: items.map((item) => ({
          id: item.id,
          location_id: item.location_id,
          fulfillment_id: fulfillmentId,
          quantity: { count: item.quantity },
          ...dishLineFields(session.domain, item.id, { parent_item_id: item.parent_item_id, tags: item.tags }),
        })),
        billing: {
          name: customer.name,
          phone: customer.phone,
          ...(customer.email ? { email: customer.email } : {}),
          address: ondcAddress(request.billing_address),
          created_at: now,
          updated_at: now,
        },
        fulfillments: [
          {
            id: fulfillmentId,
            type: 'Delivery',
            end: {
              location: {
                ...(request.lat_long ? { gps: wireGps(request.lat_long) } : {}),
                address: ondcAddress(delivery),
              },
              contact: { phone: customer.phone, ...(customer.email ? { email: customer.email } : {}) },
              person: { name: delivery.name },
              ...endInstructions(request.delivery_instructions),
            },
          },
        ],
        payment: { type: request.payment_type, ...BUYER_FINDER_FEE },
        ...orderTags([...tipTags(request.tip), ...ifShortTags(request.if_short)]),
      },
    },
  });
  if (sent.ack !== 'ACK') {
    return { ok: false, status: 502, message: sent.error?.message ?? 'The store refused the request', code: sent.error?.code };
  }
  return { ok: true, messageId: sent.messageId, transactionId: request.transaction_id };
}

/** SPEC §7.3 init status, with issue 23's server-side checks and payable lines once on_init is in. */
export type InitStatusAnswer = InitStatus & { order: unknown; checkout?: InitChecked | null };

/** SPEC §7.3 init status: waits up to `waitMs` (the SPEC §4 poll's second), null when not ours. */
export async function initStatus(database: Database, shopper: string, messageId: string, waitMs: number, burnCoins = false): Promise<InitStatusAnswer | null> {
  const answer = await vetStore(database, messageId, 'init', await waitForAnswer(database, { messageId, action: 'init', shopperKey: shopper, waitMs }));
  switch (answer.state) {
    case 'unknown':
      return null;
    case 'pending':
      return { order_status: 'PENDING', error: null, onInitTotalPrice: null, order: null };
    case 'refused':
      return { order_status: 'FAILED', error: answer.error, onInitTotalPrice: null, order: null };
    case 'answered': {
      const order = (answer.message?.['order'] ?? null) as { quote?: unknown } | null;
      const quote = quoteSchema.safeParse(order?.quote);
      const total = quote.success ? Number(paiseToRupees(rupeesToPaise(quote.data.price.value))) : null;
      if (answer.error) {
        const status = answer.error.code && INIT_VALIDATION_CODES.has(answer.error.code) ? 'ON_INIT_VALIDATION_FAILURE' : 'FAILED';
        return { order_status: status, error: answer.error, onInitTotalPrice: total, order };
      }
      const checkout = quote.success ? await initChecked(database, shopper, messageId, answer.context.transaction_id, quote.data, burnCoins) : null;
      return { order_status: 'CREATED', error: null, onInitTotalPrice: total, order, checkout };
    }
  }
}

type InitChecked = QuoteOutcome & {
  payable: ReturnType<typeof payableView> | null;
  /** The select's payable total, when on_init changed what is due (the shopper confirms the new one, SPEC §5 price update). */
  previousTotal: number | null;
};

async function initChecked(
  database: Database,
  shopper: string,
  messageId: string,
  transactionId: string,
  quote: Quote,
  burnCoins: boolean,
): Promise<InitChecked> {
  const check = (await quoteOutcome(database, messageId, quote)) ?? { problems: [], events: [], priceChanged: false };
  const due = await payableFor(database, shopper, transactionId, { messageId, action: 'init' }, burnCoins);
  const select = await latestSelect(database, transactionId);
  const before = select ? await payableFor(database, shopper, transactionId, { messageId: select.messageId, action: 'select' }, burnCoins) : null;
  // The tip our init stated is no change of price (a select has none to quote); a seller's tip
  // other than it is one, which the shopper sees and accepts before paying.
  const changed = due !== null && before !== null && before.totalPaise + (await askedTip(database, messageId)) !== due.totalPaise;
  return {
    ...check,
    priceChanged: check.priceChanged || changed,
    payable: due ? payableView(due) : null,
    previousTotal: changed && before ? before.totalPaise / 100 : null,
  };
}

/** Issue 29: the tip our init stated to the seller, in paise. */
async function askedTip(database: Database, initMessageId: string): Promise<number> {
  const tags = (await sentMessage(database, initMessageId, 'init'))?.order['tags'];
  return tipOfTags(Array.isArray(tags) ? tags : undefined);
}

/** SPEC §7.3 user consent; SPEC §4 consent defaults to accepted, so no record reads as accepted. */
export async function consentOf(database: Database, shopper: string | null): Promise<boolean> {
  if (!shopper) return true;
  const [row] = await database.query<{ is_consent_accepted: boolean }>('SELECT is_consent_accepted FROM shopper_consents WHERE shopper_key = $1', [shopper]);
  return row?.is_consent_accepted ?? true;
}

async function recordConsent(database: Database, shopper: string, accepted: boolean) {
  await database.query(
    `INSERT INTO shopper_consents (shopper_key, is_consent_accepted) VALUES ($1, $2)
     ON CONFLICT (shopper_key) DO UPDATE SET is_consent_accepted = EXCLUDED.is_consent_accepted, updated_at = clock_timestamp()`,
    [shopper, accepted],
  );
}
