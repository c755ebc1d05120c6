// A seller's ONDC retail 1.2 on_search `message.catalog` (ondc-notes §1, §4), built from the
// generated catalogue against the protocol's schema in src/ondc/catalog.ts.
import { paiseToRupees as rupees } from '#/lib/money.ts';
import type { CatalogCategory, CatalogItem, CatalogProvider, CatalogTag, OnSearchCatalog } from '#/ondc/catalog.ts';
import type { CatalogueItem, CustomisationItem, DishItem, GroceryItem, Provider, ProviderLocation, Restaurant } from './generate.ts';
import { providerItems } from './generate.ts';
import { hashString } from './random.ts';
import { formatHHMM } from './hours.ts';
import { packLabel } from './products.ts';
import { imageUrl, providerImageKey } from './images.ts';
import { itemTaxClass, type TaxClass } from './tax.ts';
import type { PhotoStage } from '../listing-flaws.ts';
import type { CoreVersion } from '#/ondc/context.ts';
import { IF_SHORT_TAG, ifShortCatalogueValue } from '#/ondc/if-short.ts';

export type CatalogOptions = {
  bppId: string;
  bppUri: string;
  /** the seller app's display name; the bpp id when absent */
  bppName?: string;
  /** provider and location time.timestamp; a fixed instant by default, so output is reproducible */
  timestamp?: string;
  /** which items to list (a page, an incremental update); all of the provider's by default */
  itemsOf?: (provider: Provider) => Iterable<CatalogueItem>;
  /** where a mislisted item's photo stands (src/network/listing-flaws.ts); every item listed right by default */
  photoStage?: (item: CatalogueItem) => PhotoStage | null;
  /** the retail core version the seller speaks; 1.2.0 by default (issue 25) */
  coreVersion?: CoreVersion;
};

const CATALOGUE_EPOCH = '2026-01-01T00:00:00.000Z';
const OFFERS_END = '2030-12-31T23:59:59.999Z';
const DELIVERY = 'F1';
/** The sellers' consumer-care line (also their on_support answer when no order is named). */
export const CONSUMER_CARE_PHONE = '18001020304';
/** What ONDC catalogues write in a statutory field that does not apply. */
const NOT_APPLICABLE = 'NA';
/** ONDC network participant type: a marketplace seller node (MSN) hosting many stores. */
export const NP_TYPE = 'MSN';

/** A tag from ordered entries; entries without a value are left out. */
function tag(code: string, entries: ReadonlyArray<readonly [string, string | number | null | undefined]>): CatalogTag {
  const list: CatalogTag['list'] = [];
  for (const [key, value] of entries) {
    if (value !== null && value !== undefined && value !== '') list.push({ code: key, value: String(value) });
  }
  return { code, list };
}

const typeTag = (type: string) => tag('type', [['type', type]]);
const vegTag = (food: string) => tag('veg_nonveg', [[food, 'yes']]);
// The item's GST classification, for the buyer app's tax invoice (README "Invoices and credit notes").
const taxTag = (taxClass: TaxClass | null) =>
  taxClass
    ? [
        tag('tax', [
          ['hsn_code', taxClass.hsn],
          ['gst_rate', taxClass.ratePercent],
        ]),
      ]
    : [];
const gps = (place: { lat: number; lng: number }) => `${place.lat.toFixed(6)},${place.lng.toFixed(6)}`;

type Context = { options: CatalogOptions; provider: Provider; location: ProviderLocation; consumerCare: string; timestamp: string };

function locationOf(provider: Provider): ProviderLocation {
  const location = provider.locations[0];
  if (!location) throw new Error(`Provider ${provider.id} has no location`);
  return location;
}

function commonItemFields(ctx: Context, item: CatalogueItem) {
  return {
    // Listed and on sale since the catalogue's timestamp; stock is told by quantity.available.
    time: { label: 'enable' as const, timestamp: ctx.timestamp },
    location_id: ctx.location.id,
    fulfillment_id: DELIVERY,
    '@ondc/org/cancellable': isCancellable(item),
    '@ondc/org/seller_pickup_return': false,
    '@ondc/org/time_to_ship': ctx.provider.timeToShip,
    '@ondc/org/available_on_cod': true,
    '@ondc/org/contact_details_consumer_care': ctx.consumerCare,
  };
}

