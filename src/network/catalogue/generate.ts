// The simulated seller network: sellers (BPPs) with grocery stores (ONDC:RET10) and
// restaurants (ONDC:RET11) in every city, and their items (DESIGN §4).
//
// Providers are small and built eagerly. Items are not: a provider records how many items
// it has and a seed, and providerItems() regenerates them on demand, one at a time, so a
// million-item catalogue streams in constant memory and one provider can be rebuilt alone.
import { apportion } from '#/lib/money.ts';
import { distanceKm } from '#/lib/geo.ts';
import { CITIES, type City, type Locality } from './cities.ts';
import { fnbCategoryOf } from './fnb-categories.ts';
import { RESTAURANT_TEMPLATES, type MenuTiming, type RestaurantTemplate } from './dishes.ts';
import { ALL_DAY, normWorkingHours, type OpeningHours } from './hours.ts';
import { itemImageKey, providerImageKey } from './images.ts';
import { domainOf, FESTIVE_TRAYS, OCCASION_SUB_CATEGORIES, TRAY_TAGS, type Statutory, type StoreDomain, type VegNonVeg } from './names.ts';
import { fssaiLicenceOf, packLabel, PRODUCT_POOLS, type Pack } from './products.ts';
import { hashString, intBetween, mixSeeds, mulberry32, pick, type Rng } from './random.ts';

const DEFAULT_SEED = 20_260_321;
/** Items in the whole network when CATALOGUE_SCALE is not set. */
export const DEFAULT_SCALE = 4_800;

type ProviderStatus = 'enable' | 'disable';
/** SPEC §5: items titled so are listed first (searchrelated, then recommend, then bestseller). */
type ItemTitle = 'searchrelated' | 'recommend' | 'bestseller';

export type ProviderLocation = {
  id: string;
  lat: number;
  lng: number;
  street: string;
  locality: string;
  pincode: string;
  city: string;
  state: string;
  radiusKm: number;
  /** every pincode inside the delivery radius, the store's own first */
  servesPincodes: string[];
};

/** A daily window (HHMM, Indian time) an offer applies in, its catalogue's `timing` tag (issue 28). */
type OfferWindow = { timeFrom: number; timeTo: number };

export type Offer = { id: string; code: string; minOrderPaise: number; window?: OfferWindow } & (
  | { kind: 'percent'; percent: number; maxDiscountPaise: number }
  | { kind: 'flat'; amountPaise: number }
);

type Menu = { id: string; name: string; rank: number; timing: MenuTiming | null };
type CustomGroup = { id: string; name: string; min: number; max: number; seq: number };

type ProviderBase = {
  id: string;
  sellerId: string;
  cityId: string;
  /** ONDC context.city, e.g. std:080 */
  cityCode: string;
  name: string;
  shortDesc: string;
  rating: number;
  ratingCount: number;
  status: ProviderStatus;
  locations: ProviderLocation[];
  openingHours: OpeningHours;
  /** SPEC §3 normWorkingHours: every 5-minute slot the store is open (see hours.ts) */
  normWorkingHours: number[];
  /** order-to-delivery estimate, ISO-8601 (SPEC §5 fast delivery: at most 30 minutes) */
  tat: string;
  timeToShip: string;
  deliveryFeePaise: number;
  freeDeliveryAbovePaise: number | null;
  minOrderPaise: number | null;
  offers: Offer[];
  /** SPEC §4: a tag named `now` makes the delivery type "now" */
  internalTags: string[];
  fssaiLicence: string;
  imageKey: string;
  itemCount: number;
  /** seeds this provider's items, so they can be regenerated without the rest */
  itemSeed: number;
};

export type GroceryStore = ProviderBase & {
  kind: 'grocery';
  domain: StoreDomain;
  /**
   * The store whose shelves these are: itself for groceries (ONDC:RET10); for the goods ONDC files
   * in other domains (personal care, household, health) the store lists a provider per domain,
   * selling from the same shelves. Item ids name the shelf.
   */
  shelfId: string;
  /** how many items the shelves hold in all domains; itemCount is this provider's share */
  shelfSize: number;
  /** Issue 29: the store also delivers in two-hour windows the shopper picks (network/delivery-slots.ts). */
  deliverySlots: boolean;
  /** Issue 29: the store places no order it cannot supply whole when the shopper asks so (ondc/if-short.ts). */
  cancelsIfShort: boolean;
};

export type Restaurant = ProviderBase & {
  kind: 'restaurant';
  domain: 'ONDC:RET11';
  templateKey: string;
  cuisines: readonly string[];
  pureVeg: boolean;
  menus: Menu[];
  customGroups: CustomGroup[];
};

export type Provider = GroceryStore | Restaurant;

