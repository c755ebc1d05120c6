import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../lib/money.ts';
import { MINUTE, minutesIn as at, orderOf, providerById, steadyItems } from './fixtures/orders.ts';
import { onSelectMessage, onTrackMessage, orderMessage, storeProfile } from './order-messages.ts';
import { addReturn, cancelOrder, timelineOf } from './orders.ts';
import { STEP } from './order-clock.ts';
import { priceOrder } from './quote.ts';
import { checkDelivery } from './serviceability.ts';

const quick = providerById('bengaluru-quick-basket-store');
const [tea, rice] = steadyItems(quick);
const order = () => orderOf(quick, [[tea!, 2], [rice!, 1]]);
type Fulfillment = { id: string; type: string; state: { descriptor: { code: string } }; tags?: Array<{ code: string; list: Array<{ code: string; value: string }> }>; agent?: unknown; start: { time: { timestamp?: string } } };
const fulfillments = (message: ReturnType<typeof orderMessage>) => message.order.fulfillments as Fulfillment[];

describe('on_select (ondc-notes §1)', () => {
  it('says Serviceable or Non-serviceable on the delivery fulfillment, with TAT and category', () => {
    const location = quick.locations[0]!;
    for (const [pincode, code] of [
      ['560102', 'Serviceable'],
      ['560064', 'Non-serviceable'],
    ] as const) {
      const priced = priceOrder({ provider: quick, lines: [{ id: tea!.id, quantity: { count: 1 }, item: tea!, stock: 50 }], offers: [], delivery: checkDelivery(location, pincode), store: 'open' });
      expect(onSelectMessage(quick, priced).order.fulfillments[0]).toMatchObject({
        id: 'F1',
        type: 'Delivery',
        '@ondc/org/TAT': quick.tat,
        '@ondc/org/category': 'Immediate Delivery',
        state: { descriptor: { code } },
      });
    }
  });
});

describe('the order on the wire (on_confirm, on_status)', () => {
  it('pairs order and fulfillment states and gives the delivery its time windows', () => {
    const created = orderMessage(order(), at(0));
    expect(created.order).toMatchObject({ id: 'O1', state: 'Created', created_at: new Date(at(0)).toISOString() });
    const [delivery] = fulfillments(created);
    expect(delivery).toMatchObject({ type: 'Delivery', state: { descriptor: { code: 'Pending' } }, tracking: true });
    const timeline = timelineOf(order());
    expect(created.order.fulfillments[0]).toMatchObject({
      start: { time: { range: { start: new Date(timeline[STEP.packed]!).toISOString() } } },
      end: { time: { range: { end: new Date(timeline[STEP.delivered]!).toISOString() } } },
    });
    expect(orderMessage(order(), at(21)).order.state).toBe('In-progress');
  });

  it('names the rider once the order is picked up', () => {
    expect(fulfillments(orderMessage(order(), at(10)))[0]?.agent).toBeUndefined();
    const picked = fulfillments(orderMessage(order(), at(30)))[0];
    expect(picked?.agent).toMatchObject({ name: expect.any(String), phone: expect.stringMatching(/^8\d{9}$/) });
    expect(picked?.start.time.timestamp).toBeDefined();
  });

  it('marks cash on delivery paid once delivered', () => {
    const cod = orderOf(quick, [[tea!, 1]], { paymentType: 'ON-FULFILLMENT' });
    expect(orderMessage(cod, at(30)).order.payment.status).toBe('NOT-PAID');
    expect(orderMessage(cod, at(46)).order.payment.status).toBe('PAID');
  });

  it('adds a Cancel fulfillment whose quote_trail refunds the whole order, and a refund settlement', () => {
    const total = orderMessage(order(), at(0)).order.quote.price.value;
    const cancelled = orderMessage(cancelOrder(order(), { reasonId: '003', by: 'buyer.example', at: new Date(at(5)) }), at(6));
    expect(cancelled.order.state).toBe('Cancelled');
    const cancel = fulfillments(cancelled).find((f) => f.type === 'Cancel');
    // The cancelled delivery says where it stood; the Cancel fulfillment carries the refund.
    const delivery = fulfillments(cancelled).find((f) => f.type === 'Delivery');
    expect(delivery?.tags?.[1]).toEqual({ code: 'precancel_state', list: [{ code: 'fulfillment_state', value: 'Pending' }, { code: 'updated_at', value: new Date(at(1)).toISOString() }] });
    const trail = (cancel?.tags ?? []).filter((t) => t.code === 'quote_trail').reduce((n, t) => n + rupeesToPaise(t.list.find((e) => e.code === 'value')!.value), 0);
    expect(-trail).toBe(rupeesToPaise(total));
    expect(cancelled.order.payment['@ondc/org/settlement_details']).toContainEqual(expect.objectContaining({ settlement_phase: 'refund', settlement_amount: total }));
  });

  it('walks a return through its states, refunding once the goods are picked', () => {
    const returned = addReturn(order(), { id: 'R1', itemId: tea!.id, quantity: 1, reasonId: '003' }, new Date(at(50)));
    const stateAt = (minutes: number) => fulfillments(orderMessage(returned, at(minutes))).find((f) => f.type === 'Return');
    expect(stateAt(50)?.state.descriptor.code).toBe('Return_Initiated');
    expect(stateAt(61)?.state.descriptor.code).toBe('Return_Approved');
    expect(stateAt(61)?.tags?.some((t) => t.code === 'quote_trail')).toBe(true);
    const refunds = (minutes: number) => (orderMessage(returned, at(minutes)).order.payment['@ondc/org/settlement_details'] as Array<{ settlement_phase: string }>).filter((s) => s.settlement_phase === 'refund');
    expect(refunds(61)).toEqual([]);
    expect(refunds(81)).toHaveLength(1);
    expect(stateAt(111)?.state.descriptor.code).toBe('Return_Delivered');
  });
});

describe('on_track (ondc-notes §1)', () => {
  it('is active while the rider has the order, with the rider between store and customer', () => {
    const placed = order();
    const timeline = timelineOf(placed);
    expect(onTrackMessage(placed, 'http://x/track/O1', at(5)).tracking.status).toBe('inactive');
    const midway = (timeline[STEP.outForDelivery]! + timeline[STEP.delivered]!) / 2;
    const riding = onTrackMessage(placed, 'http://x/track/O1', midway).tracking;
    expect(riding.status).toBe('active');
    const [lat] = riding.location.gps.split(',').map(Number);
    expect(lat).toBeGreaterThan(Math.min(placed.store.lat, placed.drop.lat));
    expect(lat).toBeLessThan(Math.max(placed.store.lat, placed.drop.lat));
    expect(onTrackMessage(placed, 'http://x/track/O1', at(46) + MINUTE).tracking.status).toBe('inactive');
  });
});

describe('store profile', () => {
  it('has a GSTIN for the store’s state and a mobile number', () => {
    const profile = storeProfile(quick);
    expect(profile.taxNumber).toMatch(/^29[A-Z]{5}\d{4}[A-Z]1Z\d$/);
    expect(profile.phone).toMatch(/^9\d{9}$/);
    expect(storeProfile(quick)).toEqual(profile);
  });
});
