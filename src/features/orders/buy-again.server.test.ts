// Issue 29 buy-again shelf: the shopper's past items as the catalogue sells them today.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { plainItems, seedCatalogue, type FixtureItem } from '#/features/cart/fixtures/catalogue.ts';
import { buyAgainItems } from './buy-again.server.ts';
import { placedOrder } from './fixtures/orders.ts';

describe.each(testDatabases())('buy again on $name', ({ open }) => {
  let database: Database;
  let store: FixtureItem[];
  let pincode: string;
  let shoppers = 0;
  const newShopper = () => `device:buy-again-${++shoppers}`;

  beforeAll(async () => {
    database = await open();
    await seedCatalogue(database);
    store = await plainItems(database, { domain: 'ONDC:RET10', count: 5 });
    const [first] = store as [FixtureItem];
    const [served] = await database.query<{ pincode: string }>(
      'SELECT serves_pincodes[1] AS pincode FROM catalogue_providers WHERE bpp_id = $1 AND provider_id = $2',
      [first.bppId, first.providerId],
    );
    pincode = served?.pincode ?? '';
    expect(pincode).toMatch(/^\d{6}$/);
  });
  afterAll(() => database.close());

  it('lists what the shopper ordered, most often ordered first, at the price sold today; nothing for a shopper who never ordered', async () => {
    const [atta, dal, ghee] = store as [FixtureItem, FixtureItem, FixtureItem];
    const shopper = newShopper();
    await placedOrder(database, shopper, [
      { item: atta, quantity: 1 },
      { item: dal, quantity: 3 },
    ]);
    await placedOrder(database, shopper, [
      { item: dal, quantity: 1 },
      { item: ghee, quantity: 1 },
    ]);
    // Since the orders, the store raised the price of ghee.
    await database.query('UPDATE catalogue_items SET price_paise = price_paise + 500 WHERE bpp_id = $1 AND provider_id = $2 AND item_id = $3', [
      ghee.bppId,
      ghee.providerId,
      ghee.itemId,
    ]);

    const shelf = await buyAgainItems(database, shopper, { pincode });
    expect(shelf.map((i) => i.id)).toEqual([dal.itemId, ghee.itemId, atta.itemId]);
    expect(shelf.find((i) => i.id === ghee.itemId)?.price).toBe(ghee.pricePaise + 500);
    expect(shelf.every((i) => i.availableQuantity > 0)).toBe(true);

    expect(await buyAgainItems(database, newShopper(), { pincode })).toEqual([]);
  });

  it("leaves off what the store stopped selling, ran out of, or cannot deliver to the shopper's pincode", async () => {
    const [, , , rice, salt] = store as [FixtureItem, FixtureItem, FixtureItem, FixtureItem, FixtureItem];
    const shopper = newShopper();
    await placedOrder(database, shopper, [
      { item: rice, quantity: 1 },
      { item: salt, quantity: 1 },
    ]);
    expect((await buyAgainItems(database, shopper, { pincode })).map((i) => i.id).sort()).toEqual([rice.itemId, salt.itemId].sort());
    expect(await buyAgainItems(database, shopper, { pincode: '999999' })).toEqual([]);

    await database.query('UPDATE catalogue_items SET in_stock = false WHERE bpp_id = $1 AND provider_id = $2 AND item_id = $3', [
      rice.bppId,
      rice.providerId,
      rice.itemId,
    ]);
    await database.query('DELETE FROM catalogue_items WHERE bpp_id = $1 AND provider_id = $2 AND item_id = $3', [salt.bppId, salt.providerId, salt.itemId]);
    expect(await buyAgainItems(database, shopper, { pincode })).toEqual([]);
  });

  it("is the shopper's own: another shopper's orders never reach it", async () => {
    const [atta] = store as [FixtureItem];
    const someone = newShopper();
    await placedOrder(database, someone, [{ item: atta, quantity: 1 }]);
    expect(await buyAgainItems(database, newShopper(), { pincode })).toEqual([]);
  });
});