export type Seller = { id: string; name: string; shortDesc: string; imageKey: string; providers: Provider[] };

export type Network = { seed: number; itemCount: number; sellers: Seller[] };

type SellableItem = {
  id: string;
  providerId: string;
  name: string;
  shortDesc: string;
  /** ONDC category_id text */
  ondcCategory: string;
  brand: string;
  pack: Pack;
  mrpPaise: number;
  pricePaise: number;
  stock: number;
  maxPerOrder: number;
  vegNonVeg: VegNonVeg | null;
  fssaiLicence: string | null;
  title: ItemTitle | null;
  trayTags: string[];
  rating: number;
  ratingCount: number;
  imageKey: string;
};

export type GroceryItem = SellableItem & { kind: 'grocery'; subCategoryId: number; statutory: Statutory; ean: string };

export type DishItem = SellableItem & { kind: 'dish'; menuId: string; menuRank: number; customGroupIds: string[] };

export type CustomisationItem = {
  kind: 'customization';
  id: string;
  providerId: string;
  name: string;
  pricePaise: number;
  stock: number;
  vegNonVeg: VegNonVeg;
  parentGroupId: string;
  isDefault: boolean;
  childGroupIds: string[];
};

export type CatalogueItem = GroceryItem | DishItem | CustomisationItem;

export type NetworkOptions = { seed?: number; scale?: number };

const SELLERS = {
  'grocer-one': { name: 'Grocer One', shortDesc: 'Neighbourhood supermarkets' },
  'grocer-two': { name: 'Grocer Two', shortDesc: 'Family-run kirana stores' },
  'quick-basket': { name: 'Quick Basket', shortDesc: 'Groceries in minutes, day and night' },
  'dine-one': { name: 'Dine One', shortDesc: 'Restaurants near you' },
  'dine-two': { name: 'Dine Two', shortDesc: 'Biryani, pizza and street food' },
} as const;

type SellerKey = keyof typeof SELLERS;

type ProviderQuirks = { hours?: OpeningHours; status?: ProviderStatus; minOrderPaise?: number };

type SiteSpec = {
  seller: SellerKey;
  hours: OpeningHours;
  cities: readonly string[] | 'all';
  /** the furthest the seller delivers; cut short of the unserved outskirts */
  radiusKm: number;
  /** per-city exceptions, keyed by city id */
  quirks?: Readonly<Record<string, ProviderQuirks>>;
};

type StoreSpec = SiteSpec & {
  kind: 'grocery';
  brandName: string;
  /** share of the grocery items this store carries */
  weight: number;
  quick: boolean;
  /** delivers in chosen windows besides as soon as it can */
  deliverySlots?: boolean;
  /** honours a shopper's "no order if anything has run out" */
  cancelsIfShort?: boolean;
};

type RestaurantSpec = SiteSpec & { kind: 'restaurant'; template: string };

// Who trades where. The quirks give the storefront one of each state to show: a provider
// whose status is disable, one open only a few morning hours, one open round the clock,
// one past midnight, and one with a minimum order value.
const LINEUP: readonly (StoreSpec | RestaurantSpec)[] = [
  {
    kind: 'grocery',
    seller: 'grocer-one',
    brandName: 'FreshMart',
    weight: 10,
    quick: false,
    deliverySlots: true,
    cancelsIfShort: true,
    hours: { from: 700, to: 2300 },
    cities: 'all',
    radiusKm: 12,
    quirks: { mumbai: { minOrderPaise: 19_900 } },
  },
  {
    kind: 'grocery',
    seller: 'grocer-two',
    brandName: 'Apna Bazaar',
    weight: 8,
    quick: false,
    hours: { from: 800, to: 2200 },
    cities: 'all',
    radiusKm: 12,
    quirks: { chennai: { status: 'disable' } },
  },
  {
    kind: 'grocery',
    seller: 'quick-basket',
    brandName: 'Quick Basket',
    weight: 4,
    quick: true,
    cancelsIfShort: true,
    hours: ALL_DAY,
    cities: ['delhi', 'bengaluru', 'mumbai'],
    radiusKm: 4,
  },
  {
    kind: 'restaurant',
    seller: 'dine-one',
    template: 'tiffin',
    hours: { from: 700, to: 2230 },
    cities: 'all',
    radiusKm: 7,
    quirks: { pune: { hours: { from: 630, to: 1030 } } },
  },
  { kind: 'restaurant', seller: 'dine-one', template: 'north', hours: { from: 1130, to: 2330 }, cities: 'all', radiusKm: 8 },
  {
    kind: 'restaurant',
    seller: 'dine-two',
    template: 'biryani',
    hours: { from: 1200, to: 2359 },
    cities: 'all',
    radiusKm: 8,
    quirks: { hyderabad: { hours: ALL_DAY } },
  },
  // The same biryani kitchen listed through a second seller app: same name, licence and
  // address, so the storefront's duplicate rule (SPEC §5) has a provider pair to merge.
  { kind: 'restaurant', seller: 'dine-one', template: 'biryani', hours: { from: 1200, to: 2359 }, cities: ['bengaluru', 'hyderabad'], radiusKm: 8 },
  { kind: 'restaurant', seller: 'dine-two', template: 'pizza', hours: { from: 1100, to: 300 }, cities: 'all', radiusKm: 8 },
  { kind: 'restaurant', seller: 'dine-two', template: 'chaat', hours: { from: 1000, to: 2300 }, cities: 'all', radiusKm: 7 },
];

