import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '#/lib/money.ts';
import { MINUTE, minutesIn as at, orderOf, providerById, steadyItems } from './fixtures/orders.ts';
import { onSelectMessage, onTrackMessage, orderMessage, storeProfile } from './order-messages.ts';
import { addReturn, cancelOrder, recordSettlements, timelineOf, type OrderRecord } from './orders.ts';
import { STEP } from './order-clock.ts';
import { priceOrder } from './quote.ts';
import { checkDelivery } from './serviceability.ts';

/** The delivery as soon as possible, no windows on offer. */
const ASAP = { slot: null, offered: [], toWire: (ms: number) => ms };

const quick = providerById('bengaluru-quick-basket-store');
const [tea, rice] = steadyItems(quick);
const order = (paymentType?: OrderRecord['paymentType']) =>
  orderOf(
    quick,
    [
      [tea!, 2],
      [rice!, 1],
    ],
    paymentType ? { paymentType } : {},
  );
type Fulfillment = {
  id: string;
  type: string;
  state: { descriptor: { code: string } };
  tags?: Array<{ code: string; list: Array<{ code: string; value: string }> }>;
  agent?: unknown;
  start: { time: { timestamp?: string } };
};
const fulfillments = (message: ReturnType<typeof orderMessage>) => message.order.fulfillments as Fulfillment[];

