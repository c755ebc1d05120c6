// The ONDC retail 1.2 on_search `message.catalog` schema (ondc-notes §1, §4): what a seller
// sends and what the storefront's on_search receiver accepts. The embedded seller network builds
// catalogues against it (src/network/catalogue/on-search.ts).
//
// What ONDC has no field for (brand, sub-category id, MRP in paise, ratings, trays, working
// hours, serviceable pincodes, internal tags) travels in tags with code `kirana` (provider
// and item) and `kirana_location` (one per location).
import { z } from 'zod';
import { isoDurationSchema } from './context.ts';

const tagSchema = z.object({
  code: z.string().min(1),
  list: z.array(z.object({ code: z.string().min(1), value: z.string() })),
});
export type CatalogTag = z.infer<typeof tagSchema>;

/** ONDC money: rupees as a decimal string ('245.00'). */
const rupeesSchema = z.string().regex(/^\d+(\.\d{1,2})?$/, 'Expected rupees such as 245.00');
const gpsSchema = z.string().regex(/^-?\d{1,2}\.\d+, ?-?\d{1,3}\.\d+$/, 'Expected "lat,lng"');
const hhmmSchema = z.string().regex(/^([01]\d|2[0-3])[0-5]\d$/, 'Expected HHMM');
const fssaiSchema = z.string().regex(/^\d{14}$/, 'Expected a 14-digit FSSAI licence number');
const labelSchema = z.enum(['enable', 'disable']);

const descriptorSchema = z.object({
  name: z.string().min(1),
  tags: z.array(tagSchema).optional(),
  code: z.string().optional(),
  symbol: z.url().optional(),
  short_desc: z.string().optional(),
  long_desc: z.string().optional(),
  images: z.array(z.url()).optional(),
});

export const catalogItemSchema = z
  .object({
    id: z.string().min(1),
    descriptor: descriptorSchema,
    quantity: z.object({
      unitized: z.object({
        measure: z.object({
          unit: z.enum(['unit', 'dozen', 'gram', 'kilogram', 'tonne', 'litre', 'millilitre']),
          value: z.string().regex(/^\d+(\.\d+)?$/),
        }),
      }),
      // ondc-notes §1: the catalogue says "99" (in stock) or "0", never the real stock.
      available: z.object({ count: z.string().regex(/^\d+$/) }),
      maximum: z.object({ count: z.string().regex(/^\d+$/) }),
    }),
    price: z.object({
      currency: z.literal('INR'),
      value: rupeesSchema,
      maximum_value: rupeesSchema,
      tags: z.array(tagSchema).optional(),
    }),
    time: z.object({ label: labelSchema, timestamp: z.iso.datetime() }).optional(),
    category_id: z.string().min(1),
    category_ids: z.array(z.string().regex(/^[^:]+:\d+$/)).optional(),
    location_id: z.string().min(1),
    fulfillment_id: z.string().min(1),
    related: z.boolean().optional(),
    /** the variant group (RET10) the item is one size of */
    parent_item_id: z.string().optional(),
    '@ondc/org/returnable': z.boolean(),
    '@ondc/org/cancellable': z.boolean(),
    '@ondc/org/return_window': isoDurationSchema.optional(),
    '@ondc/org/seller_pickup_return': z.boolean(),
    '@ondc/org/time_to_ship': isoDurationSchema,
    '@ondc/org/available_on_cod': z.boolean(),
    '@ondc/org/contact_details_consumer_care': z.string().min(1),
    '@ondc/org/statutory_reqs_packaged_commodities': z
      .object({
        manufacturer_or_packer_name: z.string().min(1),
        manufacturer_or_packer_address: z.string().min(1),
        common_or_generic_name_of_commodity: z.string().min(1),
        month_year_of_manufacture_packing_import: z.string().regex(/^\d{2}\/\d{4}$/),
      })
      .optional(),
    '@ondc/org/statutory_reqs_prepackaged_food': z
      .object({
        nutritional_info: z.string(),
        additives_info: z.string(),
        brand_owner_FSSAI_license_no: z.union([fssaiSchema, z.literal('NA')]),
        other_FSSAI_license_no: z.string(),
        importer_FSSAI_license_no: z.string(),
      })
      .optional(),
    tags: z.array(tagSchema),
  })
  .refine((item) => Number(item.price.value) <= Number(item.price.maximum_value), {
    message: 'price.value is above price.maximum_value (MRP)',
    path: ['price', 'value'],
  });