// Restaurant prices follow the city; grocery MRPs are printed on the pack and do not.
const CITY_PRICE_LEVEL: Readonly<Record<string, number>> = {
  mumbai: 1.15,
  delhi: 1.1,
  bengaluru: 1.05,
  pune: 1,
  hyderabad: 0.95,
  chennai: 0.95,
};

const STREETS = ['Main Road', '1st Cross', '2nd Main', 'Market Road', 'Station Road', 'Temple Street', '80 Feet Road'];
const PERCENT_OFFERS = [
  { code: 'SAVE10', percent: 10, maxDiscountPaise: 5_000, minOrderPaise: 19_900 },
  { code: 'FRESH15', percent: 15, maxDiscountPaise: 7_500, minOrderPaise: 29_900 },
  { code: 'TREAT20', percent: 20, maxDiscountPaise: 10_000, minOrderPaise: 39_900 },
] as const;
const FLAT_OFFERS = [
  { code: 'FLAT40', amountPaise: 4_000, minOrderPaise: 24_900 },
  { code: 'FLAT75', amountPaise: 7_500, minOrderPaise: 49_900 },
  { code: 'FLAT100', amountPaise: 10_000, minOrderPaise: 69_900 },
] as const;

function templateOf(key: string): RestaurantTemplate {
  const template = RESTAURANT_TEMPLATES.find((t) => t.key === key);
  if (!template) throw new Error(`No restaurant template ${key}`);
  return template;
}

function citiesOf(spec: StoreSpec | RestaurantSpec): readonly City[] {
  const named = spec.kind === 'restaurant' ? Object.keys(templateOf(spec.template).names) : null;
  return CITIES.filter((city) => (spec.cities === 'all' || spec.cities.includes(city.id)) && (named === null || named.includes(city.id)));
}

/** The shortest ride a store leaves between being ready to ship and the delivery it promised. */
const LAST_RIDE_MINUTES = 5;

function isoMinutes(minutes: number): string {
  return `PT${minutes}M`;
}

function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

type Draft = { spec: StoreSpec | RestaurantSpec; city: City; id: string; siteKey: string };
type DeliveryArea = { radiusKm: number; localities: Locality[] };

// A delivery circle never reaches the unserved outskirts, so they stay unserviceable.
function deliveryAreaOf(city: City, home: Locality, maxRadiusKm: number): DeliveryArea {
  const nearestUnserved = Math.min(...city.localities.filter((l) => !l.served).map((l) => distanceKm(home, l)));
  const radiusKm = oneDecimal(Math.min(maxRadiusKm, nearestUnserved - 0.5));
  const others = city.localities.filter((l) => l !== home && l.served && distanceKm(home, l) <= radiusKm);
  return { radiusKm, localities: [home, ...others] };
}

/**
 * Where each provider stands. Within a city, grocery stores and restaurants are placed in
 * lineup order, each at the served locality that reaches the most places not yet reached
 * by its kind (then an unused locality, then the widest reach), so every served locality
 * gets a store and a restaurant. Listings of one kitchen share its site.
 */
function chooseHomes(drafts: readonly Draft[]): Map<Draft, Locality> {
  const homes = new Map<Draft, Locality>();
  const bySite = new Map<string, Locality>();
  const reached = new Map<string, Set<Locality>>();
  const used = new Map<string, Set<Locality>>();
  for (const draft of drafts) {
    const pool = `${draft.city.id}:${draft.spec.kind}`;
    const poolReached = reached.get(pool) ?? new Set<Locality>();
    const poolUsed = used.get(pool) ?? new Set<Locality>();
    let home = bySite.get(draft.siteKey);
    if (!home) {
      let bestScore: number[] = [];
      for (const candidate of draft.city.localities.filter((l) => l.served)) {
        const area = deliveryAreaOf(draft.city, candidate, draft.spec.radiusKm);
        const score = [area.localities.filter((l) => !poolReached.has(l)).length, poolUsed.has(candidate) ? 0 : 1, area.localities.length];
        const better = score.findIndex((x, i) => x !== bestScore[i]);
        if (!home || (better >= 0 && (score[better] ?? 0) > (bestScore[better] ?? 0))) {
          home = candidate;
          bestScore = score;
        }
      }
      if (!home) throw new Error(`City ${draft.city.id} has no served locality`);
    }
    for (const l of deliveryAreaOf(draft.city, home, draft.spec.radiusKm).localities) poolReached.add(l);
    poolUsed.add(home);
    reached.set(pool, poolReached);
    used.set(pool, poolUsed);
    bySite.set(draft.siteKey, home);
    homes.set(draft, home);
  }
  return homes;
}

