// Issue 23: the checkout session on the server. Select and init are built from the shopper's
// server cart (never from the browser's copy, which is only checked against it); the SPEC §5
// quote checks run here against the lines each request was built from; payable() is worked out
// here from the seller's latest quote, the applied offer and the coins.
import type { Database, Queryable } from '#/db/client.ts';
import { storeListing } from '#/features/catalogue/catalogue.server.ts';
import { domainSchema, type Domain } from '#/ondc/context.ts';
import { findAnswer } from '#/ondc/message-store.server.ts';
import { sentMessage } from '#/ondc/stored-messages.server.ts';
import { servedCityCode } from '#/ondc/cities.ts';
import { readCart } from '#/features/cart/cart.server.ts';
import type { Cart } from '#/features/cart/payload.ts';
import {
  CART_CHANGED_MESSAGE,
  CART_EMPTY_MESSAGE,
  checkedLines,
  protocolItems,
  sameItems,
  type ClientCopy,
  type ProtocolItem,
  type SessionFailure,
} from './session.ts';
import { coinBalance, COIN_PROGRAMME } from '#/features/coins/coins.server.ts';
import { appliedOffer } from './offers.server.ts';
import { vetStore } from './seller-answer.server.ts';
import { payable, type Payable } from './payable.ts';
import type { Locale } from '#/features/i18n/locale.ts';
import { deliveryChoice, quotedFulfillmentId } from './delivery-choice.ts';
import { checkQuote, quoteSchema, type CheckedLine, type ItemProblem, type PriceMismatchEvent, type Quote } from './quote-check.ts';

/**
 * The shopper's server cart in the checkout's city, checked against what the client believes it
 * holds: its items (when sent), its store (when named) and its version (when sent). Any
 * difference is a 409 and nothing goes to the seller.
 */
export async function checkoutCart(
  database: Database,
  shopper: string,
  client: ClientCopy,
): Promise<{ ok: true; cart: Cart; items: ProtocolItem[]; domain: Domain } | SessionFailure | { ok: false; status: 400; message: string }> {
  const city = servedCityCode(client.ondcCity);
  if (!city) return { ok: false, status: 400, message: `We do not deliver in ${client.ondcCity} yet` };
  const cart = await readCart(database, shopper, city, { offer: false });
  if (!cart || cart.items.length === 0) return { ok: false, status: 409, code: 'CART_EMPTY', message: CART_EMPTY_MESSAGE };
  const items = protocolItems(cart);
  const changed =
    (client.items !== undefined && !sameItems(client.items, items)) ||
    (client.providerId !== undefined && client.providerId !== cart.provider_id) ||
    (client.bppId !== undefined && client.bppId !== cart.cart_metadata.bpp_id) ||
    (client.cartVersion !== undefined && client.cartVersion !== cart.cart_version);
  if (changed) return { ok: false, status: 409, code: 'CART_CHANGED', message: CART_CHANGED_MESSAGE };
  const domain = domainSchema.safeParse(cart.cart_metadata.categoryDomain);
  if (!domain.success) return { ok: false, status: 400, message: `Unknown category ${cart.cart_metadata.categoryDomain}` };
  return { ok: true, cart, items, domain: domain.data };
}

type RequestRow = { message_id: string; cart_version: number; lines: CheckedLine[] | string };
const linesOf = (row: RequestRow): CheckedLine[] => (typeof row.lines === 'string' ? (JSON.parse(row.lines) as CheckedLine[]) : row.lines);

/** Keeps the lines a select or init was built from, under its message id. */
export async function recordRequestLines(q: Queryable, input: { messageId: string; transactionId: string; action: 'select' | 'init'; cart: Cart }) {
  await q.query('INSERT INTO checkout_requests (message_id, transaction_id, action, cart_version, lines) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [
    input.messageId,
    input.transactionId,
    input.action,
    input.cart.cart_version,
    JSON.stringify(checkedLines(input.cart)),
  ]);
}

/** The latest select of a transaction: the cart version it was quoted for. */
export async function latestSelect(q: Queryable, transactionId: string): Promise<{ messageId: string; cartVersion: number } | null> {
  const [row] = await q.query<RequestRow>(
    "SELECT message_id, cart_version, lines FROM checkout_requests WHERE transaction_id = $1 AND action = 'select' ORDER BY created_at DESC LIMIT 1",
    [transactionId],
  );
  return row ? { messageId: row.message_id, cartVersion: row.cart_version } : null;
}

/** The cart a select or init was built from: its version then and the items it held; null for none of ours. */
export async function requestedCart(q: Queryable, messageId: string): Promise<{ cartVersion: number; itemIds: string[] } | null> {
  const [row] = await q.query<RequestRow>('SELECT message_id, cart_version, lines FROM checkout_requests WHERE message_id = $1', [messageId]);
  return row ? { cartVersion: row.cart_version, itemIds: linesOf(row).map((l) => l.itemId) } : null;
}

/** SPEC §5 quote checks of one answered request, as the poll answers them (the island only shows them). */
export type QuoteOutcome = { problems: ItemProblem[]; events: PriceMismatchEvent[]; priceChanged: boolean };

