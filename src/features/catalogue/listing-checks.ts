// What the storefront will not list (ONDC catalog_rejection, ondc-notes §4): an item a shopper
// could not buy correctly (no price, a price above MRP, no pack size, a stock figure that is not a
// number), could not see (no photo, or one a browser cannot show) or could not find (no category,
// or one outside the domain's taxonomy). Each problem carries ONDC's rejection code; the rest of
// the seller's catalogue is listed as usual.
import { z } from 'zod';
import { catalogItemSchema, tagValues, type CatalogItem, type CatalogTag } from '#/ondc/catalog.ts';
import type { ItemRejectionCode, ProviderRejectionCode } from '#/ondc/catalog-rejection.ts';

export type ListingProblem = { code: ItemRejectionCode; detail: string };

// RET10 category_id: ondc-notes §4 says three generations are in use and all are accepted: the
// classic 1.2 sheet, the validator's list, and the coded taxonomy (RET10-1000 … RET10-105F).
const RET10_CATEGORIES = new Set([
  'Fruits and Vegetables',
  'Masala & Seasoning',
  'Oil & Ghee',
  'Gourmet & World Foods',
  'Foodgrains',
  'Eggs, Meat & Fish',
  'Cleaning & Household',
  'Beverages',
  'Beauty & Hygiene',
  'Bakery, Cakes & Dairy',
  'Kitchen Accessories',
  'Baby Care',
  'Snacks & Branded Foods',
  'Pet Care',
  'Stationery',
  'Dairy and Cheese',
  'Snacks, Dry Fruits, Nuts',
  'Pasta, Soup and Noodles',
  'Cereals and Breakfast',
  'Sauces, Spreads and Dips',
  'Chocolates and Biscuits',
  'Cooking and Baking Needs',
  'Tinned and Processed Food',
  'Atta, Flours and Sooji',
  'Rice and Rice Products',
  'Dals and Pulses',
  'Salt, Sugar and Jaggery',
  'Energy and Soft Drinks',
  'Water',
  'Tea and Coffee',
  'Fruit Juices and Fruit Drinks',
  'Snacks and Namkeen',
  'Ready to Cook and Eat',
  'Pickles and Chutney',
  'Indian Sweets',
  'Frozen Vegetables',
  'Frozen Snacks',
  'Gift Voucher',
]);
const CODED_RET10_CATEGORY = /^RET10-[0-9A-F]{4}$/;

/** Photo formats every browser on a shopper's phone shows. */
const WEB_IMAGE = /\.(jpe?g|png|webp|gif|svg|avif)$/i;
const FILE_EXTENSION = /\.([a-z0-9]{2,5})$/i;

const looseItemSchema = z.looseObject({
  id: z.string().min(1),
  related: z.boolean().optional(),
  category_id: z.unknown().optional(),
  descriptor: z.looseObject({ symbol: z.unknown().optional(), images: z.unknown().optional() }).optional(),
  price: z.looseObject({ value: z.unknown().optional(), maximum_value: z.unknown().optional() }).optional(),
  quantity: z
    .looseObject({
      unitized: z.looseObject({ measure: z.looseObject({ value: z.unknown().optional() }).optional() }).optional(),
      available: z.looseObject({ count: z.unknown().optional() }).optional(),
      maximum: z.looseObject({ count: z.unknown().optional() }).optional(),
    })
    .optional(),
  tags: z.array(z.looseObject({ code: z.string(), list: z.array(z.looseObject({ code: z.string(), value: z.string() })) })).optional(),
});

const amount = (value: unknown) => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : null);
const isCount = (value: unknown) => typeof value === 'string' && /^\d+$/.test(value);

function imageUrls(descriptor: { symbol?: unknown; images?: unknown } | undefined): string[] {
  const images = Array.isArray(descriptor?.images) ? descriptor.images : [];
  return [descriptor?.symbol, ...images].filter((url): url is string => typeof url === 'string' && url.length > 0);
}

function imageFormat(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return url;
  }
  if (WEB_IMAGE.test(pathname)) return null;
  // A link without a file name extension (an image service) is judged by what it serves.
  return FILE_EXTENSION.exec(pathname)?.[1]?.toLowerCase() ?? null;
}

const FLAGS = ['@ondc/org/returnable', '@ondc/org/cancellable', '@ondc/org/seller_pickup_return', '@ondc/org/available_on_cod'] as const;
/** What an add-on is sold under: the terms of the dish it goes with. */
const SOLD_WITH_DISH = ['location_id', 'fulfillment_id', ...FLAGS, '@ondc/org/time_to_ship', '@ondc/org/contact_details_consumer_care'] as const;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A store's items as ONDC's own 1.2.0 examples write them, in the form the listing checks read
 * (issue 25, liberal receiver): the yes/no terms as the words "true"/"false", and add-ons
 * (customisations, related: true) with none of a sellable item's own terms or pack size, since an
 * add-on is sold, shipped and returned with its dish: those come from the store's first dish,
 * and its size is one portion. Anything else is judged as it came.
 */
