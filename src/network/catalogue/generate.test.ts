import { describe, expect, it } from 'vitest';
import { CITIES } from './cities.ts';
import {
  DEFAULT_SCALE,
  findProviderItem,
  generateNetwork,
  networkItems,
  parseCatalogueScale,
  providerItems,
  type CatalogueItem,
  type CustomisationItem,
  type DishItem,
  type GroceryItem,
  type Network,
  type Provider,
  type Restaurant,
} from './generate.ts';
import { ttlToMs } from '#/ondc/context.ts';
import { domainOf, type OndcGroceryCategory } from './names.ts';

const network = generateNetwork();
const providers = network.sellers.flatMap((s) => s.providers);
const items = [...networkItems(network)];
const groceryItems = items.filter((i): i is GroceryItem => i.kind === 'grocery');
const dishes = items.filter((i): i is DishItem => i.kind === 'dish');
const options = items.filter((i): i is CustomisationItem => i.kind === 'customization');
const restaurants = providers.filter((p): p is Restaurant => p.kind === 'restaurant');
const providerById = new Map(providers.map((p) => [p.id, p]));

function snapshot(net: Network): string {
  return JSON.stringify({ net, items: [...networkItems(net)] });
}

describe('determinism', () => {
  it('gives byte-identical output for the same seed', () => {
    expect(snapshot(generateNetwork({ seed: 7 }))).toBe(snapshot(generateNetwork({ seed: 7 })));
    expect(snapshot(generateNetwork())).toBe(snapshot(network));
  });

  it('gives different output for a different seed', () => {
    expect(snapshot(generateNetwork({ seed: 8 }))).not.toBe(snapshot(generateNetwork({ seed: 7 })));
  });

  it('regenerates one provider’s items alone, identical to the whole run', () => {
    const store = providers.find((p) => p.id === 'bengaluru-grocer-two-store');
    if (!store) throw new Error('missing store');
    expect([...providerItems(store)]).toEqual(items.filter((i) => i.providerId === store.id));
  });
});

describe('network shape', () => {
  it('has seller apps with ids under sellers.kirana.local', () => {
    expect(network.sellers.map((s) => s.id)).toEqual([
      'grocer-one.sellers.kirana.local',
      'grocer-two.sellers.kirana.local',
      'quick-basket.sellers.kirana.local',
      'dine-one.sellers.kirana.local',
      'dine-two.sellers.kirana.local',
    ]);
  });

  it('puts at least two grocery stores (RET10) and two restaurants (RET11) in every city', () => {
    for (const city of CITIES) {
      const here = providers.filter((p) => p.cityId === city.id);
      expect(here.filter((p) => p.domain === 'ONDC:RET10').length).toBeGreaterThanOrEqual(2);
      expect(here.filter((p) => p.domain === 'ONDC:RET11').length).toBeGreaterThanOrEqual(2);
      expect(here.every((p) => p.cityCode === city.stdCode)).toBe(true);
    }
  });

  it('gives providers unique ids and locations with a gps point', () => {
    expect(new Set(providers.map((p) => p.id)).size).toBe(providers.length);
    for (const p of providers) {
      const [location] = p.locations;
      expect(location?.servesPincodes[0]).toBe(location?.pincode);
      expect(location?.radiusKm).toBeGreaterThan(0);
    }
  });

  it('has every store ready to ship before the delivery it promises (ONDC: TAT is never under time_to_ship)', () => {
    const late = providers.filter((p) => ttlToMs(p.timeToShip) >= ttlToMs(p.tat)).map((p) => `${p.id} ${p.timeToShip} ≥ ${p.tat}`);
    expect(late).toEqual([]);
  });

  it('has the default size of about 3,000–6,000 items, counted exactly', () => {
    expect(items).toHaveLength(network.itemCount);
    expect(network.itemCount).toBe(DEFAULT_SCALE);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });
});

describe('serviceability', () => {
  const served = (provider: Provider, pincode: string) => provider.locations.some((l) => l.servesPincodes.includes(pincode));

  it('never serves the unserved localities', () => {
    for (const city of CITIES) {
      for (const l of city.localities.filter((x) => !x.served)) expect(providers.some((p) => served(p, l.pincode))).toBe(false);
    }
  });

  it('reaches every served locality with a grocery store and a restaurant', () => {
    for (const city of CITIES) {
      for (const l of city.localities.filter((x) => x.served)) {
        expect(
          providers.some((p) => p.kind === 'grocery' && served(p, l.pincode)),
          `${l.name} grocery`,
        ).toBe(true);
        expect(
          providers.some((p) => p.kind === 'restaurant' && served(p, l.pincode)),
          `${l.name} restaurant`,
        ).toBe(true);
      }
    }
  });
});

