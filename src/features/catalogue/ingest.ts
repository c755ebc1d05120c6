// Turns a seller's on_search catalogue into our catalogue rows (pure: no I/O).
import type { CatalogItem, CatalogProvider, CatalogTag, ReceivedProvider } from '#/ondc/catalog.ts';
import { receivedProviderSchema, tagValues } from '#/ondc/catalog.ts';
import type { ItemRejection, ProviderRejection } from '#/ondc/catalog-rejection.ts';
import { rupeesToPaise } from '#/lib/money.ts';
import { honoursCancelIfShort, IF_SHORT_TAG } from '#/ondc/if-short.ts';
import { dedupeKey } from './dedupe.ts';
import { itemsAsListed, listedItem, listingProblems, providerProblem } from './listing-checks.ts';
import type { ItemStatutory } from './product.ts';

export interface ProviderRow {
  bppId: string;
  providerId: string;
  domain: string;
  cityCode: string;
  name: string;
  shortDesc: string | null;
  image: string | null;
  status: string;
  locationId: string;
  locationStatus: string;
  lat: number;
  lng: number;
  street: string | null;
  locality: string | null;
  city: string | null;
  state: string | null;
  areaCode: string | null;
  radiusKm: number;
  servesPincodes: string[];
  opensAt: number | null;
  closesAt: number | null;
  rating: number | null;
  ratingCount: number | null;
  tat: string | null;
  deliveryFeePaise: number | null;
  freeDeliveryAbovePaise: number | null;
  minOrderPaise: number | null;
  internalTags: string[];
  cuisines: string[];
  pureVeg: boolean | null;
  /** Issue 29: the store places no order it cannot supply whole when the shopper asks so. */
  cancelsIfShort: boolean;
  fssaiLicence: string | null;
  /** ONDC `@ondc/org/contact_details_consumer_care` ("name,email,phone"), read off the store's first item. */
  consumerCare: string | null;
  categories: unknown;
  offers: unknown;
}

export interface ItemRow {
  bppId: string;
  providerId: string;
  itemId: string;
  cityCode: string;
  locationId: string;
  kind: 'item' | 'customization';
  name: string;
  shortDesc: string | null;
  image: string | null;
  ondcCategory: string;
  subCategoryId: number | null;
  brand: string | null;
  packValue: string | null;
  packUnit: string | null;
  pricePaise: number;
  mrpPaise: number;
  priceLowerPaise: number | null;
  priceUpperPaise: number | null;
  inStock: boolean;
  maxQuantity: number;
  vegNonVeg: string | null;
  fssaiLicence: string | null;
  title: string | null;
  trayTags: string[];
  rating: number | null;
  ratingCount: number | null;
  customGroupIds: string[];
  parentGroupId: string | null;
  isDefault: boolean | null;
  childGroupIds: string[];
  menuIds: string[];
  dedupeKey: string | null;
  returnable: boolean;
  returnWindow: string | null;
  longDesc: string | null;
  gtin: string | null;
  parentItemId: string | null;
  cancellable: boolean;
  timeToShip: string;
  availableOnCod: boolean;
  statutory: ItemStatutory | null;
  sellerUpdatedAt: string | null;
  /** The item's `tax` tag (issue 29): its HSN or SAC code and GST rate, for the invoice. */
  hsnCode: string | null;
  gstRate: number | null;
}

const first = (tags: readonly CatalogTag[], code: string, entry: string) => tagValues(tags, code, entry)[0] ?? null;
const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);
const int = (value: string | null) => (value === null || value === '' ? null : Number.parseInt(value, 10));
const num = (value: string | null) => (value === null || value === '' ? null : Number(value));
const hhmm = (value: string | undefined) => (value ? Number.parseInt(value, 10) : null);

