import { describe, expect, it } from 'vitest';
import { isOrderId, orderIdSchema } from './paths.ts';

describe('an order id, as every order page, form and complaint request takes it', () => {
  it('takes 1–40 letters, digits and hyphens: the confirmation page as the order page', () => {
    expect(isOrderId('O-1f2e3d')).toBe(true);
    expect(isOrderId('A'.repeat(40))).toBe(true);
  });
  it('names no order with anything else, or with nothing', () => {
    for (const value of ['A'.repeat(41), '', 'O_1', 'O 1', '../orders', null]) expect(isOrderId(value), String(value)).toBe(false);
    expect(orderIdSchema.safeParse('O/1').error?.issues[0]?.message).toBe('order_id must be an order id');
  });
});
