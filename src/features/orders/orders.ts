// An order after purchase, as the shopper follows it: where it is on its way, which callbacks may
// move it, and what the shopper may still do (SPEC §4 cancel or return, §8 reasons and messages).
import { z } from 'zod';

/** SPEC §8 order update messages. */
export const ORDER_UPDATE_MESSAGES = {
  submitted: 'Your request is submitted succesfully',
  cancelFailed: 'Failed to cancel order',
  returnFailed: 'Failed to return order',
} as const;

/** SPEC §8 cancel reasons a shopper may choose; 999 (order confirmation failure) is the system's own. */
export const CANCEL_REASONS = [
  { id: '001', text: 'Prices changed' },
  { id: '003', text: 'Lower price elsewhere' },
  { id: '006', text: 'Delivery delay' },
  { id: '009', text: 'Wrong product delivered' },
  { id: '010', text: 'Wrong address' },
] as const;
/**
 * The reasons the cancel form offers. An order can be cancelled only before it is out for
 * delivery (cancelEligibility), so "Wrong product delivered" (009, kept for orders that carry it)
 * is not one a shopper can mean then (issue 28).
 */
export const CANCEL_REASONS_BEFORE_DELIVERY = CANCEL_REASONS.filter((r) => r.id !== '009');
export type CancelReasonId = (typeof CANCEL_REASONS)[number]['id'];

/**
 * The code a shopper's reason travels under in ONDC 1.2.0 (README "Decisions": cancel reasons):
 * 010 is the one buyer reason every ONDC checker accepts today (the log validator's cancel and
 * on_cancel rules, Pramaan's cancel schema); the shopper's own reason is kept with the order and
 * shown back in the SPEC's words.
 */
export const CANCEL_REASON_ON_THE_WIRE: Readonly<Record<CancelReasonId, string>> = { '001': '010', '003': '010', '006': '010', '009': '010', '010': '010' };

/** The steps a shopper sees, in order; the ONDC fulfillment states that mean each. */
export const TIMELINE = [
  { key: 'created', label: 'Created' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'packed', label: 'Packed' },
  { key: 'picked_up', label: 'Picked up' },
  { key: 'out_for_delivery', label: 'Out for delivery' },
  { key: 'delivered', label: 'Delivered' },
] as const;
export type Step = (typeof TIMELINE)[number]['key'];

const FULFILLMENT_STEP: Record<string, Step> = {
  Packed: 'packed',
  'Order-picked-up': 'picked_up',
  'Out-for-delivery': 'out_for_delivery',
  'Order-delivered': 'delivered',
};

/** What one seller message says about the order (ONDC order.state and the delivery's state code). */
export interface OrderReport {
  orderState: string;
  fulfillmentState: string | null;
}

/** The step a report puts the order on; null when it says cancelled. */
export function stepOf(report: OrderReport): Step | null {
  if (report.orderState === 'Cancelled' || report.fulfillmentState === 'Cancelled') return null;
  const fromFulfillment = report.fulfillmentState ? FULFILLMENT_STEP[report.fulfillmentState] : undefined;
  if (fromFulfillment) return fromFulfillment;
  if (report.orderState === 'Completed') return 'delivered';
  if (report.orderState === 'Accepted' || report.orderState === 'In-progress') return 'accepted';
  return 'created';
}

const rank = (step: Step) => TIMELINE.findIndex((s) => s.key === step);

/** cancelled: the order stood and was called off; failed: it never stood (the seller refused the confirm, issue 23). */
export type OrderStatus = Step | 'cancelled' | 'failed';

/**
 * The order's status after a report: never backwards (a late or repeated callback may carry an
 * older state), and cancelled is final.
 */
export function nextStatus(current: OrderStatus, report: OrderReport): OrderStatus {
  if (current === 'cancelled' || current === 'failed') return current;
  const step = stepOf(report);
  if (step === null) return 'cancelled';
  return rank(step) > rank(current) ? step : current;
}

export function statusLabel(status: OrderStatus): string {
  if (status === 'failed') return 'Not placed';
  return status === 'cancelled' ? 'Cancelled' : (TIMELINE.find((s) => s.key === status)?.label ?? 'Created');
}

