import { describe, expect, it } from 'vitest';
import { generateNetwork, providerItems, type Provider } from './generate.ts';
import { onSearchCatalogSchema, type CatalogTag, type OnSearchCatalog } from '#/ondc/catalog.ts';
import { buildOnSearchCatalog } from './on-search.ts';

const network = generateNetwork();
const bppUri = 'http://127.0.0.1:4100';
const catalogs = network.sellers.map((seller) => ({
  seller,
  catalog: buildOnSearchCatalog(seller.providers, { bppId: seller.id, bppUri: `${bppUri}/${seller.id}`, bppName: seller.name }),
}));
const allProviders = catalogs.flatMap(({ catalog }) => catalog['bpp/providers']);

function findProvider(id: string): Provider {
  const provider = network.sellers.flatMap((s) => s.providers).find((p) => p.id === id);
  if (!provider) throw new Error(`missing ${id}`);
  return provider;
}

function catalogOf(id: string) {
  const catalog = catalogs.flatMap((c) => c.catalog['bpp/providers']).find((p) => p.id === id);
  if (!catalog) throw new Error(`missing ${id}`);
  return catalog;
}

function tagValue(tags: readonly CatalogTag[] | undefined, code: string, entry: string): string | undefined {
  return tags?.find((t) => t.code === code)?.list.find((e) => e.code === entry)?.value;
}

describe('on_search catalogue (ondc-notes §1)', () => {
  it('validates against the exported schema for every seller', () => {
    for (const { seller, catalog } of catalogs) {
      const result = onSearchCatalogSchema.safeParse(catalog);
      expect(result.success, `${seller.id}: ${result.error?.message}`).toBe(true);
    }
  });

  it('lists every provider and every item once', () => {
    const providers = network.sellers.flatMap((s) => s.providers);
    expect(allProviders.map((p) => p.id)).toEqual(providers.map((p) => p.id));
    expect(allProviders.reduce((n, p) => n + p.items.length, 0)).toBe(network.itemCount);
  });

  it('is reproducible', () => {
    const seller = network.sellers[3];
    if (!seller) throw new Error('missing seller');
    const options = { bppId: seller.id, bppUri };
    expect(JSON.stringify(buildOnSearchCatalog(seller.providers, options))).toBe(JSON.stringify(buildOnSearchCatalog(seller.providers, options)));
  });

  it('marks the disabled provider time.label disable and others enable', () => {
    expect(catalogOf('chennai-grocer-two-store').time.label).toBe('disable');
    expect(catalogOf('chennai-grocer-one-store').time.label).toBe('enable');
  });

  it('describes each location with gps, address, hours and a delivery circle', () => {
    const hsr = catalogOf('bengaluru-dine-two-biryani').locations[0];
    expect(hsr?.gps).toMatch(/^12\.\d+,77\.\d+$/);
    expect(hsr?.address).toMatchObject({ city: 'Bengaluru', state: 'Karnataka' });
    expect(hsr?.circle.radius.unit).toBe('km');
    expect(catalogOf('bengaluru-dine-two-pizza').locations[0]?.time.range).toEqual({ start: '1100', end: '0300' });
  });

  it('carries serviceability and timing tags, and our own provider fields under kirana', () => {
    const store = catalogOf('mumbai-grocer-one-store');
    expect(store.tags.filter((t) => t.code === 'serviceability').length).toBeGreaterThan(5);
    expect(tagValue(store.tags, 'timing', 'time_from')).toBe('0700');
    expect(tagValue(store.tags, 'kirana', 'min_order_paise')).toBe('19900');
    expect(tagValue(store.tags, 'kirana', 'working_hours')).toBe('0700-2300');
    expect(tagValue(store.tags, 'kirana_location', 'pincodes')?.split(',')).toEqual(findProvider('mumbai-grocer-one-store').locations[0]?.servesPincodes);
  });

  it('publishes percent (with a cap) and flat offers', () => {
    const offers = allProviders.flatMap((p) => p.offers);
    const typeOf = (tags: readonly CatalogTag[]) => tagValue(tags, 'benefit', 'value_type');
    expect(offers.some((o) => typeOf(o.tags) === 'percent' && tagValue(o.tags, 'benefit', 'value_cap'))).toBe(true);
    expect(offers.some((o) => typeOf(o.tags) === 'amount')).toBe(true);
  });

  it('publishes the hours of an offer that has them in a timing tag, as custom menus do (issue 28)', () => {
    const evening = catalogOf('bengaluru-quick-basket-store').offers.find((o) => o.id === 'EVENING50');
    expect(['day_from', 'day_to', 'time_from', 'time_to'].map((entry) => tagValue(evening?.tags, 'timing', entry))).toEqual(['1', '7', '1600', '1900']);
    expect(catalogOf('bengaluru-dine-two-pizza').offers.every((o) => !o.tags.some((t) => t.code === 'timing'))).toBe(true);
  });
});

