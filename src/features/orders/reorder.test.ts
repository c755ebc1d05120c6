import { describe, expect, it } from 'vitest';
import { leftOut, REORDERABLE, reorderLines, reorderRequestSchema } from './reorder.ts';

const type = (value: string) => [{ code: 'type', list: [{ code: 'type', value }] }];

describe('issue 29 order again: the order’s lines as cart lines', () => {
  it('takes each grocery item with its quantity, repeats added up', () => {
    expect(
      reorderLines([
        { id: 'atta', quantity: { count: 2 } },
        { id: 'dal', quantity: { count: 1 } },
        { id: 'atta', quantity: { count: 1 } },
      ]),
    ).toEqual([
      { itemId: 'atta', quantity: 3, customisationIds: [] },
      { itemId: 'dal', quantity: 1, customisationIds: [] },
    ]);
  });

  it('keeps a dish with its add-ons (one parent_item_id), and a plain dish as itself', () => {
    expect(
      reorderLines([
        { id: 'pizza', quantity: { count: 2 }, parent_item_id: 'L1', tags: type('item') },
        { id: 'cheese', quantity: { count: 2 }, parent_item_id: 'L1', tags: type('customization') },
        { id: 'large', quantity: { count: 2 }, parent_item_id: 'L1', tags: type('customization') },
        { id: 'dosa', quantity: { count: 1 }, parent_item_id: 'dosa', tags: type('item') },
      ]),
    ).toEqual([
      { itemId: 'pizza', quantity: 2, customisationIds: ['cheese', 'large'] },
      { itemId: 'dosa', quantity: 1, customisationIds: [] },
    ]);
  });

  it('skips lines without an item id and reads a missing count as one', () => {
    expect(reorderLines([{ quantity: { count: 3 } }, { id: 'salt' }])).toEqual([{ itemId: 'salt', quantity: 1, customisationIds: [] }]);
  });
});

describe('issue 29 order again: what did not come back, and why', () => {
  const lines = [
    { itemId: 'atta', quantity: 2, customisationIds: [] },
    { itemId: 'dal', quantity: 1, customisationIds: [] },
    { itemId: 'ghee', quantity: 1, customisationIds: [] },
    { itemId: 'rice', quantity: 5, customisationIds: [] },
    { itemId: 'oil', quantity: 1, customisationIds: [] },
  ];
  const names = new Map([
    ['atta', 'Atta 5 kg'],
    ['dal', 'Toor Dal'],
    ['ghee', 'Ghee'],
    ['rice', 'Rice'],
    ['oil', 'Oil'],
  ]);
  const catalogue = new Map([
    ['atta', { inStock: true }],
    ['ghee', { inStock: false }],
    ['rice', { inStock: true }],
    ['oil', { inStock: true }],
  ]);

  it('names items no longer sold, out of stock, held fewer than ordered, and refused', () => {
    const cart = new Map([
      ['atta', 2],
      ['rice', 3],
    ]);
    expect(leftOut(lines, catalogue, cart, names)).toEqual([
      { itemId: 'dal', name: 'Toor Dal', reason: 'not_sold', inCart: 0 },
      { itemId: 'ghee', name: 'Ghee', reason: 'out_of_stock', inCart: 0 },
      { itemId: 'rice', name: 'Rice', reason: 'fewer', inCart: 3 },
      { itemId: 'oil', name: 'Oil', reason: 'refused', inCart: 0 },
    ]);
  });

  it('names nothing when the cart holds at least what was ordered', () => {
    const cart = new Map([
      ['atta', 4],
      ['dal', 1],
      ['ghee', 1],
      ['rice', 5],
      ['oil', 1],
    ]);
    expect(leftOut(lines, catalogue, cart, names)).toEqual([]);
  });
});

describe('issue 29 order again: who may ask, and for what', () => {
  it('is offered on delivered and cancelled orders only', () => {
    expect([...REORDERABLE].sort()).toEqual(['cancelled', 'delivered']);
  });
  it('takes an order id, and replace only as "1"', () => {
    expect(reorderRequestSchema.safeParse({ order_id: 'KO123-abc' }).success).toBe(true);
    expect(reorderRequestSchema.safeParse({ order_id: 'KO1', replace: '1' }).success).toBe(true);
    expect(reorderRequestSchema.safeParse({ order_id: '' }).success).toBe(false);
    expect(reorderRequestSchema.safeParse({ order_id: '../etc' }).success).toBe(false);
    expect(reorderRequestSchema.safeParse({ order_id: 'KO1', replace: 'yes' }).success).toBe(false);
  });
});
