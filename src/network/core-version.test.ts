import { describe, expect, it } from 'vitest';
import { inCoreVersion } from './core-version.ts';

const onInit = (collectedBy: 'BAP' | 'BPP') => ({
  order: { id: 'O1', payment: { type: collectedBy === 'BAP' ? 'ON-ORDER' : 'ON-FULFILLMENT', collected_by: collectedBy, status: 'NOT-PAID' } },
});

// ONDC's log validator for core 1.2.5 (Retail_.1.2.5/Init/onInit.ts at 4d13362): "payments.collected_by
// not allowed in on_init when BAP".
describe('a core 1.2.5 seller’s order callbacks (issue 25)', () => {
  it('leaves out who collects a prepaid order in on_init, where the buyer app collecting goes without saying', () => {
    expect(inCoreVersion('1.2.5', 'on_init', onInit('BAP'))).toEqual({ order: { id: 'O1', payment: { type: 'ON-ORDER', status: 'NOT-PAID' } } });
  });

  it('still says the seller collects cash on delivery, and says who collected in on_confirm', () => {
    expect(inCoreVersion('1.2.5', 'on_init', onInit('BPP'))).toEqual(onInit('BPP'));
    expect(inCoreVersion('1.2.5', 'on_confirm', onInit('BAP'))).toEqual(onInit('BAP'));
  });

  it('names the delivery’s routing (store to shopper, P2P) in the order callbacks after confirm but on_cancel, and only the delivery’s', () => {
    const placed = {
      order: {
        id: 'O1',
        fulfillments: [
          { id: 'F1', type: 'Delivery', tags: [{ code: 'precancel_state', list: [] }] },
          { id: 'C1', type: 'Cancel' },
        ],
      },
    };
    for (const action of ['on_confirm', 'on_status', 'on_update']) {
      const fitted = inCoreVersion('1.2.5', action, placed) as typeof placed;
      expect(fitted.order.fulfillments[0]?.tags).toEqual([
        { code: 'precancel_state', list: [] },
        { code: 'routing', list: [{ code: 'type', value: 'P2P' }] },
      ]);
      expect(fitted.order.fulfillments[1]).toEqual({ id: 'C1', type: 'Cancel' });
    }
    // on_cancel's 1.2.5 schema lists the tags a cancelled delivery may carry, and routing is not one.
    for (const action of ['on_select', 'on_cancel']) expect(inCoreVersion('1.2.5', action, placed)).toEqual(placed);
  });

  it('keeps the routing in an on_cancel whose goods ride back (RTO), as the RTO on_status states the delivery', () => {
    const cancelledOnTheWay = {
      order: {
        id: 'O1',
        state: 'Cancelled',
        fulfillments: [
          { id: 'F1', type: 'Delivery', tags: [{ code: 'cancel_request', list: [] }] },
          { id: 'RTO1', type: 'RTO' },
        ],
      },
    };
    const onCancel = inCoreVersion('1.2.5', 'on_cancel', cancelledOnTheWay) as typeof cancelledOnTheWay;
    const onStatus = inCoreVersion('1.2.5', 'on_status', cancelledOnTheWay) as typeof cancelledOnTheWay;
    expect(onCancel.order.fulfillments[0]?.tags).toEqual([
      { code: 'cancel_request', list: [] },
      { code: 'routing', list: [{ code: 'type', value: 'P2P' }] },
    ]);
    expect(onCancel.order.fulfillments).toEqual(onStatus.order.fulfillments);
    expect(inCoreVersion('1.2.0', 'on_cancel', cancelledOnTheWay)).toEqual(cancelledOnTheWay);
  });

  it('changes nothing a 1.2.0 seller sends', () => {
    expect(inCoreVersion('1.2.0', 'on_init', onInit('BAP'))).toEqual(onInit('BAP'));
    const placed = { order: { id: 'O1', fulfillments: [{ id: 'F1', type: 'Delivery' }] } };
    expect(inCoreVersion('1.2.0', 'on_status', placed)).toEqual(placed);
  });

  it('states tax and discount on the items’ delivery in one line each, same total, in every quoting callback', () => {
    const line = (type: string, itemId: string, value: string) => ({
      '@ondc/org/item_id': itemId,
      title: type === 'tax' ? 'Tax' : type,
      '@ondc/org/title_type': type,
      price: { currency: 'INR', value },
    });
    const quoted = {
      order: {
        items: [
          { id: 'biryani', fulfillment_id: 'F1' },
          { id: 'raita', fulfillment_id: 'F1' },
        ],
        fulfillments: [{ id: 'F1', type: 'Delivery' }],
        quote: {
          price: { currency: 'INR', value: '396.70' },
          breakup: [
            line('item', 'biryani', '300.00'),
            line('item', 'raita', '60.00'),
            line('discount', 'biryani', '-25.00'),
            line('discount', 'raita', '-5.00'),
            line('tax', 'biryani', '13.75'),
            line('tax', 'raita', '2.75'),
            line('delivery', 'F1', '30.00'),
            line('misc', 'F1', '0.20'),
          ],
        },
      },
    };
    for (const action of ['on_select', 'on_init', 'on_confirm', 'on_status', 'on_update', 'on_cancel']) {
      const { breakup } = (inCoreVersion('1.2.5', action, quoted) as typeof quoted).order.quote;
      expect(breakup, action).toEqual([
        line('item', 'biryani', '300.00'),
        line('item', 'raita', '60.00'),
        line('discount', 'F1', '-30.00'),
        line('tax', 'F1', '16.50'),
        line('delivery', 'F1', '30.00'),
        line('misc', 'F1', '0.20'),
      ]);
      const sum = (lines: typeof breakup) => lines.reduce((paise, l) => paise + Math.round(Number(l.price.value) * 100), 0);
      expect(sum(breakup)).toBe(sum(quoted.order.quote.breakup));
    }
    // 1.2.0 keeps each item's own lines, as its spec has them.
    expect(inCoreVersion('1.2.0', 'on_select', quoted)).toBe(quoted);
  });
});