describe('provider states (SPEC §4 store open state, delivery type)', () => {
  it('has one provider with status disable', () => {
    // A store is disabled in every domain it lists in.
    const disabled = providers.filter((p) => p.status === 'disable');
    expect(new Set(disabled.map((p) => (p.kind === 'grocery' ? p.shelfId : p.id)))).toEqual(new Set(['chennai-grocer-two-store']));
  });

  it('has 24-hour providers, one closed most of the day, and one open past midnight', () => {
    const openSlots = (p: Provider) => p.normWorkingHours.length;
    expect(providers.filter((p) => openSlots(p) === 288).length).toBeGreaterThanOrEqual(3);
    expect(providers.some((p) => openSlots(p) <= 288 / 4)).toBe(true);
    expect(providers.some((p) => p.openingHours.to < p.openingHours.from)).toBe(true);
  });

  it('has fast (≤ 30 min) and slower deliveries, fast ones tagged now', () => {
    const minutes = (p: Provider) => ttlToMs(p.tat) / 60_000;
    expect(providers.some((p) => minutes(p) <= 30)).toBe(true);
    expect(providers.some((p) => minutes(p) > 30)).toBe(true);
    for (const p of providers) expect(p.internalTags.includes('now')).toBe(minutes(p) <= 30);
  });

  it('has one provider with a minimum order value, and delivery fees with free-delivery thresholds', () => {
    expect(new Set(providers.filter((p) => p.minOrderPaise !== null).map((p) => (p.kind === 'grocery' ? p.shelfId : p.id))).size).toBe(1);
    for (const p of providers) expect(p.deliveryFeePaise).toBeGreaterThan(0);
    expect(providers.some((p) => p.freeDeliveryAbovePaise !== null)).toBe(true);
  });

  it('offers percent discounts with a cap and flat discounts', () => {
    const offers = providers.flatMap((p) => p.offers);
    expect(offers.some((o) => o.kind === 'percent' && o.maxDiscountPaise > 0)).toBe(true);
    expect(offers.some((o) => o.kind === 'flat' && o.amountPaise > 0)).toBe(true);
    for (const p of providers) expect(new Set(p.offers.map((o) => o.code)).size).toBe(p.offers.length);
  });

  it('gives restaurants menus, some with category timings such as breakfast 0700–1100', () => {
    const breakfast = restaurants.flatMap((r) => r.menus).find((m) => m.name === 'Breakfast');
    expect(breakfast?.timing).toEqual({ dayFrom: 1, dayTo: 7, timeFrom: 700, timeTo: 1100 });
    expect(restaurants.every((r) => r.menus.some((m) => m.timing === null))).toBe(true);
  });
});

