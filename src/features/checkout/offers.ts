// SPEC §5 "Offers" and §9 "Offer minimum cart total": what a coupon takes off a cart.
import { z } from 'zod';

/** SPEC §9: offers apply only when the cart total is at least ₹20. */
export const OFFER_MINIMUM_CART_PAISE = 2000;

const offerRuleSchema = z.discriminatedUnion('type', [
  /** A fixed amount off, in paise. */
  z.object({ type: z.literal('flat'), valuePaise: z.number().int().positive() }),
  /** A percentage of the cart total, optionally capped (SPEC §3 offer max_discount). */
  z.object({
    type: z.literal('percentage'),
    percent: z.number().positive().max(100),
    maxDiscountPaise: z.number().int().positive().nullable(),
  }),
]);
export type OfferRule = z.infer<typeof offerRuleSchema>;

/** SPEC §7.3 offer apply: the code a shopper types, as stored (case does not matter). */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(1, 'Enter a coupon code')
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid coupon')
  .transform((code) => code.toUpperCase());

export type OfferOutcome = { applies: true; discountPaise: number } | { applies: false; reason: 'below-minimum' };

/** SPEC §5 offers: the discount an offer gives on a cart total, or why it does not apply. */
export function offerDiscount(rule: OfferRule, cartTotalPaise: number): OfferOutcome {
  if (cartTotalPaise < OFFER_MINIMUM_CART_PAISE) return { applies: false, reason: 'below-minimum' };
  if (rule.type === 'flat') return { applies: true, discountPaise: Math.min(rule.valuePaise, cartTotalPaise) };
  // Rounded down: a shopper never gets a paisa more than the percentage.
  const share = Math.floor((cartTotalPaise * rule.percent) / 100);
  return { applies: true, discountPaise: rule.maxDiscountPaise === null ? share : Math.min(share, rule.maxDiscountPaise) };
}

/** SPEC §8 cart and checkout toasts: the answer to any coupon that cannot be used. */
export const INVALID_COUPON_MESSAGE = 'Invalid coupon';

/** SPEC §5 cart and checkout: the offers list is fetched only with a transaction id and a city, and only once. */
export function shouldFetchOffers(input: { transactionId: string | null; cityName: string | null; listed: number }): boolean {
  return Boolean(input.transactionId) && Boolean(input.cityName) && input.listed === 0;
}

/** SPEC §4 after select: the offers list loads when the offer mode is manual and the provider is not blacklisted. */
export function offersListAllowed(cart: { offerFlag: string | null; providerBlacklistedForOffer: string | null }): boolean {
  return cart.offerFlag === 'manual' && cart.providerBlacklistedForOffer !== 'true';
}
