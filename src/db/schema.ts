import { bigserial, boolean, doublePrecision, integer, jsonb, numeric, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors src/db/migrations.ts: the SQL there is what creates the tables, this is how code reads them.
export const kiranaMeta = pgTable('kirana_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schemaMigrations = pgTable('schema_migrations', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ondcTransactions = pgTable('ondc_transactions', {
  transactionId: text('transaction_id').primaryKey(),
  shopperKey: text('shopper_key'),
  domain: text('domain').notNull(),
  city: text('city').notNull(),
  bppId: text('bpp_id'),
  bppUri: text('bpp_uri'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const ondcMessages = pgTable('ondc_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  transactionId: text('transaction_id').notNull(),
  messageId: text('message_id').notNull(),
  action: text('action').notNull(),
  direction: text('direction', { enum: ['in', 'out'] }).notNull(),
  participantId: text('participant_id'),
  bodyDigest: text('body_digest').notNull(),
  body: jsonb('body').notNull(),
  ackStatus: text('ack_status', { enum: ['ACK', 'NACK'] }),
  errorCode: text('error_code'),
  errorMessage: text('error_message'),
  late: boolean('late').notNull().default(false),
  respondBy: timestamp('respond_by', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const catalogueSellers = pgTable('catalogue_sellers', {
  bppId: text('bpp_id').primaryKey(),
  bppUri: text('bpp_uri').notNull(),
  name: text('name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const catalogueProviders = pgTable(
  'catalogue_providers',
  {
    bppId: text('bpp_id').notNull(),
    providerId: text('provider_id').notNull(),
    domain: text('domain').notNull(),
    cityCode: text('city_code').notNull(),
    name: text('name').notNull(),
    shortDesc: text('short_desc'),
    image: text('image'),
    status: text('status').notNull(),
    locationId: text('location_id').notNull(),
    locationStatus: text('location_status').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    street: text('street'),
    locality: text('locality'),
    city: text('city'),
    state: text('state'),
    areaCode: text('area_code'),
    radiusKm: doublePrecision('radius_km').notNull(),
    servesPincodes: text('serves_pincodes').array().notNull(),
    opensAt: integer('opens_at'),
    closesAt: integer('closes_at'),
    rating: real('rating'),
    ratingCount: integer('rating_count'),
    tat: text('tat'),
    deliveryFeePaise: integer('delivery_fee_paise'),
    freeDeliveryAbovePaise: integer('free_delivery_above_paise'),
    minOrderPaise: integer('min_order_paise'),
    internalTags: text('internal_tags').array().notNull(),
    cuisines: text('cuisines').array().notNull(),
    pureVeg: boolean('pure_veg'),
    fssaiLicence: text('fssai_licence'),
    consumerCare: text('consumer_care'),
    categories: jsonb('categories').notNull(),
    offers: jsonb('offers').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bppId, t.providerId] })],
);

export const catalogueItems = pgTable(
  'catalogue_items',
  {
    bppId: text('bpp_id').notNull(),
    providerId: text('provider_id').notNull(),
    itemId: text('item_id').notNull(),
    cityCode: text('city_code').notNull(),
    locationId: text('location_id').notNull(),
    kind: text('kind', { enum: ['item', 'customization'] }).notNull(),
    name: text('name').notNull(),
    shortDesc: text('short_desc'),
    image: text('image'),
    ondcCategory: text('ondc_category').notNull(),
    subCategoryId: integer('sub_category_id'),
    brand: text('brand'),
    packValue: numeric('pack_value'),
    packUnit: text('pack_unit'),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    priceLowerPaise: integer('price_lower_paise'),
    priceUpperPaise: integer('price_upper_paise'),
    inStock: boolean('in_stock').notNull(),
    maxQuantity: integer('max_quantity').notNull(),
    vegNonVeg: text('veg_nonveg'),
    fssaiLicence: text('fssai_licence'),
    title: text('title'),
    trayTags: text('tray_tags').array().notNull(),
    rating: real('rating'),
    ratingCount: integer('rating_count'),
    customGroupIds: text('custom_group_ids').array().notNull(),
    parentGroupId: text('parent_group_id'),
    isDefault: boolean('is_default'),
    childGroupIds: text('child_group_ids').array().notNull(),
    menuIds: text('menu_ids').array().notNull(),
    dedupeKey: text('dedupe_key'),
    returnable: boolean('returnable'),
    returnWindow: text('return_window'),
    longDesc: text('long_desc'),
    gtin: text('gtin'),
    parentItemId: text('parent_item_id'),
    cancellable: boolean('cancellable'),
    timeToShip: text('time_to_ship'),
    availableOnCod: boolean('available_on_cod'),
    statutory: jsonb('statutory'),
    sellerUpdatedAt: timestamp('seller_updated_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bppId, t.providerId, t.itemId] })],
);

export const savedAddresses = pgTable(
  'saved_addresses',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    addressType: text('address_type', { enum: ['HOME', 'WORK', 'OTHER'] }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    city: text('city').notNull(),
    pinCode: text('pin_code').notNull(),
    body: jsonb('body').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

export const carts = pgTable(
  'carts',
  {
    shopperKey: text('shopper_key').notNull(),
    cityCode: text('city_code').notNull(),
    cartReferenceId: text('cart_reference_id').notNull().unique(),
    bppId: text('bpp_id'),
    providerId: text('provider_id'),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopperKey, t.cityCode] })],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    shopperKey: text('shopper_key').notNull(),
    cityCode: text('city_code').notNull(),
    lineId: text('line_id').notNull(),
    itemId: text('item_id').notNull(),
    customisationIds: text('customisation_ids').array().notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopperKey, t.cityCode, t.lineId] })],
);

export const offers = pgTable('offers', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  type: text('type').notNull(),
  valuePaise: integer('value_paise'),
  percent: numeric('percent', { precision: 5, scale: 2 }),
  maxDiscountPaise: integer('max_discount_paise'),
  cityCode: text('city_code'),
  active: boolean('active').notNull().default(true),
});

