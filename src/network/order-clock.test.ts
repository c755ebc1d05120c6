import { describe, expect, it } from 'vitest';
import { createNetworkClock } from './clock.ts';
import { DELIVERY_STEPS, deliveryTimeline, returnTimeline, RETURN_STEPS, riderPosition, STEP, stepAt } from './order-clock.ts';

const MINUTE = 60_000;
const created = Date.parse('2026-01-05T06:30:00Z');
// A 45-minute TAT with 20 minutes to ship: packed at 20, picked up at 26.25, out at 28.75,
// delivered at 45.
const timeline = deliveryTimeline(created, 45 * MINUTE, 20 * MINUTE);
const at = (minutes: number) => created + minutes * MINUTE;
const stateAt = (minutes: number) => DELIVERY_STEPS[stepAt(timeline, at(minutes))];

describe('order states by the seller clock (ondc-notes §1 status)', () => {
  it('is Created with a Pending fulfillment when confirmed', () => {
    expect(stateAt(0)).toEqual({ order: 'Created', fulfillment: 'Pending' });
  });

  it('is Accepted after a minute, still Pending', () => {
    expect(stateAt(1)).toEqual({ order: 'Accepted', fulfillment: 'Pending' });
    expect(stateAt(19.9)).toEqual({ order: 'Accepted', fulfillment: 'Pending' });
  });

  it('is In-progress once packed at the time to ship, then picked up and out for delivery', () => {
    expect(stateAt(20)).toEqual({ order: 'In-progress', fulfillment: 'Packed' });
    expect(stateAt(27)).toEqual({ order: 'In-progress', fulfillment: 'Order-picked-up' });
    expect(stateAt(30)).toEqual({ order: 'In-progress', fulfillment: 'Out-for-delivery' });
  });

  it('is Completed with Order-delivered exactly at the TAT', () => {
    expect(stateAt(44.9)?.fulfillment).toBe('Out-for-delivery');
    expect(stateAt(45)).toEqual({ order: 'Completed', fulfillment: 'Order-delivered' });
    expect(stateAt(600)?.order).toBe('Completed');
  });

  it('keeps packing within the TAT when the time to ship is longer', () => {
    const tight = deliveryTimeline(created, 25 * MINUTE, 30 * MINUTE);
    expect(tight).toEqual([...tight].sort((a, b) => a - b));
    expect(tight[STEP.packed]).toBe(at(15));
    expect(tight[STEP.delivered]).toBe(at(25));
  });

  it('runs the same plan faster on a fast clock', () => {
    let real = 0;
    const clock = createNetworkClock({ speed: 60, start: new Date(created), realNow: () => real });
    real = 20_000; // 20 real seconds = 20 network minutes
    expect(DELIVERY_STEPS[stepAt(timeline, clock.now().getTime())]?.fulfillment).toBe('Packed');
    real = 45_000;
    expect(DELIVERY_STEPS[stepAt(timeline, clock.now().getTime())]?.order).toBe('Completed');
  });
});

describe('return states (ondc-notes §1 update)', () => {
  it('moves Initiated → Approved → Picked → Delivered', () => {
    const returns = returnTimeline(at(60));
    expect([60, 69, 70, 90, 120, 500].map((m) => RETURN_STEPS[stepAt(returns, at(m))])).toEqual([
      'Return_Initiated',
      'Return_Initiated',
      'Return_Approved',
      'Return_Picked',
      'Return_Delivered',
      'Return_Delivered',
    ]);
  });
});

describe('rider position (on_track)', () => {
  const store = { lat: 12.9, lng: 77.6 };
  const drop = { lat: 13.0, lng: 77.7 };
  it('waits at the store, rides in a straight line, and ends at the customer', () => {
    expect(riderPosition(store, drop, timeline, at(27))).toEqual(store);
    const halfway = riderPosition(store, drop, timeline, (timeline[STEP.outForDelivery]! + timeline[STEP.delivered]!) / 2);
    expect(halfway.lat).toBeCloseTo(12.95, 6);
    expect(halfway.lng).toBeCloseTo(77.65, 6);
    expect(riderPosition(store, drop, timeline, at(46))).toEqual(drop);
  });
});
