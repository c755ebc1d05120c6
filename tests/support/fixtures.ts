// Deterministic fixtures from the embedded network's own generator (same default seed and scale
// as `npm start`), so API tests name real providers, items and pincodes without hard-coding ids.
import { CITIES } from '../../src/network/catalogue/cities.ts';
import { generateNetwork, providerItems, type GroceryStore } from '../../src/network/catalogue/generate.ts';
import { ALL_DAY } from '../../src/network/catalogue/hours.ts';

const network = generateNetwork();

/** A grocery store in Bengaluru that is enabled and open around the clock, and items it stocks. */
export function openGroceryStore() {
  const seller = network.sellers.find((s) =>
    s.providers.some((p) => p.kind === 'grocery' && p.cityId === 'bengaluru' && p.status === 'enable' && p.openingHours.from === ALL_DAY.from && p.openingHours.to === ALL_DAY.to),
  );
  const provider = seller?.providers.find(
    (p): p is GroceryStore => p.kind === 'grocery' && p.cityId === 'bengaluru' && p.status === 'enable' && p.openingHours.from === ALL_DAY.from && p.openingHours.to === ALL_DAY.to,
  );
  if (!seller || !provider) throw new Error('the generator has no all-day grocery store in Bengaluru');
  const location = provider.locations[0]!;
  const items = [...providerItems(provider)].filter((i) => i.kind === 'grocery' && i.stock >= 5).slice(0, 3);
  return { seller, provider, location, items };
}

/** A Bengaluru pincode no seller delivers to. */
export function unservedPincode(cityId = 'bengaluru') {
  const locality = CITIES.find((c) => c.id === cityId)?.localities.find((l) => !l.served);
  if (!locality) throw new Error(`no unserved locality in ${cityId}`);
  return locality.pincode;
}
