import { describe, expect, it } from 'vitest';
import {
  CANCEL_REASON_ON_THE_WIRE,
  CANCEL_REASONS,
  CANCEL_REASONS_BEFORE_DELIVERY,
  cancelEligibility,
  cancellationView,
  cancelRequestSchema,
  canCancel,
  nextStatus,
  returnInProgress,
  statusLabel,
  stepOf,
  STORE_CANCEL_REASONS,
  storeCancelledUnits,
} from './orders.ts';

const report = (orderState: string, fulfillmentState: string | null = null) => ({ orderState, fulfillmentState });

describe('order timeline', () => {
  it('reads the step from the delivery state first, then the order state', () => {
    expect(stepOf(report('Created', 'Pending'))).toBe('created');
    expect(stepOf(report('Accepted', 'Pending'))).toBe('accepted');
    expect(stepOf(report('In-progress', 'Packed'))).toBe('packed');
    expect(stepOf(report('In-progress', 'Order-picked-up'))).toBe('picked_up');
    expect(stepOf(report('In-progress', 'Out-for-delivery'))).toBe('out_for_delivery');
    expect(stepOf(report('Completed', 'Order-delivered'))).toBe('delivered');
    expect(stepOf(report('Cancelled', 'Cancelled'))).toBeNull();
  });

  it('never moves backwards on a late or repeated callback', () => {
    let status = nextStatus('created', report('In-progress', 'Out-for-delivery'));
    expect(status).toBe('out_for_delivery');
    status = nextStatus(status, report('In-progress', 'Packed'));
    expect(status).toBe('out_for_delivery');
    status = nextStatus(status, report('In-progress', 'Out-for-delivery'));
    expect(status).toBe('out_for_delivery');
    expect(nextStatus(status, report('Completed', 'Order-delivered'))).toBe('delivered');
  });

  it('keeps a cancelled order cancelled whatever comes after', () => {
    const cancelled = nextStatus('packed', report('Cancelled', 'Cancelled'));
    expect(cancelled).toBe('cancelled');
    expect(nextStatus(cancelled, report('Completed', 'Order-delivered'))).toBe('cancelled');
    expect(statusLabel(cancelled)).toBe('Cancelled');
    expect(statusLabel('picked_up')).toBe('Picked up');
  });
});

describe('SPEC §4 cancel', () => {
  it('is allowed until the order is out for delivery', () => {
    expect(['created', 'accepted', 'packed', 'picked_up'].every((s) => canCancel(s as never))).toBe(true);
    expect(canCancel('out_for_delivery')).toBe(false);
    expect(canCancel('delivered')).toBe(false);
    expect(canCancel('cancelled')).toBe(false);
  });

  it('says why it is not eligible, including a cancel already with the store', () => {
    expect(cancelEligibility('packed', false)).toEqual({ eligible: true });
    expect(cancelEligibility('packed', true)).toEqual({ eligible: false, reason: 'A cancellation is already with the store' });
    expect(cancelEligibility('out_for_delivery', false).eligible).toBe(false);
    expect(cancelEligibility('cancelled', false)).toEqual({ eligible: false, reason: 'This order is already cancelled' });
  });

  it('offers the SPEC §8 shopper reasons 001, 003, 006, 009, 010 and refuses 999 from a shopper', () => {
    expect(CANCEL_REASONS.map((r) => r.id)).toEqual(['001', '003', '006', '009', '010']);
    // Issue 28: cancelling happens before delivery, so the form does not offer "Wrong product delivered".
    expect(CANCEL_REASONS_BEFORE_DELIVERY.map((r) => r.text)).toEqual(['Prices changed', 'Lower price elsewhere', 'Delivery delay', 'Wrong address']);
    expect(cancelRequestSchema.safeParse({ type: 'cancel', order_id: 'KO1', reason_id: '006' }).success).toBe(true);
    expect(cancelRequestSchema.safeParse({ type: 'cancel', order_id: 'KO1', reason_id: '999' }).success).toBe(false);
    expect(cancelRequestSchema.safeParse({ type: 'cancel', order_id: '', reason_id: '001' }).success).toBe(false);
  });

  it('sends every shopper reason under a code each ONDC checker accepts from a buyer (README "Decisions")', () => {
    // log-validation-utility 4d13362: cancel's buyerCancellationRid, on_cancel's reasonCode.ts codes
    // USED_BY BNP; Pramaan 03d55f5 RetailBuyerNpTest/schema/cancel.schema.js.
    const validatorCancel = new Set(['051', '052', '053', '999', '010']);
    const validatorOnCancel = new Set(['001', '003', '006', '009', '010', '999']);
    const pramaan = new Set(['001', '003', '004', '006', '009', '010', '999']);
    for (const { id } of CANCEL_REASONS) {
      const wire = CANCEL_REASON_ON_THE_WIRE[id];
      expect([validatorCancel.has(wire), validatorOnCancel.has(wire), pramaan.has(wire)], `${id} → ${wire}`).toEqual([true, true, true]);
    }
  });
});

