// SPEC §7.2 catalogue calls against a running storefront (issue 4, "Done when": good input, each
// guard, bad input as 4xx JSON and never 5xx, sort orders that hold on the returned prices, and
// pages of 20 until `completed`). Expectations come from the embedded network's deterministic
// generator, not from the storefront's own code.
import { describe, expect, inject, it } from 'vitest';
import { distanceKm } from '#/lib/geo.ts';
import { CITIES } from '#/network/catalogue/cities.ts';
import { generateNetwork, providerItems, type GroceryItem, type DishItem, type Provider, type Restaurant } from '#/network/catalogue/generate.ts';
import type { OpeningHours } from '#/network/catalogue/hours.ts';
import { packLabel } from '#/network/catalogue/products.ts';
import { hasListingFlaw } from '#/network/listing-flaws.ts';
import { deliveryLocationCookieValue } from '#/features/location/delivery-location.ts';
import { openGroceryStore, unservedPincode } from '../support/fixtures.ts';
import { testNow } from '../support/test-clock.ts';
import { providerFetchSchema } from '#/features/catalogue/catalogue.ts';
import { storeOfferHours } from '#/features/checkout/store-offers.ts';

// ---- what the network publishes ----

const network = generateNetwork();
const PROVIDERS: Array<Provider & { bppId: string }> = network.sellers.flatMap((s) => s.providers.map((p) => ({ ...p, bppId: s.id })));
const providerById = (id: string) => {
  const provider = PROVIDERS.find((p) => p.id === id);
  if (!provider) throw new Error(`no provider ${id}`);
  return provider;
};
const store = openGroceryStore();
/**
 * The storefront categories of the store's groceries (ONDC:RET10): cleaning (8) and personal care
 * (9) are listed by the store under ONDC's home and beauty domains, as providers of their own.
 */
const STORE_CATEGORIES = [
  ...new Set([...providerItems(store.provider)].flatMap((i) => (i.kind === 'grocery' ? [Math.floor(i.subCategoryId / 100)] : []))),
].sort((a, b) => a - b);
const SERVED = '560102';
const UNSERVED = unservedPincode();
const NO_PINCODE = 'A delivery pincode is needed: choose your delivery address first';
const localityOf = (pincode: string) => CITIES.flatMap((c) => c.localities).find((l) => l.pincode === pincode)!;
const servesPincode = (p: Provider, pincode: string) => p.locations[0]!.servesPincodes.includes(pincode);
// What the storefront lists: the sellers' items less those it rejects (src/network/listing-flaws.ts).
const groceryOf = (p: Provider) => [...providerItems(p)].filter((i): i is GroceryItem => i.kind === 'grocery' && !hasListingFlaw(i));
const dishesOf = (p: Provider) => [...providerItems(p)].filter((i): i is DishItem => i.kind === 'dish' && !hasListingFlaw(i));
/** SPEC §5 dedupe key: licence number plus the lower-cased name without spaces. */
const dedupeKey = (fssai: string | null, name: string) => (fssai ? `${fssai}:${name.toLowerCase().replace(/\s+/g, '')}` : null);

/** Grocery stores that deliver to a pincode (enabled, SPEC §7.2 grocery listing). */
const groceryStoresFor = (pincode: string) => PROVIDERS.filter((p) => p.kind === 'grocery' && p.status === 'enable' && servesPincode(p, pincode));
/** The cheapest price of each licensed product across those stores (SPEC §5: lowest price wins without a preferred seller). */
function cheapestByKey(items: Array<{ fssaiLicence: string | null; name: string; pricePaise: number }>) {
  const best = new Map<string, number>();
  for (const item of items) {
    const key = dedupeKey(item.fssaiLicence, item.name);
    if (key) best.set(key, Math.min(best.get(key) ?? Infinity, item.pricePaise));
  }
  return best;
}

// SPEC §4 time rules, read on India's clock. Near an edge the answer may legitimately differ
// between the test's clock and the server's, so those checks are skipped within a few minutes.
const IST = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', weekday: 'short', hourCycle: 'h23' });
const WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
function indianClock(at: Date) {
  const parts = Object.fromEntries(IST.formatToParts(at).map((p) => [p.type, p.value]));
  return { hhmm: Number(parts['hour']) * 100 + Number(parts['minute']), weekday: WEEKDAY[parts['weekday']!]! };
}
const minutes = (hhmm: number) => Math.floor(hhmm / 100) * 60 + (hhmm % 100);
function withinHours(hours: OpeningHours, at: Date) {
  const now = minutes(indianClock(at).hhmm);
  const from = minutes(hours.from);
  const to = minutes(hours.to);
  return from <= to ? now >= from && now <= to : now >= from || now <= to;
}
/** The value of a time rule now on the storefront's clock (noon IST), or undefined when it changes within ±6 minutes. */
function steady<T>(rule: (at: Date) => T): T | undefined {
  const now = testNow().getTime();
  const values = [-6, 0, 6].map((m) => rule(new Date(now + m * 60_000)));
  return values.every((v) => v === values[0]) ? values[0] : undefined;
}

// ---- calling the storefront ----

interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: any JSON an endpoint answers; each test reads the fields its rule names.
  body: any;
}

interface CallOptions {
  /** the SPEC §7 pincode header; null sends none */
  pincode?: string | null;
  headers?: Record<string, string>;
}