const locationSchema = z.object({
  id: z.string().min(1),
  gps: gpsSchema,
  address: z.object({
    street: z.string(),
    locality: z.string().min(1),
    city: z.string().min(1),
    state: z.string().min(1),
    area_code: z.string().regex(/^\d{6}$/),
  }),
  time: z.object({
    label: labelSchema,
    timestamp: z.iso.datetime(),
    days: z.string().regex(/^[1-7](,[1-7])*$/),
    schedule: z.object({ holidays: z.array(z.iso.date()) }),
    range: z.object({ start: hhmmSchema, end: hhmmSchema }),
  }),
  circle: z.object({
    gps: gpsSchema,
    radius: z.object({ unit: z.literal('km'), value: z.string().regex(/^\d+(\.\d+)?$/) }),
  }),
});

const categorySchema = z.object({
  id: z.string().min(1),
  parent_category_id: z.string().optional(),
  descriptor: z.object({ name: z.string().min(1), short_desc: z.string().optional(), images: z.array(z.url()).optional() }),
  tags: z.array(tagSchema),
});

const offerSchema = z.object({
  id: z.string().min(1),
  descriptor: z.object({
    code: z.enum(['discount', 'buyXgetY', 'freebie', 'slab', 'combo', 'delivery', 'exchange', 'financing']),
    images: z.array(z.url()).optional(),
  }),
  location_ids: z.array(z.string()),
  item_ids: z.array(z.string()).optional(),
  time: z.object({ label: z.literal('valid'), range: z.object({ start: z.iso.datetime(), end: z.iso.datetime() }) }),
  tags: z.array(tagSchema),
});

export function tagValues(tags: readonly CatalogTag[], code: string, entry: string): string[] {
  return tags.filter((t) => t.code === code).flatMap((t) => t.list.filter((e) => e.code === entry).map((e) => e.value));
}

const providerObjectSchema = z.object({
  id: z.string().min(1),
  time: z.object({ label: labelSchema, timestamp: z.iso.datetime() }),
  descriptor: descriptorSchema,
  ttl: isoDurationSchema,
  fulfillments: z
    .array(
      z.object({
        id: z.string().min(1),
        type: z.string().min(1),
        contact: z.object({ phone: z.string().min(1), email: z.string().min(1) }),
        tags: z.array(tagSchema).optional(),
      }),
    )
    .optional(),
  '@ondc/org/fssai_license_no': z.string().optional(),
  locations: z.array(locationSchema).min(1),
  categories: z.array(categorySchema),
  items: z.array(catalogItemSchema),
  offers: z.array(offerSchema),
  tags: z.array(tagSchema),
});

const providerSchema = providerObjectSchema.superRefine((provider, ctx) => {
  // Every reference inside a provider must resolve, or the buyer app cannot build a cart.
  const locations = new Set(provider.locations.map((l) => l.id));
  const categories = new Set(provider.categories.map((c) => c.id));
  provider.items.forEach((item, i) => {
    if (!locations.has(item.location_id)) {
      ctx.addIssue({ code: 'custom', message: `unknown location ${item.location_id}`, path: ['items', i, 'location_id'] });
    }
    const groups = [...tagValues(item.tags, 'custom_group', 'id'), ...tagValues(item.tags, 'parent', 'id'), ...tagValues(item.tags, 'child', 'id')];
    const menus = (item.category_ids ?? []).map((ref) => ref.split(':')[0] ?? '');
    for (const id of [...groups, ...menus]) {
      if (!categories.has(id)) ctx.addIssue({ code: 'custom', message: `unknown category ${id}`, path: ['items', i, 'tags'] });
    }
  });
});

