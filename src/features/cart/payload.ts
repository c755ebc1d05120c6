// The cart's wire formats (SPEC §3 cart response and cart update payload, §7.3 cart calls) as
// zod schemas, types inferred from them. Server-side: the islands import types only, so zod
// never reaches the browser bundle.
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './cart.ts';

// Ids of the catalogue (bpp ids are hostnames, item ids slugs): no spaces, nothing to escape.
const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._:@~/-]+$/, 'Expected an id');
const referenceSchema = z.uuid({ error: 'cart_reference_id must be a cart reference id' });
const lineIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._:@~/-]+$/, 'Expected a cart line id');
const rupeesSchema = z.string().regex(/^-?\d+\.\d{2}$/);
const tagSchema = z.object({ code: z.string(), list: z.array(z.object({ code: z.string(), value: z.string() })) });

// ---- The cart response (SPEC §3): a list whose last element is the current cart. ----

/** One entry of item_metadata: the dish or grocery item first, then its customisations. */
const cartLineSchema = z.object({
  id: z.string(),
  location_id: z.string(),
  price: z.object({ value: rupeesSchema, maximum_value: rupeesSchema }),
  tags: z.array(tagSchema),
  /** Pack size of a grocery item ({ pack_size: '1 kg' }); null for dishes and customisations. */
  variantAttr: z.record(z.string(), z.string()).nullable(),
  /** The line id (ONDC parent_item_id) for a customised dish and its customisations; null for a plain item. */
  parentItemId: z.string().nullable(),
  descriptor: z.object({ name: z.string(), images: z.array(z.string()) }),
  veg: z.string().nullable(),
  /** ONDC quantity: available 0 means out of stock; maximum is the most a shopper may order. */
  quantity: z.object({ available: z.object({ count: z.string() }), maximum: z.object({ count: z.string() }) }),
});
export type CartLine = z.infer<typeof cartLineSchema>;

const cartEntrySchema = z.object({
  sku_id: z.string(),
  quantity: z.number().int().positive(),
  item_metadata: z.array(cartLineSchema).min(1),
});
export type CartEntry = z.infer<typeof cartEntrySchema>;

export const cartSchema = z.object({
  cart_reference_id: z.string(),
  provider_id: z.string(),
  /** Grows with every change; an update naming an older version gets a conflict. */
  cart_version: z.number().int().nonnegative(),
  cart_metadata: z.object({
    provider_id: z.string(),
    provider_locations: z.array(z.object({ id: z.string() })).min(1),
    bpp_id: z.string(),
    bpp_uri: z.string(),
    categoryDomain: z.string(),
    ondcCity: z.string(),
    seller_name: z.string(),
    seller_id: z.string(),
    descriptor: z.object({ name: z.string(), images: z.array(z.string()) }),
  }),
  items: z.array(cartEntrySchema),
  offer_strip: z.object({ code: z.string(), text: z.string() }).nullable(),
  available_coins_balance: z.number(),
  /** Rupees: the item total at selling prices (SPEC §5 min cart value compares with it). */
  totalCartValueWithItemDiscount: z.number(),
  providerBlacklistedForOffer: z.string(),
  offerFlag: z.string(),
  /** SPEC §5 uiConfig.minCartValueRequired for this cart, in rupees: the store's minimum order value. */
  minCartValueRequired: z.number().nullable(),
});
export type Cart = z.infer<typeof cartSchema>;

export const cartErrorCodeSchema = z.enum([
  'BAD_REQUEST',
  'CART_NOT_FOUND',
  'CART_CONFLICT',
  'PROVIDER_MISMATCH',
  'ITEM_NOT_FOUND',
  'ITEM_NOT_IN_CART',
  'ITEM_UNAVAILABLE',
  'QUANTITY_LIMIT',
  'INVALID_CUSTOMISATION',
  'UNKNOWN_CITY',
  // SPEC §8 order-level errors (issue 28): the store is not open now.
  'STORE_CLOSED',
  'STORE_TEMPORARILY_CLOSED',
]);
export type CartErrorCode = z.infer<typeof cartErrorCodeSchema>;

/** Every cart call answers this; on FAILURE `data` still holds the shopper's current cart. */
export const cartAnswerSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILURE']),
  data: z.array(cartSchema),
  error: z.object({ message: z.string(), code: cartErrorCodeSchema }).nullable(),
});
export type CartAnswer = z.infer<typeof cartAnswerSchema>;

