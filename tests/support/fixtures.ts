// Deterministic fixtures from the embedded network's own generator (same default seed and scale
// as `npm start`), so API tests name real providers, items and pincodes without hard-coding ids.
import { CITIES } from '#/network/catalogue/cities.ts';
import { generateNetwork, providerItems, type GroceryItem, type GroceryStore, type Provider } from '#/network/catalogue/generate.ts';
import { ALL_DAY } from '#/network/catalogue/hours.ts';
import { hasListingFlaw } from '#/network/listing-flaws.ts';
import { hasPriceDrift } from '#/network/price-drift.ts';
import { storeOpenState } from '#/network/store-hours.ts';
import { testNow } from './test-clock.ts';

const network = generateNetwork();

/** A grocery store in Bengaluru that is enabled and open around the clock, and items it stocks. */
export function openGroceryStore() {
  const seller = network.sellers.find((s) =>
    s.providers.some(
      (p) =>
        p.kind === 'grocery' && p.cityId === 'bengaluru' && p.status === 'enable' && p.openingHours.from === ALL_DAY.from && p.openingHours.to === ALL_DAY.to,
    ),
  );
  const provider = seller?.providers.find(
    (p): p is GroceryStore =>
      p.kind === 'grocery' && p.cityId === 'bengaluru' && p.status === 'enable' && p.openingHours.from === ALL_DAY.from && p.openingHours.to === ALL_DAY.to,
  );
  if (!seller || !provider) throw new Error('the generator has no all-day grocery store in Bengaluru');
  const location = provider.locations[0]!;
  // Stock for every order the shared storefronts' tests place (the sellers never restock): with 10
  // on the shelf, the eleventh order of a run was refused at init. At the catalogue's price.
  const items = [...providerItems(provider)]
    .filter((i): i is GroceryItem => i.kind === 'grocery' && i.stock >= 60 && !hasListingFlaw(i) && !hasPriceDrift(i))
    .slice(0, 3);
  // One item with less stock than a shopper may order at once: asking for more is out of stock (40002).
  const scarce = [...providerItems(provider)].find((i) => i.kind === 'grocery' && i.stock > 0 && i.stock < i.maxPerOrder && !hasListingFlaw(i));
  if (!scarce) throw new Error('the all-day store has no item scarcer than its per-order maximum');
  // One item whose shelf price drifted from the catalogue (src/network/price-drift.ts).
  const drifted = [...providerItems(provider)].find((i) => i.kind === 'grocery' && i.stock > 0 && hasPriceDrift(i) && !hasListingFlaw(i));
  if (!drifted) throw new Error('the all-day store has no item with a drifted price');
  // The cheapest item with stock to spare at the catalogue's price: a cart under the coupons' minimums.
  const cheapest = [...providerItems(provider)]
    .filter((i): i is GroceryItem => i.kind === 'grocery' && i.stock >= 20 && !hasListingFlaw(i) && !hasPriceDrift(i))
    .sort((a, b) => a.pricePaise - b.pricePaise)[0];
  if (!cheapest) throw new Error('the all-day store has no item in stock at its catalogue price');
  return { seller, provider, location, items, scarce, drifted, cheapest };
}

/** A Bengaluru pincode no seller delivers to. */
export function unservedPincode(cityId = 'bengaluru') {
  const locality = CITIES.find((c) => c.id === cityId)?.localities.find((l) => !l.served);
  if (!locality) throw new Error(`no unserved locality in ${cityId}`);
  return locality.pincode;
}

/** A store with a minimum order value (SPEC §5 minimum cart), and one of its items cheaper than that. */
export function minimumOrderStore() {
  for (const seller of network.sellers) {
    for (const provider of seller.providers) {
      if (provider.minOrderPaise === null || provider.kind !== 'grocery') continue;
      const item = [...providerItems(provider)].find((i) => i.kind === 'grocery' && i.pricePaise < provider.minOrderPaise! && !hasListingFlaw(i));
      if (item) return { seller, provider, location: provider.locations[0]!, item, minOrderPaise: provider.minOrderPaise };
    }
  }
  throw new Error('the generator has no store with a minimum order value');
}

/** A store that is switched off (SPEC §4 STORE_TEMPORARILY_CLOSED; the seller answers 30017). */
export function disabledStore() {
  for (const seller of network.sellers) {
    const provider = seller.providers.find((p) => p.status === 'disable' && p.kind === 'grocery');
    const item = provider && [...providerItems(provider)].find((i) => i.kind === 'grocery' && i.stock > 0 && !hasListingFlaw(i));
    if (provider && item) return { seller, provider, location: provider.locations[0]!, item };
  }
  throw new Error('the generator has no disabled grocery store');
}

/**
 * A Bengaluru restaurant, enabled, and a dish of an all-day menu without add-ons that it has in
 * stock. Restaurants keep hours: order from one with the network clock at lunch time.
 */
