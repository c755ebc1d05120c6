import { describe, expect, it } from 'vitest';
import { cashDuePaise, refundsDueOf } from './orders.server.ts';

const trail = (...values: string[]) =>
  values.map((value) => ({
    code: 'quote_trail',
    list: [
      { code: 'type', value: 'item' },
      { code: 'id', value: 'I1' },
      { code: 'value', value },
    ],
  }));
const fulfillment = (id: string, type: string, state: string, ...values: string[]) => ({
  id,
  type,
  state: { descriptor: { code: state } },
  tags: trail(...values),
});

describe('refunds a seller’s order message makes due (quote_trail per fulfillment)', () => {
  it('a cancel and an RTO at once, a return once its goods are collected or liquidated, never a delivery', () => {
    const order = {
      fulfillments: [
        fulfillment('F1', 'Delivery', 'Order-delivered', '-5.00'),
        fulfillment('C1', 'Cancel', 'Cancelled', '-40.00', '-2.50'),
        fulfillment('R1', 'Return', 'Return_Approved', '-10.00'),
        fulfillment('R2', 'Return', 'Return_Picked', '-12.00'),
        fulfillment('R3', 'Return', 'Liquidated', '-8.25'),
        fulfillment('RTO1', 'RTO', 'RTO-Initiated', '-99.00'),
      ],
    };
    expect(refundsDueOf('O1', order)).toEqual([
      { key: 'O1:C1', amountPaise: 4250, fulfillment: { id: 'C1', type: 'Cancel' } },
      { key: 'O1:R2', amountPaise: 1200, fulfillment: { id: 'R2', type: 'Return' } },
      { key: 'O1:R3', amountPaise: 825, fulfillment: { id: 'R3', type: 'Return' } },
      { key: 'O1:RTO1', amountPaise: 9900, fulfillment: { id: 'RTO1', type: 'RTO' } },
    ]);
  });

  it('ignores trails that take nothing out and values that are not money', () => {
    expect(refundsDueOf('O1', { fulfillments: [fulfillment('C1', 'Cancel', 'Cancelled', '0.00'), fulfillment('C2', 'Cancel', 'Cancelled', 'lots')] })).toEqual(
      [],
    );
    expect(refundsDueOf('O1', {})).toEqual([]);
  });
});

describe('the cash a cash-on-delivery shopper hands over', () => {
  it('is the total less the goods the store cancelled before delivery, never below nothing', () => {
    expect(cashDuePaise('O1', 12_500, {})).toBe(12_500);
    expect(cashDuePaise('O1', 12_500, { fulfillments: [fulfillment('C1', 'Cancel', 'Cancelled', '-40.00', '-2.50')] })).toBe(8250);
    // A coupon made the total less than the goods: the cancel cannot make the rider owe the shopper.
    expect(cashDuePaise('O1', 3000, { fulfillments: [fulfillment('C1', 'Cancel', 'Cancelled', '-40.00')] })).toBe(0);
  });

  it('takes nothing off for a return (paid at the door before) or a cancel not yet done', () => {
    expect(
      cashDuePaise('O1', 12_500, {
        fulfillments: [fulfillment('R1', 'Return', 'Liquidated', '-10.00'), fulfillment('C1', 'Cancel', 'Cancel-Initiated', '-40.00')],
      }),
    ).toBe(12_500);
  });
});
