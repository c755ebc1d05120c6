import { storeOpenState } from '#/network/store-hours.ts';
import { describe, expect, inject, it } from 'vitest';
import { hasListingFlaw } from '#/network/listing-flaws.ts';
import { generateNetwork, providerItems, type DishItem, type GroceryItem, type Provider } from '#/network/catalogue/generate.ts';
import { cartAnswerSchema, type Cart, type CartAnswer } from '#/features/cart/payload.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { shopper } from '../support/http.ts';
import { testNow } from '../support/test-clock.ts';

// The network `npm start` runs (same seed and scale), so the items named here are in the catalogue.
const network = generateNetwork();
const store = openGroceryStore();

function orderable(provider: Provider, count: number): GroceryItem[] {
  // The storefront does not list the items it rejects (src/network/listing-flaws.ts).
  return [...providerItems(provider)].filter((i): i is GroceryItem => i.kind === 'grocery' && i.stock > 0 && !hasListingFlaw(i)).slice(0, count);
}
const storeItems = orderable(store.provider, 50);
// Another Bengaluru store, open on the shared storefront's clock (noon IST, tests/support/test-clock.ts)
// and for the next hour: a closed store's items are refused as closed before anything else (issue 28).
const openThrough = (p: Provider) => [0, 60].every((m) => storeOpenState(p, new Date(testNow().getTime() + m * 60_000)) === 'open');
const otherStore = network.sellers
  .flatMap((s) => s.providers)
  .find((p) => p.kind === 'grocery' && p.cityId === 'bengaluru' && p.status === 'enable' && p.id !== store.provider.id && openThrough(p)) as Provider;
const otherItem = orderable(otherStore, 1)[0] as GroceryItem;

type Ref = { bppId: string; providerId: string; locationId: string; itemId: string };
const refOf = (provider: Provider, item: { id: string }): Ref => ({
  bppId: provider.sellerId,
  providerId: provider.id,
  locationId: provider.locations[0]?.id ?? '',
  itemId: item.id,
});
const atta = refOf(store.provider, storeItems[0] as GroceryItem);
const dal = refOf(store.provider, storeItems[1] as GroceryItem);
const milk = refOf(otherStore, otherItem);

function update(action: string, ref: Ref, extra: Record<string, unknown> = {}) {
  return {
    action,
    sku_id: ref.itemId,
    cart_metadata: { bpp_id: ref.bppId, provider_id: ref.providerId },
    item_metadata: { itemId: ref.itemId, name: 'whatever', providerId: ref.providerId, locationId: ref.locationId },
    ...extra,
  };
}

async function answer(response: Response): Promise<CartAnswer> {
  return cartAnswerSchema.parse(await response.json());
}

const cartOf = (a: CartAnswer): Cart | undefined => a.data.at(-1);
const quantities = (cart: Cart | undefined) => Object.fromEntries((cart?.items ?? []).map((e) => [e.sku_id, e.quantity]));