// ONDC's log validator for core 1.2.5 (Retail_.1.2.5/Search/on_search.ts at 4d13362): every store
// fulfillment names when it can be collected from (a timing tag of type Self-Pickup at one of the
// store's locations, days 1–7, HHMM with time_to after time_from; its RET11 schema, none on a
// restaurant's), and every offer says in `meta`
// whether it adds to others and whether it applies by itself.
describe('core 1.2.5 catalogue (issue 25)', () => {
  const seller = network.sellers.find((s) => s.providers.some((p) => p.offers.length > 0))!;
  const at125 = buildOnSearchCatalog(seller.providers, { bppId: seller.id, bppUri: `${bppUri}/${seller.id}`, bppName: seller.name, coreVersion: '1.2.5' });
  const at120 = buildOnSearchCatalog(seller.providers, { bppId: seller.id, bppUri: `${bppUri}/${seller.id}`, bppName: seller.name });

  it('states the Self-Pickup hours on every fulfillment of every store but a restaurant, whose RET11 schema allows them no tags', () => {
    const kinds = new Set<string>();
    for (const each of network.sellers) {
      const catalogue = buildOnSearchCatalog(each.providers, { bppId: each.id, bppUri: `${bppUri}/${each.id}`, bppName: each.name, coreVersion: '1.2.5' });
      expect(onSearchCatalogSchema.safeParse(catalogue).success).toBe(true);
      for (const provider of catalogue['bpp/providers']) {
        const kind = each.providers.find((p) => p.id === provider.id)!.kind;
        kinds.add(kind);
        const locations = new Set(provider.locations.map((l) => l.id));
        for (const fulfillment of provider.fulfillments ?? []) {
          if (kind === 'restaurant') {
            expect(fulfillment.tags, provider.id).toBeUndefined();
            continue;
          }
          const timing = fulfillment.tags?.find((t) => t.code === 'timing' && t.list.some((e) => e.code === 'type' && e.value === 'Self-Pickup'));
          const value = (code: string) => timing?.list.find((e) => e.code === code)?.value ?? '';
          expect(locations.has(value('location')), provider.id).toBe(true);
          expect([value('day_from'), value('day_to')]).toEqual(['1', '7']);
          expect(value('time_from')).toMatch(/^([01]\d|2[0-3])[0-5]\d$/);
          expect(Number(value('time_to'))).toBeGreaterThan(Number(value('time_from')));
        }
      }
    }
    expect(kinds).toEqual(new Set(['grocery', 'restaurant']));
  });

  it('says of every offer that it neither adds to others nor applies by itself', () => {
    const offers = at125['bpp/providers'].flatMap((p) => p.offers);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.tags.find((t) => t.code === 'meta')?.list).toEqual([
        { code: 'additive', value: 'no' },
        { code: 'auto', value: 'no' },
      ]);
    }
  });

  it('leaves the 1.2.0 catalogue as it was', () => {
    const providers = at120['bpp/providers'];
    expect(providers.flatMap((p) => p.fulfillments ?? []).some((f) => 'tags' in f)).toBe(false);
    expect(providers.flatMap((p) => p.offers).some((o) => o.tags.some((t) => t.code === 'meta'))).toBe(false);
  });
});