function quantity(unit: GroceryItem['pack']['unit'], value: number, stock: number, maximum: number) {
  return {
    unitized: { measure: { unit, value: String(value) } },
    available: { count: stock > 0 ? '99' : '0' },
    maximum: { count: String(maximum) },
  };
}

function itemImages(ctx: Context, item: GroceryItem | DishItem): { symbol?: string; images?: string[] } {
  const url = imageUrl(ctx.options.bppUri, 'item', item.imageKey);
  const stage = ctx.options.photoStage?.(item) ?? 'web';
  if (stage === 'web') return { symbol: url, images: [url] };
  // The mistakes: a dish with no photo yet or a grocery item shown by its maker's leaflet, then
  // the phone's HEIC original rather than the web image made from it.
  if (stage === 'first' && item.kind === 'dish') return {};
  const photo = url.replace(/\.svg$/, stage === 'first' ? '.pdf' : '.heic');
  return { symbol: photo, images: [photo] };
}

function sellableTag(item: GroceryItem | DishItem, extra: ReadonlyArray<readonly [string, string | number | null]>): CatalogTag {
  return tag('kirana', [
    ['brand', item.brand],
    ...extra,
    ['mrp_paise', item.mrpPaise],
    ['rating', item.rating.toFixed(1)],
    ['rating_count', item.ratingCount],
    ['title', item.title],
    ['trays', item.trayTags.join(',')],
    ['fssai_license_no', item.fssaiLicence],
    ['image_key', item.imageKey],
  ]);
}

/**
 * `@ondc/org/returnable`: packed groceries go back within a day; loose produce and cooked food
 * do not (the seller still takes back damaged or wrong goods, ondc-notes §2 return reasons).
 */
export function isReturnable(item: CatalogueItem): boolean {
  return item.kind === 'grocery' && item.statutory !== 'none';
}

/** One grocery item in this many is cut or packed to order; one plain dish in this many is cooked to order. */
const NON_CANCELLABLE_ONE_IN = { grocery: 29, dish: 11 } as const;

/**
 * `@ondc/org/cancellable`: a few items are made for the buyer the moment the order is confirmed
 * (meat cut to weight, a dish cooked to order) and the store does not take back the cancel
 * (ondc-notes §2, 50001); the rest may be cancelled until the rider leaves. Fixed by item id, like
 * listing flaws, so flows and tests can name one; an add-on follows the dish it is ordered with.
 */
export function isCancellable(item: CatalogueItem): boolean {
  if (item.kind === 'customization') return true;
  if (item.kind === 'dish' && item.customGroupIds.length > 0) return true;
  return hashString(`non-cancellable:${item.id}`) % NON_CANCELLABLE_ONE_IN[item.kind] !== 0;
}

