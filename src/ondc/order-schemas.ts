// The `message` of every ONDC retail 1.2.0 order action, as zod schemas transcribed from ONDC's
// own JSON schemas (log-validation-utility schema/Retail: RET/{select,init,confirm,on_select,
// on_init,on_confirm}, Status/{status,on_status}, Cancel/{cancel,onCancel,on_cancel_rto},
// Update/{update,on_update}, Track/{track,on_track}): what is required, the enums and the number
// formats. Objects stay open (extra fields pass), as in ONDC's schemas. Tests hold the buyer's
// requests and the embedded sellers' callbacks to them, so CI catches what the validator would.
import { z } from 'zod';
import { isoDurationSchema } from './context.ts';

const text = z.string().min(1);
const rfc3339 = z.iso.datetime({ offset: true });
/** ONDC's order id: alphanumeric (hyphens allowed) up to 32, or a UUID. */
const orderId = z
  .string()
  .regex(/^[a-zA-Z0-9-]{1,32}$|^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'Expected an ONDC order id');
const amount = z.string().regex(/^[0-9]+(\.[0-9]{1,2})?$/, 'Expected rupees such as 245.00');
const signedAmount = z.string().regex(/^[-+]?[0-9]+(\.[0-9]{1,2})?$/, 'Expected rupees such as -20.00');
const price = z.looseObject({ currency: text, value: signedAmount });

const tag = z.looseObject({ code: text, list: z.array(z.looseObject({ code: text, value: z.string() })) });
const providerRef = z.looseObject({ id: text, locations: z.array(z.looseObject({ id: text })) });

const address = z.looseObject({ name: text, building: text, locality: text, city: text, state: text, country: text, area_code: text });
const billing = z.looseObject({ name: text, address, phone: text, email: z.email().optional(), created_at: rfc3339, updated_at: rfc3339 });
const deliveryEnd = z.looseObject({ location: z.looseObject({ gps: text, address }), contact: z.looseObject({ phone: text }) });

const orderedItem = z.looseObject({
  id: text,
  fulfillment_id: text,
  quantity: z.looseObject({ count: z.number().int() }),
  parent_item_id: z.string().optional(),
  tags: z.array(tag).optional(),
});
const titleType = z.enum(['item', 'delivery', 'packing', 'tax', 'misc', 'discount', 'offer']);
const breakupLine = z.looseObject({ '@ondc/org/item_id': text, title: text, '@ondc/org/title_type': titleType, price });
const quote = z.looseObject({ price: z.looseObject({ currency: text, value: amount }), breakup: z.array(breakupLine), ttl: isoDurationSchema });

const settlementBasis = z.enum(['shipment', 'delivery', 'return_window_expiry']);
const saleSettlement = z.looseObject({
  settlement_counterparty: text,
  settlement_phase: z.literal('sale-amount'),
  settlement_type: z.enum(['upi', 'neft', 'rtgs']),
});
const orderPayment = z.looseObject({
  params: z.looseObject({ currency: text, amount: text, transaction_id: z.string().optional() }),
  status: z.enum(['PAID', 'NOT-PAID']),
  type: z.enum(['ON-ORDER', 'ON-FULFILLMENT']),
  collected_by: z.enum(['BAP', 'BPP']),
  '@ondc/org/buyer_app_finder_fee_type': text,
  '@ondc/org/buyer_app_finder_fee_amount': text,
});
const fulfillmentState = (codes: z.ZodType<string>) => z.looseObject({ descriptor: z.looseObject({ code: codes }) });

// ---- the buyer app's requests ----

const selectMessage = z.looseObject({
  order: z.looseObject({
    provider: providerRef,
    items: z.array(
      z.looseObject({
        id: text,
        location_id: text,
        quantity: z.looseObject({ count: z.number().int() }),
        parent_item_id: z.string().optional(),
        tags: z.array(tag).optional(),
      }),
    ),
    offers: z
      .array(
        z.looseObject({ id: text, tags: z.array(z.looseObject({ code: text, list: z.array(z.looseObject({ code: text, value: z.enum(['yes', 'no']) })) })) }),
      )
      .optional(),
  }),
});

const initMessage = z.looseObject({
  order: z.looseObject({
    provider: providerRef,
    items: z.array(orderedItem),
    billing,
    fulfillments: z.array(z.looseObject({ id: text, type: z.literal('Delivery'), end: deliveryEnd })),
  }),
});

