// SPEC §7.3 /payment calls as the storefront's client sends them.
import { z } from 'zod';
import { vpaSchema } from './gateway.ts';

const idSchema = z.string().min(8).max(100).regex(/^[A-Za-z0-9-]+$/, 'Expected an id');

export const paymentStartSchema = z.object({ transaction_id: idSchema, init_message_id: idSchema, vpa: vpaSchema });
export type PaymentStart = z.infer<typeof paymentStartSchema>;

export const paymentStatusQuerySchema = z.object({ payment_id: idSchema });

export const confirmRequestSchema = z.object({ transaction_id: idSchema, payment_id: idSchema });
export type ConfirmRequest = z.infer<typeof confirmRequestSchema>;

/** What the payment page says when the gateway refuses: the shopper may pay again. */
export const PAYMENT_FAILED_MESSAGE = 'Payment failed. Please try again';