export async function quoteOutcome(q: Queryable, messageId: string, quote: Quote): Promise<QuoteOutcome | null> {
  const [row] = await q.query<RequestRow>('SELECT message_id, cart_version, lines FROM checkout_requests WHERE message_id = $1', [messageId]);
  return row ? checkQuote(linesOf(row), quote) : null;
}

/** The order of an answered select or init of this shopper's, or null (pending, refused, failed). */
async function answeredOrder(database: Database, shopper: string, transactionId: string, messageId: string, action: 'select' | 'init'): Promise<unknown> {
  const answer = await vetStore(database, messageId, action, await findAnswer(database, { messageId, action, shopperKey: shopper }));
  if (answer.state !== 'answered' || answer.context.transaction_id !== transactionId) return null;
  // An init the seller refused has no quote to pay; a select with item errors still has one.
  if (action === 'init' && answer.error) return null;
  return answer.message?.['order'] ?? null;
}

/** The quote of an answered select or init of this shopper's, or null (pending, refused, failed). */
async function answeredQuote(database: Database, shopper: string, transactionId: string, messageId: string, action: 'select' | 'init'): Promise<Quote | null> {
  const quote = quoteSchema.safeParse(((await answeredOrder(database, shopper, transactionId, messageId, action)) as { quote?: unknown } | null)?.quote);
  return quote.success ? quote.data : null;
}

/** Issue 29: the delivery an answered select's quote is for (the fulfillment its items go with), or null. */
export async function quotedDelivery(database: Database, shopper: string, transactionId: string, selectMessageId: string): Promise<string | null> {
  return quotedFulfillmentId(await answeredOrder(database, shopper, transactionId, selectMessageId, 'select'));
}

/** payable() for a checkout: the quote of `at` (an init once it exists, else the select), the applied offer and the coins. */
export async function payableFor(
  database: Database,
  shopper: string,
  transactionId: string,
  at: { messageId: string; action: 'select' | 'init' },
  burnCoins: boolean,
): Promise<Payable | null> {
  const quote = await answeredQuote(database, shopper, transactionId, at.messageId, at.action);
  if (!quote) return null;
  const offer = await appliedOffer(database, transactionId);
  const coins = COIN_PROGRAMME.config.enableCoinsFeature
    ? { programme: COIN_PROGRAMME.name, config: COIN_PROGRAMME.config, balance: await coinBalance(database, shopper), burn: burnCoins }
    : null;
  return payable({ quote, offer: offer ? { code: offer.code, discountPaise: offer.discount_paise } : null, coins });
}

/** The latest request of a transaction that has a quote to pay: its init once answered, else its select. */
export async function latestQuoted(
  database: Database,
  shopper: string,
  transactionId: string,
): Promise<{ messageId: string; action: 'select' | 'init' } | null> {
  const rows = await database.query<{ message_id: string; action: 'select' | 'init' }>(
    'SELECT message_id, action FROM checkout_requests WHERE transaction_id = $1 ORDER BY created_at DESC LIMIT 4',
    [transactionId],
  );
  for (const row of rows) {
    if (await answeredQuote(database, shopper, transactionId, row.message_id, row.action)) return { messageId: row.message_id, action: row.action };
  }
  return null;
}

/** The payable the poll and summary answer, with money in rupees for the client. */
export function payableView(value: Payable) {
  return {
    lines: value.lines,
    total: value.totalPaise / 100,
    totalPaise: value.totalPaise,
    offer: value.offer,
    coins: value.coins,
  };
}

/**
 * What a select poll adds to the seller's answer once it has a quote: the SPEC §5 quote checks
 * against the cart lines the select was built from, the payable lines (without and, when the
 * shopper has coins to burn, with the burn) so the island draws them as they are, and the
 * delivery times on offer, worded.
 */
export async function selectChecked(
  database: Database,
  shopper: string,
  answered: { messageId: string; transactionId: string; order: unknown },
  options: { burnCoins: boolean; locale: Locale },
) {
  const { messageId, transactionId, order } = answered;
  const quote = quoteSchema.safeParse((order as { quote?: unknown } | null)?.quote);
  if (!quote.success) return null;
  const check = await quoteOutcome(database, messageId, quote.data);
  const due = await payableFor(database, shopper, transactionId, { messageId, action: 'select' }, options.burnCoins);
  return {
    ...(check ?? { problems: [], events: [], priceChanged: false }),
    payable: due ? payableView(due) : null,
    // Issue 29: the delivery the quote is for, which init names, and the times on offer where the store offers a choice.
    fulfillmentId: quotedFulfillmentId(order),
    delivery: deliveryChoice(order, new Date(), options.locale),
    // Issue 29: whether the shopper may ask for no order at all if something has run out.
    cancelIfShortOffered: await cancelIfShortOffered(database, messageId),
  };
}

/** Whether the store our select went to honours "no order unless whole" (its catalogue says so, ondc/if-short.ts). */
async function cancelIfShortOffered(database: Queryable, selectMessageId: string): Promise<boolean> {
  const select = await sentMessage(database, selectMessageId, 'select');
  const bppId = select?.context['bpp_id'];
  const providerId = (select?.order['provider'] as { id?: unknown } | undefined)?.id;
  if (typeof bppId !== 'string' || typeof providerId !== 'string') return false;
  return (await storeListing(database, { bppId, providerId }))?.cancels_if_short ?? false;
}