/** The seller's ONDC rule (ondc-notes): an order may be cancelled until it is out for delivery. */
export function canCancel(status: OrderStatus): boolean {
  return status !== 'cancelled' && status !== 'failed' && rank(status) < rank('out_for_delivery');
}

export type Eligibility = { eligible: true } | { eligible: false; reason: string };

export function cancelEligibility(status: OrderStatus, cancelPending: boolean): Eligibility {
  if (status === 'cancelled') return { eligible: false, reason: 'This order is already cancelled' };
  if (status === 'failed') return { eligible: false, reason: 'This order was not placed' };
  if (cancelPending) return { eligible: false, reason: 'A cancellation is already with the store' };
  if (!canCancel(status)) return { eligible: false, reason: 'This order is on its way and can no longer be cancelled' };
  return { eligible: true };
}

export const eligibilityQuerySchema = z.object({
  order_id: z.string().min(1, 'order_id is required').max(40),
  type: z.enum(['cancel', 'return'], { error: 'type must be cancel or return' }),
});

export const cancelRequestSchema = z.object({
  type: z.literal('cancel'),
  order_id: z.string().min(1, 'order_id is required').max(40),
  reason_id: z.enum(CANCEL_REASONS.map((r) => r.id) as [CancelReasonId, ...CancelReasonId[]], { error: 'Choose one of the cancel reasons' }),
});

/** Orders per page of /order-history. */
/**
 * How long an open order page's look is held when nothing has changed: the pace it asked at
 * before it could be woken (issue 27), so an idle page costs the server no more than it did, and
 * a change no seller's word announces (a refund's payment) is shown as soon as it was then.
 */
export const ORDER_VIEW_HOLD_MS = 5_000;

export const ORDERS_PAGE_SIZE = 10;

/**
 * What a shopper reads when the store cancels (ONDC 1.2.0 seller reasons, ondc-notes §2), in
 * words about their order rather than ONDC's; the shopper's own reasons are SPEC §8's.
 */
export const STORE_CANCEL_REASONS: Readonly<Record<string, string>> = {
  '002': 'Some items are out of stock at the store',
  '005': 'The store could not take this order',
  '011': 'The rider could not reach you',
  '012': 'The order was refused at delivery',
  '013': 'The delivery was refused at the door',
  '014': 'The rider could not find the address',
  '015': 'No one was at the address to take the delivery',
  '018': 'The store does not deliver to this pin code',
  '019': 'The store cannot send from its pin code',
  '022': 'The payment did not go through',
};

export type CancellationView = { byStore: boolean; reasonId: string; reason: string };

/** Who cancelled the order and why, in words, from the seller's order; null while it stands. */
export function cancellationView(
  order: { cancellation?: { cancelled_by?: string; reason?: { id?: string } } },
  sellerId: string | null,
  shopperReasonId: string | null = null,
): CancellationView | null {
  const wireReasonId = order.cancellation?.reason?.id;
  if (!wireReasonId) return null;
  const byStore = sellerId !== null && order.cancellation?.cancelled_by === sellerId;
  // The shopper's own reason, as chosen, rather than the code it travelled under.
  const reasonId = !byStore && CANCEL_REASONS.some((r) => r.id === shopperReasonId) ? (shopperReasonId as string) : wireReasonId;
  const reason = byStore ? STORE_CANCEL_REASONS[reasonId] : CANCEL_REASONS.find((r) => r.id === reasonId)?.text;
  return { byStore, reasonId, reason: reason ?? (byStore ? 'The store could not complete this order' : 'You cancelled this order') };
}

type TaggedFulfillment = { id?: string; type?: string; tags?: Array<{ code?: string; list?: Array<{ code?: string; value?: string }> }> };

/**
 * Units the store cancelled from an order it kept (a Cancel fulfillment of the seller's, beside a
 * delivery that goes on), with the reason in words.
 */