// The street number comes from the site, not the listing: one kitchen has one address.
function locationOf(draft: Draft, home: Locality, seed: number): ProviderLocation {
  const rng = mulberry32(mixSeeds(seed, hashString(`site:${draft.siteKey}`)));
  const area = deliveryAreaOf(draft.city, home, draft.spec.radiusKm);
  return {
    id: `${draft.id}-l1`,
    lat: home.lat,
    lng: home.lng,
    street: `${intBetween(rng, 1, 240)}, ${pick(rng, STREETS)}`,
    locality: home.name,
    pincode: home.pincode,
    city: draft.city.name,
    state: draft.city.state,
    radiusKm: area.radiusKm,
    servesPincodes: area.localities.map((l) => l.pincode),
  };
}

/** Grocery stores' evening offer, in the hours after work (issue 28: offers with a time window). */
const EVENING_OFFER = { code: 'EVENING50', amountPaise: 5_000, minOrderPaise: 24_900, window: { timeFrom: 1600, timeTo: 1900 } } as const;

function offersFor(providerId: string, kind: 'grocery' | 'restaurant', rng: Rng): Offer[] {
  const percent = pick(rng, PERCENT_OFFERS);
  const offers: Offer[] = [{ id: `${providerId}-${percent.code}`, kind: 'percent', ...percent }];
  if (rng() < 0.6) {
    const flat = pick(rng, FLAT_OFFERS);
    offers.push({ id: `${providerId}-${flat.code}`, kind: 'flat', ...flat });
  }
  // Not drawn from rng: every other part of the network stays as it was generated before.
  if (kind === 'grocery') offers.push({ id: `${providerId}-${EVENING_OFFER.code}`, kind: 'flat', ...EVENING_OFFER, window: { ...EVENING_OFFER.window } });
  return offers;
}

// Menus and groups get ids in declaration order: 1…, CG1…; options follow group order. Menu ids
// are numbers because ONDC's log validator reads an item's category_ids "menu:rank" as two.
const menuIdOf = (index: number) => String(index + 1);

function menusOf(template: RestaurantTemplate): Menu[] {
  return Object.values(template.menus).map((menu, i) => ({ id: menuIdOf(i), name: menu.name, rank: i + 1, timing: menu.timing }));
}

function groupIdsOf(template: RestaurantTemplate): Map<string, string> {
  return new Map(Object.keys(template.groups).map((key, i) => [key, `CG${i + 1}`]));
}

function customGroupsOf(template: RestaurantTemplate): CustomGroup[] {
  return Object.values(template.groups).map((group, i) => ({ id: `CG${i + 1}`, name: group.name, min: group.min, max: group.max, seq: i + 1 }));
}

function restaurantItemCount(template: RestaurantTemplate): number {
  return template.dishes.length + Object.values(template.groups).reduce((n, group) => n + group.options.length, 0);
}

/** CATALOGUE_SCALE: a whole number of items, `100k` and `1m` accepted. */
export function parseCatalogueScale(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const match = /^\s*(\d+)\s*([km]?)\s*$/i.exec(text);
  if (!match) throw new RangeError(`CATALOGUE_SCALE must be a whole number of items (e.g. 100000, 100k, 1m), got "${text}"`);
  const multiplier = { '': 1, k: 1_000, m: 1_000_000 }[(match[2] ?? '').toLowerCase()] ?? 1;
  return Number(match[1]) * multiplier;
}

/**
 * Builds the sellers and providers. `scale` is the total number of items in the network;
 * restaurants keep their menus and grocery stores share the rest by size. A scale too small
 * for every store to carry every sub-category is raised to that minimum.
 */
