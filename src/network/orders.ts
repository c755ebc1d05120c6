// An order a seller has confirmed, and what may happen to it afterwards: it moves on by the
// clock (order-clock.ts), the buyer may cancel it before it leaves the store, and return items
// once delivered (ondc-notes §1 cancel, update). Records are values: each change returns a new
// one, and views of the order at a moment (its state, its quote, its refunds) are computed from
// the record and the time, so a restart or a fast clock changes nothing about them.
import { z } from 'zod';
import { domainSchema, ttlToMs, type ProtocolError } from '#/ondc/context.ts';
import { CANCELLATION_REASONS, RETURN_REASONS } from '#/ondc/error-codes.ts';
import { deliveryTimeline, RETURN_STEP, returnTimeline, RTO_STEP, rtoTimeline, STEP, stepAt } from './order-clock.ts';
import { DELIVERY_ID, quoteSchema, type ItemLine, type Quote, type QuoteLine } from './quote.ts';
import { tagSchema, tagValue, type Tag } from './requests.ts';
import { sellerError } from './seller-errors.ts';

const latLngSchema = z.object({ lat: z.number(), lng: z.number() });
const looseRecord = z.record(z.string(), z.unknown());

const returnRecordSchema = z.object({
  id: z.string(),
  /** index of the returned item line in the order's quote */
  line: z.number().int().min(0),
  itemId: z.string(),
  quantity: z.number().int().min(1),
  reasonId: z.string(),
  reasonDesc: z.string(),
  images: z.string().optional(),
  requestedAt: z.iso.datetime(),
  /** the store refunds without fetching the goods back (damaged goods are not worth the ride) */
  liquidated: z.boolean().default(false),
});
export type ReturnRecord = z.infer<typeof returnRecordSchema>;

/** Units of one item line the seller could not supply and cancelled (ondc-notes §2 reason 002). */
const partCancelSchema = z.object({
  id: z.string(),
  line: z.number().int().min(0),
  itemId: z.string(),
  quantity: z.number().int().min(1),
  reasonId: z.string(),
  at: z.iso.datetime(),
});

/** The store as it was when the order was placed: the order keeps it, as a receipt would. */
const storeProfileSchema = z.object({
  name: z.string(),
  locationId: z.string(),
  lat: z.number(),
  lng: z.number(),
  street: z.string(),
  locality: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  phone: z.string(),
  email: z.string(),
  taxNumber: z.string(),
  /** the seller app's GSTIN (orders kept from before it was recorded have none) */
  marketplaceTaxNumber: z.string().optional(),
});
export type StoreProfile = z.infer<typeof storeProfileSchema>;