export function lunchRestaurant() {
  for (const seller of network.sellers) {
    for (const provider of seller.providers) {
      if (provider.kind !== 'restaurant' || provider.cityId !== 'bengaluru' || provider.status !== 'enable') continue;
      const allDayMenus = new Set(provider.menus.filter((m) => m.timing === null).map((m) => m.id));
      const dish = [...providerItems(provider)].find(
        (i) => i.kind === 'dish' && i.customGroupIds.length === 0 && i.stock > 5 && allDayMenus.has(i.menuId) && !hasListingFlaw(i),
      );
      if (dish && provider.openingHours.from <= 1200 && provider.openingHours.to >= 1400) return { seller, provider, location: provider.locations[0]!, dish };
    }
  }
  throw new Error('the generator has no Bengaluru restaurant open at lunch with a plain dish');
}

/**
 * A grocery store in Bengaluru closed by its hours at `now` and for the next `minutes` (issue 28),
 * with an item it stocks whose name no other store serving its pincode sells (so a search finds
 * that one card), and the opening time as a shopper reads it. Every Bengaluru grocery is open at
 * the shared storefronts' noon: a test of a closed one gives the clock of a storefront of its own.
 */
export function closedGroceryStore(now: Date = testNow(), minutes = 15) {
  const closedThrough = (p: Provider) => [0, minutes].every((m) => storeOpenState(p, new Date(now.getTime() + m * 60_000)) === 'closed');
  const providers = network.sellers.flatMap((s) => s.providers.map((provider) => ({ seller: s, provider })));
  for (const { seller, provider } of providers) {
    if (provider.kind !== 'grocery' || provider.cityId !== 'bengaluru' || provider.status !== 'enable' || !closedThrough(provider)) continue;
    const location = provider.locations[0]!;
    const others = providers.filter((o) => o.provider !== provider && o.provider.locations.some((l) => l.servesPincodes.includes(location.pincode)));
    const namesElsewhere = new Set(others.flatMap((o) => [...providerItems(o.provider)].map((i) => i.name.toLowerCase())));
    const item = [...providerItems(provider)].find(
      (i): i is GroceryItem => i.kind === 'grocery' && i.stock > 0 && !hasListingFlaw(i) && !hasPriceDrift(i) && !namesElsewhere.has(i.name.toLowerCase()),
    );
    if (!item) continue;
    const from = provider.openingHours.from;
    return { seller, provider: provider as GroceryStore, location, item, opensAt: `${Math.floor(from / 100)}:${String(from % 100).padStart(2, '0')}` };
  }
  throw new Error(`no grocery store in Bengaluru is closed at ${now.toISOString()} with an item sold nowhere else near it`);
}

/**
 * Issue 29: the Bengaluru grocery store that also delivers in windows the shopper picks (open
 * 07:00–23:00: at the shared storefronts' noon its windows from 2 pm are on offer), and items it
 * has plenty of at the catalogue's price.
 */
export function slottedGroceryStore() {
  const seller = network.sellers.find((s) => s.providers.some((p) => p.kind === 'grocery' && p.deliverySlots && p.cityId === 'bengaluru'));
  const provider = seller?.providers.find(
    (p): p is GroceryStore => p.kind === 'grocery' && p.deliverySlots && p.cityId === 'bengaluru' && p.domain === 'ONDC:RET10',
  );
  if (!seller || !provider) throw new Error('the generator has no Bengaluru grocery store with delivery windows');
  const items = [...providerItems(provider)]
    .filter((i): i is GroceryItem => i.kind === 'grocery' && i.stock >= 60 && !hasListingFlaw(i) && !hasPriceDrift(i))
    .slice(0, 2);
  if (items.length < 2) throw new Error(`${provider.id} has too few well-stocked items`);
  return { seller, provider, location: provider.locations[0]!, items };
}

/**
 * Issue 29: a Bengaluru grocery store open at the shared storefronts' noon that does not cancel an
 * order it cannot supply whole (its catalogue offers only leaving out), and an item it has plenty of.
 */
export function storeLeavingOutOnly() {
  const noon = (p: Provider) => p.openingHours.from <= 1200 && p.openingHours.to >= 1400;
  for (const seller of network.sellers) {
    const provider = seller.providers.find(
      (p): p is GroceryStore =>
        p.kind === 'grocery' && !p.cancelsIfShort && p.cityId === 'bengaluru' && p.status === 'enable' && p.domain === 'ONDC:RET10' && noon(p),
    );
    const item =
      provider && [...providerItems(provider)].find((i): i is GroceryItem => i.kind === 'grocery' && i.stock >= 20 && !hasListingFlaw(i) && !hasPriceDrift(i));
    if (provider && item) return { seller, provider, location: provider.locations[0]!, item };
  }
  throw new Error('the generator has no Bengaluru grocery store open at noon that only leaves out what ran out');
}