describe('who cancelled, in words (ondc-notes §2)', () => {
  const cancelled = (by: string, id: string) => ({ cancellation: { cancelled_by: by, reason: { id } } });
  it('a store’s reason reads as what happened to the order; the shopper’s own as SPEC §8 says it', () => {
    expect(cancellationView(cancelled('grocer.sellers', '011'), 'grocer.sellers')).toEqual({
      byStore: true,
      reasonId: '011',
      reason: 'The rider could not reach you',
    });
    expect(cancellationView(cancelled('kirana.localhost', '006'), 'grocer.sellers')).toEqual({ byStore: false, reasonId: '006', reason: 'Delivery delay' });
    expect(cancellationView(cancelled('grocer.sellers', '020'), 'grocer.sellers')?.reason).toBe('The store could not complete this order');
    expect(cancellationView({}, 'grocer.sellers')).toBeNull();
  });

  it('shows the shopper the reason they chose, not the code it travelled under', () => {
    expect(cancellationView(cancelled('kirana.localhost', '010'), 'grocer.sellers', '006')).toEqual({
      byStore: false,
      reasonId: '006',
      reason: 'Delivery delay',
    });
    // A store's cancel is the store's reason, whatever the shopper had asked before.
    expect(cancellationView(cancelled('grocer.sellers', '011'), 'grocer.sellers', '006')).toMatchObject({ byStore: true, reasonId: '011' });
  });

  it('lists the units the store cut from an order it kept, not the buyer’s own cancel', () => {
    const order = {
      state: 'Accepted',
      items: [
        { id: 'I1', fulfillment_id: 'F1', quantity: { count: 1 } },
        { id: 'I2', fulfillment_id: 'C1', quantity: { count: 2 } },
      ],
      fulfillments: [
        {
          id: 'C1',
          type: 'Cancel',
          tags: [
            {
              code: 'cancel_request',
              list: [
                { code: 'reason_id', value: '002' },
                { code: 'initiated_by', value: 'grocer.sellers' },
              ],
            },
          ],
        },
      ],
    };
    expect(storeCancelledUnits(order, 'grocer.sellers')).toEqual([{ itemId: 'I2', quantity: 2, reasonId: '002', reason: STORE_CANCEL_REASONS['002'] }]);
    expect(storeCancelledUnits({ ...order, state: 'Cancelled' }, 'grocer.sellers')).toEqual([]);
    expect(storeCancelledUnits(order, 'another.seller')).toEqual([]);
  });
});

describe('a return the order page follows', () => {
  it('is followed from the request until the seller names an end', () => {
    for (const state of ['submitted', 'Return_Initiated', 'Return_Approved', 'Return_Picked']) expect(returnInProgress(state, null), state).toBe(true);
    for (const state of ['Return_Delivered', 'Liquidated', 'Return_Rejected', 'Return_Pick_Failed', 'Return_Failed'])
      expect(returnInProgress(state, null), state).toBe(false);
  });
  it('is not followed when none was asked for, or the request was refused on sending', () => {
    expect(returnInProgress(null, null)).toBe(false);
    expect(returnInProgress('submitted', 'The order has no 2 unreturned unit(s)')).toBe(false);
  });
});