describe('RET10 items', () => {
  const store = catalogOf('delhi-grocer-one-store');
  const milk = store.items.find((i) => i.descriptor.name.startsWith('Amul Taaza Toned Milk 500 ml'));

  it('state price and MRP in rupees, stock as 99 or 0, and the order limit', () => {
    expect(milk?.price.value).toMatch(/^\d+\.\d{2}$/);
    for (const item of store.items) {
      expect(['99', '0']).toContain(item.quantity.available.count);
      expect(Number(item.price.value)).toBeLessThanOrEqual(Number(item.price.maximum_value));
    }
    expect(store.items.some((i) => i.quantity.available.count === '0')).toBe(true);
  });

  it('carry the measure, the FSSAI block, veg_nonveg and type tags', () => {
    expect(milk?.quantity.unitized.measure).toEqual({ unit: 'millilitre', value: '500' });
    expect(milk?.['@ondc/org/statutory_reqs_prepackaged_food']?.brand_owner_FSSAI_license_no).toMatch(/^\d{14}$/);
    expect(tagValue(milk?.tags, 'veg_nonveg', 'veg')).toBe('yes');
    expect(tagValue(milk?.tags, 'type', 'type')).toBe('item');
    expect(milk?.descriptor.code).toMatch(/^1:890\d{10}$/);
  });

  it('round-trip brand, sub-category, MRP and trays through the kirana tag', () => {
    const source = [...providerItems(findProvider('delhi-grocer-one-store'))];
    for (const item of store.items) {
      const original = source.find((s) => s.id === item.id);
      if (original?.kind !== 'grocery') throw new Error(`missing ${item.id}`);
      expect(tagValue(item.tags, 'kirana', 'brand')).toBe(original.brand);
      expect(Number(tagValue(item.tags, 'kirana', 'subcategory_id'))).toBe(original.subCategoryId);
      expect(Number(tagValue(item.tags, 'kirana', 'mrp_paise'))).toBe(original.mrpPaise);
      expect(Math.round(Number(item.price.maximum_value) * 100)).toBe(original.mrpPaise);
      expect(tagValue(item.tags, 'kirana', 'trays') ?? '').toBe(original.trayTags.join(','));
    }
  });

  it('groups one product line’s pack sizes as a variant group told apart by the measure (ONDC RET10)', () => {
    expect(store.categories.length).toBeGreaterThan(0);
    for (const group of store.categories) {
      expect(group.id).toMatch(/^[A-Za-z0-9-]{1,12}$/);
      expect(group.tags).toEqual([
        { code: 'type', list: [{ code: 'type', value: 'variant_group' }] },
        {
          code: 'attr',
          list: [
            { code: 'name', value: 'item.quantity.unitized.measure' },
            { code: 'seq', value: '1' },
          ],
        },
      ]);
      const sizes = store.items
        .filter((item) => item.parent_item_id === group.id)
        .map((item) => `${item.quantity.unitized.measure.value} ${item.quantity.unitized.measure.unit}`);
      expect(sizes.length).toBeGreaterThanOrEqual(2);
      expect(new Set(sizes).size).toBe(sizes.length);
    }
  });
});

