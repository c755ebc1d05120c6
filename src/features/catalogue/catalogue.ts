// SPEC §7.2 payloads and the shapes the catalogue endpoints answer with (zod in, typed out).
import { z } from 'zod';
import { domainSchema } from '#/ondc/context.ts';

/** SPEC §9 list page size in the retail flow, and the other limits of §7.2. */
export const LIMITS = { page: 20, searchDishes: 30, unifiedItems: 5, filters: 100, maxPage: 500 } as const;

/** Fields a filter may name, and what they mean in our catalogue. */
const FILTER_FIELDS = [
  'brandName',
  'itemQuantityBucket',
  'discountBucket',
  'packSize',
  'subCategoryId',
  'categoryId',
  'currentPrice',
  'isVeg',
  'providerId',
  'inStock',
  'rating',
  'trayTag',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

const scalar = z.union([z.string().max(200), z.number().finite(), z.boolean()]);

/**
 * What each field's values must be, so a filter the query cannot mean is a 400 and not an empty
 * page, a filter silently dropped, or a database error (an id past int4, a price that is a word).
 */
const FIELD_VALUES: Record<FilterField, { types: ReadonlyArray<'TERM_EQ' | 'IN' | 'LTE' | 'GTE'>; valid: (v: unknown) => boolean; says: string }> = (() => {
  const text = { types: ['TERM_EQ', 'IN'], valid: (v: unknown) => typeof v === 'string', says: 'text with TERM_EQ or IN' } as const;
  const numeric = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN);
  const id = {
    types: ['TERM_EQ', 'IN'],
    valid: (v: unknown) => Number.isInteger(numeric(v)) && numeric(v) >= 1 && numeric(v) <= 99_999,
    says: 'category ids (whole numbers 1–99999) with TERM_EQ or IN',
  } as const;
  const flag = {
    types: ['TERM_EQ'],
    valid: (v: unknown) => typeof v === 'boolean' || v === 'true' || v === 'false',
    says: 'true or false with TERM_EQ',
  } as const;
  const all = ['TERM_EQ', 'IN', 'LTE', 'GTE'] as const;
  return {
    brandName: text,
    itemQuantityBucket: text,
    discountBucket: text,
    packSize: text,
    providerId: text,
    trayTag: text,
    subCategoryId: id,
    categoryId: id,
    currentPrice: { types: all, valid: (v) => numeric(v) >= 0 && numeric(v) <= 1_000_000, says: 'rupees from 0 to 1000000' },
    rating: { types: all, valid: (v) => numeric(v) >= 0 && numeric(v) <= 5, says: 'a rating from 0 to 5' },
    isVeg: flag,
    inStock: flag,
  };
})();

/** SPEC §5: filter types used in requests are TERM_EQ, IN, LTE and GTE. */
const filterSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('TERM_EQ'), field: z.enum(FILTER_FIELDS), value: scalar }),
    z.object({ type: z.literal('IN'), field: z.enum(FILTER_FIELDS), value: z.array(scalar).min(1).max(100) }),
    z.object({ type: z.literal('LTE'), field: z.enum(FILTER_FIELDS), value: z.number().finite() }),
    z.object({ type: z.literal('GTE'), field: z.enum(FILTER_FIELDS), value: z.number().finite() }),
  ])
  .superRefine((filter, ctx) => {
    const rule = FIELD_VALUES[filter.field];
    const values: unknown[] = Array.isArray(filter.value) ? filter.value : [filter.value];
    if (!rule.types.includes(filter.type) || !values.every(rule.valid)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `${filter.field} takes ${rule.says}` });
    }
  });
export type Filter = z.infer<typeof filterSchema>;
const filtersSchema = z.array(filterSchema).max(20).default([]);

/** SPEC §3 sort options; a bare name is accepted too. */
export const SORTS = ['relevance', 'discount', 'price-low-high', 'price-high-low', 'nearest', 'rating'] as const;
export type SortName = (typeof SORTS)[number];
const sortSchema = z
  .union([z.enum(SORTS), z.object({ name: z.enum(SORTS), order: z.enum(['ASC', 'DESC']).optional(), value: z.unknown().optional() })])
  .default('relevance')
  .transform((s) => (typeof s === 'string' ? s : s.name));