function groceryCatalogItem(ctx: Context, item: GroceryItem): CatalogItem {
  const returnable = isReturnable(item);
  const licence = item.fssaiLicence;
  const packed = ((item.ean.charCodeAt(12) % 12) + 1).toString().padStart(2, '0');
  return {
    id: item.id,
    descriptor: {
      name: item.name,
      code: `1:${item.ean}`,
      ...itemImages(ctx, item),
      short_desc: item.shortDesc,
      long_desc: `${item.name} by ${item.brand}`,
    },
    quantity: quantity(item.pack.unit, item.pack.value, item.stock, item.maxPerOrder),
    price: { currency: 'INR', value: rupees(item.pricePaise), maximum_value: rupees(item.mrpPaise) },
    category_id: item.ondcCategory,
    ...commonItemFields(ctx, item),
    '@ondc/org/returnable': returnable,
    // Required on every item by ONDC's schema: a non-returnable item's window is none.
    '@ondc/org/return_window': returnable ? 'P1D' : 'P0D',
    ...(item.statutory === 'packaged_commodities'
      ? {
          '@ondc/org/statutory_reqs_packaged_commodities': {
            manufacturer_or_packer_name: item.brand,
            manufacturer_or_packer_address: 'As printed on the pack',
            common_or_generic_name_of_commodity: item.name,
            month_year_of_manufacture_packing_import: `${packed}/2025`,
          },
        }
      : {}),
    // Every item of a prepackaged-food category states its FSSAI licences, "NA" where there is
    // none (a house brand, a non-food line) and for the importer, as nothing here is imported.
    ...(item.statutory === 'prepackaged_food'
      ? {
          '@ondc/org/statutory_reqs_prepackaged_food': {
            nutritional_info: 'As printed on the pack',
            additives_info: 'As printed on the pack',
            brand_owner_FSSAI_license_no: licence ?? NOT_APPLICABLE,
            other_FSSAI_license_no: licence ?? NOT_APPLICABLE,
            importer_FSSAI_license_no: NOT_APPLICABLE,
          },
        }
      : {}),
    tags: [
      typeTag('item'),
      ...(item.vegNonVeg ? [vegTag(item.vegNonVeg)] : []),
      tag('origin', [['country', 'IND']]),
      ...attributeTags(ctx.provider.domain, item),
      sellableTag(item, [['subcategory_id', item.subCategoryId]]),
      ...taxTag(itemTaxClass(item)),
    ],
  };
}

/** Home & kitchen goods by sub-category: what the pack is made of (pooja needs are bamboo, cotton, camphor). */
const HOME_MATERIAL: Readonly<Record<number, string>> = { 801: 'plastic', 802: 'plastic', 803: 'plastic', 804: 'plastic', 805: 'natural', 806: 'plastic' };
/** Cleaning supplies' pack colours, by brand: ONDC wants a hex colour and its name. */
const PACK_COLOURS: ReadonlyArray<readonly [string, string]> = [
  ['#1E5AA8', 'blue'],
  ['#2E7D32', 'green'],
  ['#C62828', 'red'],
  ['#F9A825', 'yellow'],
  ['#FFFFFF', 'white'],
  ['#6A1B9A', 'purple'],
];

/**
 * Outside grocery, ONDC's domains describe a product by attributes (log-validation-utility's
 * category attribute lists, constants/category.ts): the brand everywhere; in home & kitchen the
 * material, and for cleaning supplies the colour (hex) and its name; in health & wellness whether
 * it needs a prescription (nothing a kirana sells here does).
 */
function attributeTags(domain: string, item: GroceryItem): CatalogTag[] {
  if (domain === 'ONDC:RET10') return [];
  const entries: Array<[string, string]> = [['brand', item.brand]];
  if (domain === 'ONDC:RET16') {
    if (item.ondcCategory === 'Cleaning Supplies') {
      const [hex, name] = PACK_COLOURS[hashString(item.brand) % PACK_COLOURS.length]!;
      entries.push(['colour', hex], ['colour_name', name]);
    }
    entries.push(['material', HOME_MATERIAL[item.subCategoryId] ?? 'plastic']);
  }
  if (domain === 'ONDC:RET18') entries.push(['prescription_required', 'no']);
  return [tag('attribute', entries)];
}

type PriceRange = { lower: number; upper: number; defaultPrice: number; defaultMax: number };

// The cheapest and dearest a dish can cost once customised: each group adds its `min`
// cheapest (or `max` dearest) options, and each option adds what its child groups add.
function priceRangeOf(dish: DishItem, restaurant: Restaurant, optionsByGroup: ReadonlyMap<string, readonly CustomisationItem[]>): PriceRange {
  const groups = new Map(restaurant.customGroups.map((g) => [g.id, g]));
  const extra = (groupId: string, bound: keyof PriceRange): number => {
    const group = groups.get(groupId);
    if (!group) return 0;
    const totals = (optionsByGroup.get(groupId) ?? [])
      .map((o) => o.pricePaise + o.childGroupIds.reduce((n, child) => n + extra(child, bound), 0))
      .sort((a, b) => (bound === 'lower' ? a - b : b - a));
    return totals.slice(0, bound === 'lower' ? group.min : group.max).reduce((n, t) => n + t, 0);
  };
  const total = (bound: 'lower' | 'upper') => dish.customGroupIds.reduce((n, g) => n + extra(g, bound), dish.pricePaise);
  // The dish as it comes (each group's default options, and theirs): its price, and the same
  // at the dish's maximum (MRP) price, as ONDC's default_selection states them.
  const byDefault = (groupId: string): number =>
    (optionsByGroup.get(groupId) ?? [])
      .filter((o) => o.isDefault)
      .reduce((n, o) => n + o.pricePaise + o.childGroupIds.reduce((m, child) => m + byDefault(child), 0), 0);
  const defaults = dish.customGroupIds.reduce((n, g) => n + byDefault(g), 0);
  return { lower: total('lower'), upper: total('upper'), defaultPrice: dish.pricePaise + defaults, defaultMax: dish.mrpPaise + defaults };
}

