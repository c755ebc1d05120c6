// How an order moves on by the seller's clock (ondc-notes §1 status): the hyperlocal sequence
// Pending → Packed → Order-picked-up → Order-delivered (log-validation-utility's
// fulfillmentStates), with Out-for-delivery between pickup and drop, and the order states paired
// with them as the examples do (In-progress with Packed/picked up/out for delivery, Completed
// with Order-delivered). Times are network time in ms, so a fast clock runs the same plan faster.
import type { LatLng } from '#/lib/geo.ts';

const MINUTE_MS = 60_000;

export const DELIVERY_STEPS = [
  { order: 'Created', fulfillment: 'Pending' },
  { order: 'Accepted', fulfillment: 'Pending' },
  { order: 'In-progress', fulfillment: 'Packed' },
  { order: 'In-progress', fulfillment: 'Order-picked-up' },
  { order: 'In-progress', fulfillment: 'Out-for-delivery' },
  { order: 'Completed', fulfillment: 'Order-delivered' },
] as const;

export const STEP = { created: 0, accepted: 1, packed: 2, pickedUp: 3, outForDelivery: 4, delivered: 5 } as const;

/** The seller accepts a confirmed order after this long. */
const ACCEPT_AFTER_MS = MINUTE_MS;
/** Packing never takes less than this, nor more than this share of the TAT. */
const MIN_PACKING_MS = 2 * MINUTE_MS;
const MAX_PACKING_SHARE = 0.6;
/** Of the ride from packed to delivered: waiting for the rider, then riding. */
const PICKUP_SHARE = 0.25;
const DEPART_SHARE = 0.35;
/** How far into a chosen delivery window the order reaches the door. */
const SLOT_ARRIVAL_MS = 15 * MINUTE_MS;

/**
 * When each DELIVERY_STEPS step begins. Packing takes the store's time to ship; delivery lands
 * exactly at the quoted TAT (order-to-delivery, ondc-notes §1 on_select), so the promise holds.
 */
export function deliveryTimeline(createdAtMs: number, tatMs: number, timeToShipMs: number, slotStartMs?: number): number[] {
  const packed = Math.max(MIN_PACKING_MS, Math.min(timeToShipMs, tatMs * MAX_PACKING_SHARE));
  const ride = tatMs - packed;
  // Issue 29: for a window the shopper chose, the store starts packing a TAT before the door should
  // see it, a little into the window; an order for a window that opens soon is started at once.
  const workFrom = slotStartMs === undefined ? createdAtMs : Math.max(createdAtMs, slotStartMs + SLOT_ARRIVAL_MS - tatMs);
  const work = [packed, packed + ride * PICKUP_SHARE, packed + ride * DEPART_SHARE, tatMs].map((offset) => workFrom + Math.round(offset));
  return [createdAtMs, createdAtMs + ACCEPT_AFTER_MS, ...work];
}

/** The index of the last step that has begun by `atMs` (the first step before it begins). */
export function stepAt(timeline: readonly number[], atMs: number): number {
  let step = 0;
  timeline.forEach((start, index) => {
    if (start <= atMs) step = index;
  });
  return step;
}

// ondc-notes §1 update (return): Return_Initiated → Return_Approved → Return_Picked →
// Return_Delivered; this seller approves every valid request.
export const RETURN_STEPS = ['Return_Initiated', 'Return_Approved', 'Return_Picked', 'Return_Delivered'] as const;
export const RETURN_STEP = { initiated: 0, approved: 1, picked: 2, delivered: 3 } as const;
const RETURN_OFFSETS_MS = [0, 10 * MINUTE_MS, 30 * MINUTE_MS, 60 * MINUTE_MS];

// A return the store will not fetch back (ondc-notes §1 on_update: Liquidated): the shopper keeps
// or disposes of the goods and is refunded once the store has looked at the claim.
export const LIQUIDATION_STEPS = ['Return_Initiated', 'Liquidated'] as const;
const LIQUIDATION_OFFSETS_MS = [0, 10 * MINUTE_MS];

export function returnTimeline(requestedAtMs: number, liquidated = false): number[] {
  return (liquidated ? LIQUIDATION_OFFSETS_MS : RETURN_OFFSETS_MS).map((offset) => requestedAtMs + offset);
}

// Return to origin (ondc-notes §1 status): a delivery cancelled after pickup rides back to the
// store and is taken back on the shelf (RTO-Delivered), or thrown away when it cannot be resold
// (RTO-Disposed: cooked food).
export const RTO_STEP = { initiated: 0, done: 1 } as const;
const RTO_RIDE_MS = 30 * MINUTE_MS;

export function rtoTimeline(cancelledAtMs: number): number[] {
  return [cancelledAtMs, cancelledAtMs + RTO_RIDE_MS];
}

/**
 * Where the rider is (on_track): at the store until they ride off, then along the straight line
 * to the customer in proportion to the time ridden, then at the customer.
 */
export function riderPosition(store: LatLng, drop: LatLng, timeline: readonly number[], atMs: number): LatLng {
  const departed = timeline[STEP.outForDelivery] ?? 0;
  const arrived = timeline[STEP.delivered] ?? 0;
  if (atMs <= departed) return store;
  if (atMs >= arrived) return drop;
  const share = (atMs - departed) / (arrived - departed);
  return { lat: store.lat + (drop.lat - store.lat) * share, lng: store.lng + (drop.lng - store.lng) * share };
}
