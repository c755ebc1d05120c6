// SPEC §7.3 offers: the storefront's coupons listed and applied to a checkout (one transaction),
// against the quote the seller gave for it. Attempts are rate-limited per shopper.
import { z } from 'zod';
import type { Database } from '#/db/client.ts';
import { offerAdvertisedInCity, storeListing } from '#/features/catalogue/catalogue.server.ts';
import { formatRupees, paiseToRupees, rupeesToPaise } from '#/lib/money.ts';
import { servedCityCode } from '#/ondc/cities.ts';
import { findAnswer, transactionOwner } from '#/ondc/message-store.server.ts';
import { findTransaction, sentInTransaction } from '#/ondc/stored-messages.server.ts';
import { couponCodeSchema, INVALID_COUPON_MESSAGE, OFFER_MINIMUM_CART_PAISE, offerDiscount, type OfferRule } from './offers.ts';
import { otherStoreReason, storeOfferBenefit, storeOfferHours, storeOfferOpen, storeOfferReason, storeOffersOf, type StoreOffer } from './store-offers.ts';
import { storeHoursNow } from '#/features/catalogue/store-clock.ts';
import { quoteSchema } from './quote-check.ts';
import { vetStore } from './seller-answer.server.ts';

const idSchema = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9-]+$/, 'Expected an id');

export const offerListQuerySchema = z.object({ transactionId: idSchema, cityName: z.string().min(1).max(40) });

/** SPEC §3 coupon apply payload. */
export const offerApplySchema = z.object({
  transactionId: idSchema,
  messageId: idSchema,
  cityName: z.string().min(1).max(40),
  manualCoupon: couponCodeSchema,
});
export type OfferApply = z.infer<typeof offerApplySchema>;

/** Issue 28: the offer or coupon a shopper applied at this checkout, taken back. */
export const offerRemoveSchema = z.object({ transactionId: idSchema, code: couponCodeSchema });
export type OfferRemove = z.infer<typeof offerRemoveSchema>;

/** At most this many coupon attempts per shopper in the window: enough to fix a typo, too few to guess. */
const COUPON_ATTEMPT_LIMIT = 10;
const COUPON_WINDOW_MS = 10 * 60 * 1000;

type OfferRow = {
  code: string;
  title: string;
  description: string;
  type: 'flat' | 'percentage';
  value_paise: number | null;
  percent: string | number | null;
  max_discount_paise: number | null;
};

function ruleOf(row: OfferRow): OfferRule {
  return row.type === 'flat'
    ? { type: 'flat', valuePaise: row.value_paise ?? 0 }
    : { type: 'percentage', percent: Number(row.percent), maxDiscountPaise: row.max_discount_paise };
}

/** SPEC §3 offer fields as the client reads them: money in rupees. */
function offerView(row: OfferRow) {
  return {
    code: row.code,
    title: row.title,
    description: row.description,
    type: row.type,
    value: row.type === 'flat' ? Number(paiseToRupees(row.value_paise ?? 0)) : Number(row.percent),
    max_discount: row.max_discount_paise === null ? null : Number(paiseToRupees(row.max_discount_paise)),
    min_cart_value: OFFER_MINIMUM_CART_PAISE / 100,
  };
}

export type OfferFailure = {
  ok: false;
  status: 400 | 404 | 409 | 422 | 429;
  message: string;
  retryAfterSeconds?: number;
  reason?: 'minimum' | 'store' | 'time';
};

/** The store a checkout is quoting (its latest select's), with the offers its catalogue advertises. */
type CheckoutStore = { bpp_id: string; provider_id: string; name: string; offers: unknown };

async function checkoutStore(database: Database, transactionId: string): Promise<CheckoutStore | null> {
  const [transaction, [select]] = await Promise.all([findTransaction(database, transactionId), sentInTransaction(database, transactionId, 'select')]);
  const providerId = (select?.order['provider'] as { id?: unknown } | undefined)?.id;
  if (!transaction?.bppId || typeof providerId !== 'string') return null;
  return storeListing(database, { bppId: transaction.bppId, providerId });
}