export function itemsAsListed(raws: readonly unknown[]): unknown[] {
  const withFlags = raws.map((raw) => {
    if (!isRecord(raw)) return raw;
    const item: Record<string, unknown> = { ...raw };
    for (const flag of FLAGS) if (item[flag] === 'true' || item[flag] === 'false') item[flag] = item[flag] === 'true';
    return item;
  });
  const dish = withFlags.find((raw): raw is Record<string, unknown> => isRecord(raw) && raw['related'] !== true);
  return withFlags.map((raw) => {
    if (!isRecord(raw) || raw['related'] !== true) return raw;
    const item: Record<string, unknown> = { ...raw };
    for (const key of SOLD_WITH_DISH) if (item[key] === undefined && dish?.[key] !== undefined) item[key] = dish[key];
    const quantity = isRecord(item['quantity']) ? item['quantity'] : {};
    if (quantity['unitized'] === undefined) item['quantity'] = { ...quantity, unitized: { measure: { unit: 'unit', value: '1' } } };
    return item;
  });
}

/**
 * What keeps an on_search item (as received, not yet trusted) off the shelves, given the domain
 * and the ids of the provider's categories (menus, add-on groups, variant groups). Empty when
 * the item can be listed.
 */
export function listingProblems(raw: unknown, domain: string, categoryIds: ReadonlySet<string>): ListingProblem[] {
  const loose = looseItemSchema.safeParse(raw);
  if (!loose.success) return [{ code: '91007', detail: `${loose.error.issues[0]?.path.join('.') ?? ''}: ${loose.error.issues[0]?.message ?? 'not an item'}` }];
  const item = loose.data;
  const problems: ListingProblem[] = [];
  // An add-on (related: true) may be free and has no photo of its own; a sellable item may not.
  const sellable = item.related !== true;

  const price = amount(item.price?.value);
  const mrp = amount(item.price?.maximum_value);
  if (price === null) problems.push({ code: '91010', detail: 'price.value is missing or not a number' });
  else if (price < 0) problems.push({ code: '91024', detail: `price.value is ${String(item.price?.value)}` });
  else if (price === 0 && sellable) problems.push({ code: '91010', detail: 'price.value is 0' });
  else if (mrp !== null && price > mrp)
    problems.push({ code: '91001', detail: `price ${String(item.price?.value)} is above MRP ${String(item.price?.maximum_value)}` });

  if (typeof item.category_id !== 'string' || item.category_id.trim() === '') {
    problems.push({ code: '91021', detail: 'category_id is missing' });
  } else if (domain === 'ONDC:RET10' && !RET10_CATEGORIES.has(item.category_id) && !CODED_RET10_CATEGORY.test(item.category_id)) {
    problems.push({ code: '91019', detail: `"${item.category_id}" is not an ONDC:RET10 category` });
  }

  if (sellable) {
    const urls = imageUrls(item.descriptor);
    if (urls.length === 0) problems.push({ code: '91003', detail: 'the item has no photo' });
    const unshowable = urls.map(imageFormat).find((format) => format !== null);
    if (unshowable) problems.push({ code: '91011', detail: `a photo is ${unshowable}, which browsers do not show` });
  }

  const measure = amount(item.quantity?.unitized?.measure?.value);
  if (measure === null || measure <= 0) problems.push({ code: '91013', detail: 'quantity.unitized.measure has no positive value' });
  if (!isCount(item.quantity?.available?.count) || !isCount(item.quantity?.maximum?.count)) {
    problems.push({ code: '91018', detail: 'quantity.available.count or quantity.maximum.count is not a whole number' });
  }

  const tags = (item.tags ?? []) as CatalogTag[];
  const groups = [...tagValues(tags, 'custom_group', 'id'), ...tagValues(tags, 'parent', 'id'), ...tagValues(tags, 'child', 'id')];
  const unknownGroup = groups.find((id) => !categoryIds.has(id));
  if (unknownGroup) problems.push({ code: '91029', detail: `customisation group ${unknownGroup} is not in the provider's categories` });

  if (problems.length > 0) return problems;
  // Anything else the protocol requires of an item (statutory blocks, return terms, consumer care).
  const strict = catalogItemSchema.safeParse(raw);
  if (!strict.success) {
    const issue = strict.error.issues[0];
    problems.push({ code: '91007', detail: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` });
  }
  return problems;
}

/**
 * Why a store cannot be listed at all, from where its listing broke the protocol schema: its
 * address, its place on the map, its delivery radius, its hours, or anything else.
 */
export function providerProblem(issue: { path: readonly PropertyKey[]; message: string }): { code: ProviderRejectionCode; detail: string } {
  const path = issue.path.map(String);
  const detail = `${path.join('.')}: ${issue.message}`;
  if (path[0] === 'locations') {
    if (path.includes('address')) return { code: '90021', detail };
    if (path.includes('radius')) return { code: '90025', detail };
    if (path.includes('gps')) return { code: '90032', detail };
    if (path.includes('time')) return { code: '90026', detail };
  }
  return { code: '90019', detail };
}

/** The item as the protocol schema reads it, once listingProblems found nothing. */
export function listedItem(raw: unknown): CatalogItem {
  return catalogItemSchema.parse(raw);
}