function dishCatalogItem(ctx: Context, dish: DishItem, range: PriceRange | null): CatalogItem {
  return {
    id: dish.id,
    descriptor: { name: dish.name, ...itemImages(ctx, dish), short_desc: dish.shortDesc, long_desc: dish.shortDesc },
    quantity: quantity(dish.pack.unit, dish.pack.value, dish.stock, dish.maxPerOrder),
    price: {
      currency: 'INR',
      value: rupees(dish.pricePaise),
      maximum_value: rupees(dish.mrpPaise),
      ...(range
        ? {
            tags: [
              tag('range', [
                ['lower', rupees(range.lower)],
                ['upper', rupees(range.upper)],
              ]),
              tag('default_selection', [
                ['value', rupees(range.defaultPrice)],
                ['maximum_value', rupees(range.defaultMax)],
              ]),
            ],
          }
        : {}),
    },
    category_id: dish.ondcCategory,
    category_ids: [`${dish.menuId}:${dish.menuRank}`],
    ...commonItemFields(ctx, dish),
    '@ondc/org/returnable': false,
    tags: [
      // A dish without add-ons is a standalone SKU: ONDC leaves its type tag out.
      ...(dish.customGroupIds.length > 0
        ? [
            typeTag('item'),
            tag(
              'custom_group',
              dish.customGroupIds.map((id) => ['id', id] as const),
            ),
          ]
        : []),
      ...(dish.vegNonVeg ? [vegTag(dish.vegNonVeg)] : []),
      sellableTag(dish, []),
      ...taxTag(itemTaxClass(dish)),
    ],
  };
}

function customisationCatalogItem(ctx: Context, option: CustomisationItem): CatalogItem {
  return {
    id: option.id,
    descriptor: { name: option.name },
    quantity: quantity('unit', 1, option.stock, 99),
    price: { currency: 'INR', value: rupees(option.pricePaise), maximum_value: rupees(option.pricePaise) },
    category_id: 'F&B',
    related: true,
    ...commonItemFields(ctx, option),
    '@ondc/org/returnable': false,
    tags: [
      typeTag('customization'),
      tag('parent', [
        ['id', option.parentGroupId],
        ['default', option.isDefault ? 'yes' : 'no'],
      ]),
      ...option.childGroupIds.map((id) => tag('child', [['id', id]])),
      vegTag(option.vegNonVeg),
      ...taxTag(itemTaxClass(option)),
    ],
  };
}

/** The restaurant's menus that list an item here (ONDC: no empty menu), and its add-on groups. */
function restaurantCategories(restaurant: Restaurant, items: readonly CatalogItem[]): CatalogCategory[] {
  const listed = new Set(items.flatMap((item) => (item.category_ids ?? []).map((ref) => ref.split(':')[0])));
  const menus = restaurant.menus
    .filter((menu) => listed.has(menu.id))
    .map((menu) => ({
      id: menu.id,
      parent_category_id: '',
      descriptor: { name: menu.name },
      tags: [
        typeTag('custom_menu'),
        ...(menu.timing
          ? [
              tag('timing', [
                ['day_from', menu.timing.dayFrom],
                ['day_to', menu.timing.dayTo],
                ['time_from', formatHHMM(menu.timing.timeFrom)],
                ['time_to', formatHHMM(menu.timing.timeTo)],
              ]),
            ]
          : []),
        tag('display', [['rank', menu.rank]]),
      ],
    }));
  const groups = restaurant.customGroups.map((group) => ({
    id: group.id,
    descriptor: { name: group.name },
    tags: [
      typeTag('custom_group'),
      tag('config', [
        ['min', group.min],
        ['max', group.max],
        ['input', 'select'],
        ['seq', group.seq],
      ]),
    ],
  }));
  return [...menus, ...groups];
}