/**
 * SPEC §3 offer fields for a store's advertised offer, and whether it applies to this cart now
 * (issue 28: its minimum, its hours on the store hours' clock).
 */
function storeOfferView(offer: StoreOffer, itemTotalPaise: number | null) {
  const reason = storeOfferReason(offer, itemTotalPaise, storeHoursNow());
  const hours = offer.timing ? `, ${storeOfferHours(offer.timing)}` : '';
  return {
    code: offer.code,
    title: storeOfferBenefit(offer),
    description: `${storeOfferBenefit(offer)} on orders of ${formatRupees(offer.minPaise)} or more${hours}`,
    type: offer.kind === 'flat' ? ('flat' as const) : ('percentage' as const),
    value: offer.kind === 'flat' ? Number(paiseToRupees(offer.valuePaise)) : offer.percent,
    max_discount: offer.kind === 'percent' && offer.capPaise !== null ? Number(paiseToRupees(offer.capPaise)) : null,
    min_cart_value: Number(paiseToRupees(offer.minPaise)),
    source: 'store' as const,
    reason: reason?.message ?? null,
  };
}

const storeRuleOf = (offer: StoreOffer): OfferRule =>
  offer.kind === 'flat' ? { type: 'flat', valuePaise: offer.valuePaise } : { type: 'percentage', percent: offer.percent, maxDiscountPaise: offer.capPaise };

/** The latest select of a transaction, whose quote the offers are read against. */
async function latestSelectMessage(database: Database, transactionId: string): Promise<string | null> {
  const [row] = await database.query<{ message_id: string }>(
    "SELECT message_id FROM checkout_requests WHERE transaction_id = $1 AND action = 'select' ORDER BY created_at DESC LIMIT 1",
    [transactionId],
  );
  return row?.message_id ?? null;
}

/**
 * Issue 28: the store offer chosen for this checkout, as ONDC order.offers asks the seller for it;
 * none when the cart is now another store's, or when the offer's hours ended since it was chosen
 * (the seller would refuse it, 30007, and with it the init: the quote goes without it instead).
 */
export async function chosenStoreOffer(database: Database, transactionId: string, store: { bppId: string; providerId: string }): Promise<string | null> {
  const [row] = await database.query<{ offer_id: string }>(
    'SELECT offer_id FROM checkout_store_offers WHERE transaction_id = $1 AND bpp_id = $2 AND provider_id = $3',
    [transactionId, store.bppId, store.providerId],
  );
  const listed = row ? await storeListing(database, store) : null;
  const offer = row && listed ? storeOffersOf(listed.offers).find((o) => o.id === row.offer_id) : undefined;
  return offer && storeOfferOpen(offer, storeHoursNow()) ? offer.id : null;
}

async function ownTransaction(database: Database, shopper: string, transactionId: string): Promise<OfferFailure | null> {
  const owner = await transactionOwner(database, transactionId);
  // Another shopper's checkout reads exactly like one that does not exist.
  return owner && owner.shopper_key === shopper ? null : { ok: false, status: 404, message: 'Unknown transaction' };
}

function activeOffers(database: Database, city: string, code?: string) {
  return database.query<OfferRow>(
    `SELECT code, title, description, type, value_paise, percent, max_discount_paise FROM offers
     WHERE active AND (city_code IS NULL OR city_code = $1) AND ($2::text IS NULL OR code = $2) ORDER BY code`,
    [city, code ?? null],
  );
}

export async function listOffers(database: Database, shopper: string, query: z.infer<typeof offerListQuerySchema>) {
  const city = servedCityCode(query.cityName);
  if (!city) return { ok: false, status: 400, message: `We do not deliver in ${query.cityName} yet` } satisfies OfferFailure;
  const refused = await ownTransaction(database, shopper, query.transactionId);
  if (refused) return refused;
  const own = (await activeOffers(database, city)).map((row) => ({ ...offerView(row), source: 'storefront' as const, reason: null }));
  // Issue 28: the store's advertised offers are offered here too, each with why it does not apply yet.
  const store = await checkoutStore(database, query.transactionId);
  const selectId = store ? await latestSelectMessage(database, query.transactionId) : null;
  const totals = selectId ? await quotedTotals(database, shopper, query.transactionId, selectId) : null;
  const advertised = store ? storeOffersOf(store.offers).map((offer) => storeOfferView(offer, totals?.itemsPaise ?? null)) : [];
  return { ok: true as const, offers: [...advertised, ...own] };
}