// ---- The cart update payload (SPEC §3) ----

const quantitySchema = z
  .number({ error: 'quantity must be a whole number from 0' })
  .int('quantity must be a whole number')
  .min(0, 'quantity cannot be negative')
  .max(MAX_LINE_QUANTITY, `quantity cannot be above ${MAX_LINE_QUANTITY}`);

const updateCartMetadataSchema = z.object({
  bpp_id: idSchema,
  provider_id: idSchema.optional(),
  /** SPEC §3: from the os_name cookie, lower-cased. */
  platform: z.string().max(40).optional(),
});

const updateItemMetadataSchema = z.object({
  itemId: idSchema,
  name: z.string().max(300).optional(),
  providerId: idSchema,
  locationId: idSchema.optional(),
  /** An existing customised line, by its id. */
  parentItemId: lineIdSchema.optional(),
  /** A dish's customisation (item ids of kind customization): a new line unless the same choices exist. */
  customisations: z.array(idSchema).max(40).optional(),
});

const itemActionFields = {
  cart_reference_id: referenceSchema.optional(),
  version: z.number().int().nonnegative().optional(),
  sku_id: idSchema,
  /** SPEC §3 sends the price the shopper saw; prices come from the catalogue, so it is not used. */
  price: z.unknown().optional(),
  cart_metadata: updateCartMetadataSchema,
  item_metadata: updateItemMetadataSchema,
};

export const cartUpdateSchema = z
  .discriminatedUnion(
    'action',
    [
      z.object({ action: z.literal('UPDATE_ITEM'), quantity: quantitySchema, ...itemActionFields }),
      z.object({ action: z.literal('CREATE_CART'), quantity: quantitySchema.min(1, 'quantity must be at least 1'), ...itemActionFields }),
      z.object({ action: z.literal('DELETE_ITEM'), ...itemActionFields }),
      z.object({
        action: z.literal('CLEAR_CART'),
        cart_reference_id: referenceSchema,
        version: z.number().int().nonnegative().optional(),
      }),
    ],
    { error: 'action must be UPDATE_ITEM, CREATE_CART, DELETE_ITEM or CLEAR_CART' },
  )
  .superRefine((update, ctx) => {
    if (update.action === 'CLEAR_CART') return;
    if (update.item_metadata.itemId !== update.sku_id) {
      ctx.addIssue({ code: 'custom', path: ['item_metadata', 'itemId'], message: 'item_metadata.itemId must equal sku_id' });
    }
    if (update.cart_metadata.provider_id !== undefined && update.cart_metadata.provider_id !== update.item_metadata.providerId) {
      ctx.addIssue({ code: 'custom', path: ['cart_metadata', 'provider_id'], message: 'cart_metadata.provider_id must equal item_metadata.providerId' });
    }
  });
export type CartUpdate = z.infer<typeof cartUpdateSchema>;

/** SPEC §7.3 POST /ondc/clear-cart. */
export const clearCartSchema = z.object({
  action: z.literal('CLEAR_CART', { error: 'action must be CLEAR_CART' }),
  cart_reference_id: referenceSchema,
});

/** SPEC §7.3 GET /ondc/cart?cityName=&offer=. */
export const cartQuerySchema = z.object({
  cityName: z.string({ error: 'cityName is required' }).trim().min(1, 'cityName is required').max(40),
  offer: z.enum(['0', '1'], { error: 'offer must be 0 or 1' }).default('0'),
});

/** The add-on picker's call: a dish's customisation groups. */
export const customisationQuerySchema = z.object({
  bpp_id: idSchema,
  provider_id: idSchema,
  item_id: idSchema,
});

// ---- The no-JS forms (DESIGN §6): what AddToCart.astro and the /cart page post ----

export const addFormSchema = z.object({
  city: z.string().trim().min(1).max(40),
  bppId: idSchema,
  providerId: idSchema,
  locationId: idSchema,
  itemId: idSchema,
  /** '1' after the shopper agreed, on the /cart page, to replace a cart of another provider. */
  replace: z.literal('1').optional(),
});

export const lineFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('set'),
    city: z.string().trim().min(1).max(40),
    lineId: lineIdSchema,
    quantity: z.coerce.number().pipe(quantitySchema),
  }),
  z.object({ intent: z.literal('clear'), city: z.string().trim().min(1).max(40) }),
]);