describe('on_select (ondc-notes §1)', () => {
  it('says Serviceable or Non-serviceable on the delivery fulfillment, with TAT and category', () => {
    const location = quick.locations[0]!;
    for (const [pincode, code] of [
      ['560102', 'Serviceable'],
      ['560064', 'Non-serviceable'],
    ] as const) {
      const priced = priceOrder({
        provider: quick,
        lines: [{ id: tea!.id, quantity: { count: 1 }, item: tea!, stock: 50 }],
        offers: [],
        delivery: checkDelivery(location, pincode),
        store: 'open',
        now: new Date(),
      });
      expect(onSelectMessage(quick, priced, ASAP).order.fulfillments[0]).toMatchObject({
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

  it('adds a Cancel fulfillment whose quote_trail refunds the whole order; the buyer app settles the refund', () => {
    const total = orderMessage(order(), at(0)).order.quote.price.value;
    const cancelled = orderMessage(cancelOrder(order(), { reasonId: '003', by: 'buyer.example', at: new Date(at(5)) }), at(6));
    expect(cancelled.order.state).toBe('Cancelled');
    const cancel = fulfillments(cancelled).find((f) => f.type === 'Cancel');
    // The cancelled delivery says where it stood; the Cancel fulfillment carries the refund.
    const delivery = fulfillments(cancelled).find((f) => f.type === 'Delivery');
    expect(delivery?.tags?.[1]).toEqual({
      code: 'precancel_state',
      list: [
        { code: 'fulfillment_state', value: 'Pending' },
        { code: 'updated_at', value: new Date(at(0)).toISOString() },
      ],
    });
    const trail = (cancel?.tags ?? [])
      .filter((t) => t.code === 'quote_trail')
      .reduce((n, t) => n + rupeesToPaise(t.list.find((e) => e.code === 'value')!.value), 0);
    expect(-trail).toBe(rupeesToPaise(total));
    // The money is the buyer app's (collected_by BAP): no refund until it says it paid one.
    const settlements = () => cancelled.order.payment['@ondc/org/settlement_details'] as Array<{ settlement_phase: string }>;
    expect(settlements().filter((s) => s.settlement_phase === 'refund')).toEqual([]);
    expect(cancelled.order).not.toHaveProperty('tags');
  });

  // ONDC's validator, flow 4: precancel_state.fulfillment_state and updated_at equal the
  // on_confirm's fulfillment state and updated_at; the seller's on_status at acceptance (sent
  // unsolicited) leaves the delivery Pending, so it does not move them.
  it('a cancel after the store accepted names the delivery as the on_confirm left it; after packing, as the Packed on_status did', () => {
    const placed = order();
    const timeline = timelineOf(placed);
    const precancel = (cancelAt: number) => {
      const cancelled = orderMessage(cancelOrder(placed, { reasonId: '052', by: 'buyer.example', at: new Date(cancelAt) }), cancelAt + 1);
      return Object.fromEntries(
        fulfillments(cancelled)
          .find((f) => f.type === 'Delivery')!
          .tags!.find((t) => t.code === 'precancel_state')!
          .list.map((e) => [e.code, e.value]),
      );
    };
    const confirmed = orderMessage(placed, timeline[STEP.created]!).order;
    const accepted = orderMessage(placed, timeline[STEP.accepted]!).order;
    expect(accepted.state).toBe('Accepted');
    expect(accepted.updated_at).not.toBe(confirmed.updated_at);
    expect(precancel(timeline[STEP.accepted]! + 1)).toEqual({
      fulfillment_state: fulfillments({ order: confirmed } as ReturnType<typeof orderMessage>)[0]!.state.descriptor.code,
      updated_at: confirmed.updated_at,
    });
    const packed = orderMessage(placed, timeline[STEP.packed]!).order;
    expect(precancel(timeline[STEP.packed]! + 1)).toEqual({ fulfillment_state: 'Packed', updated_at: packed.updated_at });
  });

  it('echoes the buyer app’s refund settlement as it was sent', () => {
    const refund = {
      settlement_counterparty: 'buyer',
      settlement_phase: 'refund',
      settlement_type: 'upi',
      settlement_amount: '10.00',
      settlement_timestamp: new Date(at(7)).toISOString(),
    };
    const settled = recordSettlements(cancelOrder(order(), { reasonId: '003', by: 'buyer.example', at: new Date(at(5)) }), [refund]);
    expect(orderMessage(settled, at(8)).order.payment['@ondc/org/settlement_details']).toContainEqual(refund);
  });

  it('an RTO: the delivery names the rto_id, the RTO fulfillment rides from the door to the store and gets its end time on arrival', () => {
    const placed = order();
    const onTheWay = timelineOf(placed)[STEP.outForDelivery]!;
    const cancelled = cancelOrder(placed, { reasonId: '011', by: placed.sellerId, at: new Date(onTheWay), rto: true });
    const initiated = orderMessage(cancelled, onTheWay);
    const rto = fulfillments(initiated).find((f) => f.type === 'RTO') as unknown as {
      state: { descriptor: { code: string } };
      start: { location: unknown };
      end: { location: { id: string }; time?: unknown };
    };
    expect(rto.state.descriptor.code).toBe('RTO-Initiated');
    expect(rto.start.location).toEqual(placed.deliveryEnd['location']);
    expect(rto.end.location.id).toBe(placed.store.locationId);
    expect(rto.end).not.toHaveProperty('time');
    expect(fulfillments(initiated).find((f) => f.type === 'Delivery')?.tags?.[0]?.list).toContainEqual({ code: 'rto_id', value: 'RTO1' });
    expect(initiated.order).not.toHaveProperty('documents');
    const back = fulfillments(orderMessage(cancelled, onTheWay + 31 * MINUTE)).find((f) => f.type === 'RTO') as unknown as {
      state: { descriptor: { code: string } };
      end: { time?: { timestamp: string } };
    };
    expect(back.state.descriptor.code).toBe('RTO-Delivered');
    expect(back.end.time?.timestamp).toBe(new Date(onTheWay + 30 * MINUTE).toISOString());
  });

  it('walks a return through its states; the pickup window opens after the approval and holds the pickup', () => {
    const returned = addReturn(order(), { id: 'R1', itemId: tea!.id, quantity: 1, reasonId: '004' }, new Date(at(50)));
    const stateAt = (minutes: number) => fulfillments(orderMessage(returned, at(minutes))).find((f) => f.type === 'Return');
    expect(stateAt(50)?.state.descriptor.code).toBe('Return_Initiated');
    expect(stateAt(61)?.state.descriptor.code).toBe('Return_Approved');
    expect(stateAt(61)?.tags?.some((t) => t.code === 'quote_trail')).toBe(true);
    type Leg = { start?: { time?: { range: { start: string; end: string }; timestamp?: string } }; end?: { time?: { timestamp: string } } };
    const approved = stateAt(61) as unknown as Leg;
    const picked = stateAt(81) as unknown as Leg;
    expect(Date.parse(approved.start!.time!.range.start)).toBeGreaterThan(at(60));
    expect(Date.parse(picked.start!.time!.timestamp!)).toBeGreaterThanOrEqual(Date.parse(approved.start!.time!.range.start));
    expect(Date.parse(picked.start!.time!.timestamp!)).toBeLessThanOrEqual(Date.parse(approved.start!.time!.range.end));
    expect(stateAt(111)?.state.descriptor.code).toBe('Return_Delivered');
    expect((stateAt(111) as unknown as Leg).end?.time?.timestamp).toBe(new Date(at(110)).toISOString());
  });

  it('cash on delivery: the seller holds the money, so it settles a return’s refund itself once picked', () => {
    const returned = addReturn(order('ON-FULFILLMENT'), { id: 'R1', itemId: tea!.id, quantity: 1, reasonId: '004' }, new Date(at(50)));
    const refunds = (minutes: number) =>
      (orderMessage(returned, at(minutes)).order.payment['@ondc/org/settlement_details'] as Array<{ settlement_phase: string }>).filter(
        (s) => s.settlement_phase === 'refund',
      );
    expect(refunds(61)).toEqual([]);
    expect(refunds(81)).toHaveLength(1);
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