export function generateNetwork(options: NetworkOptions = {}): Network {
  const seed = options.seed ?? DEFAULT_SEED;
  const requestedScale = options.scale ?? DEFAULT_SCALE;
  if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(requestedScale) || requestedScale < 1) {
    throw new RangeError('seed and scale must be whole numbers, scale at least 1');
  }

  const drafts: Draft[] = LINEUP.flatMap((spec) =>
    citiesOf(spec).map((city) => {
      const id = `${city.id}-${spec.seller}-${spec.kind === 'grocery' ? 'store' : spec.template}`;
      return { spec, city, id, siteKey: spec.kind === 'grocery' ? id : `${spec.template}:${city.id}` };
    }),
  );
  const restaurantItems = drafts.reduce((n, { spec }) => n + (spec.kind === 'restaurant' ? restaurantItemCount(templateOf(spec.template)) : 0), 0);
  const stores = drafts.filter((d) => d.spec.kind === 'grocery');
  // Every store first gets one item per sub-category, then its weighted share of the rest.
  const floor = PRODUCT_POOLS.length;
  const groceryItems = Math.max(requestedScale - restaurantItems, stores.length * floor);
  const storeSizes = apportion(
    groceryItems - stores.length * floor,
    stores.map(({ spec }) => (spec.kind === 'grocery' ? spec.weight : 0)),
  ).map((extra) => floor + extra);
  const sizeOf = new Map(stores.map((draft, i) => [draft, storeSizes[i] ?? 0]));

  const homes = chooseHomes(drafts);
  const providers = drafts.map((draft) => {
    const home = homes.get(draft);
    if (!home) throw new Error(`No site for ${draft.id}`);
    return buildProvider(draft, locationOf(draft, home, seed), seed, sizeOf.get(draft) ?? 0);
  });
  const listed = providers.flatMap((provider): Provider[] => (provider.kind === 'grocery' ? providersByDomain(provider) : [provider]));
  const sellers = (Object.keys(SELLERS) as SellerKey[]).map((key) => {
    const id = `${key}.sellers.kirana.local`;
    return {
      id,
      name: SELLERS[key].name,
      shortDesc: SELLERS[key].shortDesc,
      imageKey: providerImageKey('seller', SELLERS[key].name),
      providers: listed.filter((p) => p.sellerId === id),
    };
  });
  const itemCount = listed.reduce((n, p) => n + p.itemCount, 0);
  return { seed, itemCount, sellers };
}

function buildProvider(draft: Draft, location: ProviderLocation, seed: number, groceryItemCount: number): Provider {
  const { spec, city, id } = draft;
  const rng = mulberry32(mixSeeds(seed, hashString(id)));
  const quirks = spec.quirks?.[city.id] ?? {};
  const hours = quirks.hours ?? spec.hours;
  const rating = oneDecimal(3.6 + rng() * 1.2);
  const ratingCount = intBetween(rng, 40, 9_000);
  const quick = spec.kind === 'grocery' && spec.quick;
  const tatMinutes = quick ? pick(rng, [10, 15]) : spec.kind === 'grocery' ? pick(rng, [30, 45, 60, 90]) : 5 * intBetween(rng, 5, 10);
  const base = {
    id,
    sellerId: `${spec.seller}.sellers.kirana.local`,
    cityId: city.id,
    cityCode: city.stdCode,
    rating,
    ratingCount,
    status: quirks.status ?? 'enable',
    locations: [location],
    openingHours: hours,
    normWorkingHours: normWorkingHours(hours),
    tat: isoMinutes(tatMinutes),
    // Ready to ship at least the last ride before the promise (ONDC's validator: the quote's TAT,
    // order to delivery, is never under the catalogue's time_to_ship, order to ship).
    timeToShip: isoMinutes(quick ? 5 : Math.min(5 * intBetween(rng, 3, 6), tatMinutes - LAST_RIDE_MINUTES)),
    minOrderPaise: quirks.minOrderPaise ?? null,
    offers: offersFor(id, spec.kind, rng),
    itemSeed: mixSeeds(seed, hashString(`items:${id}`)),
  };
  const nowTag = tatMinutes <= 30 ? ['now'] : [];

  if (spec.kind === 'grocery') {
    const name = `${spec.brandName} ${location.locality}`;
    return {
      ...base,
      kind: 'grocery',
      domain: 'ONDC:RET10',
      name,
      shortDesc: quick ? SELLERS['quick-basket'].shortDesc : 'Groceries, fresh produce and daily essentials',
      deliveryFeePaise: quick ? 1_500 : 500 * intBetween(rng, 5, 8),
      freeDeliveryAbovePaise: quick ? 9_900 : pick(rng, [19_900, 29_900, 49_900]),
      internalTags: nowTag,
      fssaiLicence: fssaiLicenceOf(`store:${id}`),
      imageKey: providerImageKey('store', spec.brandName),
      itemCount: groceryItemCount,
      shelfId: id,
      shelfSize: groceryItemCount,
      deliverySlots: spec.deliverySlots ?? false,
      cancelsIfShort: spec.cancelsIfShort ?? false,
    };
  }

  const template = templateOf(spec.template);
  const name = template.names[city.id] ?? template.key;
  return {
    ...base,
    kind: 'restaurant',
    domain: 'ONDC:RET11',
    name,
    shortDesc: template.cuisines.join(', '),
    deliveryFeePaise: 100 * intBetween(rng, 20, 49),
    freeDeliveryAbovePaise: rng() < 0.5 ? pick(rng, [29_900, 49_900]) : null,
    internalTags: [...nowTag, ...(template.pureVeg ? ['pure_veg'] : []), ...(rating >= 4.5 ? ['top_rated'] : [])],
    // One kitchen, one licence: a restaurant listed through two seller apps quotes the same.
    fssaiLicence: fssaiLicenceOf(`kitchen:${draft.siteKey}`),
    imageKey: providerImageKey('restaurant', name),
    itemCount: restaurantItemCount(template),
    templateKey: template.key,
    cuisines: template.cuisines,
    pureVeg: template.pureVeg,
    menus: menusOf(template),
    customGroups: customGroupsOf(template),
  };
}

