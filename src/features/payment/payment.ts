// SPEC §7.3 /payment calls as the storefront's client sends them.
import { z } from 'zod';
import { INIT_POLL_EXCEEDED_MESSAGE } from '#/features/checkout/poll.ts';
import { vpaSchema } from './gateway.ts';
import { upiPayLinkSchema } from './upi-intent.ts';

const idSchema = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9-]+$/, 'Expected an id');

/**
 * UPI with the shopper's UPI id, UPI through their own UPI app (an intent, issue 29), or cash on
 * delivery when the seller's on_init allows it.
 */
/** `amount`: the rupees the shopper was shown and agreed to pay; a different payable is a 409. */
const confirmedAmount = z.number().nonnegative().max(10_000_000).optional();
export const paymentStartSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('upi'),
    transaction_id: idSchema,
    init_message_id: idSchema,
    vpa: vpaSchema,
    burn_coins: z.boolean().default(false),
    amount: confirmedAmount,
  }),
  /** `renew`: the shopper asks for a fresh intent (Retry): the live one is withdrawn first. */
  z.object({
    method: z.literal('upi_intent'),
    transaction_id: idSchema,
    init_message_id: idSchema,
    renew: z.boolean().default(false),
    burn_coins: z.boolean().default(false),
    amount: confirmedAmount,
  }),
  z.object({ method: z.literal('cod'), transaction_id: idSchema, init_message_id: idSchema, burn_coins: z.boolean().default(false), amount: confirmedAmount }),
]);
export type PaymentStart = z.infer<typeof paymentStartSchema>;

export const paymentStatusQuerySchema = z.object({ payment_id: idSchema });

/** The simulator's approval (issue 29): the upi://pay link, as the shopper's UPI app was given it. */
export const intentApprovalSchema = z.object({ link: upiPayLinkSchema });

export const confirmRequestSchema = z.object({ transaction_id: idSchema, payment_id: idSchema });
export type ConfirmRequest = z.infer<typeof confirmRequestSchema>;

/** What the payment page says when the gateway refuses: the shopper may pay again. */
/**
 * The code of a confirm that never reached the seller (src/ondc/bap.server.ts): the order is not
 * ended, the server sends the same order again while the quote holds.
 */
export const SELLER_UNREACHABLE_CODE = '23001';
export const PAYMENT_FAILED_MESSAGE = 'Payment failed. Please try again';
export const COD_UNAVAILABLE_MESSAGE = 'Cash on delivery is not available for this order';
/**
 * A payment asked for a checkout with no on_init quote of this shopper's to pay: SPEC §4's words
 * for an init that gave none, and the shopper places the order again (a fresh init) rather than
 * paying again.
 */
export const NO_QUOTE_TO_PAY_MESSAGE = INIT_POLL_EXCEEDED_MESSAGE;
/** A second tap while the first payment of the checkout is still being set up at the gateway. */
export const PAYMENT_UNDER_WAY_MESSAGE = 'A payment for this order is already being made';
/** The shopper did not approve the UPI collect while the page waited for it. */
export const PAYMENT_TOO_LONG_MESSAGE = 'Payment is taking too long. Please try again';
/** A UPI id that is not handle@bank, said before anything is sent. */
export const INVALID_UPI_ID_MESSAGE = 'Enter a valid UPI id, such as name@bank';

export const instrumentQuerySchema = z.object({ instrumentType: z.literal('upi_account') });

/**
 * SPEC §7.3 names a stored payment-identifier cookie that supplies the UPI id. Issue 24: that was
 * a script-readable cookie holding the shopper's UPI id for 90 days; the id is now kept per
 * shopper on the server (their last paid UPI id, answered by getInstrumentDetails) and the
 * middleware deletes the old cookie wherever it still is.
 */
export const PAYMENT_IDENTIFIER_COOKIE = 'payment-identifier';