const confirmMessage = z.looseObject({
  order: z.looseObject({
    id: orderId,
    state: text,
    provider: providerRef,
    items: z.array(orderedItem),
    billing,
    fulfillments: z.array(
      z.looseObject({ id: text, type: z.literal('Delivery'), tracking: z.boolean(), end: deliveryEnd.extend({ person: z.looseObject({ name: text }) }) }),
    ),
    quote,
    payment: orderPayment.extend({
      '@ondc/org/settlement_basis': settlementBasis,
      '@ondc/org/settlement_window': text,
      '@ondc/org/settlement_details': z.array(saleSettlement).optional(),
    }),
    tags: z.array(tag),
    created_at: rfc3339,
    updated_at: rfc3339,
  }),
});

const statusMessage = z.looseObject({ order_id: orderId });
const trackMessage = z.looseObject({ order_id: text });
const cancelMessage = z.looseObject({
  order_id: orderId,
  cancellation_reason_id: text,
  descriptor: z.looseObject({ name: text, short_desc: text }).optional(),
});

/** A refund the buyer app settled (update_target payment). */
const refundSettlement = z.looseObject({
  settlement_counterparty: text,
  settlement_phase: text,
  settlement_type: z.enum(['upi', 'neft', 'rtgs', 'wallet', 'netbanking', 'paylater', 'card']),
  settlement_amount: text,
  settlement_timestamp: rfc3339,
});
const updateMessage = z.looseObject({
  update_target: z.enum(['payment', 'item']),
  order: z.looseObject({
    id: text,
    fulfillments: z.array(
      z.looseObject({
        id: z.string().optional(),
        type: z.string().optional(),
        tags: z.array(z.looseObject({ code: text, list: z.array(z.looseObject({ code: text, value: z.union([text, z.array(text).min(1)]) })) })).optional(),
      }),
    ),
    payment: z.looseObject({ '@ondc/org/settlement_details': z.array(refundSettlement).optional() }).optional(),
  }),
});

// ---- the seller's callbacks ----

const onSelectMessage = z.looseObject({
  order: z.looseObject({
    provider: providerRef,
    items: z.array(z.looseObject({ id: text, fulfillment_id: text })),
    fulfillments: z.array(
      z.looseObject({
        id: text,
        '@ondc/org/provider_name': text,
        '@ondc/org/category': z.enum([
          'Takeaway',
          'Kerbside',
          'Immediate Delivery',
          'Standard Delivery',
          'Express Delivery',
          'Same Day Delivery',
          'Next Day Delivery',
        ]),
        '@ondc/org/TAT': isoDurationSchema,
        state: fulfillmentState(z.enum(['Serviceable', 'Non-serviceable'])),
      }),
    ),
    quote: quote.extend({ ttl: isoDurationSchema.optional() }),
  }),
});

const onInitMessage = z.looseObject({
  order: z.looseObject({
    provider: providerRef,
    items: z.array(orderedItem),
    billing,
    fulfillments: z.array(z.looseObject({ id: text, type: z.literal('Delivery'), end: deliveryEnd })),
    quote,
    payment: z.looseObject({
      '@ondc/org/buyer_app_finder_fee_type': z.enum(['percent', 'amount']),
      '@ondc/org/buyer_app_finder_fee_amount': z.string().regex(/^\d*\.?\d{1,2}$/),
      '@ondc/org/settlement_details': z.array(saleSettlement),
    }),
    tags: z.array(tag.extend({ code: z.literal('bpp_terms') })),
  }),
});

const storeStart = z.looseObject({
  location: z.looseObject({
    descriptor: z.looseObject({ name: text }),
    gps: text,
    address: z.looseObject({ locality: text, city: text, area_code: text, state: text }),
  }),
  contact: z.looseObject({ phone: text }),
});

/** The order as a seller reports it after confirm (on_confirm, on_status, on_cancel, on_update). */
const reportedOrder = z.looseObject({
  id: orderId,
  provider: providerRef,
  items: z.array(orderedItem),
  billing,
  quote,
  payment: orderPayment,
  created_at: rfc3339,
  updated_at: rfc3339,
});