const POOL_DOMAINS: readonly StoreDomain[] = PRODUCT_POOLS.map((pool) => domainOf(pool.products[0]?.ondcCategory ?? 'Fruits and Vegetables'));
/** How a store's other-domain providers are named beside it and told apart in ids. */
const DOMAIN_COUNTERS: Record<Exclude<StoreDomain, 'ONDC:RET10'>, { suffix: string; label: string; shortDesc: string }> = {
  'ONDC:RET13': { suffix: 'bpc', label: 'Personal Care', shortDesc: 'Bath, hair, skin and grooming' },
  'ONDC:RET16': { suffix: 'home', label: 'Home Care', shortDesc: 'Cleaning, pooja and household needs' },
  'ONDC:RET18': { suffix: 'health', label: 'Health Care', shortDesc: 'Oral care, baby care and first aid' },
};

/** Items of a shelf of `size` whose sub-category is listed in `domain` (item i is of pool i mod pools). */
function shelfShare(size: number, domain: StoreDomain): number {
  return POOL_DOMAINS.reduce((n, d, pool) => n + (d === domain && pool < size ? Math.floor((size - 1 - pool) / POOL_DOMAINS.length) + 1 : 0), 0);
}

/**
 * A store as ONDC lists it: its groceries under ONDC:RET10 and, for each other domain its shelves
 * hold goods of, one more provider selling those from the same shelves and place.
 */
function providersByDomain(store: GroceryStore): GroceryStore[] {
  const domains = [...new Set(POOL_DOMAINS)].filter((domain) => shelfShare(store.shelfSize, domain) > 0);
  return domains.map((domain) => {
    const share = shelfShare(store.shelfSize, domain);
    if (domain === 'ONDC:RET10') return { ...store, itemCount: share };
    const counter = DOMAIN_COUNTERS[domain];
    return { ...store, id: `${store.id}-${counter.suffix}`, domain, name: `${store.name} ${counter.label}`, shortDesc: counter.shortDesc, itemCount: share };
  });
}

/** Every item of one provider, regenerated from its seed; nothing is kept between calls. */
export function providerItems(provider: Provider): Generator<CatalogueItem> {
  return provider.kind === 'grocery' ? groceryItems(provider) : restaurantItems(provider);
}

/**
 * One item of a provider by id, or null when the provider has no such item. A grocery item is
 * rebuilt from its index alone, so a lookup costs the same in a store of a hundred thousand
 * items; restaurant menus are small and are walked.
 */
export function findProviderItem(provider: Provider, itemId: string): CatalogueItem | null {
  if (provider.kind === 'restaurant') {
    for (const item of restaurantItems(provider)) if (item.id === itemId) return item;
    return null;
  }
  const prefix = `${provider.shelfId}-i`;
  const index = itemId.startsWith(prefix) ? itemId.slice(prefix.length) : '';
  if (!/^(0|[1-9]\d*)$/.test(index) || Number(index) >= provider.shelfSize) return null;
  if (POOL_DOMAINS[Number(index) % POOL_DOMAINS.length] !== provider.domain) return null;
  return groceryItemAt(provider, assortmentPlan(provider), Number(index));
}

/** Every item of the network, provider by provider. */
export function* networkItems(network: Network): Generator<CatalogueItem> {
  for (const seller of network.sellers) {
    for (const provider of seller.providers) yield* providerItems(provider);
  }
}

// ---- grocery assortments ----

// Every store stocks the first product of each sub-category (the staple: Amul Taaza,
// Aashirvaad atta …) and then walks the rest of the pool in its own order, so stores in a
// city overlap on some items and differ on others. Past the end of a pool a store moves on
// to multipacks of the same products, which keeps names unique at any scale.
const STAPLES_PER_SUB_CATEGORY = 1;
const MULTIPACKS = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24];

