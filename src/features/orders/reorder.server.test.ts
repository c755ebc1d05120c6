// Issue 29 "Order again" against the cart service: the cart's own rules decide what comes back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { readCart, updateCart } from '#/features/cart/cart.server.ts';
import { CITY_CODE, plainItems, seedCatalogue, type FixtureItem } from '#/features/cart/fixtures/catalogue.ts';
import { placedOrder } from './fixtures/orders.ts';
import { orderAgain, reorderNotice } from './reorder.server.ts';

const quantities = async (database: Database, shopper: string) => {
  const cart = await readCart(database, shopper, CITY_CODE, { offer: false });
  return Object.fromEntries((cart?.items ?? []).map((e) => [e.sku_id, e.quantity]));
};

describe.each(testDatabases())('order again through the cart service on $name', ({ open }) => {
  let database: Database;
  let store: FixtureItem[];
  let otherStore: FixtureItem[];
  let shoppers = 0;
  const newShopper = () => `device:reorder-${++shoppers}`;

  beforeAll(async () => {
    database = await open();
    await seedCatalogue(database);
    // Open at any hour: the test is about the order's items, not the clock.
    await database.query('UPDATE catalogue_providers SET opens_at = NULL, closes_at = NULL');
    store = await plainItems(database, { domain: 'ONDC:RET10', count: 6 });
    otherStore = await plainItems(database, { domain: 'ONDC:RET10', providerIndex: 1, count: 1 });
  });
  afterAll(() => database.close());

  it('puts back what is still sold and in stock, at most the per-order maximum, and names the rest', async () => {
    const [atta, dal, ghee, rice] = store as [FixtureItem, FixtureItem, FixtureItem, FixtureItem];
    const shopper = newShopper();
    const orderId = await placedOrder(database, shopper, [
      { item: atta, quantity: 2 },
      { item: dal, quantity: 1 },
      { item: ghee, quantity: 1 },
      { item: rice, quantity: rice.maxQuantity + 3 },
    ]);
    // Since the order: the store stopped selling dal and ran out of ghee.
    await database.query('DELETE FROM catalogue_items WHERE bpp_id = $1 AND provider_id = $2 AND item_id = $3', [dal.bppId, dal.providerId, dal.itemId]);
    await database.query('UPDATE catalogue_items SET in_stock = false WHERE bpp_id = $1 AND provider_id = $2 AND item_id = $3', [
      ghee.bppId,
      ghee.providerId,
      ghee.itemId,
    ]);

    const outcome = await orderAgain(database, shopper, orderId, { replace: false });
    expect(outcome).toMatchObject({ ok: true, added: 2 });
    expect(await quantities(database, shopper)).toEqual({ [atta.itemId]: 2, [rice.itemId]: rice.maxQuantity });

    const cart = await readCart(database, shopper, CITY_CODE, { offer: false });
    const notice = await reorderNotice(database, shopper, orderId, cart);
    expect(notice?.storeName).toBe('Fixture Store');
    expect(notice?.leftOut).toEqual([
      { itemId: dal.itemId, name: dal.name, reason: 'not_sold', inCart: 0 },
      { itemId: ghee.itemId, name: ghee.name, reason: 'out_of_stock', inCart: 0 },
      { itemId: rice.itemId, name: rice.name, reason: 'fewer', inCart: rice.maxQuantity },
    ]);
  });

  it('keeps another store’s cart unless the shopper agrees to replace it', async () => {
    const [, , , , salt, sugar] = store as FixtureItem[];
    const shopper = newShopper();
    const orderId = await placedOrder(
      database,
      shopper,
      [
        { item: salt!, quantity: 1 },
        { item: sugar!, quantity: 2 },
      ],
      'cancelled',
    );
    const other = otherStore[0]!;
    await updateCart(database, shopper, {
      action: 'UPDATE_ITEM',
      sku_id: other.itemId,
      quantity: 1,
      cart_metadata: { bpp_id: other.bppId, provider_id: other.providerId },
      item_metadata: { itemId: other.itemId, providerId: other.providerId },
    });
    expect(await orderAgain(database, shopper, orderId, { replace: false })).toMatchObject({ ok: false, status: 409, code: 'PROVIDER_MISMATCH' });
    expect(await quantities(database, shopper)).toEqual({ [other.itemId]: 1 });
    expect(await orderAgain(database, shopper, orderId, { replace: true })).toMatchObject({ ok: true, added: 2 });
    expect(await quantities(database, shopper)).toEqual({ [salt!.itemId]: 1, [sugar!.itemId]: 2 });
  });

  it('refuses an order still on its way, another shopper’s order and a closed store, adding nothing', async () => {
    const [atta] = store as [FixtureItem];
    const shopper = newShopper();
    const coming = await placedOrder(database, shopper, [{ item: atta, quantity: 1 }], 'out_for_delivery');
    expect(await orderAgain(database, shopper, coming, { replace: false })).toMatchObject({ ok: false, status: 409, code: 'NOT_OVER' });
    const delivered = await placedOrder(database, shopper, [{ item: atta, quantity: 1 }]);
    expect(await orderAgain(database, newShopper(), delivered, { replace: false })).toMatchObject({ ok: false, status: 404 });
    await database.query("UPDATE catalogue_providers SET status = 'disable' WHERE bpp_id = $1 AND provider_id = $2", [atta.bppId, atta.providerId]);
    try {
      expect(await orderAgain(database, shopper, delivered, { replace: false })).toMatchObject({ ok: false, status: 409, code: 'STORE_TEMPORARILY_CLOSED' });
    } finally {
      await database.query("UPDATE catalogue_providers SET status = 'enable' WHERE bpp_id = $1 AND provider_id = $2", [atta.bppId, atta.providerId]);
    }
    expect(await quantities(database, shopper)).toEqual({});
  });
});