/** A whole number: a JSON number, or digits in a string; never true, null or [5], which coercion would let through. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v), z.number().int().min(min).max(max));
const pageSchema = wholeNumber(0, LIMITS.maxPage).default(0);
const limitSchema = (max: number) => wholeNumber(1, max).default(LIMITS.page);

export const groceryItemsSchema = z.object({
  providerId: z.string().min(1).max(200).optional(),
  locationId: z.string().min(1).max(200).optional(),
  filters: filtersSchema,
  orFilters: filtersSchema,
  sort: sortSchema,
  limit: limitSchema(LIMITS.page),
  searchText: z.string().trim().max(100).optional(),
  searchType: z.literal('ITEM').default('ITEM'),
  page: pageSchema,
  infiniteScroll: z.boolean().optional(),
});
export type GroceryItemsRequest = z.infer<typeof groceryItemsSchema>;

export const groceryFiltersSchema = groceryItemsSchema.extend({
  selectedFilterFieldName: z.enum(['brandName', 'itemQuantityBucket', 'discountBucket', 'packSize']).default('brandName'),
  exactSearch: z.boolean().default(false),
  limit: wholeNumber(1, LIMITS.filters).default(LIMITS.filters),
});
export type GroceryFiltersRequest = z.infer<typeof groceryFiltersSchema>;

export const providerItemsSchema = z.object({
  provider_id: z.string().min(1).max(200),
  location_id: z.string().min(1).max(200),
  filters: filtersSchema,
  orFilters: filtersSchema,
  sort: sortSchema,
  limit: limitSchema(LIMITS.filters),
  page: pageSchema,
});
export type ProviderItemsRequest = z.infer<typeof providerItemsSchema>;

export const categoryMapSchema = z.object({
  provider_id: z.string().min(1).max(200),
  location_id: z.string().min(1).max(200),
  categories: z
    .array(z.object({ id: z.union([z.string(), z.number()]) }))
    .max(100)
    .default([]),
  filters: filtersSchema,
  orFilters: filtersSchema,
});

export const landingProvidersSchema = z.object({
  widget: z.string().min(1).max(50).default('default'),
  filters: filtersSchema,
  quickFilters: z
    .array(z.enum(['fastDelivery', 'offer', 'rating', 'cost', 'isVeg']))
    .max(5)
    .default([]),
  sort: sortSchema.default('nearest'),
  limit: limitSchema(LIMITS.page),
  page: pageSchema,
  cityName: z.string().min(1).max(40),
  domain: domainSchema.optional(),
});
export type LandingProvidersRequest = z.infer<typeof landingProvidersSchema>;

export const landingStaticSchema = z.object({ widget: z.string().min(1).max(50).default('default'), cityName: z.string().min(1).max(40) });

export const searchSchema = z.object({
  searchText: z.string().trim().min(1).max(100),
  searchType: z.enum(['provider', 'dish']),
  filters: filtersSchema,
  sort: sortSchema,
  limit: wholeNumber(1, LIMITS.searchDishes).default(LIMITS.page),
  page: pageSchema,
});

export const variantsSchema = z.object({
  providerId: z.string().min(1).max(200),
  locationId: z.string().min(1).max(200),
  variantId: z.string().min(1).max(200),
});

export const curatedSchema = z.object({
  url: z.enum(['deals', 'bestsellers', 'new-arrivals', 'under-99', 'festive']),
  payload: z.object({ page: pageSchema }).default({ page: 0 }),
});

/**
 * SPEC §3 item widget data (id, name, price, averagePrice, availableQuantity, variantAttr, fssai,
 * metadata.name, bpp_id, providerName, internalTags, isActive), plus what a card shows. Prices in
 * paise. The API tests parse answers with this schema, so the SPEC's names cannot drift.
 */
const itemWidgetSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().int(),
  averagePrice: z.number(),
  mrp: z.number().int(),
  availableQuantity: z.number().int(),
  variantAttr: z.object({ packSize: z.string().nullable() }),
  fssai: z.string().nullable(),
  metadata: z.object({ name: z.string().nullable() }),
  bpp_id: z.string(),
  providerId: z.string(),
  locationId: z.string(),
  providerName: z.string(),
  domain: domainSchema,
  internalTags: z.array(z.string()),
  isActive: z.boolean(),
  image: z.string().nullable(),
  brand: z.string().nullable(),
  vegNonVeg: z.string().nullable(),
  rating: z.number().nullable(),
  ratingCount: z.number().int().nullable(),
  title: z.string().nullable(),
  trays: z.array(z.string()),
  subCategoryId: z.number().int().nullable(),
  customisable: z.boolean(),
  priceRange: z.object({ lower: z.number().int(), upper: z.number().int() }).nullable(),
  /**
   * Whether its store takes orders now (SPEC §4), and when one closed by its hours opens (HHMM):
   * issue 28; its `@ondc/org/TAT` (ISO), which listings of stores serving the shopper promise (issue 29).
   */
  store: z.object({
    state: z.enum(['STORE_OPEN', 'STORE_CLOSED', 'STORE_TEMPORARILY_CLOSED']),
    opensAt: z.number().int().nullable(),
    tat: z.string().nullable(),
  }),
});
export type ItemWidget = z.infer<typeof itemWidgetSchema>;

/**
 * SPEC §3 provider fetch answer (GET /ondc/provider): id; metadata (categoryDetails,
 * subCategoryDetails, itemTags, currentPageNo, isSubCategoriesExhausted, deliveryType now or later,
 * descriptor, contactDetails, provider_id, bpp_id as seller_id); items; internalTags (name);
 * currentItemsPageNo; isProviderItemsExhausted. The endpoint keeps its own extra fields beside these.
 */
export const providerFetchSchema = z.object({
  id: z.string(),
  metadata: z.object({
    categoryDetails: z.array(z.object({ id: z.string(), name: z.string(), available: z.boolean(), itemCount: z.number().int() })),
    subCategoryDetails: z.array(z.object({ id: z.string(), name: z.string(), categoryId: z.string(), itemCount: z.number().int() })),
    itemTags: z.array(z.string()),
    currentPageNo: z.number().int(),
    isSubCategoriesExhausted: z.boolean(),
    deliveryType: z.enum(['now', 'later']),
    descriptor: z.object({ name: z.string(), short_desc: z.string().nullable(), symbol: z.string().nullable(), images: z.array(z.string()) }),
    contactDetails: z.object({
      name: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      address: z.object({
        street: z.string().nullable(),
        locality: z.string().nullable(),
        city: z.string().nullable(),
        state: z.string().nullable(),
        area_code: z.string().nullable(),
      }),
    }),
    provider_id: z.string(),
    seller_id: z.string(),
  }),
  items: z.array(itemWidgetSchema),
  internalTags: z.array(z.object({ name: z.string() })),
  currentItemsPageNo: z.number().int(),
  isProviderItemsExhausted: z.boolean(),
  // SPEC §3 provider detail "from the retail flow": the store's and its location's status, and a
  // restaurant's menus (descriptor.name and timing tags: day_from, day_to, time_from, time_to).
  locationStatus: z.string(),
  providerStatus: z.string(),
  categoryMap: z.array(
    z.object({
      id: z.string(),
      descriptor: z.object({ name: z.string() }),
      tags: z.array(z.object({ code: z.string(), list: z.array(z.object({ code: z.string(), value: z.string() })) })),
    }),
  ),
});
export type ProviderFetch = z.infer<typeof providerFetchSchema>;

/** SPEC §3 list state, as each paginated answer reports it. */
export interface Page<T> {
  data: T[];
  page: number;
  limit: number;
  completed: boolean;
}
