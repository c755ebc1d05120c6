import { z } from 'zod';

/**
 * An order id as our pages, forms and complaint requests take it (`?order_id=`): the seller's id,
 * 1–40 letters, digits and hyphens. Anything else names no order of ours.
 */
export const orderIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'order_id must be an order id');

/** Whether a page's `order_id` parameter can name an order (a missing one cannot). */
export function isOrderId(value: string | null): value is string {
  return orderIdSchema.safeParse(value).success;
}

/** One order's page: the order history's detail view (SPEC §2.1 has no separate route for it). */
export function orderPath(orderId: string) {
  return `/order-history?order_id=${encodeURIComponent(orderId)}`;
}