describe('grocery items', () => {
  const spec72 = Array.from({ length: 12 }, (_, c) => Array.from({ length: 6 }, (_, s) => (c + 1) * 100 + s + 1)).flat();

  it('use only the SPEC’s 72 sub-category ids, and every one has items in every store', () => {
    const ids = new Set(groceryItems.map((i) => i.subCategoryId));
    expect([...ids].sort((a, b) => a - b)).toEqual(spec72);
    // A store's shelves carry all 72, whichever ONDC domain each is listed in.
    for (const store of providers.filter((p) => p.kind === 'grocery' && p.domain === 'ONDC:RET10')) {
      expect(new Set(groceryItems.filter((i) => i.id.startsWith(`${store.id}-i`)).map((i) => i.subCategoryId)).size).toBe(72);
    }
  });

  it("list groceries under ONDC:RET10 and what ONDC files elsewhere under that domain, as the same store's providers", () => {
    const byId = new Map(providers.map((p) => [p.id, p]));
    for (const item of groceryItems) {
      const provider = byId.get(item.providerId);
      expect(provider?.domain).toBe(domainOf(item.ondcCategory as OndcGroceryCategory));
    }
    const counters = providers.filter((p) => p.kind === 'grocery' && p.domain !== 'ONDC:RET10');
    expect(new Set(counters.map((p) => p.domain))).toEqual(new Set(['ONDC:RET13', 'ONDC:RET16', 'ONDC:RET18']));
    for (const counter of counters) {
      const store = counter.kind === 'grocery' ? byId.get(counter.shelfId) : undefined;
      expect(store?.domain).toBe('ONDC:RET10');
      expect(counter.locations).toEqual(store?.locations);
      expect(counter.name.startsWith(store?.name ?? '?')).toBe(true);
    }
  });

  it('never sell above MRP', () => {
    for (const item of [...groceryItems, ...dishes]) {
      expect(item.pricePaise).toBeGreaterThan(0);
      expect(item.pricePaise).toBeLessThanOrEqual(item.mrpPaise);
      expect(Number.isInteger(item.pricePaise)).toBe(true);
    }
    expect(groceryItems.some((i) => i.pricePaise < i.mrpPaise)).toBe(true);
  });

  it('have some items out of stock and some running low', () => {
    expect(groceryItems.some((i) => i.stock === 0)).toBe(true);
    expect(groceryItems.some((i) => i.stock > 0 && i.stock < i.maxPerOrder)).toBe(true);
    expect(dishes.some((i) => i.stock === 0)).toBe(true);
  });

  it('repeat licence + name across sellers in the same city, for the SPEC §5 duplicate rule', () => {
    const sellersByKey = new Map<string, Set<string>>();
    for (const item of groceryItems) {
      if (!item.fssaiLicence) continue;
      const provider = providerById.get(item.providerId);
      const key = `${provider?.cityId}|${item.fssaiLicence}|${item.name.toLowerCase().replace(/\s/g, '')}`;
      sellersByKey.set(key, (sellersByKey.get(key) ?? new Set()).add(provider?.sellerId ?? ''));
    }
    const shared = [...sellersByKey.values()].filter((s) => s.size >= 2);
    expect(shared.length).toBeGreaterThan(50);
    expect(shared.some((s) => s.size >= 3)).toBe(true);
  });

  it('leave some items without a licence, which stay always active', () => {
    expect(groceryItems.some((i) => i.fssaiLicence === null)).toBe(true);
    for (const i of groceryItems) if (i.fssaiLicence) expect(i.fssaiLicence).toMatch(/^\d{14}$/);
  });

  it('carry titles and every tray tag the storefront shows', () => {
    const titles = new Set(groceryItems.map((i) => i.title));
    for (const title of ['recommend', 'bestseller', 'searchrelated']) expect(titles.has(title as GroceryItem['title'])).toBe(true);
    const trays = new Set(groceryItems.flatMap((i) => i.trayTags));
    for (const tray of ['discountTray', 'bestSeller', 'occasion', 'hbTray_holi1_SnS', 'hbTray_holi1_BnC', 'hbTray_holi1_SnHC', 'hbTray_holi1_CnL']) {
      expect(trays.has(tray)).toBe(true);
    }
  });

  it('put discounts of 20 % or more in the discount tray', () => {
    for (const i of groceryItems) {
      const discount = 100 * (1 - i.pricePaise / i.mrpPaise);
      if (i.trayTags.includes('discountTray')) expect(discount).toBeGreaterThanOrEqual(19);
    }
  });

  it('have veg, non-veg and egg food, and no food type on home and personal care', () => {
    const types = new Set(groceryItems.map((i) => i.vegNonVeg));
    expect(types).toEqual(new Set(['veg', 'non_veg', 'egg', null]));
    expect(groceryItems.filter((i) => i.subCategoryId >= 801 && i.subCategoryId <= 906).every((i) => i.vegNonVeg === null)).toBe(true);
  });
});

