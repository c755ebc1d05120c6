// SPEC §3 init request and §7.3 init/status/consent calls, as the storefront's client sends them.
import { z } from 'zod';
import { deliveryInstructionsSchema } from './instructions.ts';
import { fulfillmentIdSchema, selectRequestSchema } from './select.ts';
import { tipChoiceSchema } from './tip.ts';
import { ifShortChoiceSchema } from '#/ondc/if-short.ts';

const text = (max: number) => z.string().trim().min(1).max(max);

/** SPEC §3 address fields of an init: door, building, name, locality, city, state, country IND, area_code. */
const initAddressSchema = z.object({
  door: z.string().trim().max(100).optional(),
  building: z.string().trim().max(200).optional(),
  name: text(100),
  locality: text(200),
  city: text(60),
  state: text(60),
  country: z.literal('IND'),
  area_code: z.string().regex(/^\d{6}$/, 'Expected a 6-digit pincode'),
});
export type InitAddress = z.infer<typeof initAddressSchema>;

export const initRequestSchema = selectRequestSchema.omit({ items: true, address: true, transaction_id: true }).extend({
  // An init continues the checkout its select started.
  transaction_id: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/),
  items: z
    .array(
      z.object({
        id: z.string().min(1).max(200),
        quantity: z.number().int().positive().max(1000),
        fulfillment_id: z.string().min(1).max(64).optional(),
        location_id: z.string().min(1).max(200),
        parent_item_id: z.string().max(64).optional(),
        tags: z
          .array(z.looseObject({ code: z.string() }))
          .max(50)
          .optional(),
      }),
    )
    .min(1)
    .max(100)
    .optional(),
  customer_details: z.object({
    name: text(100),
    phone: z.string().regex(/^[6-9]\d{9}$/, 'Expected a 10-digit mobile number'),
    email: z.email().max(200).optional(),
  }),
  billing_address: initAddressSchema,
  delivery_address: initAddressSchema,
  cart_reference_id: z.string().max(100).optional(),
  /** The delivery the latest quote is for (issue 29: the store's soonest, or a window chosen). */
  fulfillment_id: fulfillmentIdSchema,
  is_consent_accepted: z.boolean().default(true),
  /** Prepaid (the default) or cash on delivery when the seller allows it. */
  payment_type: z.enum(['ON-ORDER', 'ON-FULFILLMENT']).default('ON-ORDER'),
  /** Issue 29: what the rider should know ("Ring twice"), for the seller in init and confirm. */
  delivery_instructions: deliveryInstructionsSchema.optional(),
  /** Issue 29: the rider's tip the shopper picked, in rupees (one of the offered choices); paise once parsed. */
  tip: tipChoiceSchema.default(0),
  /** Issue 29: what the store should do if something has run out: leave it out (the default) or place no order. */
  if_short: ifShortChoiceSchema.default('leave_out'),
});
export type InitRequest = z.infer<typeof initRequestSchema>;

/** SPEC §7.3 GET /ondc/status: init (and, after payment, confirm) answers. */
export const statusQuerySchema = z.object({
  type: z.enum(['init', 'confirm']),
  message_id: z.string().min(1).max(100),
  /** Init only: the payable lines with the shopper's coins burned (SPEC §5). */
  burn_coins: z.enum(['0', '1']).optional(),
});

// Seller codes that mean the order as sent did not validate (ONDC 23002/31002 order validation
// failure): SPEC §4 ON_INIT_VALIDATION_FAILURE.
export const INIT_VALIDATION_CODES: ReadonlySet<string> = new Set(['23002', '31002']);
