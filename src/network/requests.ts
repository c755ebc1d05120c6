// The shapes of what buyer apps send the sellers (ondc-notes §1). Parts a seller echoes back
// (billing, delivery end, payment) are loose objects, so fields we do not read survive the echo.
import { z } from 'zod';
import { contextSchema, type RequestAction } from '#/ondc/context.ts';
import { issueMessageSchema, issueStatusMessageSchema } from '#/ondc/igm.ts';

export const tagSchema = z.object({
  code: z.string().min(1),
  list: z.array(z.object({ code: z.string().min(1), value: z.string() })),
});
export type Tag = z.infer<typeof tagSchema>;

/** The value of `entry` in the first tag `code` that has one. */
export function tagValue(tags: readonly Tag[] | undefined, code: string, entry: string): string | undefined {
  for (const tag of tags ?? []) {
    if (tag.code !== code) continue;
    const found = tag.list.find((e) => e.code === entry);
    if (found) return found.value;
  }
  return undefined;
}

const gpsSchema = z.string().regex(/^-?\d{1,2}(\.\d+)?, ?-?\d{1,3}(\.\d+)?$/, 'Expected "lat,lng"');

const orderItemSchema = z.object({
  id: z.string().min(1).max(200),
  location_id: z.string().optional(),
  fulfillment_id: z.string().optional(),
  quantity: z.object({ count: z.number().int().min(1).max(1000) }),
  // ondc-notes §4: the buyer's own id tying a dish to its add-ons, alphanumeric, ≤ 12 chars
  // (a little more is tolerated: nothing breaks on a longer one).
  parent_item_id: z.string().min(1).max(64).optional(),
  tags: z.array(tagSchema).optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

const providerRefSchema = z.object({
  id: z.string().min(1),
  locations: z.array(z.object({ id: z.string().min(1) })).optional(),
});

const offerRefSchema = z.object({ id: z.string().min(1), tags: z.array(tagSchema).optional() });

// The address rule (ondc-notes §1 init) is the seller's business check (31002), not a shape
// error, so the parts it reads are free text here.
const addressSchema = z.looseObject({
  name: z.string().optional(),
  building: z.string().optional(),
  locality: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
  area_code: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

const selectFulfillmentSchema = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  end: z.looseObject({
    location: z.looseObject({ gps: gpsSchema.optional(), address: z.looseObject({ area_code: z.string().min(1) }) }),
  }),
});

const deliveryEndSchema = z.looseObject({
  location: z.looseObject({ gps: gpsSchema.optional(), address: addressSchema }),
  contact: z.looseObject({ phone: z.string().min(1), email: z.string().optional() }),
  person: z.looseObject({ name: z.string().optional() }).optional(),
});
export type DeliveryEnd = z.infer<typeof deliveryEndSchema>;

const orderFulfillmentSchema = z.looseObject({ id: z.string().optional(), type: z.string().optional(), end: deliveryEndSchema });

const billingSchema = z.looseObject({
  name: z.string().min(1),
  address: addressSchema,
  phone: z.string().min(1),
  email: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type Billing = z.infer<typeof billingSchema>;

const paymentRequestSchema = z.looseObject({ type: z.string().optional() });

const selectOrderSchema = z.object({
  provider: providerRefSchema,
  items: z.array(orderItemSchema).min(1).max(100),
  offers: z.array(offerRefSchema).optional(),
  fulfillments: z.array(selectFulfillmentSchema).min(1),
  payment: paymentRequestSchema.optional(),
});

const initOrderSchema = z.object({
  provider: providerRefSchema,
  items: z.array(orderItemSchema).min(1).max(100),
  offers: z.array(offerRefSchema).optional(),
  billing: billingSchema,
  fulfillments: z.array(orderFulfillmentSchema).min(1),
  payment: paymentRequestSchema.optional(),
  /** Issue 29: the buyer's rider tip among them (ondc/tip.ts). */
  tags: z.array(tagSchema).optional(),
});

const confirmOrderSchema = initOrderSchema.extend({
  // ondc-notes §1 confirm: order.id is alphanumeric, at most 32 characters (hyphens tolerated).
  id: z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'Expected an order id of at most 32 letters, digits or hyphens'),
  quote: z.looseObject({ price: z.object({ currency: z.literal('INR'), value: z.string().regex(/^-?\d+(\.\d{1,2})?$/, 'Expected rupees such as 245.00') }) }),
  payment: z.looseObject({ type: z.string(), status: z.string(), collected_by: z.string().optional() }),
  tags: z.array(tagSchema).optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});

const orderIdSchema = z.string().min(1).max(64);

const searchIntentSchema = z.looseObject({
  provider: z.looseObject({ id: z.string().optional() }).optional(),
  item: z.looseObject({ descriptor: z.looseObject({ name: z.string().optional() }).optional() }).optional(),
  category: z.looseObject({ id: z.string().optional() }).optional(),
});

const updateFulfillmentSchema = z.looseObject({ id: z.string().optional(), type: z.string(), tags: z.array(tagSchema).optional() });

const messageSchemas = {
  search: z.object({ intent: searchIntentSchema }),
  select: z.object({ order: selectOrderSchema }),
  init: z.object({ order: initOrderSchema }),
  confirm: z.object({ order: confirmOrderSchema }),
  status: z.object({ order_id: orderIdSchema }),
  track: z.object({ order_id: orderIdSchema }),
  cancel: z.object({
    order_id: orderIdSchema,
    cancellation_reason_id: z.string().min(1),
    descriptor: z.looseObject({}).optional(),
  }),
  update: z.object({
    update_target: z.string().min(1),
    order: z.looseObject({ id: orderIdSchema, fulfillments: z.array(updateFulfillmentSchema).min(1) }),
  }),
  // 1.2.0 support names the order as ref_id; some buyer apps send order_id.
  support: z
    .looseObject({ ref_id: z.string().min(1).optional(), order_id: z.string().min(1).optional() })
    .refine((m) => m.ref_id !== undefined || m.order_id !== undefined, 'Expected ref_id'),
  // ONDC 1.2.0 rating (ondc/rating.ts): one thing rated. Category and value are the seller's
  // business (50003, 30015, answered in on_rating), so here they are only a word and a number or text.
  rating: z.looseObject({
    rating_category: z.string().min(1),
    id: z.string().min(1).max(255),
    value: z.union([z.number(), z.string()]),
    feedback_form: z
      .array(z.looseObject({ id: z.string().optional(), parent_id: z.string().optional(), answer: z.string().optional(), answer_type: z.string().optional() }))
      .optional(),
    feedback_id: z.string().optional(),
  }),
  issue: issueMessageSchema,
  issue_status: issueStatusMessageSchema,
} as const;

export type SellerAction = Exclude<RequestAction, 'catalog_rejection'>;
/** Complaints (IGM 2.0.0), answered by the seller's issue desk (issue-desk.ts). */
export type IssueAction = Extract<SellerAction, 'issue' | 'issue_status'>;
/** Everything but search and complaints: requests about one order, answered by the seller they name. */
export type OrderAction = Exclude<SellerAction, 'search' | IssueAction>;
export const SELLER_ACTIONS = Object.keys(messageSchemas) as SellerAction[];

export type MessageOf<A extends SellerAction> = z.infer<(typeof messageSchemas)[A]>;
export type Context = z.infer<typeof contextSchema>;
export type RequestOf<A extends SellerAction> = { context: Context; message: MessageOf<A> };

export type ParsedRequest<A extends SellerAction> = { success: true; data: RequestOf<A> } | { success: false; path: string; message: string };

const envelopeSchema = z.object({ context: contextSchema, message: z.unknown() });

/** Parses a request body for `action`: the context, and the message that action carries. */
export function parseRequest<A extends SellerAction>(action: A, body: unknown): ParsedRequest<A> {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return failure(envelope.error.issues[0], []);
  const message = messageSchemas[action].safeParse(envelope.data.message);
  if (!message.success) return failure(message.error.issues[0], ['message']);
  // The schema chosen by `action` produced it; TypeScript cannot follow that through the index.
  return { success: true, data: { context: envelope.data.context, message: message.data as MessageOf<A> } };
}

function failure(issue: z.core.$ZodIssue | undefined, prefix: PropertyKey[]): { success: false; path: string; message: string } {
  return { success: false, path: [...prefix, ...(issue?.path ?? [])].map(String).join('.'), message: issue?.message ?? 'Invalid request' };
}