describe('restaurant customisation (ondc-notes §4 RET11)', () => {
  it('gives each restaurant well-formed groups: options exist, min ≤ max ≤ options, defaults fit', () => {
    for (const r of restaurants) {
      const mine = options.filter((o) => o.providerId === r.id);
      for (const group of r.customGroups) {
        const choices = mine.filter((o) => o.parentGroupId === group.id);
        const defaults = choices.filter((o) => o.isDefault);
        expect(choices.length, `${r.id} ${group.id}`).toBeGreaterThan(0);
        expect(group.min).toBeLessThanOrEqual(group.max);
        expect(group.max).toBeLessThanOrEqual(choices.length);
        expect(defaults.length).toBeGreaterThanOrEqual(group.min);
        expect(defaults.length).toBeLessThanOrEqual(group.max);
        expect(defaults.every((d) => d.stock > 0)).toBe(true);
      }
    }
  });

  it('references only groups and menus the restaurant declares', () => {
    for (const r of restaurants) {
      const groups = new Set(r.customGroups.map((g) => g.id));
      const menus = new Set(r.menus.map((m) => m.id));
      for (const dish of dishes.filter((d) => d.providerId === r.id)) {
        expect(menus.has(dish.menuId)).toBe(true);
        for (const id of dish.customGroupIds) expect(groups.has(id)).toBe(true);
      }
      for (const option of options.filter((o) => o.providerId === r.id)) {
        expect(groups.has(option.parentGroupId)).toBe(true);
        for (const id of option.childGroupIds) expect(groups.has(id)).toBe(true);
      }
    }
  });

  it('nests groups without cycles (pizza size → crust → toppings)', () => {
    const pizza = restaurants.find((r) => r.templateKey === 'pizza');
    if (!pizza) throw new Error('missing pizza');
    const mine = options.filter((o) => o.providerId === pizza.id);
    const children = (groupId: string) => new Set(mine.filter((o) => o.parentGroupId === groupId).flatMap((o) => o.childGroupIds));
    const name = (id: string) => pizza.customGroups.find((g) => g.id === id)?.name;
    const size = pizza.customGroups.find((g) => g.name === 'Size');
    const crust = [...children(size?.id ?? '')];
    expect(crust.map(name)).toEqual(['Crust']);
    expect([...children(crust[0] ?? '')].map(name)).toEqual(['Extra Toppings']);
    const toppings = pizza.customGroups.find((g) => g.name === 'Extra Toppings');
    expect(toppings).toMatchObject({ min: 0, max: 3 });

    for (const r of restaurants) {
      const own = options.filter((o) => o.providerId === r.id);
      const visit = (groupId: string, path: string[]): void => {
        expect(path).not.toContain(groupId);
        for (const o of own.filter((x) => x.parentGroupId === groupId)) for (const c of o.childGroupIds) visit(c, [...path, groupId]);
      };
      for (const g of r.customGroups) visit(g.id, []);
    }
  });

  it('offers biryani portions (single choice with a default) and add-ons like raita', () => {
    const biryani = dishes.find((d) => d.name === 'Chicken Dum Biryani');
    const r = providers.find((p) => p.id === biryani?.providerId) as Restaurant;
    const groups = biryani?.customGroupIds.map((id) => r.customGroups.find((g) => g.id === id));
    expect(groups?.map((g) => [g?.name, g?.min, g?.max])).toEqual([
      ['Portion', 1, 1],
      ['Add-ons', 0, 3],
    ]);
    expect(options.some((o) => o.providerId === r.id && o.name === 'Raita')).toBe(true);
  });

  it('lists the same kitchen through two seller apps with one licence, name and address', () => {
    const pair = restaurants.filter((r) => r.cityId === 'bengaluru' && r.templateKey === 'biryani');
    expect(pair).toHaveLength(2);
    const [a, b] = pair;
    expect(a?.sellerId).not.toBe(b?.sellerId);
    expect(a?.fssaiLicence).toBe(b?.fssaiLicence);
    expect(a?.name).toBe(b?.name);
    expect(a?.locations[0]?.street).toBe(b?.locations[0]?.street);
  });
});

describe('CATALOGUE_SCALE', () => {
  it('reads plain numbers and k / m suffixes', () => {
    expect(parseCatalogueScale(undefined)).toBeUndefined();
    expect(parseCatalogueScale('')).toBeUndefined();
    expect(parseCatalogueScale('100000')).toBe(100_000);
    expect(parseCatalogueScale('100k')).toBe(100_000);
    expect(parseCatalogueScale('1M')).toBe(1_000_000);
    expect(() => parseCatalogueScale('lots')).toThrow(RangeError);
  });

  it('raises a scale too small for every store to carry every sub-category', () => {
    const tiny = generateNetwork({ scale: 10 });
    const stores = tiny.sellers.flatMap((s) => s.providers).filter((p) => p.kind === 'grocery');
    expect(stores.every((s) => s.kind === 'grocery' && s.shelfSize >= 72)).toBe(true);
  });

  it('grows grocery catalogues to 100,000 items quickly and in constant memory', () => {
    const started = performance.now();
    const big = generateNetwork({ scale: 100_000 });
    let count = 0;
    let last: CatalogueItem | undefined;
    for (const item of networkItems(big)) {
      count++;
      last = item;
    }
    expect(count).toBe(100_000);
    expect(big.itemCount).toBe(100_000);
    expect(last).toBeDefined();
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('keeps item names unique within a store at large scale', () => {
    const big = generateNetwork({ scale: 200_000 });
    const store = big.sellers[0]?.providers[0];
    if (!store) throw new Error('missing store');
    const names = new Set<string>();
    for (const item of providerItems(store)) names.add(item.name);
    expect(names.size).toBe(store.itemCount);
  });
});

describe('findProviderItem', () => {
  it('finds every item of a provider as providerItems lists it', () => {
    for (const provider of providers.filter((p) => p.cityId === 'bengaluru')) {
      for (const item of providerItems(provider)) expect(findProviderItem(provider, item.id)).toEqual(item);
    }
  });

  it('answers null for ids the provider does not have', () => {
    const store = providers.find((p) => p.kind === 'grocery');
    const restaurant = restaurants[0];
    if (!store || !restaurant) throw new Error('missing providers');
    for (const id of [`${store.id}-i${store.itemCount}`, `${store.id}-i01`, `${store.id}-i-1`, `${store.id}-ix`, `${restaurant.id}-d1`, 'nothing']) {
      expect(findProviderItem(store, id)).toBeNull();
    }
    expect(findProviderItem(restaurant, `${restaurant.id}-d999`)).toBeNull();
  });
});
