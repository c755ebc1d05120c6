// The embedded seller judges a buyer's rating as a real one would (ONDC 1.2.0 rating, ONDC-RFC-001
// codes): 50003 for a category it does not rate, 30015 for stars outside 1–5, the not-found code
// for a thing not in the order; its on_rating holds to ONDC's RatingAck.
import { describe, expect, it } from 'vitest';
import { ratingMessage, ratingMessageProblems } from '#/ondc/rating.ts';
import { orderOf, providerById, steadyItems } from './fixtures/orders.ts';
import { judgeRating, onRatingMessage } from './ratings.ts';
import type { MessageOf } from './requests.ts';

const quick = providerById('bengaluru-quick-basket-store');
const [tea, rice] = steadyItems(quick);
const order = orderOf(quick, [
  [tea!, 2],
  [rice!, 1],
]);
const meta = { messageId: 'M1', at: new Date('2026-01-05T07:30:00.000Z') };
const judge = (rating: Partial<MessageOf<'rating'>>) => judgeRating(order, { rating_category: 'Order', id: order.id, value: 4, ...rating }, meta);
const codeOf = (verdict: ReturnType<typeof judgeRating>) => ('error' in verdict ? verdict.error.code : null);

describe('a rating the seller takes', () => {
  it('the order, its store, its delivery (rider and delivery) and each item bought, 1 to 5 stars', () => {
    for (const [category, id] of [
      ['Order', order.id],
      ['Provider', quick.id],
      ['Agent', 'F1'],
      ['Fulfillment', 'F1'],
      ['Item', tea!.id],
      ['Item', rice!.id],
    ] as const) {
      for (const value of [1, 5]) expect(codeOf(judge({ rating_category: category, id, value })), `${category} ${id} ${value}`).toBeNull();
    }
  });

  it('keeps the stars and the shopper’s words, and says both were recorded', () => {
    const verdict = judgeRating(order, ratingMessage({ category: 'Order', id: order.id, value: 3, comment: 'Milk was warm' }), meta);
    expect(verdict).toEqual({
      record: { orderId: 'O1', category: 'Order', id: 'O1', value: 3, feedback: 'Milk was warm', messageId: 'M1', at: '2026-01-05T07:30:00.000Z' },
    });
    const record = 'record' in verdict ? verdict.record : null;
    expect(onRatingMessage(record)).toEqual({ rating_ack: true, feedback_ack: true });
    expect(onRatingMessage({ ...record!, feedback: null })).toEqual({ rating_ack: true, feedback_ack: false });
  });

  it('takes stars written as digits, as some buyer apps send them', () => {
    expect(judge({ value: '5' })).toMatchObject({ record: { value: 5 } });
  });
});

describe('a rating the seller refuses', () => {
  it('50003 Unsupported rating category for a category it does not rate', () => {
    for (const category of ['Support', 'Portal', 'order']) expect(codeOf(judge({ rating_category: category })), category).toBe('50003');
    expect(judge({ rating_category: 'Support' })).toMatchObject({ error: { type: 'POLICY-ERROR', code: '50003' } });
  });

  it('30015 Invalid rating value outside 1–5 or not whole stars', () => {
    for (const value of [0, 6, -1, 4.5, '4.5', 'five', '']) expect(codeOf(judge({ value })), String(value)).toBe('30015');
    expect(judge({ value: 9 })).toMatchObject({ error: { type: 'DOMAIN-ERROR', code: '30015' } });
  });

  it('the not-found code for something not in the order, and 30018 without an order in the transaction', () => {
    expect(codeOf(judge({ rating_category: 'Order', id: 'O2' }))).toBe('30018');
    expect(codeOf(judge({ rating_category: 'Provider', id: 'another-store' }))).toBe('30001');
    expect(codeOf(judge({ rating_category: 'Item', id: 'not-bought' }))).toBe('30004');
    expect(codeOf(judge({ rating_category: 'Agent', id: 'F9' }))).toBe('50007');
    expect(codeOf(judgeRating(undefined, { rating_category: 'Order', id: 'O1', value: 4 }, meta))).toBe('30018');
  });

  it('says nothing was recorded, in ONDC’s RatingAck', () => {
    expect(onRatingMessage(null)).toEqual({ rating_ack: false, feedback_ack: false });
  });
});

describe('on_rating holds to ONDC 1.2.0’s RatingAck', () => {
  it('recorded or not, both acknowledgements are booleans', () => {
    expect(ratingMessageProblems('on_rating', onRatingMessage(null))).toEqual([]);
    expect(ratingMessageProblems('on_rating', { rating_ack: 'yes' })).toHaveLength(2);
  });
});