/** A store as listed: a location without an area_code (ONDC allows it) serves the pincodes it names. */
function providerRow(
  provider: Omit<ReceivedProvider, 'items'> & Pick<CatalogProvider, 'items'>,
  meta: { bppId: string; domain: string; cityCode: string },
): ProviderRow {
  const location = provider.locations[0];
  if (!location) throw new Error(`provider ${provider.id} has no location`);
  const [lat, lng] = location.gps.split(',').map((n) => Number(n.trim()));
  const tags = provider.tags;
  const pincodes = tagValues(tags, 'kirana_location', 'pincodes').flatMap(list);
  return {
    bppId: meta.bppId,
    providerId: provider.id,
    domain: meta.domain,
    cityCode: first(tags, 'kirana', 'city') ?? meta.cityCode,
    name: provider.descriptor.name,
    shortDesc: provider.descriptor.short_desc ?? null,
    image: provider.descriptor.symbol ?? provider.descriptor.images?.[0] ?? null,
    status: provider.time.label,
    locationId: location.id,
    locationStatus: location.time.label,
    lat: lat ?? 0,
    lng: lng ?? 0,
    street: location.address.street || null,
    locality: location.address.locality,
    city: location.address.city,
    state: location.address.state,
    areaCode: location.address.area_code ?? null,
    radiusKm: Number(location.circle.radius.value),
    servesPincodes: pincodes.length > 0 ? pincodes : location.address.area_code ? [location.address.area_code] : [],
    opensAt: hhmm(location.time.range.start),
    closesAt: hhmm(location.time.range.end),
    rating: num(first(tags, 'kirana', 'rating')),
    ratingCount: int(first(tags, 'kirana', 'rating_count')),
    tat: first(tags, 'kirana', 'tat'),
    deliveryFeePaise: int(first(tags, 'kirana', 'delivery_fee_paise')),
    freeDeliveryAbovePaise: int(first(tags, 'kirana', 'free_delivery_above_paise')),
    minOrderPaise: int(first(tags, 'kirana', 'min_order_paise')),
    internalTags: list(first(tags, 'kirana', 'internal_tags')),
    cuisines: list(first(tags, 'kirana', 'cuisines')),
    pureVeg: first(tags, 'kirana', 'pure_veg') === null ? null : first(tags, 'kirana', 'pure_veg') === 'yes',
    cancelsIfShort: honoursCancelIfShort(first(tags, 'kirana', IF_SHORT_TAG)),
    fssaiLicence: first(tags, 'kirana', 'fssai_license_no'),
    consumerCare: provider.items[0]?.['@ondc/org/contact_details_consumer_care'] ?? null,
    categories: provider.categories,
    offers: provider.offers,
  };
}

// A price range is only shown (a dish's from-to price): one the seller wrote wrongly is left out,
// not the catalogue page it came in.
const rangePaise = (value: string | undefined) => (value !== undefined && /^\d+(\.\d{1,2})?$/.test(value.trim()) ? rupeesToPaise(value) : null);