export const onSearchCatalogSchema = z.object({
  'bpp/fulfillments': z.array(z.object({ id: z.string().min(1), type: z.enum(['Delivery', 'Self-Pickup', 'Delivery and Self-Pickup']) })),
  'bpp/descriptor': descriptorSchema,
  'bpp/providers': z.array(providerSchema),
});

export type OnSearchCatalog = z.infer<typeof onSearchCatalogSchema>;

// What the storefront reads off an on_search before judging each store and each item by itself
// (listing checks in src/features/catalogue): one bad store or item is rejected (catalog_rejection),
// not the catalogue.
// Liberal where ONDC's 1.2.0 retail spec is (issue 25): its own examples send catalogues without
// bpp/fulfillments or with a Buyer-Delivery one (the Workbench also pages without bpp/descriptor),
// stores without offers and locations without an area_code. Our sellers' catalogues stay held to
// the schemas above.
// A store's tag entry without a string value (ONDC's own Workbench catalogue writes `"value\""`)
// is dropped, not the store.
const receivedTagSchema = z
  .object({ code: z.string().min(1), list: z.array(z.looseObject({ code: z.string().min(1), value: z.unknown().optional() })) })
  .transform((tag) => ({
    code: tag.code,
    list: tag.list.flatMap((entry) => (typeof entry.value === 'string' ? [{ code: entry.code, value: entry.value }] : [])),
  }));
// ONDC's own grocery and F&B examples give a store's opening hours under time.schedule.range
// (beside its slots, schedule.times): read there when time.range is absent.
const liftScheduleRange = (location: unknown) => {
  const time = (location as { time?: { range?: unknown; schedule?: { range?: unknown } } } | null)?.time;
  return time && time.range === undefined && time.schedule?.range !== undefined
    ? { ...(location as object), time: { ...time, range: time.schedule.range } }
    : location;
};
const receivedLocationSchema = z.preprocess(
  liftScheduleRange,
  locationSchema.extend({ address: locationSchema.shape.address.extend({ area_code: locationSchema.shape.address.shape.area_code.optional() }) }),
);
// An offer of a kind we do not know (ONDC's F&B example still writes disc_pct / disc_amt) is
// left out, not the store that makes it.
const receivedOffersSchema = z
  .array(z.unknown())
  .default([])
  .transform((offers) =>
    offers.flatMap((offer) => {
      const parsed = offerSchema.safeParse(offer);
      return parsed.success ? [parsed.data] : [];
    }),
  );
export const receivedProviderSchema = providerObjectSchema.extend({
  items: z.array(z.unknown()),
  offers: receivedOffersSchema,
  locations: z.array(receivedLocationSchema).min(1),
  tags: z.array(receivedTagSchema),
});
export const receivedCatalogSchema = onSearchCatalogSchema.extend({
  'bpp/descriptor': descriptorSchema.optional(),
  'bpp/fulfillments': z.array(z.object({ id: z.string().min(1), type: z.string().min(1) })).optional(),
  'bpp/providers': z.array(z.unknown()),
});
export type ReceivedProvider = z.infer<typeof receivedProviderSchema>;

// An incremental refresh (catalog_inc, ondc-notes §1) names only what changed: a store switched
// on or off (time.label), a location opened or closed, and the changed items in full.
// A location closed for a while is reopened with label open (ONDC's store-reopen example).
const statusSchema = z.object({ label: z.enum(['enable', 'disable', 'close', 'open']), timestamp: z.iso.datetime() });
export const incrementalCatalogSchema = z.object({
  'bpp/providers': z.array(
    z.object({
      id: z.string().min(1),
      time: statusSchema.optional(),
      locations: z.array(z.looseObject({ id: z.string().min(1), time: statusSchema.loose() })).optional(),
      categories: z.array(categorySchema).optional(),
      items: z.array(z.unknown()).optional(),
    }),
  ),
});
export type CatalogProvider = OnSearchCatalog['bpp/providers'][number];
export type CatalogItem = CatalogProvider['items'][number];
export type CatalogCategory = CatalogProvider['categories'][number];
