// Rating a delivered order (issue 29): what may be rated, the request as a form or a script sends
// it, and the rules it must meet before anything is stored or sent.
import { describe, expect, it } from 'vitest';
import { awaitsRating, rateOrderSchema, ratingProblem, ratingTargets, type GivenRating } from './ratings.ts';

const customisation = [{ code: 'type', list: [{ code: 'type', value: 'customization' }] }];
const order = {
  orderId: 'KO1',
  storeName: 'Quick Basket',
  sellerOrder: {
    provider: { id: 'store-1' },
    items: [{ id: 'pizza' }, { id: 'cheese', tags: customisation }, { id: 'pizza' }, { id: 'atta' }],
    fulfillments: [{ id: 'F1', type: 'Delivery' }],
    quote: {
      breakup: [
        { '@ondc/org/item_id': 'pizza', '@ondc/org/title_type': 'item', title: 'Farm pizza' },
        { '@ondc/org/item_id': 'F1', '@ondc/org/title_type': 'delivery', title: 'Delivery charges' },
      ],
    },
  },
  currentOrder: { fulfillments: [{ type: 'Delivery', agent: { name: 'Ravi Kumar' } }] },
};

describe('what of an order may be rated', () => {
  it('the order, the store, the rider and the delivery (by the delivery’s id), and each item once; an add-on goes with its dish', () => {
    expect(ratingTargets(order)).toEqual([
      { category: 'Order', id: 'KO1', name: 'KO1' },
      { category: 'Provider', id: 'store-1', name: 'Quick Basket' },
      { category: 'Agent', id: 'F1', name: 'Ravi Kumar' },
      { category: 'Fulfillment', id: 'F1', name: '' },
      { category: 'Item', id: 'pizza', name: 'Farm pizza' },
      { category: 'Item', id: 'atta', name: 'atta' },
    ]);
  });

  it('no rider named yet: the delivery partner without a name', () => {
    expect(ratingTargets({ ...order, currentOrder: {} }).find((t) => t.category === 'Agent')).toEqual({ category: 'Agent', id: 'F1', name: '' });
  });

  it('refuses a thing the order does not have', () => {
    const targets = ratingTargets(order);
    expect(
      ratingProblem(
        [
          { rating_category: 'Item', id: 'pizza', value: 5 },
          { rating_category: 'Agent', id: 'F1', value: 4 },
        ],
        targets,
      ),
    ).toBeNull();
    expect(ratingProblem([{ rating_category: 'Item', id: 'cheese', value: 5 }], targets)).toBe('Item cheese is not part of this order');
    expect(ratingProblem([{ rating_category: 'Provider', id: 'store-2', value: 5 }], targets)).toBe('Provider store-2 is not part of this order');
  });

  it('a thing waits for stars until rated; one the store refused may be rated again', () => {
    const [target] = ratingTargets(order);
    const given = (state: GivenRating['state']): GivenRating[] => [{ category: 'Order', id: 'KO1', value: 4, comment: null, state, error: null }];
    expect(awaitsRating(target!, [])).toBe(true);
    for (const state of ['SENDING', 'SENT', 'RECORDED'] as const) expect(awaitsRating(target!, given(state)), state).toBe(false);
    expect(awaitsRating(target!, given('REFUSED'))).toBe(true);
  });
});

describe('the rating request', () => {
  const parse = (body: unknown) => rateOrderSchema.safeParse(body);
  const problem = (body: unknown) => {
    const parsed = parse(body);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it('a script’s JSON: stars for some things, a comment with any', () => {
    const body = {
      order_id: 'KO1',
      ratings: [
        { rating_category: 'Order', id: 'KO1', value: 5, comment: ' Quick! ' },
        { rating_category: 'Item', id: 'atta', value: 3 },
      ],
    };
    expect(parse(body)).toEqual({
      success: true,
      data: {
        order_id: 'KO1',
        ratings: [
          { rating_category: 'Order', id: 'KO1', value: 5, comment: 'Quick!' },
          { rating_category: 'Item', id: 'atta', value: 3 },
        ],
      },
    });
  });

  it('the page’s form: <category>:<id> = stars, the comment going with the order’s; unanswered questions are left out', () => {
    const form = { order_id: 'KO1', 'Order:KO1': '4', 'Item:dal:1kg': '2', 'Agent:F1': '5', comment: 'Rider was kind' };
    expect(parse(form)).toEqual({
      success: true,
      data: {
        order_id: 'KO1',
        ratings: [
          { rating_category: 'Order', id: 'KO1', value: 4, comment: 'Rider was kind' },
          { rating_category: 'Item', id: 'dal:1kg', value: 2 },
          { rating_category: 'Agent', id: 'F1', value: 5 },
        ],
      },
    });
    expect(parse({ order_id: 'KO1', 'Order:KO1': '4', comment: '   ' })).toMatchObject({
      success: true,
      data: { ratings: [{ rating_category: 'Order', id: 'KO1', value: 4 }] },
    });
  });

  it('refuses stars outside 1–5 or not whole, as JSON or from a form', () => {
    for (const value of [0, 6, 2.5, '5', null])
      expect(problem({ order_id: 'KO1', ratings: [{ rating_category: 'Order', id: 'KO1', value }] }), String(value)).toMatch(/^Invalid rating value/);
    for (const value of ['0', '6', 'five', '4.5']) expect(problem({ order_id: 'KO1', 'Order:KO1': value }), value).toMatch(/^Invalid rating value/);
  });

  it('refuses a category ONDC does not rate', () => {
    expect(problem({ order_id: 'KO1', ratings: [{ rating_category: 'Support', id: 'KO1', value: 4 }] })).toMatch(/^Unsupported rating category/);
    expect(problem({ order_id: 'KO1', 'Portal:x': '4' })).toMatch(/^Unsupported rating category/);
  });

  it('refuses no stars at all, the same thing twice, a long comment and a bad order id', () => {
    expect(problem({ order_id: 'KO1', ratings: [] })).toBe('Choose at least one star rating');
    expect(problem({ order_id: 'KO1' })).toBe('Choose at least one star rating');
    const twice = { rating_category: 'Order', id: 'KO1', value: 4 };
    expect(problem({ order_id: 'KO1', ratings: [twice, { ...twice, value: 5 }] })).toBe('Each thing is rated once per request');
    expect(problem({ order_id: 'KO1', ratings: [{ ...twice, comment: 'x'.repeat(201) }] })).toBe('A comment is at most 200 characters');
    expect(problem({ order_id: '../KO1', ratings: [twice] })).toBe('order_id is required');
    expect(parse([1, 2]).success).toBe(false);
  });
});