export function itemRows(provider: Pick<CatalogProvider, 'id' | 'items'>, meta: { bppId: string; cityCode: string }): ItemRow[] {
  return provider.items.map((item) => {
    const tags = item.tags;
    const kind = first(tags, 'type', 'type') === 'customization' ? 'customization' : 'item';
    const licence = first(tags, 'kirana', 'fssai_license_no') ?? licenceNumber(item['@ondc/org/statutory_reqs_prepackaged_food']?.brand_owner_FSSAI_license_no);
    const veg = tags.find((t) => t.code === 'veg_nonveg')?.list.find((e) => e.value === 'yes')?.code ?? null;
    const range = item.price.tags?.find((t) => t.code === 'range');
    const lower = range?.list.find((e) => e.code === 'lower')?.value;
    const upper = range?.list.find((e) => e.code === 'upper')?.value;
    const pricePaise = rupeesToPaise(item.price.value);
    const mrpFromTag = int(first(tags, 'kirana', 'mrp_paise'));
    return {
      bppId: meta.bppId,
      providerId: provider.id,
      itemId: item.id,
      cityCode: meta.cityCode,
      locationId: item.location_id,
      kind,
      name: item.descriptor.name,
      shortDesc: item.descriptor.short_desc ?? null,
      image: item.descriptor.symbol ?? item.descriptor.images?.[0] ?? null,
      ondcCategory: item.category_id,
      subCategoryId: int(first(tags, 'kirana', 'subcategory_id')),
      brand: first(tags, 'kirana', 'brand'),
      packValue: item.quantity.unitized.measure.value,
      packUnit: item.quantity.unitized.measure.unit,
      pricePaise,
      mrpPaise: mrpFromTag ?? rupeesToPaise(item.price.maximum_value),
      priceLowerPaise: rangePaise(lower),
      priceUpperPaise: rangePaise(upper),
      inStock: Number(item.quantity.available.count) > 0,
      maxQuantity: Number(item.quantity.maximum.count),
      vegNonVeg: veg,
      fssaiLicence: licence,
      title: first(tags, 'kirana', 'title'),
      trayTags: list(first(tags, 'kirana', 'trays')),
      rating: num(first(tags, 'kirana', 'rating')),
      ratingCount: int(first(tags, 'kirana', 'rating_count')),
      customGroupIds: tagValues(tags, 'custom_group', 'id'),
      parentGroupId: first(tags, 'parent', 'id'),
      isDefault: kind === 'customization' ? first(tags, 'parent', 'default') === 'yes' : null,
      childGroupIds: tagValues(tags, 'child', 'id'),
      menuIds: (item.category_ids ?? []).map((ref) => ref.split(':')[0] ?? ''),
      dedupeKey: kind === 'item' ? dedupeKey(licence, item.descriptor.name) : null,
      returnable: item['@ondc/org/returnable'],
      returnWindow: item['@ondc/org/return_window'] ?? null,
      longDesc: item.descriptor.long_desc ?? null,
      gtin: gtinOf(item.descriptor.code),
      parentItemId: item.parent_item_id ?? null,
      cancellable: item['@ondc/org/cancellable'],
      timeToShip: item['@ondc/org/time_to_ship'],
      availableOnCod: item['@ondc/org/available_on_cod'],
      statutory: statutoryOf(item),
      sellerUpdatedAt: item.time?.timestamp ?? null,
      hsnCode: taxCode(first(tags, 'tax', 'hsn_code')),
      gstRate: taxRate(first(tags, 'tax', 'gst_rate')),
    };
  });
}

// A seller's word on tax is kept only when it reads as one: an HSN/SAC code of 4 to 8 digits, a
// rate from 0 to 40 % with at most two decimals; anything else leaves the invoice without it.
const taxCode = (value: string | null) => (value && /^\d{4,8}$/.test(value.trim()) ? value.trim() : null);
const taxRate = (value: string | null) => (value && /^\d{1,2}(\.\d{1,2})?$/.test(value.trim()) && Number(value) <= 40 ? Number(value) : null);

/** A provider's items sorted for the shelves: listed, switched off by the seller, or rejected. */
export type JudgedItems = { listed: CatalogItem[]; disabled: string[]; rejected: ItemRejection[] };

/**
 * Judges each item of a received provider on its own (listing-checks.ts): one bad item is
 * rejected with its reasons, the rest are listed; an item the seller switched off (time.label
 * disable) is not listed either.
 */
export function judgeItems(
  provider: { id: string; items: readonly unknown[] },
  context: { domain: string; categoryIds: ReadonlySet<string>; locationIds: ReadonlySet<string> },
): JudgedItems {
  const judged: JudgedItems = { listed: [], disabled: [], rejected: [] };
  for (const raw of itemsAsListed(provider.items)) {
    const problems = listingProblems(raw, context.domain, context.categoryIds);
    const itemId = String((raw as { id?: unknown } | null)?.id ?? '');
    if (problems.length === 0) {
      const item = listedItem(raw);
      if (!context.locationIds.has(item.location_id)) {
        judged.rejected.push({ providerId: provider.id, itemId, code: '91007', detail: `location ${item.location_id} is not one of the store's` });
      } else if (item.time?.label === 'disable') judged.disabled.push(item.id);
      else judged.listed.push(item);
      continue;
    }
    for (const problem of problems) judged.rejected.push({ providerId: provider.id, itemId, code: problem.code, detail: problem.detail });
  }
  return judged;
}

/**
 * Judges each store of a full catalogue on its own: one whose listing breaks the protocol (an
 * address, map point, radius or hours it cannot be shown or served by) is rejected with its
 * reason; one without even an id cannot be named, and is skipped.
 */
