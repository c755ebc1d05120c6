// What the storefront accepts from a seller, per callback, before anything is written (issue 24:
// a callback is checked whole; issue 25: liberal receiver, strict sender). Liberal where ONDC's
// retail 1.2.0 allows: only what ONDC's own examples and Workbench payloads always carry is
// required (tests/fixtures/ondc-1.2.0 holds them), objects stay open, and every field the storefront
// reads has the type and the values ONDC defines (order and fulfillment states, rupee amounts,
// arrays where arrays are due), so nothing a seller sends can leave a record a page cannot show.
// Our own requests are held to the strict schemas in order-schemas.ts.
import { z } from 'zod';
import { onIssueMessageSchema } from './igm.ts';

/** ONDC order states (RET-Spec enums/order.yaml). */
const ORDER_STATES = ['Created', 'Accepted', 'In-progress', 'Completed', 'Cancelled'] as const;

/**
 * Every fulfillment state a retail 1.2.0 seller may report: delivery (RET-Spec
 * enums/fulfillments.yaml, with At-pickup/At-delivery from ONDC's Workbench), serviceability in
 * on_select (both spellings ONDC uses), return (ondc-notes §1 on_update) and RTO.
 */
const FULFILLMENT_STATES = [
  'Pending',
  'Packed',
  'Agent-assigned',
  'At-pickup',
  'Out-for-pickup',
  'Pickup-failed',
  'Order-picked-up',
  'In-transit',
  'At-destination-hub',
  'Out-for-delivery',
  'At-delivery',
  'Delivery-failed',
  'Order-delivered',
  'Cancelled',
  'RTO-Initiated',
  'RTO-Delivered',
  'RTO-Disposed',
  'Serviceable',
  'Non-serviceable',
  'Non-Serviceable',
  'Return_Initiated',
  'Return_Approved',
  'Return_Rejected',
  'Liquidated',
  'Return_Picked',
  'Return_Pick_Failed',
  'Return_Delivered',
  'Return_Failed',
] as const;

const id = z.string().min(1).max(255);
/**
 * Rupees as ONDC writes them: a decimal string, signed where a line takes money off. ONDC's own
 * Workbench payloads also write a plain number, counts as digit strings and booleans as words.
 */
const rupees = z.union([z.string().regex(/^[-+]?\d{1,12}(\.\d{1,4})?$/, 'Expected rupees such as 245.00'), z.number().finite()]);
const count = z.union([z.number().int().min(0).max(100_000), z.string().regex(/^\d{1,6}$/)]);
const flag = z.union([z.boolean(), z.enum(['true', 'false', 'yes', 'no'])]);
const price = z.looseObject({ currency: z.string().optional(), value: rupees });
const tag = z.looseObject({
  code: z.string(),
  list: z.array(z.looseObject({ code: z.string(), value: z.union([z.string(), z.number(), z.boolean()]).optional() })).optional(),
});
const tags = z.array(tag);
const timestamp = z.iso.datetime({ offset: true });

const quote = z.looseObject({
  price,
  breakup: z
    .array(
      z.looseObject({
        '@ondc/org/item_id': z.string().optional(),
        '@ondc/org/title_type': z.string().optional(),
        title: z.string().optional(),
        price: price.optional(),
      }),
    )
    .optional(),
  ttl: z.string().optional(),
});

const fulfillment = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  state: z.looseObject({ descriptor: z.looseObject({ code: z.enum(FULFILLMENT_STATES) }) }).optional(),
  tracking: flag.optional(),
  start: z.looseObject({ time: z.looseObject({ timestamp: timestamp.optional() }).optional() }).optional(),
  end: z.looseObject({ time: z.looseObject({ timestamp: timestamp.optional() }).optional() }).optional(),
  tags: tags.optional(),
});

const item = z.looseObject({
  id,
  fulfillment_id: z.string().optional(),
  quantity: z.looseObject({ count }).optional(),
  parent_item_id: z.string().optional(),
  tags: tags.optional(),
});

const provider = z.looseObject({
  id,
  descriptor: z.looseObject({ name: z.string().optional() }).optional(),
  locations: z.array(z.looseObject({ id })).optional(),
});
const payment = z.looseObject({ type: z.string().optional(), status: z.string().optional(), collected_by: z.string().optional() });

