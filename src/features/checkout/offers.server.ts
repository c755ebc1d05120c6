// SPEC §7.3 offers: the storefront's coupons listed and applied to a checkout (one transaction),
// against the quote the seller gave for it. Attempts are rate-limited per shopper.
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { paiseToRupees, rupeesToPaise } from '../../lib/money.ts';
import { cityCode } from '../../ondc/cities.ts';
import { findAnswer, transactionOwner } from '../../ondc/message-store.server.ts';
import { couponCodeSchema, INVALID_COUPON_MESSAGE, OFFER_MINIMUM_CART_PAISE, offerDiscount, type OfferRule } from './offers.ts';
import { quoteSchema } from './quote-check.ts';
import { vetStore } from './seller-answer.server.ts';

const idSchema = z.string().min(8).max(100).regex(/^[A-Za-z0-9-]+$/, 'Expected an id');

export const offerListQuerySchema = z.object({ transactionId: idSchema, cityName: z.string().min(1).max(40) });

/** SPEC §3 coupon apply payload. */
export const offerApplySchema = z.object({
  transactionId: idSchema,
  messageId: idSchema,
  cityName: z.string().min(1).max(40),
  manualCoupon: couponCodeSchema,
});
export type OfferApply = z.infer<typeof offerApplySchema>;

/** At most this many coupon attempts per shopper in the window: enough to fix a typo, too few to guess. */
export const COUPON_ATTEMPT_LIMIT = 10;
export const COUPON_WINDOW_MS = 10 * 60 * 1000;

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

export type OfferFailure = { ok: false; status: 400 | 404 | 409 | 422 | 429; message: string; retryAfterSeconds?: number };

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
  const city = cityCode(query.cityName);
  if (!city) return { ok: false, status: 400, message: `We do not deliver in ${query.cityName} yet` } satisfies OfferFailure;
  const refused = await ownTransaction(database, shopper, query.transactionId);
  if (refused) return refused;
  return { ok: true as const, offers: (await activeOffers(database, city)).map(offerView) };
}

/** The item total with item discounts of the seller's quote for `messageId` in this transaction. */
async function quotedCartTotal(database: Database, shopper: string, input: OfferApply): Promise<number | null> {
  const answer = await vetStore(database, input.messageId, 'select', await findAnswer(database, { messageId: input.messageId, action: 'select', shopperKey: shopper }));
  if (answer.state !== 'answered' || answer.context.transaction_id !== input.transactionId) return null;
  const quote = quoteSchema.safeParse((answer.message?.['order'] as { quote?: unknown } | undefined)?.quote);
  if (!quote.success) return null;
  return quote.data.breakup
    .filter((e) => e['@ondc/org/title_type'] === 'item' || e['@ondc/org/title_type'] === 'discount')
    .reduce((total, e) => total + rupeesToPaise(e.price.value), 0);
}

export type ApplyOutcome = { ok: true; offer: ReturnType<typeof offerView> & { discount: number } } | OfferFailure;

export async function applyOffer(database: Database, shopper: string, input: OfferApply, now = new Date()): Promise<ApplyOutcome> {
  const city = cityCode(input.cityName);
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
  if (waitSeconds !== null) return { ok: false, status: 429, message: 'Too many coupon attempts. Please try again in a few minutes', retryAfterSeconds: waitSeconds };

  const refused = await ownTransaction(database, shopper, input.transactionId);
  if (refused) return refused;
  const total = await quotedCartTotal(database, shopper, input);
  if (total === null) return { ok: false, status: 409, message: 'There is no quote for this cart yet. Please retry' };

  const [row] = await activeOffers(database, city, input.manualCoupon);
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
  return { ok: true, offer: { ...offerView(row), discount: Number(paiseToRupees(outcome.discountPaise)) } };
}

/** The offer applied to a transaction, if any (init and confirm charge the discounted total). */
export async function appliedOffer(database: Database, transactionId: string) {
  const [row] = await database.query<{ code: string; discount_paise: number }>(
    'SELECT code, discount_paise FROM applied_offers WHERE transaction_id = $1',
    [transactionId],
  );
  return row ?? null;
}