export function storeCancelledUnits(
  order: { state?: string; fulfillments?: TaggedFulfillment[]; items?: Array<{ id: string; fulfillment_id?: string; quantity?: { count?: number } }> },
  sellerId: string | null,
): Array<{ itemId: string; quantity: number; reasonId: string; reason: string }> {
  if (order.state === 'Cancelled' || sellerId === null) return [];
  return (order.fulfillments ?? []).flatMap((f) => {
    const request = f.type === 'Cancel' ? f.tags?.find((t) => t.code === 'cancel_request') : undefined;
    const value = (code: string) => request?.list?.find((e) => e.code === code)?.value;
    if (!request || value('initiated_by') !== sellerId) return [];
    const reasonId = value('reason_id') ?? '';
    const reason = STORE_CANCEL_REASONS[reasonId] ?? 'The store could not supply these';
    return (order.items ?? []).filter((i) => i.fulfillment_id === f.id).map((i) => ({ itemId: i.id, quantity: i.quantity?.count ?? 0, reasonId, reason }));
  });
}

type ReportedFulfillment = {
  type?: string;
  state?: { descriptor?: { code?: string } };
  start?: { time?: { timestamp?: string } };
  end?: { time?: { timestamp?: string } };
};

/** What the storefront holds of an order when a seller reports on it. */
export type HeldOrder = { status: OrderStatus; returnRequested: boolean };

const REFUNDING_RETURN_STATES = new Set(['Return_Picked', 'Return_Delivered', 'Liquidated']);

/** The states a return ends in (ONDC return fulfillment): after these the seller sends no more. */
const RETURN_END_STATES = new Set(['Return_Delivered', 'Liquidated', 'Return_Rejected', 'Return_Pick_Failed', 'Return_Failed']);

/** Whether a return is still on its way (asked for, not ended, not refused on sending): the order page follows it. */
export function returnInProgress(state: string | null, error: string | null): boolean {
  return state !== null && error === null && !RETURN_END_STATES.has(state);
}

/**
 * Why a seller's report cannot move this order (issue 24; SPEC §4 and ONDC's order and fulfillment
 * state machines), or null when it may. A report never needs to move the order (a late one is kept
 * as history and changes nothing); these are the moves no honest seller makes (a Completed order
 * whose delivery names an earlier step is taken, as ONDC's own Workbench sends one, and read by
 * its delivery's step):
 * - delivered before out for delivery, unless the delivery carries its whole path (picked up and
 *   delivered times, as ONDC's on_status for Order-delivered does, and as a status asked for
 *   after we were down does);
 * - cancelled without a Cancel or RTO fulfillment (ONDC's on_cancel always carries one, with the
 *   quote trail that says what is paid back);
 * - a return that pays money back for an order whose shopper asked for no return.
 */
export function reportProblem(held: HeldOrder, order: { state?: string; fulfillments?: ReportedFulfillment[] }): string | null {
  const fulfillments = order.fulfillments ?? [];
  const delivery = fulfillments.find((f) => f.type === 'Delivery') ?? fulfillments[0];
  const report: OrderReport = { orderState: order.state ?? 'Created', fulfillmentState: delivery?.state?.descriptor?.code ?? null };
  if (held.status === 'cancelled' || held.status === 'failed') return null;
  const step = stepOf(report);
  if (step === 'delivered' && rank(held.status) < rank('out_for_delivery') && !carriesWholePath(delivery)) {
    return `The order is ${held.status}: Order-delivered needs Out-for-delivery first, or the delivery's picked-up and delivered times`;
  }
  if (step === null && !fulfillments.some((f) => f.type === 'Cancel' || f.type === 'RTO')) {
    return 'A cancelled order carries its Cancel or RTO fulfillment';
  }
  if (!held.returnRequested && fulfillments.some((f) => f.type === 'Return' && REFUNDING_RETURN_STATES.has(f.state?.descriptor?.code ?? ''))) {
    return 'No return was asked for on this order';
  }
  return null;
}

function carriesWholePath(delivery: ReportedFulfillment | undefined): boolean {
  const pickedUp = Date.parse(delivery?.start?.time?.timestamp ?? '');
  const delivered = Date.parse(delivery?.end?.time?.timestamp ?? '');
  return Number.isFinite(pickedUp) && Number.isFinite(delivered) && pickedUp <= delivered;
}