/**
 * ONDC variant groups: one product line of one brand sold in several pack sizes is one group, its
 * items told apart by `item.quantity.unitized.measure`. A size met twice in a line (the same pack
 * from two shelves) stays outside the group. Outside grocery ONDC's validator holds variants
 * mandatory ("categories must be present"), and a kirana's small personal-care or health shelf
 * may hold each line in one size only: there every line is a group, of one size or more.
 */
function variantGroupsOf(items: readonly GroceryItem[], domain: string): { groups: CatalogCategory[]; parentOf: Map<string, string> } {
  const lines = new Map<string, GroceryItem[]>();
  for (const item of items) {
    const key = `${item.brand}|${item.imageKey}`;
    lines.set(key, [...(lines.get(key) ?? []), item]);
  }
  const groups: CatalogCategory[] = [];
  const parentOf = new Map<string, string>();
  for (const [key, line] of lines) {
    const bySize = new Map<string, GroceryItem>();
    for (const item of line) if (!bySize.has(`${item.pack.value}${item.pack.unit}`)) bySize.set(`${item.pack.value}${item.pack.unit}`, item);
    if (bySize.size < (domain === 'ONDC:RET10' ? 2 : 1)) continue;
    const id = `V${hashString(key).toString(36).toUpperCase().slice(0, 10)}`;
    const first = line[0]!;
    groups.push({
      id,
      // The line's name without its size: "Aashirvaad Atta 5 kg (Pack of 2)" → "Aashirvaad Atta".
      descriptor: { name: first.name.replace(/\s*\(Pack of \d+\)$/, '').replace(` ${packLabel(first.pack)}`, '') },
      tags: [
        typeTag('variant_group'),
        tag('attr', [
          ['name', 'item.quantity.unitized.measure'],
          ['seq', 1],
        ]),
      ],
    });
    for (const item of bySize.values()) parentOf.set(item.id, id);
  }
  return { groups, parentOf };
}

/** A provider's items on this page, and the categories they name (menus and groups, or variant groups). */
function catalogItems(ctx: Context, items: Iterable<CatalogueItem>): { items: CatalogItem[]; categories: CatalogCategory[] } {
  const provider = ctx.provider;
  if (provider.kind === 'grocery') {
    const grocery = [...items].filter((item): item is GroceryItem => item.kind === 'grocery');
    const variants = variantGroupsOf(grocery, provider.domain);
    const listed = grocery.map((item) => {
      const group = variants.parentOf.get(item.id);
      return { ...groceryCatalogItem(ctx, item), ...(group ? { parent_item_id: group } : {}) };
    });
    return { items: listed, categories: variants.groups };
  }
  // A dish's price range needs its options, which come after it: restaurant menus are small.
  const all = [...items];
  const optionsByGroup = new Map<string, CustomisationItem[]>();
  for (const item of all) {
    if (item.kind === 'customization') optionsByGroup.set(item.parentGroupId, [...(optionsByGroup.get(item.parentGroupId) ?? []), item]);
  }
  const listed = all.map((item) => {
    if (item.kind === 'customization') return customisationCatalogItem(ctx, item);
    if (item.kind === 'dish') return dishCatalogItem(ctx, item, item.customGroupIds.length > 0 ? priceRangeOf(item, provider, optionsByGroup) : null);
    throw new Error(`Grocery item ${item.id} listed under restaurant ${provider.id}`);
  });
  return { items: listed, categories: restaurantCategories(provider, listed) };
}

/**
 * Core 1.2.5's offer `meta`: whether an offer adds to others (ours do not: the shopper takes one)
 * and whether it applies by itself (no: the shopper chooses it at checkout).
 */