/**
 * The seller's quote for `messageId` in this transaction: its item total (a store offer's minimum
 * is on it) and its item total with item discounts (the storefront's coupons apply to it).
 */
async function quotedTotals(
  database: Database,
  shopper: string,
  transactionId: string,
  messageId: string,
): Promise<{ itemsPaise: number; cartPaise: number } | null> {
  const answer = await vetStore(database, messageId, 'select', await findAnswer(database, { messageId, action: 'select', shopperKey: shopper }));
  if (answer.state !== 'answered' || answer.context.transaction_id !== transactionId) return null;
  const quote = quoteSchema.safeParse((answer.message?.['order'] as { quote?: unknown } | undefined)?.quote);
  if (!quote.success) return null;
  const sum = (types: readonly string[]) =>
    quote.data.breakup.filter((e) => types.includes(e['@ondc/org/title_type'])).reduce((total, e) => total + rupeesToPaise(e.price.value), 0);
  return { itemsPaise: sum(['item']), cartPaise: sum(['item', 'discount']) };
}

export type ApplyOutcome =
  | { ok: true; offer: (ReturnType<typeof offerView> | ReturnType<typeof storeOfferView>) & { discount: number; source: 'storefront' | 'store' } }
  | OfferFailure;

export async function applyOffer(database: Database, shopper: string, input: OfferApply, now = new Date()): Promise<ApplyOutcome> {
  const city = servedCityCode(input.cityName);
  if (!city) return { ok: false, status: 400, message: `We do not deliver in ${input.cityName} yet` };
  const since = new Date(now.getTime() - COUPON_WINDOW_MS).toISOString();
  // Counted and recorded under a per-shopper lock: attempts sent at once, to one process or to
  // several, cannot all read the same count and together pass the limit.
  const waitSeconds = await database.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('coupon:' || $1))", [shopper]);
    const [recent] = await tx.query<{ attempts: number; oldest: Date | string | null }>(
      'SELECT count(*)::int AS attempts, min(attempted_at) AS oldest FROM coupon_attempts WHERE shopper_key = $1 AND attempted_at > $2',
      [shopper, since],
    );
    if (recent && recent.attempts >= COUPON_ATTEMPT_LIMIT) {
      const reopensAt = new Date(recent.oldest ?? now).getTime() + COUPON_WINDOW_MS;
      return Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000));
    }
    await tx.query('INSERT INTO coupon_attempts (shopper_key, code, attempted_at) VALUES ($1, $2, $3)', [shopper, input.manualCoupon, now.toISOString()]);
    return null;
  });
  if (waitSeconds !== null)
    return { ok: false, status: 429, message: 'Too many coupon attempts. Please try again in a few minutes', retryAfterSeconds: waitSeconds };

  const refused = await ownTransaction(database, shopper, input.transactionId);
  if (refused) return refused;
  const totals = await quotedTotals(database, shopper, input.transactionId, input.messageId);
  if (totals === null) return { ok: false, status: 409, message: 'There is no quote for this cart yet. Please retry' };
  const total = totals.cartPaise;

  // What the cart's store advertises is what it gives, even where a coupon of ours shares the code.
  const store = await checkoutStore(database, input.transactionId);
  const advertised = store ? storeOffersOf(store.offers).find((o) => o.code === input.manualCoupon) : undefined;
  if (store && advertised) return chooseStoreOffer(database, input.transactionId, store, advertised, totals.itemsPaise);
  const [row] = await activeOffers(database, city, input.manualCoupon);
  if (!row && store && (await advertisedInCity(database, city, input.manualCoupon))) {
    const reason = otherStoreReason(input.manualCoupon, store.name);
    return { ok: false, status: 422, message: reason.message, reason: reason.reason };
  }
  const outcome = row ? offerDiscount(ruleOf(row), total) : null;
  if (!row || !outcome?.applies) {
    // SPEC §8: a failed apply clears the applied offer.
    await database.query('DELETE FROM applied_offers WHERE transaction_id = $1', [input.transactionId]);
    return { ok: false, status: 422, message: INVALID_COUPON_MESSAGE };
  }
  await database.query(
    `INSERT INTO applied_offers (transaction_id, code, message_id, discount_paise) VALUES ($1, $2, $3, $4)
     ON CONFLICT (transaction_id) DO UPDATE SET code = EXCLUDED.code, message_id = EXCLUDED.message_id,
       discount_paise = EXCLUDED.discount_paise, applied_at = clock_timestamp()`,
    [input.transactionId, row.code, input.messageId, outcome.discountPaise],
  );
  return { ok: true, offer: { ...offerView(row), source: 'storefront', discount: Number(paiseToRupees(outcome.discountPaise)) } };
}

