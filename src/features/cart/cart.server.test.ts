import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { lineKeyOf } from './cart.ts';
import { addOne, emptyOrderedCart, findCustomisations, readCart, updateCart, type CartResult } from './cart.server.ts';
import { CITY_CODE, dish, plainItems, seedCatalogue, type FixtureItem } from './fixtures/catalogue.ts';
import { cartSchema, type CartUpdate } from './payload.ts';

type UpdateItem = Extract<CartUpdate, { action: 'UPDATE_ITEM' }>;

function setItem(item: FixtureItem, quantity: number, extra: Partial<UpdateItem> = {}): UpdateItem {
  return {
    action: 'UPDATE_ITEM',
    sku_id: item.itemId,
    quantity,
    cart_metadata: { bpp_id: item.bppId, provider_id: item.providerId },
    item_metadata: { itemId: item.itemId, providerId: item.providerId, locationId: item.locationId },
    ...extra,
  };
}

function quantities(result: CartResult) {
  return Object.fromEntries((result.cart?.items ?? []).map((e) => [lineKeyOf(e), e.quantity]));
}

describe.each(testDatabases())('cart service on $name', ({ open }) => {
  let database: Database;
  let shopperCount = 0;
  const newShopper = () => `device:test-${++shopperCount}`;
  let store: FixtureItem[];
  let otherStore: FixtureItem[];

  beforeAll(async () => {
    database = await open();
    await seedCatalogue(database);
    // The fixture's stores keep hours and a closed store's items are refused (issue 28, tested in
    // tests/api/closed-store.test.ts): the cart's own rules are tested on stores open at any hour.
    // (Not a fake clock: PGlite's clock_timestamp() reads the JavaScript clock too.)
    await database.query('UPDATE catalogue_providers SET opens_at = NULL, closes_at = NULL');
    store = await plainItems(database, { domain: 'ONDC:RET10', count: 60 });
    otherStore = await plainItems(database, { domain: 'ONDC:RET10', providerIndex: 1, count: 2 });
  });
  afterAll(() => database.close());

  describe('SPEC §3 cart response', () => {
    it('answers every field, priced from the catalogue whatever price the client sends', async () => {
      const shopper = newShopper();
      const [item] = store;
      if (!item) throw new Error('fixture');
      const result = await updateCart(database, shopper, setItem(item, 2, { price: 1 }), { offer: true });
      expect(result.ok).toBe(true);
      const cart = cartSchema.parse(result.cart);
      expect(cart.provider_id).toBe(item.providerId);
      expect(cart.cart_metadata).toMatchObject({ bpp_id: item.bppId, seller_id: item.bppId, categoryDomain: 'ONDC:RET10', ondcCity: CITY_CODE });
      expect(cart.cart_metadata.provider_locations[0]?.id).toBe(item.locationId);
      expect(cart.items).toHaveLength(1);
      expect(cart.items[0]?.quantity).toBe(2);
      expect(cart.totalCartValueWithItemDiscount).toBe((item.pricePaise * 2) / 100);
      expect(cart.offer_strip?.text).toBeTruthy();
      expect(await readCart(database, shopper, CITY_CODE, { offer: false })).toMatchObject({ cart_reference_id: cart.cart_reference_id, offer_strip: null });
    });

    it('is null for a shopper without items', async () => {
      expect(await readCart(database, newShopper(), CITY_CODE, { offer: true })).toBeNull();
      expect(await readCart(database, null, CITY_CODE, { offer: true })).toBeNull();
    });
  });

  describe('SPEC §4 quantity 0 becomes a delete', () => {
    it('removes the line, and an emptied cart has no provider', async () => {
      const shopper = newShopper();
      const [a, b] = store;
      if (!a || !b) throw new Error('fixture');
      await updateCart(database, shopper, setItem(a, 1));
      await updateCart(database, shopper, setItem(b, 3));
      expect(quantities(await updateCart(database, shopper, setItem(a, 0)))).toEqual({ [b.itemId]: 3 });
      const emptied = await updateCart(database, shopper, { ...setItem(b, 0), action: 'DELETE_ITEM' } as CartUpdate);
      expect(emptied).toMatchObject({ ok: true, cart: null });
      // …so any store's item may start the next cart.
      expect((await updateCart(database, shopper, setItem(otherStore[0] as FixtureItem, 1))).ok).toBe(true);
    });
  });

  describe('SPEC §5 one provider per cart', () => {
    it('refuses another provider’s item with PROVIDER_MISMATCH and leaves the cart as it was', async () => {
      const shopper = newShopper();
      const before = await updateCart(database, shopper, setItem(store[0] as FixtureItem, 1));
      const refused = await updateCart(database, shopper, setItem(otherStore[0] as FixtureItem, 1));
      expect(refused).toMatchObject({ ok: false, status: 409, code: 'PROVIDER_MISMATCH' });
      expect(refused.cart).toEqual(before.cart);
    });

    it('CREATE_CART starts again with the new provider’s item under a new reference', async () => {
      const shopper = newShopper();
      const before = await updateCart(database, shopper, setItem(store[0] as FixtureItem, 1));
      const replaced = await updateCart(database, shopper, { ...setItem(otherStore[0] as FixtureItem, 1), action: 'CREATE_CART' } as CartUpdate);
      expect(replaced.cart?.provider_id).toBe(otherStore[0]?.providerId);
      expect(quantities(replaced)).toEqual({ [otherStore[0]?.itemId as string]: 1 });
      expect(replaced.cart?.cart_reference_id).not.toBe(before.cart?.cart_reference_id);
    });
  });

  describe('versions and references', () => {
    it('answers a stale version with CART_CONFLICT and the current cart', async () => {
      const shopper = newShopper();
      const first = await updateCart(database, shopper, setItem(store[0] as FixtureItem, 1));
      const version = first.cart?.cart_version as number;
      await updateCart(database, shopper, setItem(store[1] as FixtureItem, 1, { version }));
      const stale = await updateCart(database, shopper, setItem(store[2] as FixtureItem, 1, { version }));
      expect(stale).toMatchObject({ ok: false, status: 409, code: 'CART_CONFLICT' });
      expect(Object.keys(quantities(stale))).toHaveLength(2);
    });

    it('CLEAR_CART empties the cart; its old reference then finds nothing', async () => {
      const shopper = newShopper();
      const first = await updateCart(database, shopper, setItem(store[0] as FixtureItem, 1));
      const reference = first.cart?.cart_reference_id as string;
      expect(await updateCart(database, shopper, { action: 'CLEAR_CART', cart_reference_id: reference })).toMatchObject({ ok: true, cart: null });
      expect(await updateCart(database, shopper, { action: 'CLEAR_CART', cart_reference_id: reference })).toMatchObject({ ok: false, code: 'CART_NOT_FOUND' });
    });

    it('never lets one shopper change another’s cart by its reference', async () => {
      const owner = newShopper();
      const own = await updateCart(database, owner, setItem(store[0] as FixtureItem, 1));
      const reference = own.cart?.cart_reference_id as string;
      const intruder = newShopper();
      expect(await updateCart(database, intruder, { action: 'CLEAR_CART', cart_reference_id: reference })).toMatchObject({ status: 404, cart: null });
      expect(await updateCart(database, intruder, setItem(store[0] as FixtureItem, 5, { cart_reference_id: reference }))).toMatchObject({ status: 404 });
      expect(await readCart(database, owner, CITY_CODE, { offer: false })).toEqual(own.cart);
    });
  });

  describe('issue 28: the order leaves the cart it was placed from', () => {
    let orders = 0;
    /** A placed order's payment, its init built from the cart as it is now (as the checkout records it). */
    async function placedFrom(shopper: string, cart: CartResult['cart'], bppId: string): Promise<string> {
      const id = `ordered-${++orders}`;
      await database.query(
        "INSERT INTO ondc_transactions (transaction_id, shopper_key, domain, city, bpp_id, expires_at) VALUES ($1, $2, 'ONDC:RET10', $3, $4, clock_timestamp() + interval '1 day')",
        [`T-${id}`, shopper, CITY_CODE, bppId],
      );
      await database.query("INSERT INTO checkout_requests (message_id, transaction_id, action, cart_version, lines) VALUES ($1, $2, 'init', $3, $4)", [
        `M-${id}`,
        `T-${id}`,
        cart?.cart_version ?? 0,
        JSON.stringify((cart?.items ?? []).map((e) => ({ itemId: e.sku_id, quantity: e.quantity }))),
      ]);
      await database.query(
        "INSERT INTO payments (payment_id, transaction_id, shopper_key, init_message_id, amount_paise, method, status) VALUES ($1, $2, $3, $4, 100, 'cod', 'ON-DELIVERY')",
        [`P-${id}`, `T-${id}`, shopper, `M-${id}`],
      );
      await database.query(
        "INSERT INTO ondc_messages (transaction_id, message_id, action, direction, body_digest, body) VALUES ($1, $2, 'init', 'out', $2, $3)",
        [`T-${id}`, `M-${id}`, JSON.stringify({ message: { order: { provider: { id: cart?.provider_id } } } })],
      );
      return `P-${id}`;
    }

    it('empties the cart the order was placed from, under a new reference', async () => {
      const shopper = newShopper();
      await updateCart(database, shopper, setItem(store[0] as FixtureItem, 1));
      const ordered = await updateCart(database, shopper, setItem(store[1] as FixtureItem, 2));
      const paymentId = await placedFrom(shopper, ordered.cart, (store[0] as FixtureItem).bppId);
      await database.transaction((tx) => emptyOrderedCart(tx, { shopper, paymentId }));
      expect(await readCart(database, shopper, CITY_CODE, { offer: false })).toBeNull();
      // The old reference re-places nothing: it names no cart any more.
      const again = await updateCart(database, shopper, { action: 'CLEAR_CART', cart_reference_id: ordered.cart?.cart_reference_id as string });
      expect(again).toMatchObject({ ok: false, code: 'CART_NOT_FOUND' });
    });

    it('keeps what the shopper added after the order was quoted', async () => {
      const shopper = newShopper();
      const ordered = await updateCart(database, shopper, setItem(store[0] as FixtureItem, 1));
      const paymentId = await placedFrom(shopper, ordered.cart, (store[0] as FixtureItem).bppId);
      await updateCart(database, shopper, setItem(store[2] as FixtureItem, 3));
      await database.transaction((tx) => emptyOrderedCart(tx, { shopper, paymentId }));
      expect(quantities({ ok: true, cart: await readCart(database, shopper, CITY_CODE, { offer: false }) })).toEqual({ [(store[2] as FixtureItem).itemId]: 3 });
    });

    it("leaves another store's cart alone", async () => {
      const shopper = newShopper();
      const ordered = await updateCart(database, shopper, setItem(store[0] as FixtureItem, 1));
      const paymentId = await placedFrom(shopper, ordered.cart, (store[0] as FixtureItem).bppId);
      const other = otherStore[0] as FixtureItem;
      const next = await updateCart(database, shopper, { ...setItem(other, 1), action: 'CREATE_CART' } as CartUpdate);
      await database.transaction((tx) => emptyOrderedCart(tx, { shopper, paymentId }));
      expect(await readCart(database, shopper, CITY_CODE, { offer: false })).toEqual(next.cart);
    });
  });

  describe('catalogue checks', () => {
    it('refuses more than the seller’s maximum and unknown items', async () => {
      const shopper = newShopper();
      const item = store[0] as FixtureItem;
      expect(await updateCart(database, shopper, setItem(item, item.maxQuantity + 1))).toMatchObject({ status: 400, code: 'QUANTITY_LIMIT' });
      expect(
        await updateCart(database, shopper, { ...setItem(item, 1), sku_id: 'nope', item_metadata: { itemId: 'nope', providerId: item.providerId } }),
      ).toMatchObject({
        status: 404,
        code: 'ITEM_NOT_FOUND',
      });
      expect(await readCart(database, shopper, CITY_CODE, { offer: false })).toBeNull();
    });
  });

  describe('stock runs out', () => {
    it('lets a shopper take fewer of an item that ran out, never more', async () => {
      const shopper = newShopper();
      const item = store[3] as FixtureItem;
      await updateCart(database, shopper, setItem(item, 3));
      await database.query('UPDATE catalogue_items SET in_stock = false WHERE bpp_id = $1 AND provider_id = $2 AND item_id = $3', [
        item.bppId,
        item.providerId,
        item.itemId,
      ]);
      try {
        expect(await updateCart(database, shopper, setItem(item, 4))).toMatchObject({ status: 400, code: 'ITEM_UNAVAILABLE' });
        const fewer = await updateCart(database, shopper, setItem(item, 2));
        expect(fewer.ok).toBe(true);
        expect(fewer.cart?.items[0]?.item_metadata[0]?.quantity.available.count).toBe('0');
      } finally {
        await database.query('UPDATE catalogue_items SET in_stock = true WHERE bpp_id = $1 AND provider_id = $2 AND item_id = $3', [
          item.bppId,
          item.providerId,
          item.itemId,
        ]);
      }
    });
  });

  describe('SPEC §4 add-ons: each customisation is its own line', () => {
    it('checks the choices, prices dish plus add-ons, and keeps different choices apart', async () => {
      const shopper = newShopper();
      const idli = await dish(database, 'Idli Sambar');
      const base = setItem(idli, 1);
      const none = await updateCart(database, shopper, base);
      expect(none).toMatchObject({ status: 400, code: 'INVALID_CUSTOMISATION', message: 'Choose at least 1 in Portion' });
      const four = idli.option('4 Idlis');
      const two = idli.option('2 Idlis');
      const withFour = (q: number) => ({ ...base, quantity: q, item_metadata: { ...base.item_metadata, customisations: [four.item_id] } });
      const both = await updateCart(database, shopper, { ...base, item_metadata: { ...base.item_metadata, customisations: [four.item_id, two.item_id] } });
      expect(both).toMatchObject({ status: 400, message: 'Choose at most 1 in Portion' });
      const first = await updateCart(database, shopper, withFour(1));
      expect(first.cart?.totalCartValueWithItemDiscount).toBe((idli.pricePaise + four.price_paise) / 100);
      const line = first.cart?.items[0];
      expect(line?.item_metadata.map((m) => m.id)).toEqual([idli.itemId, four.item_id]);
      expect(line?.item_metadata[1]?.parentItemId).toBe(line?.item_metadata[0]?.parentItemId);
      await updateCart(database, shopper, { ...base, item_metadata: { ...base.item_metadata, customisations: [two.item_id] } });
      const again = await updateCart(database, shopper, withFour(3));
      expect(again.cart?.items.map((e) => e.quantity)).toEqual([3, 1]);
    });

    it('lists a dish’s groups with min, max and defaults for the picker', async () => {
      const pizza = await dish(database, 'Margherita Pizza');
      const found = await findCustomisations(database, pizza);
      const groups = Object.values(found?.tree.groups ?? {});
      expect(groups.length).toBeGreaterThan(1);
      expect(groups.every((g) => g.max >= g.min)).toBe(true);
      expect(groups.flatMap((g) => g.options).some((o) => o.isDefault && o.childGroupIds.length > 0)).toBe(true);
    });

    it('adds a dish with its default choices from the no-JS form', async () => {
      const shopper = newShopper();
      const coffee = await dish(database, 'Filter Coffee');
      await addOne(database, shopper, coffee, { replace: false });
      const result = await addOne(database, shopper, coffee, { replace: false });
      expect(result.cart?.items).toHaveLength(1);
      expect(result.cart?.items[0]?.quantity).toBe(2);
      expect(result.cart?.items[0]?.item_metadata[1]?.descriptor.name).toBe('Regular Sugar');
    });
  });

  describe('concurrency: no update is lost', () => {
    it('50 concurrent UPDATE_ITEM calls end with exactly their quantities, in one cart', async () => {
      const shopper = newShopper();
      const items = store.slice(0, 50);
      const results = await Promise.all(items.map((item, i) => updateCart(database, shopper, setItem(item, (i % item.maxQuantity) + 1))));
      expect(results.every((r) => r.ok)).toBe(true);
      const cart = await readCart(database, shopper, CITY_CODE, { offer: false });
      expect(Object.fromEntries(cart?.items.map((e) => [e.sku_id, e.quantity]) ?? [])).toEqual(
        Object.fromEntries(items.map((item, i) => [item.itemId, (i % item.maxQuantity) + 1])),
      );
      expect(cart?.cart_version).toBe(50);
    });

    it('of 20 updates naming the same version exactly one wins', async () => {
      const shopper = newShopper();
      const first = await updateCart(database, shopper, setItem(store[0] as FixtureItem, 1));
      const version = first.cart?.cart_version as number;
      const results = await Promise.all(store.slice(1, 21).map((item) => updateCart(database, shopper, setItem(item, 1, { version }))));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.code === 'CART_CONFLICT')).toHaveLength(19);
    });

    it('concurrent adds of one item from the form all count', async () => {
      const shopper = newShopper();
      const item = store[0] as FixtureItem;
      const n = Math.min(10, item.maxQuantity);
      await Promise.all(Array.from({ length: n }, () => addOne(database, shopper, item, { replace: false })));
      expect((await readCart(database, shopper, CITY_CODE, { offer: false }))?.items[0]?.quantity).toBe(n);
    });
  });
});