describe('RET11 customisation', () => {
  const pizza = catalogOf('delhi-dine-two-pizza');
  const group = (name: string) => pizza.categories.find((c) => c.descriptor.name === name);

  it('declares custom groups with min, max, input and seq, and menus with timing', () => {
    const size = group('Size');
    expect(tagValue(size?.tags, 'type', 'type')).toBe('custom_group');
    expect(size?.tags.find((t) => t.code === 'config')?.list).toEqual([
      { code: 'min', value: '1' },
      { code: 'max', value: '1' },
      { code: 'input', value: 'select' },
      { code: 'seq', value: '1' },
    ]);
    const breakfast = catalogOf('delhi-dine-one-tiffin').categories.find((c) => c.descriptor.name === 'Breakfast');
    expect(tagValue(breakfast?.tags, 'type', 'type')).toBe('custom_menu');
    expect(tagValue(breakfast?.tags, 'timing', 'time_from')).toBe('0700');
    expect(tagValue(breakfast?.tags, 'timing', 'time_to')).toBe('1100');
  });

  it('links a dish to its groups and a menu, with a price range', () => {
    const margherita = pizza.items.find((i) => i.descriptor.name === 'Margherita Pizza');
    expect(tagValue(margherita?.tags, 'custom_group', 'id')).toBe(group('Size')?.id);
    expect(margherita?.category_ids?.[0]).toMatch(/^\d+:\d+$/);
    const lower = Number(tagValue(margherita?.price.tags, 'range', 'lower'));
    const upper = Number(tagValue(margherita?.price.tags, 'range', 'upper'));
    expect(lower).toBe(Number(margherita?.price.value));
    expect(upper).toBeGreaterThan(lower);
  });

  it('sets defaults only in groups that ask for a choice, and offers as many options as a group allows, more for the last dish’s groups (ONDC’s validator, RET11 on_search)', () => {
    const problems: string[] = [];
    for (const provider of allProviders.filter((p) => p.categories.some((c) => tagValue(c.tags, 'type', 'type') === 'custom_group'))) {
      const options = (groupId: string) =>
        provider.items.filter((i) => tagValue(i.tags, 'type', 'type') === 'customization' && tagValue(i.tags, 'parent', 'id') === groupId);
      const dishes = provider.items.filter((i) => tagValue(i.tags, 'type', 'type') === 'item');
      // The validator holds the last listed dish's groups to more options than their max.
      const lastDishGroups = new Set(
        dishes
          .at(-1)
          ?.tags?.filter((t) => t.code === 'custom_group')
          .flatMap((t) => t.list.map((e) => e.value)) ?? [],
      );
      for (const group of provider.categories.filter((c) => tagValue(c.tags, 'type', 'type') === 'custom_group')) {
        const min = Number(tagValue(group.tags, 'config', 'min'));
        const max = Number(tagValue(group.tags, 'config', 'max'));
        const choices = options(group.id);
        const defaults = choices.filter((o) => tagValue(o.tags, 'parent', 'default') === 'yes').length;
        if (min === 0 && defaults > 0) problems.push(`${provider.id} ${group.descriptor.name}: a default where min is 0`);
        if (choices.length < max || (lastDishGroups.has(group.id) && choices.length <= max))
          problems.push(`${provider.id} ${group.descriptor.name}: ${choices.length} options for max ${max}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists options as related customization items with parent, default and child tags', () => {
    const regular = pizza.items.find((i) => i.related && i.descriptor.name === 'Regular' && tagValue(i.tags, 'parent', 'id') === group('Size')?.id);
    expect(tagValue(regular?.tags, 'type', 'type')).toBe('customization');
    expect(tagValue(regular?.tags, 'parent', 'default')).toBe('yes');
    expect(tagValue(regular?.tags, 'child', 'id')).toBe(group('Crust')?.id);
  });
});

describe('schema guards for the receiver', () => {
  const sample = (): OnSearchCatalog => {
    const dineTwo = catalogs.find((c) => c.seller.id === 'dine-two.sellers.kirana.local');
    if (!dineTwo) throw new Error('missing dine-two');
    return structuredClone(dineTwo.catalog);
  };

  it('rejects an item priced above its MRP', () => {
    const bad = sample();
    const item = bad['bpp/providers'][0]?.items[0];
    if (!item) throw new Error('no item');
    item.price.value = '999999.00';
    expect(onSearchCatalogSchema.safeParse(bad).success).toBe(false);
  });

  it('rejects a customisation pointing at an unknown group', () => {
    const bad = sample();
    const option = bad['bpp/providers'].flatMap((p) => p.items).find((i) => i.related);
    const parent = option?.tags.find((t) => t.code === 'parent')?.list[0];
    if (!parent) throw new Error('no option');
    parent.value = 'CG404';
    expect(onSearchCatalogSchema.safeParse(bad).success).toBe(false);
  });

  it('rejects a malformed gps point', () => {
    const bad = sample();
    const location = bad['bpp/providers'][0]?.locations[0];
    if (!location) throw new Error('no location');
    location.gps = 'somewhere';
    expect(onSearchCatalogSchema.safeParse(bad).success).toBe(false);
  });
});

describe('paging through itemsOf', () => {
  it('lists only the items the caller passes', () => {
    const store = findProvider('pune-grocer-one-store');
    const firstTen = function* (p: Provider) {
      let n = 0;
      for (const item of providerItems(p)) {
        if (n++ >= 10) return;
        yield item;
      }
    };
    const catalog = buildOnSearchCatalog(store, { bppId: store.sellerId, bppUri, itemsOf: firstTen });
    expect(catalog['bpp/providers'][0]?.items).toHaveLength(10);
    expect(onSearchCatalogSchema.safeParse(catalog).success).toBe(true);
  });
});
