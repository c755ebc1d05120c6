// SPEC §7.3 /payment calls as the storefront's client sends them.
import { z } from 'zod';
import { vpaSchema } from './gateway.ts';

const idSchema = z.string().min(8).max(100).regex(/^[A-Za-z0-9-]+$/, 'Expected an id');

/** UPI with the shopper's UPI id, or cash on delivery when the seller's on_init allows it. */
/** `amount`: the rupees the shopper was shown and agreed to pay; a different payable is a 409. */
const confirmedAmount = z.number().nonnegative().max(10_000_000).optional();
export const paymentStartSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('upi'), transaction_id: idSchema, init_message_id: idSchema, vpa: vpaSchema, burn_coins: z.boolean().default(false), amount: confirmedAmount }),
  z.object({ method: z.literal('cod'), transaction_id: idSchema, init_message_id: idSchema, burn_coins: z.boolean().default(false), amount: confirmedAmount }),
]);
export type PaymentStart = z.infer<typeof paymentStartSchema>;

export const paymentStatusQuerySchema = z.object({ payment_id: idSchema });

export const confirmRequestSchema = z.object({ transaction_id: idSchema, payment_id: idSchema });
export type ConfirmRequest = z.infer<typeof confirmRequestSchema>;

/** What the payment page says when the gateway refuses: the shopper may pay again. */
export const PAYMENT_FAILED_MESSAGE = 'Payment failed. Please try again';
export const COD_UNAVAILABLE_MESSAGE = 'Cash on delivery is not available for this order';

export const instrumentQuerySchema = z.object({ instrumentType: z.literal('upi_account') });

/** SPEC §7.3: a stored payment-identifier cookie can supply the UPI data instead of the instrument call. */
export const PAYMENT_IDENTIFIER_COOKIE = 'payment-identifier';
const NINETY_DAYS_SECONDS = 90 * 24 * 3600;

/** The UPI id kept in the payment-identifier cookie, when it reads as one. */
export function vpaFromCookie(cookieHeader: string): string | null {
  const pair = cookieHeader.split(/;\s*/).find((part) => part.startsWith(`${PAYMENT_IDENTIFIER_COOKIE}=`));
  if (!pair) return null;
  let value: string;
  try {
    value = decodeURIComponent(pair.slice(PAYMENT_IDENTIFIER_COOKIE.length + 1));
  } catch {
    return null;
  }
  const parsed = vpaSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The `document.cookie` line that remembers the UPI id a payment succeeded with. */
export function paymentIdentifierCookieLine(vpa: string): string {
  return `${PAYMENT_IDENTIFIER_COOKIE}=${encodeURIComponent(vpa)}; Path=/; Max-Age=${NINETY_DAYS_SECONDS}; SameSite=Lax`;
}