const OFFER_META = tag('meta', [
  ['additive', 'no'],
  ['auto', 'no'],
]);

function offersOf(provider: Provider, location: ProviderLocation, logo: string, itemIds: string[], coreVersion: CoreVersion): CatalogProvider['offers'] {
  return provider.offers.map((offer) => ({
    id: offer.code,
    // ONDC's schema wants an image on every offer: the store's own logo.
    descriptor: { code: 'discount', images: [logo] },
    location_ids: [location.id],
    // A store-wide offer: every item listed here qualifies.
    item_ids: itemIds,
    time: { label: 'valid', range: { start: CATALOGUE_EPOCH, end: OFFERS_END } },
    tags: [
      tag('qualifier', [['min_value', rupees(offer.minOrderPaise)]]),
      offer.kind === 'percent'
        ? tag('benefit', [
            ['value_type', 'percent'],
            ['value', `-${offer.percent}`],
            ['value_cap', `-${rupees(offer.maxDiscountPaise)}`],
          ])
        : tag('benefit', [
            ['value_type', 'amount'],
            ['value', `-${rupees(offer.amountPaise)}`],
          ]),
      // Issue 28: an offer of some hours only, in the timing tag custom menus use (every day, HHMM).
      ...(offer.window
        ? [
            tag('timing', [
              ['day_from', 1],
              ['day_to', 7],
              ['time_from', formatHHMM(offer.window.timeFrom)],
              ['time_to', formatHHMM(offer.window.timeTo)],
            ]),
          ]
        : []),
      ...(coreVersion === '1.2.5' ? [OFFER_META] : []),
    ],
  }));
}

function providerTags(provider: Provider, location: ProviderLocation, categories: ReadonlySet<string>): CatalogTag[] {
  const hours = provider.openingHours;
  return [
    ...[...categories].map((category) =>
      tag('serviceability', [
        ['location', location.id],
        ['category', category],
        ['type', '10'],
        ['val', location.radiusKm],
        ['unit', 'km'],
      ]),
    ),
    tag('timing', [
      ['type', 'All'],
      ['location', location.id],
      ['day_from', 1],
      ['day_to', 7],
      ['time_from', formatHHMM(hours.from)],
      ['time_to', formatHHMM(hours.to)],
    ]),
    tag('kirana', [
      ['rating', provider.rating.toFixed(1)],
      ['rating_count', provider.ratingCount],
      ['working_hours', `${formatHHMM(hours.from)}-${formatHHMM(hours.to)}`],
      ['tat', provider.tat],
      ['delivery_fee_paise', provider.deliveryFeePaise],
      ['free_delivery_above_paise', provider.freeDeliveryAbovePaise],
      ['min_order_paise', provider.minOrderPaise],
      ['internal_tags', provider.internalTags.join(',')],
      ['fssai_license_no', provider.fssaiLicence],
      ['city', provider.cityCode],
      ['image_key', provider.imageKey],
      ...(provider.kind === 'restaurant'
        ? ([
            ['cuisines', provider.cuisines.join(',')],
            ['pure_veg', provider.pureVeg ? 'yes' : 'no'],
          ] as const)
        : ([[IF_SHORT_TAG, ifShortCatalogueValue(provider.cancelsIfShort)]] as const)),
    ]),
    tag('kirana_location', [
      ['location', location.id],
      ['pincodes', location.servesPincodes.join(',')],
    ]),
  ];
}