/** Before confirm: what the seller offers (on_select, on_init). */
const offeredOrder = z.looseObject({
  provider: provider.optional(),
  items: z.array(item),
  fulfillments: z.array(fulfillment).optional(),
  quote,
  payment: payment.optional(),
  billing: z.looseObject({}).optional(),
  tags: tags.optional(),
});

/** After confirm: the order as the seller reports it. */
const reportedOrder = z.looseObject({
  id,
  state: z.enum(ORDER_STATES),
  provider: provider.optional(),
  items: z.array(item).optional(),
  fulfillments: z.array(fulfillment),
  quote: quote.optional(),
  payment: payment.optional(),
  cancellation: z.looseObject({ cancelled_by: z.string().optional(), reason: z.looseObject({ id: z.string().optional() }).optional() }).optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});

const orderMessage = <T extends z.ZodType>(order: T) => z.looseObject({ order });

const CALLBACK_MESSAGE_SCHEMAS = {
  // Catalogue pages are judged store by store, item by item, where they are applied (catalogue
  // ingestion, catalog_rejection): here only that there is a catalogue.
  on_search: z.looseObject({ catalog: z.looseObject({ 'bpp/providers': z.array(z.looseObject({ id })).optional() }) }),
  on_select: orderMessage(offeredOrder),
  on_init: orderMessage(offeredOrder),
  on_confirm: orderMessage(reportedOrder.extend({ items: z.array(item), quote })),
  on_status: orderMessage(reportedOrder),
  on_cancel: orderMessage(reportedOrder.extend({ state: z.literal('Cancelled') })),
  on_update: orderMessage(reportedOrder),
  on_track: z.looseObject({
    tracking: z.looseObject({
      id: z.string().optional(),
      url: z.string().optional(),
      status: z.enum(['active', 'inactive']),
      location: z.looseObject({ gps: z.string().optional(), updated_at: timestamp.optional() }).optional(),
      tags: tags.optional(),
    }),
  }),
  on_support: z.looseObject({}),
  // ONDC 1.2.0 RatingAck (rating.ts): whether the rating, and the feedback with it, were recorded.
  on_rating: z.looseObject({ rating_ack: flag.optional(), feedback_ack: flag.optional() }),
  // IGM 2.0.0: the issue whole, as the respondent holds it (igm.ts).
  on_issue: onIssueMessageSchema,
  on_issue_status: onIssueMessageSchema,
} as const;

export type CallbackMessageAction = keyof typeof CALLBACK_MESSAGE_SCHEMAS;

/**
 * Where a callback's message breaks ONDC 1.2.0 for its action (first problem as path and words),
 * or null when it may be taken. A callback carrying a business error (40002, 30009) may send a
 * partial message or none; what it sends still has the types ONDC gives it.
 */
export function callbackMessageProblem(
  action: CallbackMessageAction,
  message: Record<string, unknown> | undefined,
  hasError: boolean,
): { path: string; message: string } | null {
  if (message === undefined || (hasError && Object.keys(message).length === 0)) {
    return hasError ? null : { path: 'message', message: 'A callback without an error carries a message' };
  }
  const schema = CALLBACK_MESSAGE_SCHEMAS[action];
  const parsed = hasError ? lenient(action).safeParse(message) : schema.safeParse(message);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return { path: ['message', ...(issue?.path ?? [])].join('.'), message: issue?.message ?? 'Invalid response' };
}

// With an error, the order's own fields may be missing; those present are checked as ever.
function lenient(action: CallbackMessageAction): z.ZodType {
  switch (action) {
    case 'on_select':
    case 'on_init':
      return orderMessage(offeredOrder.partial()).partial();
    case 'on_confirm':
    case 'on_status':
    case 'on_cancel':
    case 'on_update':
      return orderMessage(reportedOrder.partial()).partial();
    default:
      return CALLBACK_MESSAGE_SCHEMAS[action].partial();
  }
}

/** Whether a stored order reads as ONDC's order after confirm (what the order pages show). */
export function readableOrder(order: unknown): boolean {
  return reportedOrder.safeParse(order).success;
}