type AssortmentPlan = { steps: number[]; offsets: number[]; discountDepth: number };

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function assortmentPlan(store: GroceryStore): AssortmentPlan {
  const rng = mulberry32(mixSeeds(store.itemSeed, 0x5eed));
  const steps: number[] = [];
  const offsets: number[] = [];
  for (const pool of PRODUCT_POOLS) {
    const tail = pool.products.length - STAPLES_PER_SUB_CATEGORY;
    // A step coprime with the tail length makes (step × k + offset) mod tail a permutation.
    let step = intBetween(rng, 1, tail);
    while (gcd(step, tail) !== 1) step = (step % tail) + 1;
    steps.push(step);
    offsets.push(intBetween(rng, 0, tail - 1));
  }
  return { steps, offsets, discountDepth: 0.6 + rng() * 0.8 };
}

const FESTIVE_TAGS_BY_SUB_CATEGORY = new Map<number, string[]>(
  PRODUCT_POOLS.map((pool) => [
    pool.subCategoryId,
    Object.entries(FESTIVE_TRAYS)
      .filter(([, ids]) => ids.includes(pool.subCategoryId))
      .map(([tag]) => tag),
  ]),
);

function multipackOf(cycle: number): number {
  const last = MULTIPACKS.length - 1;
  return MULTIPACKS[cycle] ?? (MULTIPACKS[last] ?? 1) + 6 * (cycle - last);
}

function maxPerOrderFor(mrpPaise: number): number {
  if (mrpPaise >= 100_000) return 2;
  if (mrpPaise >= 50_000) return 4;
  return 10;
}

function groceryItemAt(store: GroceryStore, plan: AssortmentPlan, index: number): GroceryItem {
  const poolIndex = index % PRODUCT_POOLS.length;
  const pool = PRODUCT_POOLS[poolIndex];
  if (!pool) throw new RangeError(`No product pool ${poolIndex}`);
  const size = pool.products.length;
  const round = Math.floor(index / PRODUCT_POOLS.length);
  const cycle = Math.floor(round / size);
  const position = round % size;
  const tail = size - STAPLES_PER_SUB_CATEGORY;
  const productIndex =
    position < STAPLES_PER_SUB_CATEGORY
      ? position
      : STAPLES_PER_SUB_CATEGORY + (((plan.steps[poolIndex] ?? 1) * (position - STAPLES_PER_SUB_CATEGORY) + (plan.offsets[poolIndex] ?? 0)) % tail);
  const product = pool.products[productIndex];
  if (!product) throw new RangeError(`No product ${productIndex} in pool ${pool.subCategoryId}`);

  const rng = mulberry32(mixSeeds(store.itemSeed, index));
  const count = multipackOf(cycle);
  const mrpPaise = product.mrpPaise * count;
  const produce = product.statutory === 'none';
  const noDiscount = rng() < 0.3;
  const depth = rng();
  const discountPercent = noDiscount
    ? 0
    : Math.min(40, Math.round((3 + depth * depth * (produce ? 35 : 25)) * plan.discountDepth) + (count > 1 ? Math.min(10, count) : 0));
  const pricePaise = Math.max(100, Math.floor((mrpPaise * (100 - discountPercent)) / 10_000) * 100);
  const stockRoll = rng();
  const stock = stockRoll < 0.07 ? 0 : stockRoll < 0.15 ? intBetween(rng, 1, 5) : intBetween(rng, 6, 150);
  const rating = oneDecimal(3.3 + rng() * 1.6);
  // Skewed like real shelves: most items have a few reviews, a handful have thousands.
  const ratingCount = Math.floor(rng() ** 4 * 8_000);
  const titleRoll = rng();
  const title: ItemTitle | null = ratingCount >= 6_500 ? 'bestseller' : titleRoll < 0.07 ? 'recommend' : titleRoll < 0.1 ? 'searchrelated' : null;

  const trayTags: string[] = [];
  if (discountPercent >= 20) trayTags.push(TRAY_TAGS.discount);
  if (ratingCount >= 5_500) trayTags.push(TRAY_TAGS.bestSeller);
  if (OCCASION_SUB_CATEGORIES.includes(product.subCategoryId) && rng() < 0.5) trayTags.push(TRAY_TAGS.occasion);
  for (const tag of FESTIVE_TAGS_BY_SUB_CATEGORY.get(product.subCategoryId) ?? []) {
    if (rng() < 0.4) trayTags.push(tag);
  }

  const pack: Pack = count === 1 ? product.pack : { value: product.pack.value * count, unit: product.pack.unit };
  return {
    kind: 'grocery',
    id: `${store.shelfId}-i${index}`,
    providerId: store.id,
    name: count === 1 ? product.name : `${product.name} (Pack of ${count})`,
    shortDesc: count === 1 ? packLabel(product.pack) : `${count} × ${packLabel(product.pack)}`,
    ondcCategory: product.ondcCategory,
    brand: product.brand,
    pack,
    mrpPaise,
    pricePaise: Math.min(pricePaise, mrpPaise),
    stock,
    maxPerOrder: maxPerOrderFor(mrpPaise),
    vegNonVeg: product.vegNonVeg,
    fssaiLicence: product.fssaiLicence,
    title,
    trayTags,
    rating,
    ratingCount,
    imageKey: product.imageKey,
    subCategoryId: product.subCategoryId,
    statutory: product.statutory,
    ean: product.ean,
  };
}