function catalogProvider(provider: Provider, options: CatalogOptions, timestamp: string): CatalogProvider {
  const location = locationOf(provider);
  const ctx: Context = {
    options,
    provider,
    location,
    consumerCare: `${provider.name},support@${options.bppId},${CONSUMER_CARE_PHONE}`,
    timestamp,
  };
  const { items, categories } = catalogItems(ctx, (options.itemsOf ?? providerItems)(provider));
  const logo = imageUrl(options.bppUri, 'provider', provider.imageKey);
  const hours = provider.openingHours;
  return {
    id: provider.id,
    time: { label: provider.status, timestamp },
    descriptor: { name: provider.name, symbol: logo, short_desc: provider.shortDesc, long_desc: provider.shortDesc, images: [logo] },
    ttl: 'P1D',
    locations: [
      {
        id: location.id,
        gps: gps(location),
        address: {
          street: location.street,
          locality: location.locality,
          city: location.city,
          state: location.state,
          area_code: location.pincode,
        },
        time: {
          label: 'enable',
          timestamp,
          days: '1,2,3,4,5,6,7',
          schedule: { holidays: [] },
          range: { start: formatHHMM(hours.from), end: formatHHMM(hours.to) },
        },
        circle: { gps: gps(location), radius: { unit: 'km', value: String(location.radiusKm) } },
      },
    ],
    // How to reach the store about a delivery (ONDC reads the provider's fulfillment contact).
    fulfillments: [
      {
        id: DELIVERY,
        type: 'Delivery',
        contact: { phone: CONSUMER_CARE_PHONE, email: `support@${options.bppId}` },
        // Core 1.2.5 states when the store can be collected from (ONDC's validator asks it of every
        // fulfillment a 1.2.5 store lists): its opening hours, at its location. Not a restaurant's:
        // the validator's RET11 1.2.5 schema allows a provider fulfillment no tags.
        ...(options.coreVersion === '1.2.5' && provider.kind !== 'restaurant'
          ? {
              tags: [
                tag('timing', [
                  ['type', 'Self-Pickup'],
                  ['location', location.id],
                  ['day_from', 1],
                  ['day_to', 7],
                  ['time_from', formatHHMM(hours.from)],
                  ['time_to', formatHHMM(hours.to)],
                ]),
              ],
            }
          : {}),
      },
    ],
    ...(provider.kind === 'restaurant' ? { '@ondc/org/fssai_license_no': provider.fssaiLicence } : {}),
    categories,
    items,
    offers: offersOf(
      provider,
      location,
      logo,
      items.filter((i) => !i.related).map((i) => i.id),
      options.coreVersion ?? '1.2.0',
    ),
    // One serviceability per category any item names, add-ons included: ONDC's validator counts them all.
    tags: providerTags(provider, location, new Set(items.map((i) => i.category_id))),
  };
}

/** The `message.catalog` of an on_search answer for one or more of a seller's providers. */
export function buildOnSearchCatalog(providers: Provider | readonly Provider[], options: CatalogOptions): OnSearchCatalog {
  const list: readonly Provider[] = Array.isArray(providers) ? providers : [providers as Provider];
  const timestamp = options.timestamp ?? CATALOGUE_EPOCH;
  const name = options.bppName ?? options.bppId;
  const logo = imageUrl(options.bppUri, 'provider', providerImageKey('seller', name));
  return {
    'bpp/fulfillments': [
      { id: DELIVERY, type: 'Delivery' },
      { id: 'F2', type: 'Self-Pickup' },
    ],
    // np_type MSN: each seller app is a marketplace of many stores (ondc-notes §1 on_confirm echoes it).
    'bpp/descriptor': {
      name,
      symbol: logo,
      short_desc: `${name} on the Kirana network`,
      long_desc: name,
      images: [logo],
      tags: [tag('bpp_terms', [['np_type', NP_TYPE]])],
    },
    'bpp/providers': list.map((provider) => catalogProvider(provider, options, timestamp)),
  };
}

/**
 * The `message.catalog` of an incremental refresh (ondc-notes §1 catalog_inc): only the provider's
 * changed items, in full, and nothing of the seller or the store that did not change. A dish's
 * menus (category_ids) point into categories a delta does not carry; they have not changed, so
 * they are left out (ONDC's validator refuses them there).
 */
export function buildIncrementalCatalog(provider: Provider, options: CatalogOptions): { 'bpp/providers': Array<{ id: string; items: CatalogItem[] }> } {
  const listed = catalogProvider(provider, options, options.timestamp ?? CATALOGUE_EPOCH);
  return { 'bpp/providers': [{ id: listed.id, items: listed.items.map(({ category_ids: _menus, ...item }) => item) }] };
}
