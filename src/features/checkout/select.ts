import { z } from 'zod';
import { domainSchema } from '#/ondc/context.ts';

/**
 * SPEC §3 Select request, as a client sends it to POST /ondc/select. What is ordered comes from
 * the shopper's server cart (issue 23): the store, items and cart version a client sends are only
 * checked against it (a difference is a 409), so a client may send the place alone.
 */
/** A fulfillment id as select and init carry it: the delivery chosen (issue 29: a window, or the soonest). */
export const fulfillmentIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Expected a fulfillment id of letters, digits or hyphens');

export const selectRequestSchema = z.object({
  isCoinEnabled: z.boolean().default(false),
  isCoinBurnEnabled: z.boolean().default(false),
  categoryDomain: domainSchema.optional(),
  ondcCity: z.string().min(1).max(40),
  bpp: z.object({ bpp_id: z.string().min(1).max(200), bpp_uri: z.string().max(500).optional() }).optional(),
  provider: z
    .object({
      id: z.string().min(1).max(200),
      locations: z
        .array(z.union([z.string().min(1), z.object({ id: z.string().min(1) })]))
        .min(1)
        .max(10),
    })
    .optional(),
  /** The cart version the client shows (SPEC §3 cart_version); another version is a 409. */
  cart_version: z.number().int().nonnegative().optional(),
  items: z
    .array(
      z.object({
        sku_id: z.string().min(1).max(200),
        quantity: z.number().int().positive().max(1000),
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
  lat_long: z
    .string()
    .regex(/^-?\d{1,2}(\.\d+)?,\s?-?\d{1,3}(\.\d+)?$/, 'Expected "lat,lng"')
    .optional(),
  address: z.object({ area_code: z.string().regex(/^\d{6}$/, 'Expected a 6-digit pincode') }).optional(),
  transaction_id: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/)
    .optional(),
  /** Issue 29: the delivery asked for (a window the store offered); the seller's soonest when absent. */
  fulfillment_id: fulfillmentIdSchema.optional(),
});
export type SelectRequest = z.infer<typeof selectRequestSchema>;

/** SPEC §5: a current address is required before select. */
export const NO_ADDRESS_MESSAGE = 'No address found. Please add address first';

/** SPEC §5 minimum cart value: the minimum-cart error state, the shortfall in whole rupees. */
export function minCartMessage(shortfallRupees: number): string {
  return `Add items worth ₹${shortfallRupees} more to place this order`;
}
