import { describe, expect, it } from 'vitest';
import { cartOf, groceryItem } from '#/features/cart/fixtures/cart.ts';
import { checkedLines, clientCopy, protocolItems, sameItems } from './session.ts';

describe('issue 23: select and init are built from the server cart', () => {
  const cart = cartOf([
    [groceryItem('p1', 'atta', 24500), 2],
    [groceryItem('p1', 'dal', 9900), 1],
  ]);

  it('one protocol item per line with its quantity and location', () => {
    expect(protocolItems(cart)).toEqual([
      { id: 'atta', quantity: 2, location_id: 'p1-l1' },
      { id: 'dal', quantity: 1, location_id: 'p1-l1' },
    ]);
  });
  it('the quote checks read the prices the shopper saw in the cart', () => {
    expect(checkedLines(cart)).toEqual([
      { itemId: 'atta', parentItemId: undefined, name: 'Item atta', quantity: 2, unitPricePaise: 24500 },
      { itemId: 'dal', parentItemId: undefined, name: 'Item dal', quantity: 1, unitPricePaise: 9900 },
    ]);
  });
  it("a client's copy is the same in any order, and differs on a quantity or an item", () => {
    const items = protocolItems(cart);
    expect(sameItems([...items].reverse(), items)).toBe(true);
    expect(
      sameItems(
        [
          { id: 'atta', quantity: 3 },
          { id: 'dal', quantity: 1 },
        ],
        items,
      ),
    ).toBe(false);
    expect(sameItems([{ id: 'atta', quantity: 2 }], items)).toBe(false);
  });
  it('select (sku_id) and init (id) naming the same lines are one client copy, compared alike with the cart', () => {
    const place = { ondcCity: 'std:080', provider: { id: 'p1' }, bpp: { bpp_id: 'seller' }, cart_version: 4 };
    const select = clientCopy({
      ...place,
      items: [
        { sku_id: 'atta', quantity: 2 },
        { sku_id: 'dal', quantity: 1 },
      ],
    });
    const init = clientCopy({
      ...place,
      items: [
        { id: 'atta', quantity: 2 },
        { id: 'dal', quantity: 1 },
      ],
    });
    expect(init).toEqual(select);
    expect(select).toMatchObject({ ondcCity: 'std:080', providerId: 'p1', bppId: 'seller', cartVersion: 4 });
    expect(sameItems(select.items!, protocolItems(cart))).toBe(true);
    expect(clientCopy({ ondcCity: 'std:080' })).toEqual({
      ondcCity: 'std:080',
      items: undefined,
      providerId: undefined,
      bppId: undefined,
      cartVersion: undefined,
    });
  });
});