export const appliedOffers = pgTable('applied_offers', {
  transactionId: text('transaction_id').primaryKey(),
  code: text('code').notNull(),
  messageId: text('message_id').notNull(),
  discountPaise: integer('discount_paise').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

export const couponAttempts = pgTable('coupon_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  shopperKey: text('shopper_key').notNull(),
  code: text('code').notNull(),
  attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
});

export const coinLedger = pgTable('coin_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  shopperKey: text('shopper_key').notNull(),
  coins: integer('coins').notNull(),
  reason: text('reason').notNull(),
  orderId: text('order_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const shopperConsents = pgTable('shopper_consents', {
  shopperKey: text('shopper_key').primaryKey(),
  isConsentAccepted: boolean('is_consent_accepted').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  paymentId: text('payment_id').primaryKey(),
  transactionId: text('transaction_id').notNull(),
  shopperKey: text('shopper_key').notNull(),
  initMessageId: text('init_message_id').notNull(),
  amountPaise: integer('amount_paise').notNull(),
  method: text('method').notNull(),
  vpa: text('vpa'),
  status: text('status').notNull(),
  coinsBurned: integer('coins_burned').notNull().default(0),
  coinDiscountPaise: integer('coin_discount_paise').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  confirmBy: timestamp('confirm_by', { withTimezone: true }),
  flow: text('flow').notNull().default('collect'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  intentLink: text('intent_link'),
});

export const coinReservations = pgTable('coin_reservations', {
  paymentId: text('payment_id').primaryKey(),
  shopperKey: text('shopper_key').notNull(),
  coins: integer('coins').notNull(),
  state: text('state').notNull().default('held'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orders = pgTable('orders', {
  orderId: text('order_id').primaryKey(),
  transactionId: text('transaction_id').notNull().unique(),
  shopperKey: text('shopper_key').notNull(),
  paymentId: text('payment_id').notNull(),
  confirmMessageId: text('confirm_message_id'),
  state: text('state').notNull().default('CONFIRMING'),
  totalPaise: integer('total_paise').notNull(),
  onConfirm: jsonb('on_confirm'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