export function judgeProviders(received: readonly unknown[]): { providers: ReceivedProvider[]; rejected: ProviderRejection[] } {
  const judged: { providers: ReceivedProvider[]; rejected: ProviderRejection[] } = { providers: [], rejected: [] };
  for (const raw of received) {
    const parsed = receivedProviderSchema.safeParse(raw);
    if (parsed.success) {
      judged.providers.push(parsed.data);
      continue;
    }
    const id = (raw as { id?: unknown } | null)?.id;
    const issue = parsed.error.issues[0];
    if (typeof id === 'string' && id !== '' && issue) judged.rejected.push({ providerId: id, ...providerProblem(issue) });
  }
  return judged;
}

/**
 * An incremental refresh carries neither the seller's descriptor nor its fulfillments, and names
 * its stores by id with only what changed (ondc-notes §1); a page whose stores come with their
 * name is a full listing even without the seller's own descriptor (ONDC's Workbench sends such
 * pages), and is listed.
 */
export function isIncrementalCatalog(catalog: unknown): boolean {
  const fields = catalog && typeof catalog === 'object' ? (catalog as Record<string, unknown>) : {};
  const providers = Array.isArray(fields['bpp/providers']) ? (fields['bpp/providers'] as unknown[]) : [];
  const named = providers.some((provider) => typeof provider === 'object' && provider !== null && 'descriptor' in provider);
  return fields['bpp/descriptor'] === undefined && fields['bpp/fulfillments'] === undefined && !named;
}

export function catalogRows(providers: readonly ReceivedProvider[], meta: { bppId: string; domain: string; cityCode: string }) {
  return providers.map((received) => {
    const judged = judgeItems(received, {
      domain: meta.domain,
      categoryIds: new Set(received.categories.map((c) => c.id)),
      locationIds: new Set(received.locations.map((l) => l.id)),
    });
    const provider = { ...received, items: judged.listed };
    const row = providerRow(provider, meta);
    return {
      provider: row,
      items: itemRows(provider, { bppId: meta.bppId, cityCode: row.cityCode }),
      unlisted: [...judged.disabled, ...judged.rejected.map((r) => r.itemId)],
      rejected: judged.rejected,
    };
  });
}

/** ONDC descriptor.code "1:<EAN>" or "3:<GTIN>" (2 is an ISBN, 4 an HSN code): the product's GTIN, else none. */
export function gtinOf(code: string | undefined): string | null {
  const match = /^([13]):(\d{8}|\d{12,14})$/.exec(code ?? '');
  return match?.[2] ?? null;
}

/**
 * The item's statutory block (Legal Metrology for packaged commodities, FSSAI for prepackaged
 * food) in our words; what says "NA" or nothing is left out, so a page shows only real facts.
 */
export function statutoryOf(item: CatalogItem): ItemStatutory | null {
  const packaged = item['@ondc/org/statutory_reqs_packaged_commodities'];
  const food = item['@ondc/org/statutory_reqs_prepackaged_food'];
  const real = (value: string | undefined) => (value && value.trim() !== '' && value.trim().toUpperCase() !== 'NA' ? value.trim() : undefined);
  const facts: ItemStatutory = {
    manufacturer: real(packaged?.manufacturer_or_packer_name),
    manufacturerAddress: real(packaged?.manufacturer_or_packer_address),
    commonName: real(packaged?.common_or_generic_name_of_commodity),
    packedOn: real(packaged?.month_year_of_manufacture_packing_import),
    brandOwnerFssai: licenceNumber(food?.brand_owner_FSSAI_license_no) ?? undefined,
    // Sellers often write the brand owner's licence again as the "other" one: said once.
    otherFssai:
      licenceNumber(food?.other_FSSAI_license_no) === licenceNumber(food?.brand_owner_FSSAI_license_no)
        ? undefined
        : (licenceNumber(food?.other_FSSAI_license_no) ?? undefined),
    importerFssai: licenceNumber(food?.importer_FSSAI_license_no) ?? undefined,
    nutrition: real(food?.nutritional_info),
    additives: real(food?.additives_info),
  };
  const present = Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined));
  return Object.keys(present).length > 0 ? present : null;
}

/** A 14-digit FSSAI licence number, or none ("NA" and the like say there is none). */
function licenceNumber(value: string | undefined): string | null {
  return value && /^\d{14}$/.test(value) ? value : null;
}