function* groceryItems(store: GroceryStore): Generator<GroceryItem> {
  const plan = assortmentPlan(store);
  for (let index = 0; index < store.shelfSize; index++) {
    if (POOL_DOMAINS[index % POOL_DOMAINS.length] === store.domain) yield groceryItemAt(store, plan, index);
  }
}

// ---- restaurant menus ----

const ONE_PORTION: Pack = { value: 1, unit: 'unit' };

function* restaurantItems(restaurant: Restaurant): Generator<DishItem | CustomisationItem> {
  const template = templateOf(restaurant.templateKey);
  const level = (CITY_PRICE_LEVEL[restaurant.cityId] ?? 1) * (0.95 + mulberry32(restaurant.itemSeed)() * 0.1);
  const cityPrice = (rupees: number) => Math.round((rupees * level) / 5) * 5 * 100;
  const groupIds = groupIdsOf(template);
  const groupId = (key: string) => groupIds.get(key) ?? key;
  const menuIds = new Map(Object.keys(template.menus).map((key, i) => [key, menuIdOf(i)]));
  // A dish's rank (category_ids "menu:rank") runs on across the menus in their order, as ONDC's
  // log validator reads it: the first menu's dishes 1…k, the next menu's k+1…, and so on.
  const ranks = new Map<number, number>();
  for (const key of Object.keys(template.menus)) {
    template.dishes.forEach((dish, index) => {
      if (dish.menu === key) ranks.set(index, ranks.size + 1);
    });
  }

  for (const [i, dish] of template.dishes.entries()) {
    const rng = mulberry32(mixSeeds(restaurant.itemSeed, i + 1));
    const mrpPaise = cityPrice(dish.price);
    const discounted = rng() < 0.25;
    const pricePaise = discounted ? Math.round((mrpPaise * (1 - (0.1 + rng() * 0.2))) / 500) * 500 : mrpPaise;
    const ratingCount = Math.floor(rng() ** 2 * 3_000);
    const menuRank = ranks.get(i) ?? i + 1;
    const title: ItemTitle | null = ratingCount >= 1_500 ? 'bestseller' : rng() < 0.15 ? 'recommend' : null;
    const trayTags: string[] = [];
    if (pricePaise <= mrpPaise * 0.8) trayTags.push(TRAY_TAGS.discount);
    if (title === 'bestseller') trayTags.push(TRAY_TAGS.bestSeller);
    yield {
      kind: 'dish',
      id: `${restaurant.id}-d${i + 1}`,
      providerId: restaurant.id,
      name: dish.name,
      shortDesc: dish.description,
      ondcCategory: fnbCategoryOf(dish.name),
      brand: restaurant.name,
      pack: ONE_PORTION,
      mrpPaise,
      pricePaise,
      stock: rng() < 0.08 ? 0 : 99,
      maxPerOrder: 10,
      vegNonVeg: dish.food,
      fssaiLicence: restaurant.fssaiLicence,
      title,
      trayTags,
      rating: oneDecimal(3.5 + rng() * 1.4),
      ratingCount,
      imageKey: itemImageKey(dish.family, dish.name),
      menuId: menuIds.get(dish.menu) ?? dish.menu,
      menuRank,
      customGroupIds: (dish.groups ?? []).map(groupId),
    };
  }

  let option = 0;
  for (const [key, group] of Object.entries(template.groups)) {
    for (const choice of group.options) {
      option++;
      const rng = mulberry32(mixSeeds(restaurant.itemSeed, 10_000 + option));
      yield {
        kind: 'customization',
        id: `${restaurant.id}-c${option}`,
        providerId: restaurant.id,
        name: choice.name,
        pricePaise: cityPrice(choice.price),
        // A default choice never runs out, so a required group can always be satisfied.
        stock: choice.isDefault !== true && rng() < 0.05 ? 0 : 99,
        vegNonVeg: choice.food,
        parentGroupId: groupId(key),
        isDefault: choice.isDefault === true,
        childGroupIds: choice.child ? [groupId(choice.child)] : [],
      };
    }
  }
}