describe.each(inject('servers'))('cart on $name', ({ url }) => {
  const getCart = async (client: ReturnType<typeof shopper>) => answer(await client.get('/ondc/cart?cityName=bengaluru&offer=1'));

  describe('GET /ondc/cart (SPEC §7.3)', () => {
    it('answers SUCCESS with no cart for a new shopper', async () => {
      expect(await getCart(shopper(url))).toEqual({ status: 'SUCCESS', data: [], error: null });
    });

    it('refuses a missing or unknown city with a clear 400', async () => {
      const missing = await shopper(url).get('/ondc/cart');
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ status: 'FAILURE', error: { message: 'cityName: cityName is required' } });
      const unknown = await shopper(url).get('/ondc/cart?cityName=atlantis');
      expect(unknown.status).toBe(400);
      expect((await answer(unknown)).error?.code).toBe('UNKNOWN_CITY');
    });
  });

  describe('POST /ondc/cart: each action (SPEC §3 cart update payload)', () => {
    it('UPDATE_ITEM creates the cart with every SPEC §3 field, priced from the catalogue', async () => {
      const client = shopper(url);
      const response = await client.post('/ondc/cart?offer=1', update('UPDATE_ITEM', atta, { quantity: 2, price: 1 }));
      expect(response.status).toBe(200);
      const cart = cartOf(await answer(response));
      const item = storeItems[0] as GroceryItem;
      expect(cart).toMatchObject({
        provider_id: atta.providerId,
        cart_metadata: {
          provider_id: atta.providerId,
          provider_locations: [{ id: atta.locationId }],
          bpp_id: atta.bppId,
          seller_id: atta.bppId,
          categoryDomain: 'ONDC:RET10',
          ondcCity: 'std:080',
          descriptor: { name: store.provider.name },
        },
        items: [{ sku_id: atta.itemId, quantity: 2 }],
        totalCartValueWithItemDiscount: (item.pricePaise * 2) / 100,
        available_coins_balance: 0,
        providerBlacklistedForOffer: 'false',
        offerFlag: 'manual',
      });
      expect(cart?.cart_metadata.bpp_uri).toMatch(/^http/);
      expect(cart?.items[0]?.item_metadata[0]).toMatchObject({ id: atta.itemId, location_id: atta.locationId, parentItemId: null });
      expect(cart?.offer_strip?.text).toBeTruthy();
      expect(client.cookies.get('kirana_device')).toMatch(/^[0-9a-f-]{36}$/);
      expect(cartOf(await getCart(client))).toEqual(cart);
    });

    it('UPDATE_ITEM sets a quantity, and quantity 0 deletes the line', async () => {
      const client = shopper(url);
      await client.post('/ondc/cart', update('UPDATE_ITEM', atta, { quantity: 1 }));
      await client.post('/ondc/cart', update('UPDATE_ITEM', dal, { quantity: 1 }));
      expect(quantities(cartOf(await answer(await client.post('/ondc/cart', update('UPDATE_ITEM', dal, { quantity: 4 })))))).toEqual({
        [atta.itemId]: 1,
        [dal.itemId]: 4,
      });
      expect(quantities(cartOf(await answer(await client.post('/ondc/cart', update('UPDATE_ITEM', atta, { quantity: 0 })))))).toEqual({ [dal.itemId]: 4 });
    });

    it('DELETE_ITEM removes a line; the emptied cart is gone', async () => {
      const client = shopper(url);
      await client.post('/ondc/cart', update('UPDATE_ITEM', atta, { quantity: 1 }));
      const response = await client.post('/ondc/cart', update('DELETE_ITEM', atta));
      expect(await answer(response)).toEqual({ status: 'SUCCESS', data: [], error: null });
      const again = await client.post('/ondc/cart', update('DELETE_ITEM', atta));
      expect(again.status).toBe(404);
      expect((await answer(again)).error?.code).toBe('ITEM_NOT_IN_CART');
    });

    it('refuses another store’s item with FAILURE PROVIDER_MISMATCH; CREATE_CART replaces the cart', async () => {
      const client = shopper(url);
      const first = cartOf(await answer(await client.post('/ondc/cart', update('UPDATE_ITEM', atta, { quantity: 2 }))));
      const mismatch = await client.post('/ondc/cart', update('UPDATE_ITEM', milk, { quantity: 1 }));
      expect(mismatch.status).toBe(409);
      const refused = await answer(mismatch);
      expect(refused).toMatchObject({ status: 'FAILURE', error: { code: 'PROVIDER_MISMATCH', message: /another store/ } });
      expect(cartOf(refused)).toEqual(first);
      const replaced = cartOf(await answer(await client.post('/ondc/cart', update('CREATE_CART', milk, { quantity: 1 }))));
      expect(quantities(replaced)).toEqual({ [milk.itemId]: 1 });
      expect(replaced?.provider_id).toBe(milk.providerId);
      expect(replaced?.cart_reference_id).not.toBe(first?.cart_reference_id);
    });

    it('CLEAR_CART on /ondc/cart and on /ondc/clear-cart empty the cart', async () => {
      const client = shopper(url);
      const one = cartOf(await answer(await client.post('/ondc/cart', update('UPDATE_ITEM', atta, { quantity: 1 }))));
      expect(await answer(await client.post('/ondc/cart', { action: 'CLEAR_CART', cart_reference_id: one?.cart_reference_id }))).toMatchObject({
        status: 'SUCCESS',
        data: [],
      });
      const two = cartOf(await answer(await client.post('/ondc/cart', update('UPDATE_ITEM', dal, { quantity: 1 }))));
      expect(two?.cart_reference_id).not.toBe(one?.cart_reference_id);
      expect(await answer(await client.post('/ondc/clear-cart', { action: 'CLEAR_CART', cart_reference_id: two?.cart_reference_id }))).toMatchObject({
        status: 'SUCCESS',
        data: [],
      });
      expect((await getCart(client)).data).toEqual([]);
    });

    it('answers a stale version with 409 CART_CONFLICT and the current cart', async () => {
      const client = shopper(url);
      const first = cartOf(await answer(await client.post('/ondc/cart', update('UPDATE_ITEM', atta, { quantity: 1 }))));
      await client.post('/ondc/cart', update('UPDATE_ITEM', atta, { quantity: 2, version: first?.cart_version }));
      const stale = await client.post('/ondc/cart', update('UPDATE_ITEM', atta, { quantity: 5, version: first?.cart_version }));
      expect(stale.status).toBe(409);
      const body = await answer(stale);
      expect(body.error?.code).toBe('CART_CONFLICT');
      expect(quantities(cartOf(body))).toEqual({ [atta.itemId]: 2 });
    });
  });

  describe('a customised dish (SPEC §4 add-ons)', () => {
    const restaurant = network.sellers
      .flatMap((s) => s.providers)
      .find((p) => p.kind === 'restaurant' && p.cityId === 'bengaluru' && p.templateKey === 'pizza') as Provider;
    const pizza = [...providerItems(restaurant)].find((i): i is DishItem => i.kind === 'dish' && i.name === 'Margherita Pizza') as DishItem;

    // The only pizza kitchen keeps hours (open at the shared storefront's noon): a closed
    // restaurant's dishes are refused by the cart.
    it('lists the dish’s groups, then adds one line per customisation', async () => {
      const ref = refOf(restaurant, pizza);
      const groupsResponse = await fetch(`${url}/ondc/customisations?bpp_id=${ref.bppId}&provider_id=${ref.providerId}&item_id=${ref.itemId}`);
      expect(groupsResponse.status).toBe(200);
      const { data } = (await groupsResponse.json()) as {
        data: {
          tree: {
            rootGroupIds: string[];
            groups: Record<string, { max: number; options: Array<{ id: string; isDefault: boolean; childGroupIds: string[] }> }>;
          };
        };
      };
      const size = data.tree.groups[data.tree.rootGroupIds[0] ?? ''];
      const regular = size?.options.find((o) => o.isDefault);
      const crust = data.tree.groups[regular?.childGroupIds[0] ?? ''];
      const classic = crust?.options.find((o) => o.isDefault);
      const toppings = data.tree.groups[classic?.childGroupIds[0] ?? ''];
      expect(toppings?.max).toBeGreaterThan(1);
      const [olives, paneer] = toppings?.options ?? [];
      const client = shopper(url);
      const picks = [regular?.id, classic?.id, olives?.id, paneer?.id] as string[];
      const missingCrust = await client.post(
        '/ondc/cart',
        update('UPDATE_ITEM', ref, { quantity: 1, item_metadata: { itemId: ref.itemId, providerId: ref.providerId, customisations: [regular?.id] } }),
      );
      expect(missingCrust.status).toBe(400);
      expect((await answer(missingCrust)).error?.message).toMatch(/^Choose at least 1 in /);
      await client.post(
        '/ondc/cart',
        update('UPDATE_ITEM', ref, { quantity: 1, item_metadata: { itemId: ref.itemId, providerId: ref.providerId, customisations: picks } }),
      );
      const cart = cartOf(
        await answer(
          await client.post(
            '/ondc/cart',
            update('UPDATE_ITEM', ref, {
              quantity: 1,
              item_metadata: { itemId: ref.itemId, providerId: ref.providerId, customisations: [regular?.id, classic?.id] },
            }),
          ),
        ),
      );
      expect(cart?.items).toHaveLength(2);
      expect(cart?.items[0]?.item_metadata.map((m) => m.id)).toEqual([ref.itemId, ...picks]);
      expect(cart?.cart_metadata.categoryDomain).toBe('ONDC:RET11');
    });
  });

  describe('another shopper can neither read nor change a cart, even with its cart_reference_id', () => {
    it('reads nothing and changes nothing', async () => {
      const owner = shopper(url);
      const own = cartOf(await answer(await owner.post('/ondc/cart?offer=1', update('UPDATE_ITEM', atta, { quantity: 3 }))));
      const reference = own?.cart_reference_id;
      const intruder = shopper(url);
      expect((await getCart(intruder)).data).toEqual([]);
      for (const [path, body] of [
        ['/ondc/clear-cart', { action: 'CLEAR_CART', cart_reference_id: reference }],
        ['/ondc/cart', { action: 'CLEAR_CART', cart_reference_id: reference }],
        ['/ondc/cart', update('UPDATE_ITEM', atta, { quantity: 9, cart_reference_id: reference })],
        ['/ondc/cart', update('DELETE_ITEM', atta, { cart_reference_id: reference })],
      ] as const) {
        const response = await intruder.post(path, body);
        expect(response.status).toBe(404);
        expect(JSON.stringify(await response.json())).not.toContain(reference);
      }
      expect(cartOf(await getCart(owner))).toEqual(own);
    });
  });

  describe('bad inputs are 4xx with a clear message and leave the cart unchanged', () => {
    it.each([
      ['malformed JSON', '{"action": "UPDATE_ITEM",', 400, 'The request body must be JSON'],
      ['an unknown action', { action: 'ADD' }, 400, 'action: action must be UPDATE_ITEM, CREATE_CART, DELETE_ITEM or CLEAR_CART'],
      ['a quantity as text', update('UPDATE_ITEM', atta, { quantity: '2' }), 400, 'quantity: quantity must be a whole number from 0'],
      ['a negative quantity', update('UPDATE_ITEM', atta, { quantity: -1 }), 400, 'quantity: quantity cannot be negative'],
      ['a fractional quantity', update('UPDATE_ITEM', atta, { quantity: 1.5 }), 400, 'quantity: quantity must be a whole number'],
      ['no quantity', update('UPDATE_ITEM', atta), 400, 'quantity: quantity must be a whole number from 0'],
      ['an unknown sku', update('UPDATE_ITEM', { ...atta, itemId: 'no-such-item' }, { quantity: 1 }), 404, 'Unknown item no-such-item for this store'],
      [
        'an unknown provider',
        update('UPDATE_ITEM', { ...atta, providerId: 'no-such-store' }, { quantity: 1 }),
        404,
        `Unknown item ${atta.itemId} for this store`,
      ],
      ['more than the seller allows', update('UPDATE_ITEM', atta, { quantity: 99 }), 400, /^Max \d+ .+ can be ordered$/],
      [
        'a sku that is not the item',
        { ...update('UPDATE_ITEM', atta, { quantity: 1 }), sku_id: dal.itemId },
        400,
        'item_metadata.itemId: item_metadata.itemId must equal sku_id',
      ],
      [
        'a reference that is not a cart',
        update('UPDATE_ITEM', atta, { quantity: 1, cart_reference_id: 'abc' }),
        400,
        'cart_reference_id: cart_reference_id must be a cart reference id',
      ],
      [
        'a foreign cart_reference_id',
        update('UPDATE_ITEM', atta, { quantity: 1, cart_reference_id: '00000000-0000-4000-8000-000000000000' }),
        404,
        /does not exist/,
      ],
    ])('%s', async (_, body, status, message) => {
      const client = shopper(url);
      await client.post('/ondc/cart', update('UPDATE_ITEM', atta, { quantity: 2 }));
      const before = await getCart(client);
      const response = await client.post('/ondc/cart', body);
      expect(response.status).toBe(status);
      const json = (await response.json()) as { status: string; error: { message: string } };
      expect(json.status).toBe('FAILURE');
      expect(json.error.message).toMatch(message);
      expect(await getCart(client)).toEqual(before);
    });
  });

  describe('concurrency: no update is lost', () => {
    it('50 concurrent UPDATE_ITEM calls on one cart end with exactly the expected quantities', async () => {
      const client = shopper(url);
      await client.get('/ondc/cart?cityName=bengaluru');
      await client.post('/ondc/cart', update('UPDATE_ITEM', atta, { quantity: 1 }));
      const expected = Object.fromEntries(storeItems.map((item, i) => [item.id, (i % Math.min(item.maxPerOrder, 5)) + 1]));
      const responses = await Promise.all(
        storeItems.map((item) => client.post('/ondc/cart', update('UPDATE_ITEM', refOf(store.provider, item), { quantity: expected[item.id] }))),
      );
      expect(responses.map((r) => r.status)).toEqual(storeItems.map(() => 200));
      const cart = cartOf(await getCart(client));
      expect(quantities(cart)).toEqual(expected);
      expect(cart?.cart_version).toBe(51);
    });

    it('concurrent "+1" taps (two tabs, fast fingers), each retrying on conflict as the browser does, all count', async () => {
      const client = shopper(url);
      const item = storeItems.find((i) => i.maxPerOrder >= 10) as GroceryItem;
      const ref = refOf(store.provider, item);
      let latest = cartOf(await answer(await client.post('/ondc/cart', update('UPDATE_ITEM', ref, { quantity: 1 }))));
      const tap = async () => {
        for (;;) {
          const seen = latest;
          const quantity = (seen?.items.find((e) => e.sku_id === ref.itemId)?.quantity ?? 0) + 1;
          const result = await answer(
            await client.post('/ondc/cart', update('UPDATE_ITEM', ref, { quantity: Math.min(quantity, 99), version: seen?.cart_version })),
          );
          latest = cartOf(result) ?? latest;
          if (result.status === 'SUCCESS') return;
          expect(result.error?.code).toBe('CART_CONFLICT');
        }
      };
      await Promise.all(Array.from({ length: 9 }, tap));
      expect(quantities(cartOf(await getCart(client)))).toEqual({ [ref.itemId]: 10 });
    });
  });

  describe('the add-to-cart form without JS', () => {
    it('adds one per post and answers 303 back to the page it came from', async () => {
      const client = shopper(url);
      await client.post('/ondc/cart', update('UPDATE_ITEM', atta, { quantity: 1 }));
      const post = (referer: string) =>
        fetch(`${url}/cart/add`, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: url,
            referer,
            cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          },
          body: new URLSearchParams({ city: 'bengaluru', ...atta }),
        });
      const back = await post(`${url}/brand?provider_id=${atta.providerId}`);
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(`/brand?provider_id=${atta.providerId}`);
      const elsewhere = await post('https://evil.example/phish');
      expect(elsewhere.headers.get('location')).toBe('/cart');
      expect(quantities(cartOf(await getCart(client)))).toEqual({ [atta.itemId]: 3 });
    });
  });
});
