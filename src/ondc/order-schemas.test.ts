// The embedded sellers' order callbacks at every step of every flow, held to ONDC's 1.2.0 retail
// schemas (order-schemas.ts); the buyer's own requests are held to them on the wire in
// tests/api/orders.test.ts. A field the validator's schema wants and a seller drops fails here.
import { describe, expect, it } from 'vitest';
import { MINUTE, minutesIn as at, orderOf, providerById, steadyItems } from '#/network/fixtures/orders.ts';
import { STEP } from '#/network/order-clock.ts';
import { onInitMessage, onSelectMessage, onTrackMessage, orderMessage } from '#/network/order-messages.ts';
import { addReturn, cancelOrder, cancelShortUnits, recordSettlements, timelineOf, type OrderRecord } from '#/network/orders.ts';
import { priceOrder } from '#/network/quote.ts';
import { checkDelivery } from '#/network/serviceability.ts';
import { orderMessageProblems, type OrderMessageAction } from './order-schemas.ts';

/** The delivery as soon as possible, no windows on offer. */
const ASAP = { slot: null, offered: [], toWire: (ms: number) => ms };

const quick = providerById('bengaluru-quick-basket-store');
const [tea, rice] = steadyItems(quick);
const address = {
  name: 'Asha Rao',
  building: 'Lake View Apartments',
  locality: 'Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'IND',
  area_code: quick.locations[0]!.pincode,
};
const stamp = new Date(at(0)).toISOString();
const billing = { name: 'Asha Rao', address, phone: '9876543210', email: 'asha@example.com', created_at: stamp, updated_at: stamp };
const end = { location: { gps: '12.9716,77.6412', address }, contact: { phone: '9876543210', email: 'asha@example.com' }, person: { name: 'Asha Rao' } };

/** A placed order as the sellers keep it, with the buyer's billing and delivery end as sent. */
function placed(): OrderRecord {
  const order = orderOf(quick, [
    [tea!, 2],
    [rice!, 1],
  ]);
  return {
    ...order,
    billing,
    deliveryEnd: end,
    payment: {
      ...order.payment,
      params: { currency: 'INR', amount: '100.00', transaction_id: 'TXN1' },
      collected_by: 'BAP',
      '@ondc/org/buyer_app_finder_fee_type': 'percent',
      '@ondc/org/buyer_app_finder_fee_amount': '3',
    },
  };
}

function expectValid(action: OrderMessageAction, message: unknown) {
  expect(orderMessageProblems(action, message), action).toEqual([]);
}

describe('ONDC 1.2.0 schemas: the sellers’ callbacks', () => {
  it('on_select and on_init', () => {
    const priced = priceOrder({
      provider: quick,
      lines: [{ id: tea!.id, quantity: { count: 1 }, item: tea!, stock: 50 }],
      offers: [],
      delivery: checkDelivery(quick.locations[0]!, address.area_code),
      store: 'open',
      now: new Date(),
    });
    expectValid('on_select', onSelectMessage(quick, priced, ASAP));
    expectValid('on_init', onInitMessage(quick, priced, { billing, end, paymentType: 'ON-ORDER', payment: undefined, slot: null, toWire: (ms) => ms }));
  });

  it('on_confirm, then on_status at every delivery step, and on_track', () => {
    const order = placed();
    expectValid('on_confirm', orderMessage(order, at(0)));
    for (const start of timelineOf(order)) expectValid('on_status', orderMessage(order, start));
    expectValid('on_track', onTrackMessage(order, 'http://sellers.localhost/track/O1', timelineOf(order)[STEP.outForDelivery]! + MINUTE));
  });

  it('on_cancel for a buyer cancel and for a store cancel on the way (RTO), and the RTO’s on_status', () => {
    const order = placed();
    expectValid('on_cancel', orderMessage(cancelOrder(order, { reasonId: '010', by: 'kirana.localhost', at: new Date(at(5)) }), at(5)));
    const onTheWay = timelineOf(order)[STEP.outForDelivery]!;
    const rto = cancelOrder(order, { reasonId: '011', by: order.sellerId, at: new Date(onTheWay), rto: true });
    expectValid('on_cancel', orderMessage(rto, onTheWay));
    expectValid('on_status', orderMessage(rto, onTheWay + 31 * MINUTE));
  });

  it('on_update for a part cancel, a return at each step, a liquidation and a settled refund', () => {
    const order = placed();
    const short = cancelShortUnits(order, new Map([[order.quote.lines.findIndex((l) => l.itemId === tea!.id), 1]]), new Date(at(0)));
    expectValid('on_update', orderMessage(short, at(0)));
    const delivered = at(46);
    const returned = addReturn(
      addReturn(short, { id: 'R1', itemId: rice!.id, quantity: 1, reasonId: '004' }, new Date(delivered)),
      { id: 'R2', itemId: tea!.id, quantity: 1, reasonId: '003' },
      new Date(delivered),
    );
    for (const minutes of [0, 10, 30, 60]) expectValid('on_update', orderMessage(returned, delivered + minutes * MINUTE));
    const settled = recordSettlements(returned, [
      { settlement_counterparty: 'buyer', settlement_phase: 'refund', settlement_type: 'upi', settlement_amount: '10.00', settlement_timestamp: stamp },
    ]);
    expectValid('on_update', orderMessage(settled, delivered + 61 * MINUTE));
  });

  it('names what is missing', () => {
    const message = orderMessage(placed(), at(0));
    const { billing: _dropped, ...order } = message.order;
    expect(orderMessageProblems('on_confirm', { order })).toContain('order.billing: Invalid input: expected object, received undefined');
    const [delivery] = message.order.fulfillments as Array<Record<string, unknown>>;
    const { tracking: _tracking, ...untracked } = delivery!;
    expect(orderMessageProblems('on_confirm', { order: { ...message.order, fulfillments: [untracked] } })).toEqual([
      'order.fulfillments.0.tracking: Invalid input: expected boolean, received undefined',
    ]);
    expect(orderMessageProblems('on_status', { order: { ...message.order, payment: { ...message.order.payment, collected_by: 'seller' } } })).toHaveLength(1);
    expect(orderMessageProblems('update', { update_target: 'fulfillment', order: { id: 'O1', fulfillments: [] } })).toHaveLength(1);
  });
});