/**
 * Issue 28: the offer the cart's store advertises is chosen for this checkout (the seller applies
 * it in its next quote), or refused with the reason: its minimum order value is not reached.
 */
async function chooseStoreOffer(database: Database, transactionId: string, store: CheckoutStore, offer: StoreOffer, itemsPaise: number): Promise<ApplyOutcome> {
  const reason = storeOfferReason(offer, itemsPaise, storeHoursNow());
  if (reason) return { ok: false, status: 422, message: reason.message, reason: reason.reason };
  await database.query(
    `INSERT INTO checkout_store_offers (transaction_id, bpp_id, provider_id, offer_id, code) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (transaction_id) DO UPDATE SET bpp_id = EXCLUDED.bpp_id, provider_id = EXCLUDED.provider_id, offer_id = EXCLUDED.offer_id,
       code = EXCLUDED.code, chosen_at = clock_timestamp()`,
    [transactionId, store.bpp_id, store.provider_id, offer.id, offer.code],
  );
  const expected = offerDiscount(storeRuleOf(offer), itemsPaise);
  return { ok: true, offer: { ...storeOfferView(offer, itemsPaise), discount: expected.applies ? Number(paiseToRupees(expected.discountPaise)) : 0 } };
}

export type RemoveOutcome = { ok: true; removed: { code: string; source: 'store' | 'storefront' } } | OfferFailure;

/**
 * Issue 28: the shopper takes back an offer applied here. A storefront coupon leaves the payable
 * at once; a store's offer leaves the next quote (select and init no longer ask the seller for it).
 */
export async function removeOffer(database: Database, shopper: string, input: OfferRemove): Promise<RemoveOutcome> {
  const refused = await ownTransaction(database, shopper, input.transactionId);
  if (refused) return refused;
  const [store] = await database.query<{ code: string }>('DELETE FROM checkout_store_offers WHERE transaction_id = $1 AND code = $2 RETURNING code', [
    input.transactionId,
    input.code,
  ]);
  if (store) return { ok: true, removed: { code: store.code, source: 'store' } };
  const [own] = await database.query<{ code: string }>('DELETE FROM applied_offers WHERE transaction_id = $1 AND code = $2 RETURNING code', [
    input.transactionId,
    input.code,
  ]);
  if (own) return { ok: true, removed: { code: own.code, source: 'storefront' } };
  return { ok: false, status: 404, message: `${input.code} is not applied to this order` };
}

/** Whether another store of the city advertises the code (then it is not this cart's to give). */
async function advertisedInCity(database: Database, city: string, code: string): Promise<boolean> {
  return offerAdvertisedInCity(database, city, code);
}

/** The offer applied to a transaction, if any (init and confirm charge the discounted total). */
export async function appliedOffer(database: Database, transactionId: string) {
  const [row] = await database.query<{ code: string; discount_paise: number }>('SELECT code, discount_paise FROM applied_offers WHERE transaction_id = $1', [
    transactionId,
  ]);
  return row ?? null;
}