function client(baseUrl: string) {
  async function call(method: 'GET' | 'POST', path: string, body: unknown, options: CallOptions): Promise<Answer> {
    const headers = new Headers(options.headers);
    const pincode = options.pincode === undefined ? SERVED : options.pincode;
    if (pincode !== null) headers.set('pincode', pincode);
    if (method === 'POST') headers.set('content-type', 'application/json');
    const response = await fetch(baseUrl + path, {
      method,
      headers,
      ...(method === 'POST' ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // left as text: the assertions say what was expected
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }
  return {
    get: (path: string, options: CallOptions = {}) => call('GET', path, undefined, options),
    post: (path: string, body: unknown, options: CallOptions = {}) => call('POST', path, body, options),
  };
}

function expectOk(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/application\/json/);
  return answer.body;
}

/** A 4xx in the JSON error shape, with a message a developer can act on (never a 5xx). */
function expectClientError(answer: Answer, status: number, message?: string | RegExp) {
  expect(answer.status, `${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/application\/json/);
  expect(answer.body).toMatchObject({ status: 'FAILURE', error: { message: expect.any(String) } });
  expect(answer.body.error.message.length).toBeGreaterThan(8);
  if (typeof message === 'string') expect(answer.body.error.message).toBe(message);
  else if (message) expect(answer.body.error.message).toMatch(message);
}

interface ItemWidget {
  id: string;
  name: string;
  price: number;
  availableQuantity: number;
  mrp: number;
  averagePrice: number;
  fssai: string | null;
  providerId: string;
  locationId: string;
  domain: string;
  brand: string | null;
  title: string | null;
  trays: string[];
  subCategoryId: number | null;
  vegNonVeg: string | null;
  variantAttr: { packSize: string | null };
  customisable: boolean;
  isActive: boolean;
}

interface ProviderSummary {
  id: string;
  bppId: string;
  locationId: string;
  domain: string;
  name: string;
  rating: number | null;
  tatMinutes: number | null;
  distanceKm: number;
  openState: string;
  deliveryType: string;
  pureVeg: boolean;
  averagePricePaise: number | null;
  bestDiscountPercent: number;
  offers: Array<{ id: string; text: string; kind: string; value: number; cap: number; min: number }>;
}

/** Pages of `limit` until `completed`: every page but the last is full, the last says completed. */
async function allPages<T>(fetchPage: (page: number) => Promise<Answer>, limit = 20, maxPages = 60): Promise<T[][]> {
  const pages: T[][] = [];
  for (let page = 0; page < maxPages; page++) {
    const body = expectOk(await fetchPage(page));
    expect(body).toMatchObject({ page, limit, completed: expect.any(Boolean) });
    pages.push(body.data);
    if (body.completed) {
      expect(body.data.length).toBeLessThanOrEqual(limit);
      return pages;
    }
    expect(body.data.length, `page ${page} is not the last, so it is full`).toBe(limit);
  }
  throw new Error(`not completed after ${maxPages} pages`);
}

const ids = (list: Array<{ id: string; providerId?: string }>) => list.map((x) => `${x.providerId ?? ''}/${x.id}`);
const discountOf = (item: ItemWidget) => (item.mrp > item.price ? Math.floor(((item.mrp - item.price) * 100) / item.mrp) : 0);
const TITLE_RANK: Record<string, number> = { searchrelated: 0, recommend: 1, bestseller: 2 };
const titleRank = (item: ItemWidget) => TITLE_RANK[item.title ?? ''] ?? 3;

function expectNonDecreasing(values: number[], what: string) {
  for (const [i, v] of values.slice(1).entries()) expect(v, `${what}: ${values[i]} then ${v} at ${i + 1}`).toBeGreaterThanOrEqual(values[i]!);
}
function expectNonIncreasing(values: number[], what: string) {
  for (const [i, v] of values.slice(1).entries()) expect(v, `${what}: ${values[i]} then ${v} at ${i + 1}`).toBeLessThanOrEqual(values[i]!);
}
function expectNoDuplicateProducts(items: ItemWidget[]) {
  const keys = items.map((i) => dedupeKey(i.fssai, i.name)).filter((k): k is string => k !== null);
  const seen = new Set<string>();
  for (const key of keys) {
    expect(seen.has(key), `two entries for ${key}`).toBe(false);
    seen.add(key);
  }
}

const OPEN_RANK: Record<string, number> = { STORE_OPEN: 0, STORE_CLOSED: 1, STORE_TEMPORARILY_CLOSED: 2 };
/** Open stores first (closed ones cannot take an order now), then the sort key within each group. */
function expectSortedWithinOpenState(list: ProviderSummary[], key: (p: ProviderSummary) => number, direction: 'asc' | 'desc', what: string) {
  expectNonDecreasing(
    list.map((p) => OPEN_RANK[p.openState]!),
    `${what}: open stores first`,
  );
  for (const state of Object.keys(OPEN_RANK)) {
    const values = list.filter((p) => p.openState === state).map(key);
    if (direction === 'asc') expectNonDecreasing(values, `${what} (${state})`);
    else expectNonIncreasing(values, `${what} (${state})`);
  }
}

// Fixtures named once: a restaurant with a timed menu, the kitchen listed through two seller apps,
// a disabled store, a Delhi pincode.
const timedRestaurant = PROVIDERS.find(
  (p): p is Restaurant & { bppId: string } =>
    p.kind === 'restaurant' && p.cityId === 'bengaluru' && p.status === 'enable' && p.menus.some((m) => m.timing !== null),
)!;
const biryaniListings = PROVIDERS.filter(
  (p) => p.kind === 'restaurant' && servesPincode(p, SERVED) && PROVIDERS.some((q) => q !== p && q.fssaiLicence === p.fssaiLicence && q.name === p.name),
);
const disabledStore = PROVIDERS.find((p) => p.status === 'disable')!;
const DELHI = '110001';

// Variants: the same product in two pack sizes at the open store.
const variantGroup = (() => {
  const groups = new Map<string, GroceryItem[]>();
  for (const item of groceryOf(store.provider)) {
    const label = packLabel(item.pack);
    if (!item.name.endsWith(` ${label}`)) continue;
    const key = `${item.brand}|${item.subCategoryId}|${item.name.slice(0, -label.length - 1)}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const group = [...groups.values()].find((g) => g.length > 1);
  if (!group) throw new Error('the open store has no product in two pack sizes');
  return group;
})();

describe.each(inject('servers'))('catalogue API (SPEC §7.2) on $name', ({ url }) => {
  const api = client(url);
  const providerQuery = (p: { id: string; locations: Array<{ id: string }> }) =>
    `provider_id=${encodeURIComponent(p.id)}&location_id=${encodeURIComponent(p.locations[0]!.id)}`;
  const storeIds = { provider_id: store.provider.id, location_id: store.location.id };

  it('finds items for a Devanagari query as for its romanised word (आटा → atta)', async () => {
    const cookie = `deliveryLocation=${encodeURIComponent(deliveryLocationCookieValue({ label: 'Here', city: 'bengaluru', pincode: store.location.pincode, lat: store.location.lat, lng: store.location.lng }))}`;
    const page = async (q: string) =>
      (await (await fetch(`${url}/grocery-search?q=${encodeURIComponent(q)}`, { headers: { cookie } })).text()).match(/<h3[^>]*><a[^>]*>[^<]+/g) ?? [];
    const hindi = await page('आटा');
    expect(hindi.length).toBeGreaterThan(0);
    expect(hindi).toEqual(await page('atta'));
    expect(hindi.join(' ')).toMatch(/Atta/i);
  });

  it('lists a store’s personal care goods (ONDC:RET13, its own provider) in the storefront’s category 9, with their pack sizes', async () => {
    const cookie = `deliveryLocation=${encodeURIComponent(deliveryLocationCookieValue({ label: 'Here', city: 'bengaluru', pincode: store.location.pincode, lat: store.location.lat, lng: store.location.lng }))}`;
    const shampoo = expectOk(
      await api.post(
        '/ondc/fetch/grocery/items',
        { filters: [{ type: 'TERM_EQ', field: 'subCategoryId', value: 902 }], limit: 5 },
        { pincode: store.location.pincode },
      ),
    ).data as ItemWidget[];
    expect(shampoo.length).toBeGreaterThan(0);
    expect(new Set(shampoo.map((i) => i.domain))).toEqual(new Set(['ONDC:RET13']));
    const html = await (await fetch(`${url}/grocery-search?q=shampoo`, { headers: { cookie } })).text();
    // Said once on the card: in its name, or on a line of its own when the name does not say it.
    expect(html).toMatch(/class="item-card__pack">\d+ ml<|class="item-card__name"[^>]*><a [^>]*>[^<]*\d+ ml</);
  });

  it('serves a listed item’s image through /media from the seller’s own host (a .localhost name on loopback)', async () => {
    const deliveryCookie = `deliveryLocation=${encodeURIComponent(deliveryLocationCookieValue({ label: 'Here', city: 'bengaluru', pincode: store.location.pincode, lat: store.location.lat, lng: store.location.lng }))}`;
    const html = await (await fetch(`${url}/grocery-search?q=${encodeURIComponent(store.items[0]!.name)}`, { headers: { cookie: deliveryCookie } })).text();
    const src = /<img src="(\/media\?src=[^"]+)" alt="" width="96"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(src, 'a listing shows seller images').toBeDefined();
    // The card asks for the picture at the size it shows it (72 CSS px in a list; issue 30). Our
    // sellers draw theirs as SVGs of ~400 B, smaller than any WebP of them: sent as they are.
    expect(src).toMatch(/&w=72$/);
    const card = await fetch(url + src!);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/svg+xml');
    const original = await fetch(url + src!.replace(/&w=72$/, ''));
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/svg+xml');
    expect(await card.text()).toBe(await original.text());
    // A category listing's tiles show it across the tile, up to 180 CSS px.
    const listing = await (await fetch(`${url}/grocery-category?categoryId=101`, { headers: { cookie: deliveryCookie } })).text();
    expect(/<img src="(\/media\?src=[^"]+)"/.exec(listing)?.[1]).toMatch(/&amp;w=180$/);
    // A struck MRP is read out in words: a deletion's aria-label is ignored, so the words are hidden text.
    const struck = [...listing.matchAll(/(<span class="visually-hidden">[^<]*<\/span>)?<s\b[^>]*>(₹[\d,.]+)<\/s>/g)];
    expect(struck.length).toBeGreaterThan(0);
    for (const [whole, , mrp] of struck) expect(whole).toBe(`<span class="visually-hidden">MRP ${mrp}</span><s aria-hidden="true">${mrp}</s>`);
  });

  it('draws seller images only at the sizes pages show them, and only sellers’ images', async () => {
    for (const w of ['96', '4000', 'big', '']) {
      const answer = await fetch(`${url}/media?src=http://sellers.localhost:5321/x.svg&w=${w}`);
      expect(answer.status, `w=${w}`).toBe(400);
      expect((await answer.json()).error.message).toBe('w: must be one of 64, 72, 180, 320');
    }
    const elsewhere = await fetch(`${url}/media?src=${encodeURIComponent('http://example.com/cat.svg')}&w=72`);
    expect(elsewhere.status).toBe(404);
    expect((await elsewhere.json()).error.message).toBe('Not a seller image');
  });

  describe('POST /ondc/landing-page?type=provider', () => {
    const list = (body: Record<string, unknown> = {}, options: CallOptions = {}) =>
      api.post('/ondc/landing-page?type=provider', { cityName: 'bengaluru', ...body }, options);
    // Stores as shoppers know them: a store's listings in other retail domains are not more stores.
    const expectedHere = PROVIDERS.filter((p) => servesPincode(p, SERVED) && (p.domain === 'ONDC:RET10' || p.domain === 'ONDC:RET11'));

    it('lists every store delivering to the pincode once (duplicate listings merged), open ones first, then nearest', async () => {
      const body = expectOk(await list());
      const data: ProviderSummary[] = body.data;
      expect(body.completed).toBe(true);
      // SPEC §5: the kitchen listed through two seller apps (same licence and name) shows once.
      expect(biryaniListings.length).toBe(2);
      const expectedIds = new Set(expectedHere.map((p) => p.id));
      for (const p of data) expect(expectedIds.has(p.id), `${p.id} does not deliver to ${SERVED}`).toBe(true);
      expect(data.length).toBe(expectedHere.length - 1);
      expect(data.filter((p) => p.name === biryaniListings[0]!.name)).toHaveLength(1);
      expect(new Set(data.map((p) => p.id)).size).toBe(data.length);
      // distances from the pincode's own locality (no coordinates were sent), nearest first
      const here = localityOf(SERVED);
      for (const p of data) {
        const at = providerById(p.id).locations[0]!;
        expect(p.distanceKm, p.name).toBeCloseTo(distanceKm(here, at), 0);
      }
      expectSortedWithinOpenState(data, (p) => p.distanceKm, 'asc', 'nearest');
      for (const p of data) {
        expect(['STORE_OPEN', 'STORE_CLOSED', 'STORE_TEMPORARILY_CLOSED']).toContain(p.openState);
        // SPEC §4: delivery type is now exactly when the seller tags the store `now` (its tat is at most 30)
        expect(p.deliveryType).toBe(providerById(p.id).internalTags.includes('now') ? 'now' : 'later');
      }
    });

    it('keeps the cheaper of the duplicate listings (SPEC §5: lowest average price without a preferred seller)', async () => {
      const data: ProviderSummary[] = expectOk(await list()).data;
      const shown = data.find((p) => p.name === biryaniListings[0]!.name)!;
      const details = await Promise.all(
        biryaniListings.map(async (p) => expectOk(await api.get(`/ondc/provider?${providerQuery(p)}`)).data as ProviderSummary),
      );
      const cheapest = Math.min(...details.map((d) => d.averagePricePaise ?? Infinity));
      expect(shown.averagePricePaise).toBe(cheapest);
    });

    it('measures distance from the header pincode when no coordinates come with it, not from the default location', async () => {
      const data: ProviderSummary[] = expectOk(await list({ cityName: 'delhi' }, { pincode: DELHI })).data;
      expect(data.length).toBeGreaterThan(2);
      const here = localityOf(DELHI);
      for (const p of data) {
        expect(servesPincode(providerById(p.id), DELHI)).toBe(true);
        expect(p.distanceKm, `${p.name} from ${here.name}`).toBeCloseTo(distanceKm(here, providerById(p.id).locations[0]!), 0);
      }
      expectSortedWithinOpenState(data, (p) => p.distanceKm, 'asc', 'nearest in Delhi');
    });

    it('uses lat and lng headers when the client sends them', async () => {
      const at = { lat: 12.9716, lng: 77.5946 };
      const data: ProviderSummary[] = expectOk(await list({}, { headers: { lat: String(at.lat), lng: String(at.lng) } })).data;
      for (const p of data) expect(p.distanceKm, p.name).toBeCloseTo(distanceKm(at, providerById(p.id).locations[0]!), 0);
    });

    it('works from the deliveryLocation cookie when no pincode header is sent', async () => {
      const here = localityOf(SERVED);
      const cookie = `deliveryLocation=${encodeURIComponent(deliveryLocationCookieValue({ label: here.name, city: 'bengaluru', pincode: SERVED, lat: here.lat, lng: here.lng }))}`;
      const fromCookie: ProviderSummary[] = expectOk(await list({}, { pincode: null, headers: { cookie } })).data;
      const fromHeader: ProviderSummary[] = expectOk(await list()).data;
      expect(fromCookie.map((p) => p.id)).toEqual(fromHeader.map((p) => p.id));
    });

    it.each([
      ['rating', (p: ProviderSummary) => p.rating ?? 0, 'desc'],
      ['price-low-high', (p: ProviderSummary) => p.averagePricePaise ?? Infinity, 'asc'],
      ['price-high-low', (p: ProviderSummary) => p.averagePricePaise ?? 0, 'desc'],
      ['discount', (p: ProviderSummary) => p.bestDiscountPercent, 'desc'],
    ] as const)('sorts by %s', async (sort, key, direction) => {
      const data: ProviderSummary[] = expectOk(await list({ sort })).data;
      expect(data.length).toBe(expectedHere.length - 1);
      expectSortedWithinOpenState(data, key, direction, sort);
    });

    it('states each store’s offers in the terms its catalogue gives, the ones its checkout applies', async () => {
      const data: ProviderSummary[] = expectOk(await list()).data;
      expect(data.some((p) => p.offers.length > 1)).toBe(true);
      for (const p of data) {
        const expected = providerById(p.id).offers.map((o) => {
          // Issue 28: an offer with hours says them ("4 pm–7 pm") wherever it is shown.
          const hours = o.window ? storeOfferHours({ dayFrom: 1, dayTo: 7, ...o.window }) : null;
          const during = hours ? `, ${hours}` : '';
          return o.kind === 'percent'
            ? {
                id: expect.stringMatching(new RegExp(`(^|-)${o.code}$`)),
                text: `${o.percent}% off up to ₹${o.maxDiscountPaise / 100} above ₹${o.minOrderPaise / 100}${during}`,
                kind: 'percent',
                value: o.percent,
                cap: o.maxDiscountPaise / 100,
                min: o.minOrderPaise / 100,
                hours,
              }
            : {
                id: expect.stringMatching(new RegExp(`(^|-)${o.code}$`)),
                text: `₹${o.amountPaise / 100} off above ₹${o.minOrderPaise / 100}${during}`,
                kind: 'flat',
                value: o.amountPaise / 100,
                cap: 0,
                min: o.minOrderPaise / 100,
                hours,
              };
        });
        expect(p.offers, p.name).toEqual(expected);
        expect(p.bestDiscountPercent, p.name).toBeGreaterThanOrEqual(Math.max(0, ...expected.filter((o) => o.kind === 'percent').map((o) => o.value)));
      }
    });

    it('applies each SPEC §5 quick filter with its exact threshold, and combines them', async () => {
      const all: ProviderSummary[] = expectOk(await list()).data;
      const rules = {
        fastDelivery: (p: ProviderSummary) => p.tatMinutes !== null && p.tatMinutes <= 30,
        offer: (p: ProviderSummary) => p.bestDiscountPercent >= 5,
        rating: (p: ProviderSummary) => p.rating !== null && p.rating >= 4,
        cost: (p: ProviderSummary) => p.averagePricePaise !== null && p.averagePricePaise <= 300_00,
      };
      for (const [filter, rule] of Object.entries(rules)) {
        const data: ProviderSummary[] = expectOk(await list({ quickFilters: [filter] })).data;
        expect(
          data.map((p) => p.id),
          filter,
        ).toEqual(all.filter(rule).map((p) => p.id));
      }
      expect(all.some((p) => !rules.fastDelivery(p))).toBe(true);
      expect(all.some((p) => !rules.cost(p))).toBe(true);
      const veg: ProviderSummary[] = expectOk(await list({ quickFilters: ['isVeg'] })).data;
      expect(veg.length).toBeGreaterThan(0);
      for (const p of veg) expect(p.pureVeg || p.domain === 'ONDC:RET10').toBe(true);
      expect(veg.map((p) => p.id)).toEqual(expect.arrayContaining(all.filter((p) => p.pureVeg).map((p) => p.id)));
      const both: ProviderSummary[] = expectOk(await list({ quickFilters: ['fastDelivery', 'cost'] })).data;
      expect(both.map((p) => p.id)).toEqual(all.filter((p) => rules.fastDelivery(p) && rules.cost(p)).map((p) => p.id));
    });

    it('pages by limit until completed, with no store twice, in the same order as one long page', async () => {
      const whole: ProviderSummary[] = expectOk(await list()).data;
      const pages = await allPages<ProviderSummary>((page) => list({ limit: 2, page }), 2);
      expect(pages.flat().map((p) => p.id)).toEqual(whole.map((p) => p.id));
      const past = expectOk(await list({ limit: 2, page: pages.length }));
      expect(past).toMatchObject({ data: [], completed: true });
    });

    it('narrows to restaurants with domain ONDC:RET11', async () => {
      const data: ProviderSummary[] = expectOk(await list({ domain: 'ONDC:RET11' })).data;
      expect(data.length).toBeGreaterThan(0);
      for (const p of data) expect(p.domain).toBe('ONDC:RET11');
    });

    it('answers an unserved pincode with an empty, completed list', async () => {
      expect(expectOk(await list({}, { pincode: UNSERVED }))).toEqual({ data: [], page: 0, limit: 20, completed: true, isUserBlacklisted: false });
    });

    it('guards: no pincode is a 400 with the SPEC §5 message; a missing or unknown type is a 400', async () => {
      expectClientError(await list({}, { pincode: null }), 400, NO_PINCODE);
      expectClientError(await api.post('/ondc/landing-page', { cityName: 'bengaluru' }), 400, /type/);
      expectClientError(await api.post('/ondc/landing-page?type=banner', { cityName: 'bengaluru' }), 400, /type/);
    });

    it.each([
      ['limit 0', { limit: 0 }, /limit/],
      ['limit 1000', { limit: 1000 }, /limit/],
      ['limit as text', { limit: 'twenty' }, /limit/],
      ['limit true', { limit: true }, /limit/],
      ['negative page', { page: -1 }, /page/],
      ['fractional page', { page: 1.5 }, /page/],
      ['page as a list', { page: [1] }, /page/],
      ['unknown quick filter', { quickFilters: ['cheap'] }, /quickFilters/],
      ['unknown sort', { sort: 'closest' }, /sort/],
      ['unknown filter field', { filters: [{ type: 'TERM_EQ', field: 'colour', value: 'red' }] }, /field/],
      ['no cityName', { cityName: undefined }, /cityName/],
    ])('bad input (%s) is a 400 with a message', async (_, body, message) => {
      expectClientError(await list(body), 400, message);
    });
  });

  describe('POST /ondc/landing-page?type=static', () => {
    it('answers offer banners from the SPEC §3 templates, the 12 categories and popular brands', async () => {
      const body = expectOk(await api.post('/ondc/landing-page?type=static', { widget: 'default', cityName: 'bengaluru' }));
      expect(body.widget).toBe('default');
      const { banners, categories, brands } = body.data;
      expect(categories.map((c: { id: number }) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(categories.map((c: { name: string }) => c.name)).toEqual([
        'Fruits & Vegetables',
        'Dairy Bread & Batters',
        'Meat & Eggs',
        'Beverages',
        'Instant Food',
        'Munchies',
        'Grains Oil & Ghee',
        'Home Care',
        'Personal Care',
        'Pickles & Masala',
        'Sweet Tooth',
        'Health & Wellness',
      ]);
      for (const c of categories)
        expect(c).toMatchObject({
          image: expect.any(String),
          color: expect.any(String),
          redirectionURL: expect.stringContaining(String(c.id)),
          rank: expect.any(Number),
        });
      expect(banners.length).toBeGreaterThan(0);
      for (const banner of banners) {
        expect(banner).toMatchObject({
          title: expect.any(String),
          bgImage: expect.stringMatching(/\/(default|biryani|burger|chicken|rice)\.svg$/),
          textColor: expect.stringMatching(/^#/),
        });
        expect(servesPincode(providerById(banner.providerId), SERVED)).toBe(true);
      }
      expect(new Set(banners.map((b: { providerName: string }) => b.providerName)).size, 'one banner per store (duplicates merged)').toBe(banners.length);
      expect(brands.length).toBeGreaterThan(3);
      for (const brand of brands) expect(brand).toMatchObject({ name: expect.any(String), items: expect.any(Number) });
    });

    it('guards: no pincode is a 400; bad bodies are 400s', async () => {
      expectClientError(await api.post('/ondc/landing-page?type=static', { cityName: 'bengaluru' }, { pincode: null }), 400, NO_PINCODE);
      expectClientError(await api.post('/ondc/landing-page?type=static', '{"cityName":'), 400, /JSON/);
      expectClientError(await api.post('/ondc/landing-page?type=static', { cityName: 42 }), 400, /cityName/);
    });
  });

  describe('POST /ondc/fetch/grocery/items', () => {
    const items = (body: Record<string, unknown> = {}, options: CallOptions = {}) => api.post('/ondc/fetch/grocery/items', body, options);
    const category7 = { type: 'TERM_EQ', field: 'categoryId', value: 7 };

    it('lists the whole catalogue for the pincode in pages of 20: each product once, the cheapest offer of it', async () => {
      const pages = await allPages<ItemWidget>((page) => items({ sort: 'price-low-high', page }));
      const all = pages.flat();
      const stores = groceryStoresFor(SERVED);
      expect(stores.length).toBeGreaterThan(1);
      const published = stores.flatMap(groceryOf);
      const cheapest = cheapestByKey(published);
      const unlicensed = published.filter((i) => !i.fssaiLicence).length;
      expect(all.length).toBe(cheapest.size + unlicensed);
      expect(new Set(ids(all)).size).toBe(all.length);
      expectNoDuplicateProducts(all);
      for (const item of all) {
        const key = dedupeKey(item.fssai, item.name);
        if (key) expect(item.price, `${item.name} is offered cheaper elsewhere`).toBe(cheapest.get(key));
        expect(stores.map((s) => s.id)).toContain(item.providerId);
        // Groceries under RET10; a store's personal care, household and health goods under theirs.
        expect(item.domain).toBe(providerById(item.providerId).domain);
      }
      expectNonDecreasing(
        all.map((i) => i.price),
        'price-low-high across pages',
      );
      expect(expectOk(await items({ page: pages.length }))).toMatchObject({ data: [], completed: true });
    });

    it('category 7 holds only its sub-categories 701–706', async () => {
      const all = (await allPages<ItemWidget>((page) => items({ filters: [category7], page }))).flat();
      expect(all.length).toBeGreaterThan(20);
      for (const item of all) expect(item.subCategoryId, item.name).toBeGreaterThanOrEqual(701);
      for (const item of all) expect(item.subCategoryId, item.name).toBeLessThanOrEqual(706);
      expect(new Set(all.map((i) => i.subCategoryId)).size).toBe(6);
      const sub = (await allPages<ItemWidget>((page) => items({ filters: [{ type: 'IN', field: 'subCategoryId', value: [701] }], page }))).flat();
      expect(sub.length).toBeGreaterThan(0);
      expect(sub.every((i) => i.subCategoryId === 701)).toBe(true);
      expect(sub.length).toBe(all.filter((i) => i.subCategoryId === 701).length);
    });

    it.each([
      ['price-low-high', (i: ItemWidget) => i.price, 'asc'],
      ['price-high-low', (i: ItemWidget) => i.price, 'desc'],
      ['discount', discountOf, 'desc'],
      ['relevance', titleRank, 'asc'],
    ] as const)('sort %s holds on the returned items across every page', async (sort, key, direction) => {
      const pages = await allPages<ItemWidget>((page) => items({ filters: [category7], sort, page }));
      const all = pages.flat();
      expect(pages.length).toBeGreaterThan(1);
      expect(new Set(ids(all)).size).toBe(all.length);
      if (direction === 'asc') expectNonDecreasing(all.map(key), sort);
      else expectNonIncreasing(all.map(key), sort);
      // the sort object form of SPEC §3 (name, order) means the same
      if (sort !== 'relevance') {
        const first = expectOk(await items({ filters: [category7], sort: { name: sort, order: direction === 'asc' ? 'ASC' : 'DESC' } })).data;
        expect(ids(first)).toEqual(ids(pages[0]!));
      }
    });

    it('puts searchrelated, recommend and bestseller items first for relevance (SPEC §5)', async () => {
      const first: ItemWidget[] = expectOk(await items({})).data;
      expect(first[0]!.title).toBe('searchrelated');
      expectNonDecreasing(first.map(titleRank), 'title order');
    });

    it('a brand filter returns only that brand, as many as its facet count', async () => {
      const facets: Array<{ value: string; count: number }> = expectOk(await api.post('/ondc/fetch/grocery/filters', { filters: [category7] })).data;
      const [top, second] = facets;
      const only = (
        await allPages<ItemWidget>((page) => items({ filters: [category7, { type: 'TERM_EQ', field: 'brandName', value: top!.value }], page }))
      ).flat();
      expect(only.length).toBe(top!.count);
      expect(only.every((i) => i.brand === top!.value)).toBe(true);
      const two = (
        await allPages<ItemWidget>((page) => items({ filters: [category7, { type: 'IN', field: 'brandName', value: [top!.value, second!.value] }], page }))
      ).flat();
      expect(two.length).toBe(top!.count + second!.count);
      const either = (
        await allPages<ItemWidget>((page) =>
          items({
            filters: [category7],
            orFilters: [
              { type: 'TERM_EQ', field: 'brandName', value: top!.value },
              { type: 'TERM_EQ', field: 'brandName', value: second!.value },
            ],
            page,
          }),
        )
      ).flat();
      expect(ids(either).sort()).toEqual(ids(two).sort());
    });

    it('filters by pack size, price range and veg', async () => {
      const packs: Array<{ value: string; count: number }> = expectOk(
        await api.post('/ondc/fetch/grocery/filters', { filters: [category7], selectedFilterFieldName: 'packSize' }),
      ).data;
      const pack = packs[0]!;
      const sized = (
        await allPages<ItemWidget>((page) => items({ filters: [category7, { type: 'IN', field: 'packSize', value: [pack.value] }], page }))
      ).flat();
      expect(sized.length).toBe(pack.count);
      expect(sized.every((i) => i.variantAttr.packSize === pack.value)).toBe(true);
      const cheap: ItemWidget[] = expectOk(
        await items({
          filters: [
            { type: 'LTE', field: 'currentPrice', value: 50 },
            { type: 'GTE', field: 'currentPrice', value: 20 },
          ],
          limit: 20,
        }),
      ).data;
      expect(cheap.length).toBeGreaterThan(0);
      for (const i of cheap) expect(i.price >= 2000 && i.price <= 5000, `${i.name} at ${i.price}`).toBe(true);
      const veg: ItemWidget[] = expectOk(
        await items({
          filters: [
            { type: 'TERM_EQ', field: 'isVeg', value: true },
            { type: 'TERM_EQ', field: 'categoryId', value: 3 },
          ],
        }),
      ).data;
      for (const i of veg) expect(i.vegNonVeg, i.name).toBe('veg');
    });

    it('shortens units in pack sizes (SPEC §5: kg, g, L, ml)', async () => {
      const all = (await allPages<ItemWidget>((page) => items({ filters: [{ type: 'IN', field: 'categoryId', value: [1, 2, 4, 7] }], page }))).flat();
      const sizes = new Set(all.map((i) => i.variantAttr.packSize));
      for (const size of sizes) expect(size).toMatch(/^\d+(\.\d+)? (kg|g|L|ml|pc|pcs|dozen)$/);
      for (const unit of [' kg', ' g', ' L', ' ml'])
        expect(
          [...sizes].some((s) => s?.endsWith(unit)),
          unit,
        ).toBe(true);
    });

    it('within one store: only its items, all of them', async () => {
      const all = (await allPages<ItemWidget>((page) => items({ providerId: store.provider.id, locationId: store.location.id, page }))).flat();
      expect(all.every((i) => i.providerId === store.provider.id && i.locationId === store.location.id)).toBe(true);
      expect(all.length).toBe(groceryOf(store.provider).length);
    });

    it('searches "atta" and "aloo" (Hindi/English) and forgives a typo', async () => {
      const atta: ItemWidget[] = expectOk(await items({ searchText: 'atta' })).data;
      expect(atta.length).toBeGreaterThan(0);
      expect(atta[0]!.name).toMatch(/atta/i);
      for (const i of atta) expect(i.name).toMatch(/atta|wheat|flour|aata/i);
      const aloo: ItemWidget[] = expectOk(await items({ searchText: 'aloo' })).data;
      expect(
        aloo.some((i) => /potato/i.test(i.name) && !/aloo/i.test(i.name)),
        'aloo finds potatoes named in English',
      ).toBe(true);
      const typo: ItemWidget[] = expectOk(await items({ searchText: 'pottato' })).data;
      expect(
        typo.some((i) => /potato/i.test(i.name)),
        'pottato finds potatoes',
      ).toBe(true);
      expectNoDuplicateProducts([...atta, ...aloo]);
    });

    it('answers a search made only of punctuation, or with LIKE wildcards, with a 200 and no items', async () => {
      expect(expectOk(await items({ searchText: '!!!' }))).toMatchObject({ data: [], completed: true });
      expect(expectOk(await items({ searchText: '%%' }))).toMatchObject({ data: [], completed: true });
    });

    it('answers an unserved pincode with an empty, completed page', async () => {
      expect(expectOk(await items({}, { pincode: UNSERVED }))).toEqual({ data: [], page: 0, limit: 20, completed: true });
    });

    it('guard: no pincode is a 400 with the SPEC §5 message', async () => {
      expectClientError(await items({ filters: [category7] }, { pincode: null }), 400, NO_PINCODE);
      expectClientError(await items({}, { pincode: '12' }), 400, NO_PINCODE);
    });

    it.each([
      ['malformed JSON', '{"filters": [', /JSON/],
      ['a list for a body', '[]', /object/],
      ['unknown filter field', { filters: [{ type: 'TERM_EQ', field: 'colour', value: 'red' }] }, /filters\.0\.field/],
      ['unknown filter type', { filters: [{ type: 'LIKE', field: 'brandName', value: 'Amul' }] }, /filters\.0\.type/],
      ['filters not a list', { filters: 'brandName' }, /filters/],
      ['empty IN list', { filters: [{ type: 'IN', field: 'brandName', value: [] }] }, /filters\.0\.value/],
      ['LTE on a brand', { filters: [{ type: 'LTE', field: 'brandName', value: 5 }] }, /filters\.0/],
      ['a brand given as a number', { filters: [{ type: 'TERM_EQ', field: 'brandName', value: 5 }] }, /filters\.0\.value/],
      ['a category id that is a word', { filters: [{ type: 'TERM_EQ', field: 'categoryId', value: 'grains' }] }, /filters\.0\.value/],
      ['a fractional category id', { filters: [{ type: 'TERM_EQ', field: 'categoryId', value: 7.5 }] }, /filters\.0\.value/],
      ['a category id past any integer column', { filters: [{ type: 'TERM_EQ', field: 'categoryId', value: 1e20 }] }, /filters\.0\.value/],
      ['a sub-category id past any integer column', { filters: [{ type: 'IN', field: 'subCategoryId', value: [3_000_000_000] }] }, /filters\.0\.value/],
      ['a price that is a word', { filters: [{ type: 'TERM_EQ', field: 'currentPrice', value: 'cheap' }] }, /filters\.0\.value/],
      ['an absurd price', { filters: [{ type: 'LTE', field: 'currentPrice', value: 1e300 }] }, /filters\.0\.value/],
      ['a negative price', { filters: [{ type: 'GTE', field: 'currentPrice', value: -5 }] }, /filters\.0\.value/],
      ['a rating past 5', { filters: [{ type: 'GTE', field: 'rating', value: 9 }] }, /filters\.0\.value/],
      ['veg as a word', { filters: [{ type: 'TERM_EQ', field: 'isVeg', value: 'maybe' }] }, /filters\.0\.value/],
      ['limit 0', { limit: 0 }, /limit/],
      ['limit 21', { limit: 21 }, /limit/],
      ['limit 1000', { limit: 1000 }, /limit/],
      ['limit as text', { limit: 'abc' }, /limit/],
      ['limit true', { limit: true }, /limit/],
      ['negative page', { page: -1 }, /page/],
      ['fractional page', { page: 1.5 }, /page/],
      ['page past the last allowed', { page: 501 }, /page/],
      ['unknown sort', { sort: 'cheapest' }, /sort/],
      ['searchType other than ITEM', { searchType: 'provider' }, /searchType/],
      ['searchText too long', { searchText: 'a'.repeat(101) }, /searchText/],
      ['searchText a number', { searchText: 42 }, /searchText/],
    ])('bad input (%s) is a 400 with a message, never a 5xx', async (_, body, message) => {
      expectClientError(await items(body as Record<string, unknown>), 400, message);
    });
  });

  describe('POST /ondc/fetch/grocery/filters', () => {
    const facets = (body: Record<string, unknown> = {}, options: CallOptions = {}) => api.post('/ondc/fetch/grocery/filters', body, options);
    const category7 = { type: 'TERM_EQ', field: 'categoryId', value: 7 };
    const listing = async (body: Record<string, unknown>) =>
      (await allPages<ItemWidget>((page) => api.post('/ondc/fetch/grocery/items', { ...body, page }))).flat();

    it('brand facet counts (the default field) match the listing, brand by brand', async () => {
      const body = expectOk(await facets({ filters: [category7], exactSearch: false, limit: 100, page: 0 }));
      expect(body.field).toBe('brandName');
      const values: Array<{ value: string; count: number }> = body.data;
      const all = await listing({ filters: [category7] });
      const byBrand = new Map<string, number>();
      for (const i of all) if (i.brand) byBrand.set(i.brand, (byBrand.get(i.brand) ?? 0) + 1);
      expect(Object.fromEntries(values.map((v) => [v.value, v.count]))).toEqual(Object.fromEntries(byBrand));
      expectNonIncreasing(
        values.map((v) => v.count),
        'facet counts',
      );
    });

    it.each(['itemQuantityBucket', 'discountBucket', 'packSize'])('%s counts add up to the listing', async (field) => {
      const values: Array<{ value: string; count: number }> = expectOk(await facets({ filters: [category7], selectedFilterFieldName: field })).data;
      const all = await listing({ filters: [category7] });
      expect(values.length).toBeGreaterThan(1);
      expect(values.reduce((n, v) => n + v.count, 0)).toBe(all.length);
    });

    it('leaves the selected field out of the filters, and applies the others', async () => {
      const brands: Array<{ value: string; count: number }> = expectOk(await facets({ filters: [category7] })).data;
      const chosen = { type: 'IN', field: 'brandName', value: [brands[0]!.value] };
      const still = expectOk(await facets({ filters: [category7, chosen], selectedFilterFieldName: 'brandName' })).data;
      expect(still).toEqual(brands);
      const packs: Array<{ value: string; count: number }> = expectOk(await facets({ filters: [category7, chosen], selectedFilterFieldName: 'packSize' })).data;
      expect(packs.reduce((n, v) => n + v.count, 0)).toBe(brands[0]!.count);
    });

    it('counts what a search lists, typos included, and within one store what that store lists', async () => {
      for (const searchText of ['atta', 'pottato']) {
        const values: Array<{ value: string; count: number }> = expectOk(await facets({ searchText })).data;
        const all = await listing({ searchText });
        expect(
          values.reduce((n, v) => n + v.count, 0),
          searchText,
        ).toBe(all.filter((i) => i.brand).length);
      }
      const scoped = { providerId: store.provider.id, locationId: store.location.id, filters: [category7] };
      const values: Array<{ value: string; count: number }> = expectOk(await facets(scoped)).data;
      expect(values.reduce((n, v) => n + v.count, 0)).toBe((await listing(scoped)).length);
    });

    it('guard: no pincode is a 400 with the SPEC §5 message', async () => {
      expectClientError(await facets({ filters: [category7] }, { pincode: null }), 400, NO_PINCODE);
    });

    it.each([
      ['malformed JSON', 'nope', /JSON/],
      ['unknown facet field', { selectedFilterFieldName: 'colour' }, /selectedFilterFieldName/],
      ['limit 0', { limit: 0 }, /limit/],
      ['limit 101', { limit: 101 }, /limit/],
      ['unknown filter field', { filters: [{ type: 'IN', field: 'colour', value: ['red'] }] }, /field/],
      ['exactSearch as text', { exactSearch: 'no' }, /exactSearch/],
    ])('bad input (%s) is a 400', async (_, body, message) => {
      expectClientError(await facets(body as Record<string, unknown>), 400, message);
    });
  });

  describe('POST /ondc/search', () => {
    const search = (body: Record<string, unknown>, options: CallOptions = {}) => api.post('/ondc/search', body, options);
    const restaurantsHere = PROVIDERS.filter((p) => p.kind === 'restaurant' && servesPincode(p, SERVED));

    it('dish tab: restaurants delivering here, each dish once at its cheapest listing', async () => {
      const body = expectOk(await search({ searchText: 'biryani', searchType: 'dish', limit: 30 }));
      const data: ItemWidget[] = body.data;
      expect(data.length).toBeGreaterThan(3);
      expect(data[0]!.name).toMatch(/biryani/i);
      const cheapest = cheapestByKey(restaurantsHere.flatMap(dishesOf));
      for (const dish of data) {
        expect(dish.domain).toBe('ONDC:RET11');
        expect(restaurantsHere.map((p) => p.id)).toContain(dish.providerId);
        const key = dedupeKey(dish.fssai, dish.name);
        if (key) expect(dish.price, `${dish.name} is listed cheaper by the other seller app`).toBe(cheapest.get(key));
      }
      expectNoDuplicateProducts(data);
    });

    it('dish tab: murgh finds chicken, a typo still finds it, pages do not overlap', async () => {
      const murgh: ItemWidget[] = expectOk(await search({ searchText: 'murgh', searchType: 'dish' })).data;
      expect(murgh.some((d) => /chicken/i.test(d.name))).toBe(true);
      const typo: ItemWidget[] = expectOk(await search({ searchText: 'chiken', searchType: 'dish' })).data;
      expect(typo.some((d) => /chicken/i.test(d.name))).toBe(true);
      const pages = await allPages<ItemWidget>((page) => search({ searchText: 'biryani', searchType: 'dish', limit: 5, page }), 5);
      const all = pages.flat();
      expect(pages.length).toBeGreaterThan(1);
      expect(new Set(ids(all)).size).toBe(all.length);
      expectNoDuplicateProducts(all);
    });

    it('dish and provider tabs read Devanagari as it sounds: बिरयानी finds what biryani finds (issue 28)', async () => {
      const names = (body: { data: Array<{ name: string }> }) => body.data.map((d) => d.name);
      const dishes = expectOk(await search({ searchText: 'बिरयानी', searchType: 'dish', limit: 30 }));
      expect(names(dishes).length).toBeGreaterThan(3);
      expect(names(dishes)).toEqual(names(expectOk(await search({ searchText: 'biryani', searchType: 'dish', limit: 30 }))));
      const dosa = names(expectOk(await search({ searchText: 'डोसा', searchType: 'dish' })));
      expect(dosa.length).toBeGreaterThan(0);
      expect(dosa.every((n) => /dosa/i.test(n))).toBe(true);
      const stores = expectOk(await search({ searchText: 'बिरयानी', searchType: 'provider' }));
      expect(names(stores)).toEqual([biryaniListings[0]!.name]);
    });

    it('provider tab: stores by name, duplicates merged, none that do not deliver here; LIKE wildcards match nothing', async () => {
      const data: ProviderSummary[] = expectOk(await search({ searchText: 'biryani', searchType: 'provider' })).data;
      expect(data).toHaveLength(1);
      expect(data[0]!.name).toBe(biryaniListings[0]!.name);
      const market: ProviderSummary[] = expectOk(await search({ searchText: 'basket', searchType: 'provider' })).data;
      expect(market.map((p) => p.id)).toEqual([store.provider.id]);
      expect(expectOk(await search({ searchText: '%', searchType: 'provider' })).data).toEqual([]);
      expect(expectOk(await search({ searchText: '_', searchType: 'provider' })).data).toEqual([]);
      expect(expectOk(await search({ searchText: 'biryani', searchType: 'provider' }, { pincode: UNSERVED })).data).toEqual([]);
    });

    it.each([
      ['no searchText', { searchType: 'dish' }, /searchText/],
      ['blank searchText', { searchText: '   ', searchType: 'dish' }, /searchText/],
      ['unknown searchType', { searchText: 'dosa', searchType: 'item' }, /searchType/],
      ['limit 31 (SPEC §9 searchDishesLimit 30)', { searchText: 'dosa', searchType: 'dish', limit: 31 }, /limit/],
      ['limit 0', { searchText: 'dosa', searchType: 'dish', limit: 0 }, /limit/],
      ['negative page', { searchText: 'dosa', searchType: 'dish', page: -1 }, /page/],
      ['unknown filter field', { searchText: 'dosa', searchType: 'dish', filters: [{ type: 'TERM_EQ', field: 'spice', value: 'hot' }] }, /field/],
    ])('bad input (%s) is a 400', async (_, body, message) => {
      expectClientError(await search(body), 400, message);
    });

    it('punctuation alone is a 200 with nothing found', async () => {
      expect(expectOk(await search({ searchText: '!!!', searchType: 'dish' })).data).toEqual([]);
    });
  });

  describe('GET /ondc/search-suggestion and /ondc/search-dropdown-data', () => {
    it('suggests up to 8 distinct brands sold near the pincode, none where nobody delivers', async () => {
      const answer = await api.get('/ondc/search-suggestion');
      const data: string[] = expectOk(answer).data;
      expect(data.length).toBeGreaterThan(0);
      expect(data.length).toBeLessThanOrEqual(8);
      expect(new Set(data).size).toBe(data.length);
      const sold = new Set(PROVIDERS.filter((p) => servesPincode(p, SERVED)).flatMap((p) => [...providerItems(p)].map((i) => ('brand' in i ? i.brand : null))));
      for (const term of data) expect(sold.has(term), term).toBe(true);
      expect(answer.headers.get('vary')).toMatch(/pincode/i);
      expect(expectOk(await api.get('/ondc/search-suggestion', { pincode: UNSERVED })).data).toEqual([]);
    });

    it('drops down at most 3 stores and 5 items as the shopper types', async () => {
      const atta = expectOk(await api.get('/ondc/search-dropdown-data?searchText=atta')).data;
      expect(atta.items.length).toBeGreaterThan(0);
      expect(atta.items.length).toBeLessThanOrEqual(5);
      expect(atta.providers.length).toBeLessThanOrEqual(3);
      expect(atta.items[0].name).toMatch(/atta/i);
      const aloo = expectOk(await api.get('/ondc/search-dropdown-data?searchText=aloo')).data;
      expect(aloo.items.some((i: ItemWidget) => /potato/i.test(i.name))).toBe(true);
      const stores = expectOk(await api.get('/ondc/search-dropdown-data?searchText=biryani')).data;
      expect(stores.providers.map((p: ProviderSummary) => p.name)).toEqual([biryaniListings[0]!.name]);
    });

    it('answers odd text with a 200, and no text with a 400', async () => {
      for (const text of ['!!!', '%', "'; drop table catalogue_items; --"]) {
        const body = expectOk(await api.get(`/ondc/search-dropdown-data?searchText=${encodeURIComponent(text)}`));
        expect(body.data.items, text).toEqual([]);
      }
      expectClientError(await api.get('/ondc/search-dropdown-data'), 400, /searchText/);
      expectClientError(await api.get('/ondc/search-dropdown-data?searchText='), 400, /searchText/);
      expectClientError(await api.get(`/ondc/search-dropdown-data?searchText=${'a'.repeat(101)}`), 400, /searchText/);
    });
  });

  describe('POST /ondc/curated/list', () => {
    const curated = (body: unknown, options: CallOptions = {}) => api.post('/ondc/curated/list', body, options);
    const RULES: Record<string, (i: ItemWidget) => boolean> = {
      deals: (i) => i.trays.includes('discountTray'),
      bestsellers: (i) => i.trays.includes('bestSeller'),
      'new-arrivals': (i) => i.trays.includes('occasion'),
      'under-99': (i) => i.price <= 9900,
      festive: (i) => i.trays.some((t) => t.startsWith('hbTray_holi1_')),
    };

    it.each(Object.keys(RULES))('%s: every page fits the list, deepest discount first, complete under 10 results', async (url) => {
      const pages: ItemWidget[][] = [];
      for (let page = 0; page < 40; page++) {
        const body = expectOk(await curated({ url, payload: { page } }));
        expect(body.title).toEqual(expect.any(String));
        pages.push(body.data);
        if (body.data.length < 10) expect(body.completed, `page ${page} has ${body.data.length}`).toBe(true);
        if (body.completed) break;
        expect(body.data.length).toBe(20);
      }
      const all = pages.flat();
      expect(all.length).toBeGreaterThan(0);
      for (const item of all) expect(RULES[url]!(item), `${item.name} in ${url}`).toBe(true);
      expect(new Set(ids(all)).size).toBe(all.length);
      expectNoDuplicateProducts(all);
      expectNonIncreasing(all.map(discountOf), `${url} discount order`);
    });

    it.each([
      ['unknown list', { url: 'everything' }, /url/],
      ['negative page', { url: 'deals', payload: { page: -1 } }, /page/],
      ['page as a word', { url: 'deals', payload: { page: 'next' } }, /page/],
      ['malformed JSON', '{"url":', /JSON/],
    ])('bad input (%s) is a 400', async (_, body, message) => {
      expectClientError(await curated(body), 400, message);
    });
  });

  describe('GET /ondc/provider', () => {
    it('details the open store: STORE_OPEN all day, delivery now, its categories and sub-categories', async () => {
      const answer = await api.get(`/ondc/provider?${providerQuery(store.provider)}&search_text=&city=bengaluru`);
      const detail = expectOk(answer).data;
      expect(detail).toMatchObject({
        id: store.provider.id,
        locationId: store.location.id,
        bppId: store.seller.id,
        openState: 'STORE_OPEN',
        deliveryType: 'now',
        servesPincode: true,
        tatMinutes: 10,
      });
      expect(detail.normWorkingHours.length).toBeGreaterThan(0);
      expect(detail.categories.map((c: { id: string }) => Number(c.id))).toEqual(STORE_CATEGORIES);
      const published = groceryOf(store.provider);
      let total = 0;
      for (const category of detail.categories) {
        expect(category.available).toBe(true);
        expect(category.itemCount).toBe(category.subCategories.reduce((n: number, s: { itemCount: number }) => n + s.itemCount, 0));
        for (const sub of category.subCategories) {
          expect(Math.floor(Number(sub.id) / 100)).toBe(Number(category.id));
          expect(sub.itemCount).toBe(published.filter((i) => i.subCategoryId === Number(sub.id)).length);
        }
        total += category.itemCount;
      }
      expect(total).toBe(published.length);
      expect(answer.headers.get('vary')).toMatch(/pincode/i);
      expect(answer.headers.get('cache-control')).toMatch(/public/);
    });

    it('answers in the SPEC §3 provider fetch shape: metadata, items, internalTags, page flags', async () => {
      const detail = providerFetchSchema.parse(expectOk(await api.get(`/ondc/provider?${providerQuery(store.provider)}`)).data);
      expect(detail.id).toBe(store.provider.id);
      expect(detail.metadata).toMatchObject({
        provider_id: store.provider.id,
        seller_id: store.seller.id,
        deliveryType: 'now',
        currentPageNo: 0,
        isSubCategoriesExhausted: true,
        descriptor: { name: store.provider.name },
        contactDetails: {
          name: store.provider.name,
          email: `support@${store.seller.id}`,
          address: { street: store.location.street, locality: store.location.locality, area_code: store.location.pincode },
        },
      });
      expect(detail.metadata.contactDetails.phone).toMatch(/^\+?[0-9 -]{6,}$/);
      expect(detail.metadata.categoryDetails.map((c) => Number(c.id))).toEqual(STORE_CATEGORIES);
      const published = groceryOf(store.provider);
      for (const sub of detail.metadata.subCategoryDetails) {
        expect(Math.floor(Number(sub.id) / 100)).toBe(Number(sub.categoryId));
        expect(sub.itemCount).toBe(published.filter((i) => i.subCategoryId === Number(sub.id)).length);
      }
      expect(detail.metadata.itemTags).toEqual([...new Set(published.flatMap((i) => i.trayTags))].sort());
      expect(detail.items).toHaveLength(20);
      expect(detail.items.every((i) => i.providerId === store.provider.id && i.bpp_id === store.seller.id)).toBe(true);
      expect(detail).toMatchObject({ currentItemsPageNo: 0, isProviderItemsExhausted: published.length <= 20 });
      expect(detail.internalTags).toEqual(store.provider.internalTags.map((name) => ({ name })));
      expect(detail).toMatchObject({ locationStatus: 'enable', providerStatus: 'enable', categoryMap: [] });
    });

    it('gives a restaurant’s categoryMap with each menu’s name and timing tags (SPEC §3 retail flow)', async () => {
      const detail = providerFetchSchema.parse(
        expectOk(await api.get(`/ondc/provider?${providerQuery(timedRestaurant)}`, { pincode: timedRestaurant.locations[0]!.pincode })).data,
      );
      expect(detail.categoryMap.map((c) => c.descriptor.name).sort()).toEqual(timedRestaurant.menus.map((m) => m.name).sort());
      const timed = detail.categoryMap.filter((c) => c.tags.some((t) => t.code === 'timing'));
      expect(timed.length).toBeGreaterThan(0);
      for (const menu of timed) {
        expect(
          menu.tags
            .find((t) => t.code === 'timing')!
            .list.map((e) => e.code)
            .sort(),
        ).toEqual(['day_from', 'day_to', 'time_from', 'time_to']);
      }
    });

    it('says STORE_TEMPORARILY_CLOSED for a disabled store, and STORE_OPEN/STORE_CLOSED by opening hours for the rest', async () => {
      const disabled = expectOk(await api.get(`/ondc/provider?${providerQuery(disabledStore)}`, { pincode: disabledStore.locations[0]!.pincode })).data;
      expect(disabled.openState).toBe('STORE_TEMPORARILY_CLOSED');
      const here = PROVIDERS.filter((p) => p.cityId === 'bengaluru' && p.status === 'enable');
      let checked = 0;
      for (const p of here) {
        const expected = steady((at) => withinHours(p.openingHours, at));
        if (expected === undefined) continue;
        const detail = expectOk(await api.get(`/ondc/provider?${providerQuery(p)}`)).data;
        expect(detail.openState, `${p.name} (${p.openingHours.from}–${p.openingHours.to})`).toBe(expected ? 'STORE_OPEN' : 'STORE_CLOSED');
        expect(detail.servesPincode).toBe(servesPincode(p, SERVED));
        checked++;
      }
      expect(checked).toBeGreaterThan(3);
    });

    it('lists a restaurant’s menus, available ones first (SPEC §4 timing, Sunday = 7)', async () => {
      const detail = expectOk(await api.get(`/ondc/provider?${providerQuery(timedRestaurant)}`, { pincode: timedRestaurant.locations[0]!.pincode })).data;
      const menus: Array<{ id: string; available: boolean; itemCount: number }> = detail.categories;
      expect(menus.map((m) => m.id).sort()).toEqual(timedRestaurant.menus.map((m) => m.id).sort());
      expectNonDecreasing(
        menus.map((m) => (m.available ? 0 : 1)),
        'available menus first',
      );
      for (const menu of timedRestaurant.menus) {
        const shown = menus.find((m) => m.id === menu.id)!;
        expect(shown.itemCount).toBe(dishesOf(timedRestaurant).filter((d) => d.menuId === menu.id).length);
        const timing = menu.timing;
        if (!timing) {
          expect(shown.available).toBe(true);
          continue;
        }
        const expected = steady((at) => {
          const { hhmm, weekday } = indianClock(at);
          return weekday >= timing.dayFrom && weekday <= timing.dayTo && hhmm >= timing.timeFrom && hhmm <= timing.timeTo;
        });
        if (expected !== undefined) expect(shown.available, menu.name).toBe(expected);
      }
    });

    it('guards: no pincode, no provider_id or no location_id is a 400; an unknown store is a 404', async () => {
      expectClientError(await api.get(`/ondc/provider?${providerQuery(store.provider)}`, { pincode: null }), 400, NO_PINCODE);
      expectClientError(await api.get(`/ondc/provider?location_id=${store.location.id}`), 400, /provider_id/);
      expectClientError(await api.get(`/ondc/provider?provider_id=${store.provider.id}`), 400, /location_id/);
      expectClientError(await api.get(`/ondc/provider?provider_id=&location_id=${store.location.id}`), 400, /provider_id/);
      expectClientError(await api.get(`/ondc/provider?provider_id=${store.provider.id}&location_id=${store.location.id}-x`), 404);
      expectClientError(await api.get(`/ondc/provider?provider_id=nobody&location_id=nowhere`), 404);
    });
  });

  describe('GET /ondc/provider-serviceablity', () => {
    it('is true where the store delivers and false elsewhere', async () => {
      const where = store.location.servesPincodes;
      expect(expectOk(await api.get(`/ondc/provider-serviceablity?provider_id=${store.provider.id}`))).toMatchObject({ serviceable: true, pincode: SERVED });
      expect(expectOk(await api.get(`/ondc/provider-serviceablity?provider_id=${store.provider.id}`, { pincode: UNSERVED }))).toMatchObject({
        serviceable: false,
        pincode: UNSERVED,
      });
      const servedByOthers = CITIES.find((c) => c.id === 'bengaluru')!.localities.find((l) => l.served && !where.includes(l.pincode))!.pincode;
      expect(expectOk(await api.get(`/ondc/provider-serviceablity?provider_id=${store.provider.id}`, { pincode: servedByOthers })).serviceable).toBe(false);
    });

    it('guards: no pincode or no provider_id is a 400; an unknown store is a 404', async () => {
      expectClientError(await api.get(`/ondc/provider-serviceablity?provider_id=${store.provider.id}`, { pincode: null }), 400, NO_PINCODE);
      expectClientError(await api.get('/ondc/provider-serviceablity'), 400, /provider_id/);
      expectClientError(await api.get('/ondc/provider-serviceablity?provider_id=nobody'), 404);
    });
  });

  describe('POST /ondc/provider/categorymap', () => {
    const map = (body: unknown) => api.post('/ondc/provider/categorymap', body);

    it('maps a store’s categories, and only those asked for', async () => {
      const body = expectOk(await map({ ...storeIds, categories: [], filters: [], orFilters: [] }));
      expect(body.provider_id).toBe(store.provider.id);
      expect(body.data).toHaveLength(STORE_CATEGORIES.length);
      for (const wanted of [[{ id: 7 }], [{ id: '7' }]]) {
        const one = expectOk(await map({ ...storeIds, categories: wanted })).data;
        expect(one).toHaveLength(1);
        expect(one[0].id).toBe('7');
        expect(one[0].subCategories.map((s: { id: string }) => s.id)).toEqual(['701', '702', '703', '704', '705', '706']);
      }
    });

    it('puts a restaurant’s available menus first', async () => {
      const data: Array<{ id: string; available: boolean }> = expectOk(
        await map({ provider_id: timedRestaurant.id, location_id: timedRestaurant.locations[0]!.id }),
      ).data;
      expect(data.length).toBe(timedRestaurant.menus.length);
      expectNonDecreasing(
        data.map((m) => (m.available ? 0 : 1)),
        'available menus first',
      );
    });

    it.each([
      ['no provider_id', { location_id: store.location.id }, 400, /provider_id/],
      ['no location_id', { provider_id: store.provider.id }, 400, /location_id/],
      ['categories not a list', { ...storeIds, categories: 7 }, 400, /categories/],
      ['a category without an id', { ...storeIds, categories: [{ name: 'x' }] }, 400, /categories/],
      ['malformed JSON', '{', 400, /JSON/],
      ['an unknown store', { provider_id: 'nobody', location_id: 'nowhere' }, 404, undefined],
    ])('%s is a 4xx', async (_, body, status, message) => {
      expectClientError(await map(body), status as number, message as RegExp | undefined);
    });
  });

  describe('POST /ondc/provider/fetch/items/batch', () => {
    const batch = (body: Record<string, unknown>) => api.post('/ondc/provider/fetch/items/batch', body);

    it('pages of 20 of the store’s own items until completed, recommend/bestseller first', async () => {
      const pages = await allPages<ItemWidget>((page) => batch({ ...storeIds, filters: [], orFilters: [], limit: 20, page }));
      const all = pages.flat();
      expect(all.every((i) => i.providerId === store.provider.id && i.locationId === store.location.id)).toBe(true);
      expect(new Set(all.map((i) => i.id))).toEqual(new Set(groceryOf(store.provider).map((i) => i.id)));
      expect(all.length).toBe(groceryOf(store.provider).length);
      expectNonDecreasing(all.map(titleRank), 'searchrelated, recommend, bestseller, the rest');
    });

    it('sorts by price and filters by sub-category within the store', async () => {
      const low = (await allPages<ItemWidget>((page) => batch({ ...storeIds, sort: 'price-low-high', page }))).flat();
      expectNonDecreasing(
        low.map((i) => i.price),
        'price-low-high',
      );
      const high: ItemWidget[] = expectOk(await batch({ ...storeIds, sort: 'price-high-low' })).data;
      expectNonIncreasing(
        high.map((i) => i.price),
        'price-high-low',
      );
      expect(high[0]!.price).toBe(low.at(-1)!.price);
      const dairy = (await allPages<ItemWidget>((page) => batch({ ...storeIds, filters: [{ type: 'IN', field: 'categoryId', value: [2] }], page }))).flat();
      expect(dairy.length).toBe(groceryOf(store.provider).filter((i) => Math.floor(i.subCategoryId / 100) === 2).length);
    });

    it('a restaurant’s dishes, with customisable ones flagged (add-ons are not listed as dishes)', async () => {
      const all = (
        await allPages<ItemWidget>((page) => batch({ provider_id: timedRestaurant.id, location_id: timedRestaurant.locations[0]!.id, page }))
      ).flat();
      const dishes = dishesOf(timedRestaurant);
      expect(all.map((i) => i.id).sort()).toEqual(dishes.map((d) => d.id).sort());
      for (const item of all) expect(item.customisable, item.name).toBe(dishes.find((d) => d.id === item.id)!.customGroupIds.length > 0);
      expect(all.some((i) => i.customisable)).toBe(true);
    });

    it.each([
      ['no provider_id', { location_id: store.location.id }, /provider_id/],
      ['no location_id', { provider_id: store.provider.id }, /location_id/],
      ['limit 0', { ...storeIds, limit: 0 }, /limit/],
      ['limit 1000', { ...storeIds, limit: 1000 }, /limit/],
      ['negative page', { ...storeIds, page: -1 }, /page/],
      ['unknown filter field', { ...storeIds, filters: [{ type: 'TERM_EQ', field: 'colour', value: 'red' }] }, /field/],
      ['a price that is a word', { ...storeIds, filters: [{ type: 'LTE', field: 'currentPrice', value: 'cheap' }] }, /value/],
      ['unknown sort', { ...storeIds, sort: 'random' }, /sort/],
    ])('bad input (%s) is a 400', async (_, body, message) => {
      expectClientError(await batch(body), 400, message);
    });
  });

  describe('POST /ondc/provider/fetch/offer/tray', () => {
    const tray = (body: Record<string, unknown>) => api.post('/ondc/provider/fetch/offer/tray', body);

    it('the store’s deals and tray items in stock only, deepest discount first across pages', async () => {
      const all = (await allPages<ItemWidget>((page) => tray({ ...storeIds, filters: [], orFilters: [], limit: 20, page }))).flat();
      // Issue 28: a deal on a sold-out item is no deal; the tray leaves it out.
      const expected = groceryOf(store.provider).filter((i) => (i.trayTags.length > 0 || i.mrpPaise > i.pricePaise) && i.stock > 0);
      expect(groceryOf(store.provider).some((i) => (i.trayTags.length > 0 || i.mrpPaise > i.pricePaise) && i.stock === 0)).toBe(true);
      expect(all.length).toBe(expected.length);
      expect(all.length).toBeGreaterThan(20);
      for (const item of all) {
        expect(item.providerId).toBe(store.provider.id);
        expect(item.trays.length > 0 || item.mrp > item.price, item.name).toBe(true);
        expect(item.availableQuantity, item.name).toBeGreaterThan(0);
      }
      expectNonIncreasing(all.map(discountOf), 'tray discount order');
    });

    it('honours an explicit sort', async () => {
      const all = (await allPages<ItemWidget>((page) => tray({ ...storeIds, sort: 'price-low-high', page }))).flat();
      expectNonDecreasing(
        all.map((i) => i.price),
        'tray price-low-high',
      );
    });

    it.each([
      ['no provider_id', { location_id: store.location.id }, /provider_id/],
      ['no location_id', { provider_id: store.provider.id }, /location_id/],
      ['limit 1000', { ...storeIds, limit: 1000 }, /limit/],
      ['fractional page', { ...storeIds, page: 0.5 }, /page/],
    ])('bad input (%s) is a 400', async (_, body, message) => {
      expectClientError(await tray(body), 400, message);
    });
  });

  describe('POST /ondc/fetch/variants', () => {
    const variants = (body: unknown) => api.post('/ondc/fetch/variants', body);

    it('answers the other pack sizes of the same product at the same store, same brand', async () => {
      const [asked] = variantGroup;
      const data: ItemWidget[] = expectOk(await variants({ providerId: store.provider.id, locationId: store.location.id, variantId: asked!.id })).data;
      expect(data.map((i) => i.id).sort()).toEqual(variantGroup.map((i) => i.id).sort());
      for (const item of data) {
        expect(item.brand).toBe(asked!.brand);
        expect(item.providerId).toBe(store.provider.id);
        expect(item.subCategoryId).toBe(asked!.subCategoryId);
      }
      expect(new Set(data.map((i) => i.variantAttr.packSize)).size).toBe(data.length);
      expectNonDecreasing(
        data.map((i) => i.price),
        'variants by price',
      );
    });

    it('an unknown item has no variants; bad input is a 400', async () => {
      expect(expectOk(await variants({ providerId: store.provider.id, locationId: store.location.id, variantId: 'nothing' })).data).toEqual([]);
      expectClientError(await variants({ providerId: store.provider.id, locationId: store.location.id }), 400, /variantId/);
      expectClientError(await variants({ providerId: 7, locationId: store.location.id, variantId: 'x' }), 400, /providerId/);
      expectClientError(await variants('not json'), 400, /JSON/);
    });
  });

  it('no catalogue call answers a 5xx to a hostile body', async () => {
    const posts = [
      '/ondc/landing-page?type=provider',
      '/ondc/landing-page?type=static',
      '/ondc/search',
      '/ondc/curated/list',
      '/ondc/provider/categorymap',
      '/ondc/provider/fetch/items/batch',
      '/ondc/provider/fetch/offer/tray',
      '/ondc/fetch/variants',
      '/ondc/fetch/grocery/items',
      '/ondc/fetch/grocery/filters',
    ];
    const bad = [
      '',
      'null',
      '42',
      '"text"',
      '[]',
      '{"a":',
      JSON.stringify({ filters: [null], sort: {}, limit: {}, page: null, searchText: {}, url: [], categories: {} }),
    ];
    for (const path of posts) {
      for (const body of bad) {
        const answer = await api.post(path, body);
        expect(answer.status, `${path} with ${body}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${path} with ${body}`).toBeLessThan(500);
        expect(answer.body?.error?.message, `${path} with ${body}`).toEqual(expect.any(String));
      }
      // a body that may be acceptable (unknown keys are ignored) must still never be a 5xx
      const odd = await api.post(path, '{"__proto__":{"limit":1000},"constructor":{"prototype":{}}}');
      expect(odd.status, `${path} with __proto__`).toBeLessThan(500);
    }
  });
});