const onConfirmMessage = z.looseObject({
  order: reportedOrder.extend({
    state: z.enum(['Created', 'Accepted', 'Cancelled']),
    fulfillments: z.array(
      z.looseObject({
        id: text,
        '@ondc/org/provider_name': text,
        state: fulfillmentState(z.literal('Pending')),
        type: z.literal('Delivery'),
        tracking: z.boolean(),
        start: storeStart.extend({ location: storeStart.shape.location.extend({ id: text }) }),
        end: deliveryEnd.extend({ person: z.looseObject({ name: text }) }),
      }),
    ),
    tags: z.array(tag.extend({ code: z.enum(['bpp_terms', 'bap_terms']), list: tag.shape.list.min(1) })),
  }),
});

// on_status's breakup has no negative prices (ONDC's schema): discounts leave with the order.
const statusQuote = quote.extend({ breakup: z.array(breakupLine.extend({ '@ondc/org/title_type': text, price: price.extend({ value: amount }) })) });
const onStatusMessage = z.looseObject({
  order: reportedOrder.extend({
    state: z.enum(['Created', 'Accepted', 'In-progress', 'Completed', 'Cancelled']),
    quote: statusQuote,
    fulfillments: z.array(
      z.union([
        z.looseObject({
          type: z.literal('Delivery'),
          id: text,
          '@ondc/org/provider_name': text,
          tracking: z.boolean(),
          state: fulfillmentState(text),
          start: storeStart.extend({ time: z.looseObject({ range: z.looseObject({ start: rfc3339, end: rfc3339 }) }) }),
          end: deliveryEnd.extend({ person: z.looseObject({ name: text }), time: z.looseObject({ range: z.looseObject({ start: rfc3339, end: rfc3339 }) }) }),
        }),
        z.looseObject({ type: z.string().refine((t) => t !== 'Delivery'), id: text, state: fulfillmentState(text) }),
      ]),
    ),
  }),
});

const onCancelMessage = z.looseObject({
  order: reportedOrder.extend({
    state: z.literal('Cancelled'),
    cancellation: z.looseObject({ cancelled_by: text, reason: z.looseObject({ id: text }) }),
    fulfillments: z.array(z.looseObject({ id: text, type: text, state: fulfillmentState(z.enum(['Cancelled', 'RTO-Initiated'])) })),
    quote: quote.extend({ breakup: z.array(breakupLine.omit({ title: true }).extend({ '@ondc/org/title_type': text })) }),
    payment: orderPayment.extend({ '@ondc/org/settlement_details': z.array(z.looseObject({})) }),
  }),
});

const onUpdateMessage = z.looseObject({
  order: reportedOrder.extend({
    state: z.enum(['Created', 'Accepted', 'Cancelled', 'Completed', 'Delivered']),
    billing: billing.extend({ email: text }),
    fulfillments: z.array(z.looseObject({ id: text, type: z.enum(['Cancel', 'Delivery', 'Return']), state: z.looseObject({}) })),
    quote: quote.extend({ breakup: z.array(breakupLine.extend({ '@ondc/org/title_type': text })) }),
    payment: orderPayment.extend({ params: orderPayment.shape.params.extend({ transaction_id: text }) }),
  }),
});

const onTrackMessage = z.looseObject({
  tracking: z.looseObject({
    id: text,
    location: z.looseObject({ gps: text, time: z.looseObject({ timestamp: rfc3339 }), updated_at: rfc3339 }),
    status: text,
    tags: z.array(tag),
  }),
});

export const ORDER_MESSAGE_SCHEMAS = {
  select: selectMessage,
  on_select: onSelectMessage,
  init: initMessage,
  on_init: onInitMessage,
  confirm: confirmMessage,
  on_confirm: onConfirmMessage,
  status: statusMessage,
  on_status: onStatusMessage,
  cancel: cancelMessage,
  on_cancel: onCancelMessage,
  update: updateMessage,
  on_update: onUpdateMessage,
  track: trackMessage,
  on_track: onTrackMessage,
} as const;

export type OrderMessageAction = keyof typeof ORDER_MESSAGE_SCHEMAS;

/** Where a message breaks ONDC's schema for its action, as "path: message" lines (none when it passes). */
export function orderMessageProblems(action: OrderMessageAction, message: unknown): string[] {
  const parsed = ORDER_MESSAGE_SCHEMAS[action].safeParse(message);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`);
}