export const orderRecordSchema = z.object({
  id: z.string(),
  sellerId: z.string(),
  providerId: z.string(),
  store: storeProfileSchema,
  domain: domainSchema,
  city: z.string(),
  transactionId: z.string(),
  bapId: z.string(),
  bapUri: z.string(),
  /** network time of the seller's confirmation */
  createdAt: z.iso.datetime(),
  /** the buyer's created_at, echoed unchanged (ondc-notes §1 confirm) */
  buyerCreatedAt: z.string().optional(),
  /** The buyer app's terms from confirm (bap_terms: its GST number), echoed in every order message. */
  bapTerms: tagSchema.optional(),
  tat: z.string(),
  timeToShip: z.string(),
  /** Issue 29: the delivery window the shopper chose (network time), its fulfillment id the window's. */
  slot: z.object({ id: z.string(), start: z.iso.datetime(), end: z.iso.datetime() }).optional(),
  quote: quoteSchema,
  billing: looseRecord,
  deliveryEnd: looseRecord,
  drop: latLngSchema,
  payment: looseRecord,
  paymentType: z.enum(['ON-ORDER', 'ON-FULFILLMENT']),
  cancellation: z
    .object({
      at: z.iso.datetime(),
      reasonId: z.string(),
      by: z.string(),
      step: z.number().int().min(0),
      /** cancelled after pickup: the goods ride back to the store (return to origin) */
      rto: z.boolean().default(false),
    })
    .nullable(),
  partCancels: z.array(partCancelSchema).default([]),
  returns: z.array(returnRecordSchema),
  /** the buyer app's refund settlements (update_target payment), echoed in the order's payment */
  settlements: z.array(looseRecord).default([]),
  /** the last delivery step, return steps, part cancels and RTO step the buyer app was told about */
  notified: z.object({
    step: z.number().int(),
    returns: z.record(z.string(), z.number().int()),
    partCancels: z.number().int().min(0).default(0),
    rto: z.number().int().default(-1),
  }),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

const RETURN_WINDOW_MS = ttlToMs('P1D');

export function timelineOf(order: OrderRecord): number[] {
  return deliveryTimeline(Date.parse(order.createdAt), ttlToMs(order.tat), ttlToMs(order.timeToShip), order.slot ? Date.parse(order.slot.start) : undefined);
}

/** The id of the order's delivery: its window's, or the as-soon-as-possible delivery's. */
export function deliveryIdOf(order: OrderRecord): string {
  return order.slot?.id ?? DELIVERY_ID;
}

export function isCancelledAt(order: OrderRecord, atMs: number): boolean {
  return order.cancellation !== null && Date.parse(order.cancellation.at) <= atMs;
}

/** The delivery step the order is at; a cancelled order stays where it was cancelled. */
export function deliveryStepOf(order: OrderRecord, atMs: number): number {
  if (order.cancellation && isCancelledAt(order, atMs)) return order.cancellation.step;
  return stepAt(timelineOf(order), atMs);
}

export function returnStepOf(ret: ReturnRecord, atMs: number): number {
  return stepAt(returnTimeline(Date.parse(ret.requestedAt), ret.liquidated), atMs);
}

/** The step a return ends on: Return_Delivered, or Liquidated. */
export const finalReturnStep = (ret: ReturnRecord) => (ret.liquidated ? 1 : RETURN_STEP.delivered);

/** Where the goods of an order cancelled after pickup are on their way back, or null. */
export function rtoStepOf(order: OrderRecord, atMs: number): number | null {
  if (!order.cancellation?.rto || !isCancelledAt(order, atMs)) return null;
  return stepAt(rtoTimeline(Date.parse(order.cancellation.at)), atMs);
}

/** When the order last changed, as of `atMs` (its updated_at). */
export function updatedAtMs(order: OrderRecord, atMs: number): number {
  const times = timelineOf(order).slice(0, deliveryStepOf(order, atMs) + 1);
  if (order.cancellation && isCancelledAt(order, atMs))
    times.push(...(order.cancellation.rto ? rtoTimeline(Date.parse(order.cancellation.at)) : [Date.parse(order.cancellation.at)]).filter((t) => t <= atMs));
  for (const cancel of order.partCancels) if (Date.parse(cancel.at) <= atMs) times.push(Date.parse(cancel.at));
  for (const ret of order.returns) times.push(...returnTimeline(Date.parse(ret.requestedAt), ret.liquidated).filter((t) => t <= atMs));
  return Math.max(...times);
}

// ---- cancel (ondc-notes §1 cancel, §2 reasons) ----

// The reference UI offers buyers exactly these (ondc-notes §2); 999 is the buyer app's own
// "confirmation failed" code, not a reason a shopper gives.
const BUYER_CANCEL_REASONS = new Set(CANCELLATION_REASONS.filter((r) => r.shopperSelectable).map((r) => r.id));

/**
 * Why the buyer may not cancel now, or null. A second cancel of a cancelled order is no error. An
 * order with an item its catalogue lists as not cancellable (`cancellable(itemId)` false) is not
 * cancelled at all: the store made it for this buyer (ONDC's non-cancellable flow, 50001).
 */
export function cancellationError(order: OrderRecord, reasonId: string, atMs: number, cancellable: (itemId: string) => boolean): ProtocolError | null {
  if (isCancelledAt(order, atMs)) return null;
  if (!BUYER_CANCEL_REASONS.has(reasonId)) return sellerError('30012', `Cancellation reason ${reasonId} is not one a buyer may give`);
  const fixed = order.quote.lines.find((line) => line.titleType === 'item' && line.count > 0 && !cancellable(line.itemId));
  if (fixed) return sellerError('50001', `${fixed.title} is not cancellable: the order can no longer be cancelled`);
  const step = deliveryStepOf(order, atMs);
  if (step >= STEP.outForDelivery) return sellerError('50001', 'The order has left the store and can no longer be cancelled');
  return null;
}

export function cancelOrder(order: OrderRecord, input: { reasonId: string; by: string; at: Date; rto?: boolean }): OrderRecord {
  if (order.cancellation) return order;
  const atMs = input.at.getTime();
  return {
    ...order,
    cancellation: { at: input.at.toISOString(), reasonId: input.reasonId, by: input.by, step: deliveryStepOf(order, atMs), rto: input.rto ?? false },
  };
}

// ONDC's 1.2.0 cancellation reasons a seller may give (ondc-notes §2): before pickup, for what the
// store cannot do; after pickup only the RTO reasons, about a delivery that could not be made.
const SELLER_CANCEL_REASONS = new Set(['002', '005', '018', '019', '022']);
const SELLER_RTO_REASONS = new Set(['011', '012', '013', '014', '015']);

/**
 * Why the seller may not cancel the whole order now, or null; `rto` says whether the goods must
 * ride back (the rider already has them).
 */
export function sellerCancellation(order: OrderRecord, reasonId: string, atMs: number): { error: ProtocolError } | { rto: boolean } {
  if (isCancelledAt(order, atMs)) return { error: sellerError('50001', 'The order is already cancelled') };
  const step = deliveryStepOf(order, atMs);
  if (step >= STEP.delivered) return { error: sellerError('50001', 'The order is delivered and can no longer be cancelled') };
  const rto = step >= STEP.pickedUp;
  const allowed = rto ? SELLER_RTO_REASONS : SELLER_CANCEL_REASONS;
  if (!allowed.has(reasonId)) {
    return {
      error: sellerError('30012', `Reason ${reasonId} is not one a seller may give ${rto ? 'after pickup' : 'before pickup'} (${[...allowed].join(', ')})`),
    };
  }
  return { rto };
}

/**
 * The store confirms what it can supply and cancels the rest (reason 002) the moment it finds the
 * shelf short: the buyer app is told by an on_update and refunds those units.
 */
export function cancelShortUnits(order: OrderRecord, shortByLine: ReadonlyMap<number, number>, at: Date): OrderRecord {
  const partCancels = [...order.partCancels];
  for (const [line, quantity] of shortByLine) {
    const item = itemLineAt(order.quote, line);
    if (!item || quantity < 1) continue;
    partCancels.push({
      id: `C${partCancels.length + 1}`,
      line,
      itemId: item.itemId,
      quantity: Math.min(quantity, item.count),
      reasonId: '002',
      at: at.toISOString(),
    });
  }
  return { ...order, partCancels };
}

/**
 * Records a refund the buyer app settled (update_target payment): kept once, as sent, since the
 * seller's later messages must carry it unchanged.
 */
export function recordSettlements(order: OrderRecord, settlements: ReadonlyArray<Record<string, unknown>>): OrderRecord {
  const known = new Set(order.settlements.map((s) => JSON.stringify(s)));
  const fresh = settlements.filter((s) => s['settlement_counterparty'] === 'buyer' && s['settlement_phase'] === 'refund' && !known.has(JSON.stringify(s)));
  return fresh.length ? { ...order, settlements: [...order.settlements, ...fresh] } : order;
}

// ---- returns (ondc-notes §1 update, §2 return reasons) ----

export type ReturnRequest = {
  id?: string | undefined;
  itemId: string;
  parentItemId?: string | undefined;
  quantity: number;
  reasonId: string;
  reasonDesc?: string | undefined;
  images?: string | undefined;
};

function itemLineAt(quote: Quote, index: number): ItemLine | null {
  const line = quote.lines[index];
  return line?.titleType === 'item' ? line : null;
}

function returnedUnits(order: OrderRecord, lineIndex: number): number {
  return order.returns.filter((r) => r.line === lineIndex).reduce((n, r) => n + r.quantity, 0);
}

/** The item line a return asks for: same id and parent_item_id, with enough units not yet returned. */
function lineForReturn(order: OrderRecord, request: ReturnRequest): number | null {
  const candidates = order.quote.lines.flatMap((line, index) =>
    line.titleType === 'item' && line.itemId === request.itemId && (request.parentItemId === undefined || line.parentItemId === request.parentItemId)
      ? [index]
      : [],
  );
  const fits = candidates.find((index) => (itemLineAt(order.quote, index)?.count ?? 0) - returnedUnits(order, index) >= request.quantity);
  return fits ?? null;
}

/**
 * Why this return cannot be taken, or null. Returns open once the order is delivered and close
 * a day later; an item the seller marked non-returnable may still go back as damaged, short or
 * wrong (reasons 003–005, ondc-notes §2).
 */
export function returnError(order: OrderRecord, request: ReturnRequest, returnable: boolean, atMs: number): ProtocolError | null {
  if (isCancelledAt(order, atMs) || deliveryStepOf(order, atMs) < STEP.delivered) {
    return sellerError('50002', 'Items can be returned once the order is delivered');
  }
  const reason = RETURN_REASONS.find((r) => r.id === request.reasonId);
  if (!reason) return sellerError('30005', `Return reason ${request.reasonId} is not one of 001–005`);
  if (!returnable && !reason.allowedWhenNonReturnable) {
    return sellerError('30005', `${request.itemId} is not returnable for reason ${request.reasonId}`);
  }
  const deliveredAt = timelineOf(order)[STEP.delivered] ?? 0;
  if (atMs > deliveredAt + RETURN_WINDOW_MS) return sellerError('30005', 'The return window (P1D) has closed');
  if (request.id !== undefined && order.returns.some((r) => r.id === request.id)) {
    return sellerError('30005', `Return ${request.id} was already requested`);
  }
  if (lineForReturn(order, request) === null) {
    return sellerError('30005', `The order has no ${request.quantity} unreturned unit(s) of ${request.itemId}`);
  }
  return null;
}

// Damaged or unusable goods (return reason 003) are not fetched back: the store refunds them on
// the shopper's photos and the goods are disposed of where they are (Liquidated).
const LIQUIDATE_REASONS = new Set(['003']);

/** Adds a return that returnError accepted. */
export function addReturn(order: OrderRecord, request: ReturnRequest, at: Date): OrderRecord {
  const line = lineForReturn(order, request);
  if (line === null) throw new Error(`No line of ${order.id} takes this return`);
  const ret: ReturnRecord = {
    id: request.id ?? `R${order.returns.length + 1}`,
    line,
    itemId: request.itemId,
    quantity: request.quantity,
    reasonId: request.reasonId,
    reasonDesc: request.reasonDesc ?? RETURN_REASONS.find((r) => r.id === request.reasonId)?.text ?? '',
    ...(request.images === undefined ? {} : { images: request.images }),
    requestedAt: at.toISOString(),
    liquidated: LIQUIDATE_REASONS.has(request.reasonId),
  };
  return { ...order, returns: [...order.returns, ret] };
}

// ---- the quote over time, and refunds ----

/** One line of a refund, negative: what leaves the quote (the quote_trail of ondc-notes §1). */
export type TrailLine = { titleType: QuoteLine['titleType']; itemId: string; pricePaise: number };
export type Refund = { trail: TrailLine[]; totalPaise: number };

export type QuoteView = {
  quote: Quote;
  /** by return id, for returns approved by then */
  returnRefunds: Map<string, Refund>;
  /** by part cancel id */
  partCancelRefunds: Map<string, Refund>;
  cancelRefund: Refund | null;
};

function refundOf(trail: TrailLine[]): Refund {
  return { trail, totalPaise: -trail.reduce((n, line) => n + line.pricePaise, 0) };
}

/**
 * Takes `units` of item line `index` out of the working lines, with the same share of that
 * line's tax and discount, and the add-ons chosen with it. Returns what left, as negative lines.
 */
function takeOut(lines: QuoteLine[], index: number, units: number): TrailLine[] {
  const line = lines[index];
  if (line?.titleType !== 'item' || line.count === 0) return [];
  const taken = Math.min(units, line.count);
  const trail: TrailLine[] = [];
  lines.forEach((charge, i) => {
    if ((charge.titleType === 'tax' || charge.titleType === 'discount') && charge.line === index) {
      const removed = Math.round((charge.pricePaise * taken) / line.count);
      lines[i] = { ...charge, pricePaise: charge.pricePaise - removed };
      trail.push({ titleType: charge.titleType, itemId: charge.itemId, pricePaise: -removed });
    }
  });
  lines[index] = { ...line, count: line.count - taken, pricePaise: line.unitPaise * (line.count - taken) };
  trail.unshift({ titleType: 'item', itemId: line.itemId, pricePaise: -line.unitPaise * taken });
  // A dish goes back with the add-ons it was made with (they share its parent_item_id).
  const isDish = line.parentItemId !== undefined && tagValue(line.tags, 'type', 'type') === 'item';
  if (isDish) {
    lines.forEach((addOn, i) => {
      if (i !== index && addOn.titleType === 'item' && addOn.parentItemId === line.parentItemId) trail.push(...takeOut(lines, i, taken));
    });
  }
  return trail;
}

/**
 * The order's quote as of `atMs`: cancelled units and approved returns taken out, what was left
 * refunded once the whole order is cancelled.
 */
export function quoteAt(order: OrderRecord, atMs: number): QuoteView {
  const lines = [...order.quote.lines];
  const partCancelRefunds = new Map<string, Refund>();
  for (const cancel of order.partCancels) {
    if (Date.parse(cancel.at) <= atMs) partCancelRefunds.set(cancel.id, refundOf(takeOut(lines, cancel.line, cancel.quantity)));
  }
  if (isCancelledAt(order, atMs)) {
    const trail = lines.filter((l) => l.pricePaise !== 0).map((l) => ({ titleType: l.titleType, itemId: l.itemId, pricePaise: -l.pricePaise }));
    const zeroed = lines.flatMap((l) => (l.titleType === 'item' ? [{ ...l, count: 0, pricePaise: 0 }] : []));
    return { quote: { ...order.quote, lines: zeroed }, returnRefunds: new Map(), partCancelRefunds, cancelRefund: refundOf(trail) };
  }
  const returnRefunds = new Map<string, Refund>();
  for (const ret of order.returns) {
    if (returnStepOf(ret, atMs) >= RETURN_STEP.approved) returnRefunds.set(ret.id, refundOf(takeOut(lines, ret.line, ret.quantity)));
  }
  // ondc-notes §1: non-zero lines only, except item lines and the delivery line (free delivery
  // is quoted at 0.00 from on_select on, and the quote keeps its lines).
  return {
    quote: { ...order.quote, lines: lines.filter((l) => l.titleType === 'item' || l.titleType === 'delivery' || l.pricePaise !== 0) },
    returnRefunds,
    partCancelRefunds,
    cancelRefund: null,
  };
}

// ---- unsolicited callbacks ----

export type Notice =
  | { kind: 'status'; step: number; atMs: number }
  | { kind: 'return'; returnId: string; step: number; atMs: number }
  | { kind: 'partCancel'; count: number; atMs: number }
  | { kind: 'rto'; step: number; atMs: number };

/**
 * The changes the buyer app has not been told about yet, oldest first: each delivery step and
 * each return step reached since the last one sent. A cancellation is told by on_cancel itself.
 */
export function dueNotices(order: OrderRecord, atMs: number): Notice[] {
  const notices: Notice[] = [];
  if (!isCancelledAt(order, atMs)) {
    const timeline = timelineOf(order);
    for (let step = order.notified.step + 1; step <= deliveryStepOf(order, atMs); step++) {
      notices.push({ kind: 'status', step, atMs: timeline[step] ?? atMs });
    }
  }
  order.partCancels.slice(order.notified.partCancels).forEach((cancel, index) => {
    if (Date.parse(cancel.at) <= atMs) notices.push({ kind: 'partCancel', count: order.notified.partCancels + index + 1, atMs: Date.parse(cancel.at) });
  });
  // RTO-Initiated is told by on_cancel itself; where the goods end up by on_status.
  const rto = rtoStepOf(order, atMs);
  const cancelledAt = order.cancellation ? Date.parse(order.cancellation.at) : atMs;
  if (rto !== null && rto > RTO_STEP.initiated && order.notified.rto < rto)
    notices.push({ kind: 'rto', step: rto, atMs: rtoTimeline(cancelledAt)[rto] ?? atMs });
  for (const ret of order.returns) {
    const timeline = returnTimeline(Date.parse(ret.requestedAt), ret.liquidated);
    for (let step = (order.notified.returns[ret.id] ?? RETURN_STEP.initiated) + 1; step <= returnStepOf(ret, atMs); step++) {
      notices.push({ kind: 'return', returnId: ret.id, step, atMs: timeline[step] ?? atMs });
    }
  }
  return notices.sort((a, b) => a.atMs - b.atMs);
}

export function markNotified(order: OrderRecord, notice: Notice): OrderRecord {
  if (notice.kind === 'status') return { ...order, notified: { ...order.notified, step: Math.max(order.notified.step, notice.step) } };
  if (notice.kind === 'partCancel') return { ...order, notified: { ...order.notified, partCancels: Math.max(order.notified.partCancels, notice.count) } };
  if (notice.kind === 'rto') return { ...order, notified: { ...order.notified, rto: Math.max(order.notified.rto, notice.step) } };
  const seen = order.notified.returns[notice.returnId] ?? RETURN_STEP.initiated;
  return { ...order, notified: { ...order.notified, returns: { ...order.notified.returns, [notice.returnId]: Math.max(seen, notice.step) } } };
}

/** Whether the order may still change without the buyer asking: the ticker watches only these. */
export function isSettled(order: OrderRecord): boolean {
  const rtoDone = !order.cancellation?.rto || order.notified.rto >= RTO_STEP.done;
  const deliveryDone = (order.cancellation !== null && rtoDone) || order.notified.step >= STEP.delivered;
  const cancelsTold = order.notified.partCancels >= order.partCancels.length;
  return deliveryDone && cancelsTold && order.returns.every((r) => (order.notified.returns[r.id] ?? RETURN_STEP.initiated) >= finalReturnStep(r));
}

/** The buyer app's bap_terms from a confirm's tags, to echo in the order's messages. */
export function bapTermsOf(tags: readonly Tag[] | undefined): { bapTerms?: Tag } {
  const terms = tags?.find((t) => t.code === 'bap_terms');
  return terms ? { bapTerms: terms } : {};
}
