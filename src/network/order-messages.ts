// The `message` of each on_* callback a seller sends (ondc-notes §1), built from a priced order
// or an order record at a moment of the network clock. Pure: what to say, never when or to whom.
import { paiseToRupees } from '#/lib/money.ts';
import { ttlToMs } from '#/ondc/context.ts';
import type { Provider } from './catalogue/generate.ts';
import { hashString, mixSeeds, mulberry32, pick } from './catalogue/random.ts';
import { DELIVERY_STEPS, LIQUIDATION_STEPS, RETURN_STEP, RETURN_STEPS, returnTimeline, riderPosition, RTO_STEP, rtoTimeline, STEP } from './order-clock.ts';
import type { LatLng } from '#/lib/geo.ts';
import {
  deliveryIdOf,
  deliveryStepOf,
  isCancelledAt,
  quoteAt,
  returnStepOf,
  rtoStepOf,
  timelineOf,
  updatedAtMs,
  type OrderRecord,
  type Refund,
  type StoreProfile,
  type TrailLine,
} from './orders.ts';
import { NP_TYPE } from './catalogue/on-search.ts';
import { DELIVERY_ID, wireQuote, type PricedOrder, type QuoteLine } from './quote.ts';
import type { Billing, DeliveryEnd, Tag } from './requests.ts';
import type { DeliverySlot } from './delivery-slots.ts';

const RTO_ID = 'RTO1';
/** A return pickup is offered from this long after the approval. */
const RETURN_PICKUP_LEAD_MS = 10 * 60_000;
// ondc-notes §1 on_select: "Immediate Delivery" only when order-to-delivery is at most 2 hours.
const IMMEDIATE_DELIVERY_MAX_MS = ttlToMs('PT2H');
// State codes of GSTINs, for the bpp_terms tax number.
const GST_STATE_CODES: Readonly<Record<string, string>> = { Delhi: '07', Maharashtra: '27', Karnataka: '29', 'Tamil Nadu': '33', Telangana: '36' };
const RIDERS = ['Ravi Kumar', 'Imran Shaikh', 'Suresh Naik', 'Arjun Das', 'Manoj Yadav', 'Karthik S', 'Vikram Singh', 'Rahul Patil'];

const gps = (place: LatLng) => `${place.lat.toFixed(6)},${place.lng.toFixed(6)}`;
const tag = (code: string, entries: ReadonlyArray<readonly [string, string]>): Tag => ({ code, list: entries.map(([key, value]) => ({ code: key, value })) });

function digitsOf(seed: number, count: number): string {
  const rng = mulberry32(seed);
  return Array.from({ length: count }, () => Math.floor(rng() * 10)).join('');
}

function lettersOf(seed: number, count: number): string {
  const rng = mulberry32(seed);
  return Array.from({ length: count }, () => String.fromCharCode(65 + Math.floor(rng() * 26))).join('');
}

/** The store's particulars an order keeps: address, contacts and tax number, all deterministic. */
export function storeProfile(provider: Provider): StoreProfile {
  const location = provider.locations[0];
  if (!location) throw new Error(`Provider ${provider.id} has no location`);
  const seed = hashString(`store:${provider.id}`);
  const pan = `${lettersOf(seed, 5)}${digitsOf(mixSeeds(seed, 1), 4)}${lettersOf(mixSeeds(seed, 2), 1)}`;
  return {
    name: provider.name,
    locationId: location.id,
    lat: location.lat,
    lng: location.lng,
    street: location.street,
    locality: location.locality,
    city: location.city,
    state: location.state,
    pincode: location.pincode,
    phone: `9${digitsOf(mixSeeds(seed, 3), 9)}`,
    email: `orders@${provider.id}.kirana.local`,
    taxNumber: `${GST_STATE_CODES[location.state] ?? '99'}${pan}1Z${digitsOf(mixSeeds(seed, 4), 1)}`,
    marketplaceTaxNumber: marketplaceGstin(provider.sellerId, location.state),
  };
}

/**
 * The seller app's own GSTIN in the store's state: a marketplace (np_type MSN) states its own tax
 * number in bpp_terms and the store's PAN as provider_tax_number, so the two differ.
 */
function marketplaceGstin(sellerId: string, state: string): string {
  const seed = hashString(`seller-app:${sellerId}`);
  const pan = `${lettersOf(seed, 5)}${digitsOf(mixSeeds(seed, 1), 4)}${lettersOf(mixSeeds(seed, 2), 1)}`;
  return `${GST_STATE_CODES[state] ?? '99'}${pan}1Z${digitsOf(mixSeeds(seed, 4), 1)}`;
}

function deliveryCategory(tat: string, slotted: boolean): string {
  // A window the shopper chose is a standard delivery, however soon it opens (ondc-notes §1).
  if (slotted) return 'Standard Delivery';
  return ttlToMs(tat) <= IMMEDIATE_DELIVERY_MAX_MS ? 'Immediate Delivery' : 'Same Day Delivery';
}

function deliveryTerms(storeName: string, tat: string, slotted = false) {
  return { '@ondc/org/provider_name': storeName, '@ondc/org/category': deliveryCategory(tat, slotted), '@ondc/org/TAT': tat };
}

/** Issue 29: how a delivery window goes on the wire, the same in every message. */
function slotRange(slot: { startMs: number; endMs: number }, toWire: ToWire) {
  return { start: new Date(toWire(slot.startMs)).toISOString(), end: new Date(toWire(slot.endMs)).toISOString() };
}

/**
 * Issue 29: the delivery a select, init or confirm chose (a window, or null for as soon as
 * possible) and, for on_select, the windows on offer.
 */
export type DeliveryChoice = { slot: DeliverySlot | null; offered: readonly DeliverySlot[]; toWire: ToWire };

function orderItems(lines: readonly QuoteLine[], fulfillmentId: string) {
  return lines.flatMap((line) =>
    line.titleType === 'item'
      ? [
          {
            id: line.itemId,
            fulfillment_id: fulfillmentId,
            quantity: { count: line.count },
            ...(line.parentItemId === undefined ? {} : { parent_item_id: line.parentItemId }),
            ...(line.tags ? { tags: line.tags } : {}),
          },
        ]
      : [],
  );
}

function appliedOffers(priced: PricedOrder) {
  return priced.offer ? { offers: [{ id: priced.offer.code, tags: [tag('selection', [['apply', 'yes']])] }] } : {};
}

/**
 * on_select (ondc-notes §1): the quote and whether the seller can deliver there. The items go
 * with the delivery chosen; every delivery on offer is listed, as soon as possible first.
 */
export function onSelectMessage(provider: Provider, priced: PricedOrder, choice: DeliveryChoice) {
  const location = storeProfile(provider);
  const state = { descriptor: { code: priced.serviceable ? 'Serviceable' : 'Non-serviceable' } };
  return {
    order: {
      provider: { id: provider.id, locations: [{ id: location.locationId }] },
      items: orderItems(priced.quote.lines, choice.slot?.id ?? DELIVERY_ID),
      fulfillments: [
        { id: DELIVERY_ID, type: 'Delivery', ...deliveryTerms(provider.name, provider.tat), tracking: true, state },
        ...choice.offered.map((slot) => ({
          id: slot.id,
          type: 'Delivery',
          ...deliveryTerms(provider.name, provider.tat, true),
          tracking: true,
          state,
          end: { time: { range: slotRange(slot, choice.toWire) } },
        })),
      ],
      ...appliedOffers(priced),
      quote: wireQuote(priced.quote, 'select'),
    },
  };
}

export type PaymentType = 'ON-ORDER' | 'ON-FULFILLMENT';

/** The withholding every embedded store names for a prepaid order. */
export const PREPAID_WITHHOLDING = '10.00';

/** A store's (simulated) current account: eleven digits from its location id. */
function bankAccountOf(locationId: string): string {
  let n = 0;
  for (const c of locationId) n = (n * 31 + c.charCodeAt(0)) % 100_000_000_000;
  return String(n).padStart(11, '0');
}

function paymentTerms(profile: StoreProfile, type: PaymentType, requested: Record<string, unknown> | undefined) {
  const fee = (key: string, fallback: string) => (typeof requested?.[key] === 'string' ? (requested[key] as string) : fallback);
  return {
    type,
    // ondc-notes §1 confirm: prepaid money is collected by the buyer app, cash on delivery by the seller.
    collected_by: type === 'ON-ORDER' ? 'BAP' : 'BPP',
    status: 'NOT-PAID',
    '@ondc/org/buyer_app_finder_fee_type': fee('@ondc/org/buyer_app_finder_fee_type', 'percent'),
    '@ondc/org/buyer_app_finder_fee_amount': fee('@ondc/org/buyer_app_finder_fee_amount', '0'),
    '@ondc/org/settlement_basis': 'delivery',
    // A day, written in hours: ONDC's validator wants ^PT\d+[MH]$ when the seller collects (cash on delivery).
    '@ondc/org/settlement_window': 'PT24H',
    // What the collecting buyer app may hold back of a prepaid order until it settles (issue 26,
    // RSF 2.0 withholding); nothing of cash the seller collects itself.
    '@ondc/org/withholding_amount': type === 'ON-ORDER' ? PREPAID_WITHHOLDING : '0.00',
    // Cash on delivery settles by bank transfer: Pramaan wants the account in the confirm then.
    '@ondc/org/settlement_details': [
      type === 'ON-ORDER'
        ? {
            settlement_counterparty: 'seller-app',
            settlement_phase: 'sale-amount',
            settlement_type: 'upi',
            upi_address: `${profile.locationId}@oksbi`,
            beneficiary_name: profile.name,
          }
        : {
            settlement_counterparty: 'seller-app',
            settlement_phase: 'sale-amount',
            settlement_type: 'neft',
            beneficiary_name: profile.name,
            settlement_bank_account_no: bankAccountOf(profile.locationId),
            settlement_ifsc_code: 'SBIN0001234',
            bank_name: 'State Bank of India',
            branch_name: 'Koramangala',
          },
    ],
  };
}

/** ondc-notes §1 on_init: the seller's terms, which the buyer app may refuse with 27501. */
function bppTerms(profile: StoreProfile): Tag {
  return tag('bpp_terms', [
    ['np_type', NP_TYPE],
    ['max_liability', '2'],
    ['max_liability_cap', '10000'],
    ['mandatory_arbitration', 'false'],
    ['court_jurisdiction', profile.city],
    ['delay_interest', '1000'],
    ['tax_number', profile.marketplaceTaxNumber ?? profile.taxNumber],
    ['provider_tax_number', profile.taxNumber.slice(2, 12)],
  ]);
}

export type InitEcho = {
  billing: Billing;
  end: DeliveryEnd;
  paymentType: PaymentType;
  payment: Record<string, unknown> | undefined;
  /** the window chosen, or null for as soon as possible */
  slot: DeliverySlot | null;
  toWire: ToWire;
};

/** on_init (ondc-notes §1): the init echoed with the full quote, payment and terms. */
export function onInitMessage(provider: Provider, priced: PricedOrder, echo: InitEcho) {
  const profile = storeProfile(provider);
  return {
    order: {
      provider: { id: provider.id, locations: [{ id: profile.locationId }] },
      items: orderItems(priced.quote.lines, echo.slot?.id ?? DELIVERY_ID),
      billing: echo.billing,
      fulfillments: [
        {
          id: echo.slot?.id ?? DELIVERY_ID,
          type: 'Delivery',
          ...deliveryTerms(provider.name, provider.tat, echo.slot !== null),
          tracking: true,
          end: echo.slot ? { ...echo.end, time: { range: slotRange(echo.slot, echo.toWire) } } : echo.end,
          state: { descriptor: { code: priced.serviceable ? 'Serviceable' : 'Non-serviceable' } },
        },
      ],
      ...appliedOffers(priced),
      quote: wireQuote(priced.quote),
      payment: paymentTerms(profile, echo.paymentType, echo.payment),
      tags: [bppTerms(profile)],
    },
  };
}

/** The payment the buyer app confirmed, for a new order. */
export function confirmedPayment(profile: StoreProfile, type: PaymentType, confirmed: Record<string, unknown>): Record<string, unknown> {
  return { ...paymentTerms(profile, type, confirmed), ...confirmed };
}

function quoteTrailTags(trail: readonly TrailLine[]): Tag[] {
  return trail.map((line) =>
    tag('quote_trail', [
      ['type', line.titleType],
      ['id', line.itemId],
      ['currency', 'INR'],
      ['value', paiseToRupees(line.pricePaise)],
    ]),
  );
}

function riderOf(order: OrderRecord) {
  const seed = hashString(`rider:${order.id}`);
  return { name: pick(mulberry32(seed), RIDERS), phone: `8${digitsOf(seed, 9)}` };
}

/**
 * The step at which the delivery took the state it has at `step`. precancel_state describes the
 * fulfillment, not the order (README "Decisions"): accepting an order changes the order's state
 * and leaves its delivery Pending since the on_confirm, so a cancel after acceptance names the
 * on_confirm's time, as ONDC's validator and Workbench do.
 */
function fulfillmentStateSince(step: number): number {
  const state = DELIVERY_STEPS[step]?.fulfillment;
  const first = DELIVERY_STEPS.findIndex((s) => s.fulfillment === state);
  return first === -1 ? step : first;
}

/** How a network time goes on the wire (NetworkClock.toReal); the identity on a real-time clock. */
export type ToWire = (networkMs: number) => number;
const sameTime: ToWire = (ms) => ms;

function refundSettlement(refund: Refund, atIso: string) {
  return {
    settlement_counterparty: 'buyer',
    settlement_phase: 'refund',
    settlement_type: 'upi',
    settlement_amount: paiseToRupees(refund.totalPaise),
    settlement_timestamp: atIso,
  };
}

/**
 * The whole order as of `atMs` (on_confirm, on_status, on_cancel, on_update): states, the
 * delivery with its time windows and rider, a Cancel fulfillment once cancelled and a Return
 * fulfillment per return, each carrying its refund as quote_trail tags, and the refunds as
 * settlements in the payment.
 */
export type OrderMessageOptions = {
  /** how a network time goes on the wire (NetworkClock.toReal) */
  toWire?: ToWire;
  /** the seller's invoice for the order, in `documents` once the rider has it */
  invoiceUrl?: string;
};

export function orderMessage(order: OrderRecord, atMs: number, options: OrderMessageOptions = {}) {
  const toWire = options.toWire ?? sameTime;
  const iso = (ms: number) => new Date(toWire(ms)).toISOString();
  const profile = order.store;
  const view = quoteAt(order, atMs);
  const step = deliveryStepOf(order, atMs);
  const cancelled = order.cancellation !== null && isCancelledAt(order, atMs) ? order.cancellation : null;
  const timeline = timelineOf(order);
  // A cancelled delivery keeps the steps it had reached (its pickup, when it rode back).
  const reached = (index: number) => step >= index;
  const reachedAt = (index: number) => (reached(index) ? { timestamp: iso(timeline[index] ?? atMs) } : {});
  const rto = rtoStepOf(order, atMs);
  const storeLocation = {
    id: profile.locationId,
    descriptor: { name: profile.name },
    gps: gps(profile),
    address: {
      name: profile.name,
      building: profile.street,
      locality: profile.locality,
      city: profile.city,
      state: profile.state,
      country: 'IND',
      area_code: profile.pincode,
    },
  };
  const storeContact = { phone: profile.phone, email: profile.email };

  const deliveryId = deliveryIdOf(order);
  const delivery = {
    id: deliveryId,
    type: 'Delivery',
    ...deliveryTerms(profile.name, order.tat, order.slot !== undefined),
    tracking: true,
    state: { descriptor: { code: cancelled ? 'Cancelled' : (DELIVERY_STEPS[step]?.fulfillment ?? 'Pending') } },
    start: {
      location: storeLocation,
      time: { range: { start: iso(timeline[STEP.packed] ?? atMs), end: iso(timeline[STEP.pickedUp] ?? atMs) }, ...reachedAt(STEP.pickedUp) },
      // ondc-notes §1 on_confirm: pickup code type 2, the merchant's order number.
      instructions: { code: '2', name: 'ONDC order', short_desc: order.id, long_desc: `Pickup code ${order.id}: show it at the counter` },
      contact: storeContact,
    },
    end: {
      ...order.deliveryEnd,
      person: order.deliveryEnd.person ?? { name: order.billing.name },
      // A chosen window is the promise, echoed as on_select stated it; else the rider's own.
      time: {
        range: order.slot
          ? slotRange({ startMs: Date.parse(order.slot.start), endMs: Date.parse(order.slot.end) }, toWire)
          : { start: iso(timeline[STEP.outForDelivery] ?? atMs), end: iso(timeline[STEP.delivered] ?? atMs) },
        ...reachedAt(STEP.delivered),
      },
    },
    ...(reached(STEP.pickedUp) ? { agent: riderOf(order) } : {}),
    // The store's own rider goes straight from the store to the door; a cancelled delivery says
    // instead who cancelled it, why, and where it stood (ONDC's on_cancel rules).
    tags: cancelled
      ? [
          tag('cancel_request', [['reason_id', cancelled.reasonId], ['initiated_by', cancelled.by], ...(cancelled.rto ? ([['rto_id', RTO_ID]] as const) : [])]),
          tag('precancel_state', [
            ['fulfillment_state', DELIVERY_STEPS[cancelled.step]?.fulfillment ?? 'Pending'],
            ['updated_at', iso(timeline[fulfillmentStateSince(cancelled.step)] ?? atMs)],
          ]),
        ]
      : [tag('routing', [['type', 'P2P']])],
  };

  // Part cancels come first, so the whole order's cancel takes the next id.
  const cancelId = `C${order.partCancels.length + 1}`;
  const cancelFulfillment = cancelled &&
    !cancelled.rto && {
      id: cancelId,
      type: 'Cancel',
      state: { descriptor: { code: 'Cancelled' } },
      tags: quoteTrailTags(view.cancelRefund?.trail ?? []),
    };

  // Cancelled after pickup: the goods ride from the door back to the store.
  const rtoAt = cancelled ? rtoTimeline(Date.parse(cancelled.at)) : [];
  const rtoFulfillment = cancelled?.rto && {
    id: RTO_ID,
    type: 'RTO',
    state: { descriptor: { code: rto === RTO_STEP.done ? (order.domain === 'ONDC:RET11' ? 'RTO-Disposed' : 'RTO-Delivered') : 'RTO-Initiated' } },
    start: { location: order.deliveryEnd['location'], time: { timestamp: iso(rtoAt[RTO_STEP.initiated] ?? atMs) } },
    // ONDC's rule: the time it arrived back, and no time before then.
    end: { location: storeLocation, contact: storeContact, ...(rto === RTO_STEP.done ? { time: { timestamp: iso(rtoAt[RTO_STEP.done] ?? atMs) } } : {}) },
    tags: quoteTrailTags(view.cancelRefund?.trail ?? []),
  };

  const partCancels = order.partCancels.filter((cancel) => Date.parse(cancel.at) <= atMs);
  const partCancelFulfillments = partCancels.map((cancel) => ({
    id: cancel.id,
    type: 'Cancel',
    state: { descriptor: { code: 'Cancelled' } },
    tags: [
      tag('cancel_request', [
        ['reason_id', cancel.reasonId],
        ['initiated_by', order.sellerId],
      ]),
      ...quoteTrailTags(view.partCancelRefunds.get(cancel.id)?.trail ?? []),
    ],
  }));

  const returns = order.returns.map((ret) => {
    const returnStep = returnStepOf(ret, atMs);
    const line = order.quote.lines[ret.line];
    const parent = line?.titleType === 'item' ? line.parentItemId : undefined;
    const times = returnTimeline(Date.parse(ret.requestedAt), ret.liquidated);
    const at = (index: number) => iso(times[index] ?? atMs);
    // Reverse QC: once approved, the rider's pickup window at the shopper's door (opening after the
    // approval is sent), the pickup itself, then the goods back at the store.
    const pickupWindow = {
      start: iso((times[RETURN_STEP.approved] ?? atMs) + RETURN_PICKUP_LEAD_MS),
      end: iso((times[RETURN_STEP.picked] ?? atMs) + RETURN_PICKUP_LEAD_MS),
    };
    const journey = ret.liquidated
      ? {}
      : {
          start: {
            location: order.deliveryEnd['location'],
            ...(returnStep >= RETURN_STEP.approved
              ? { time: { range: pickupWindow, ...(returnStep >= RETURN_STEP.picked ? { timestamp: at(RETURN_STEP.picked) } : {}) } }
              : {}),
          },
          end: {
            location: storeLocation,
            contact: storeContact,
            ...(returnStep >= RETURN_STEP.delivered ? { time: { timestamp: at(RETURN_STEP.delivered) } } : {}),
          },
          ...(returnStep >= RETURN_STEP.approved ? { agent: riderOf(order) } : {}),
        };
    return {
      id: ret.id,
      type: 'Return',
      state: { descriptor: { code: (ret.liquidated ? LIQUIDATION_STEPS[returnStep] : RETURN_STEPS[returnStep]) ?? 'Return_Initiated' } },
      ...journey,
      tags: [
        tag('return_request', [
          ['id', ret.id],
          ['item_id', ret.itemId],
          ...(parent === undefined ? [] : ([['parent_item_id', parent]] as const)),
          ['item_quantity', String(ret.quantity)],
          ['reason_id', ret.reasonId],
          ['reason_desc', ret.reasonDesc],
          ...(ret.images === undefined ? [] : ([['images', ret.images]] as const)),
          ['ttl_approval', 'PT24H'],
          ['ttl_reverseqc', 'P3D'],
          ['initiated_by', order.bapId],
        ]),
        ...quoteTrailTags(view.returnRefunds.get(ret.id)?.trail ?? []),
      ],
    };
  });

  // A prepaid order's money is with the buyer app (collected_by BAP): it refunds the shopper and
  // tells the seller (update_target payment), whose settlements are echoed here as sent. Cash paid
  // at the door is the seller's to give back once the goods are collected.
  const refunds =
    order.paymentType === 'ON-ORDER'
      ? order.settlements
      : order.returns.flatMap((ret) => {
          const refund = view.returnRefunds.get(ret.id);
          const refundStep = ret.liquidated ? 1 : RETURN_STEP.picked;
          const refundAt = returnTimeline(Date.parse(ret.requestedAt), ret.liquidated)[refundStep] ?? atMs;
          return refund && returnStepOf(ret, atMs) >= refundStep ? [refundSettlement(refund, iso(refundAt))] : [];
        });
  // What is still on its way to the shopper, and what left the order by each cancel.
  const uncancelled = order.quote.lines.map((line, index) =>
    line.titleType === 'item' ? { ...line, count: line.count - partCancels.filter((c) => c.line === index).reduce((n, c) => n + c.quantity, 0) } : line,
  );
  const settlements = Array.isArray(order.payment['@ondc/org/settlement_details']) ? (order.payment['@ondc/org/settlement_details'] as unknown[]) : [];
  // Cash on delivery is paid when the order is handed over.
  const cashPaid = order.paymentType === 'ON-FULFILLMENT' && reached(STEP.delivered);

  return {
    order: {
      id: order.id,
      state: cancelled ? 'Cancelled' : (DELIVERY_STEPS[step]?.order ?? 'Created'),
      provider: { id: order.providerId, locations: [{ id: profile.locationId }] },
      items: [
        ...orderItems(view.quote.lines, deliveryId),
        ...partCancels.map((cancel) => ({ id: cancel.itemId, fulfillment_id: cancel.id, quantity: { count: cancel.quantity } })),
        ...(cancelled
          ? orderItems(
              uncancelled.filter((l) => l.titleType !== 'item' || l.count > 0),
              cancelled.rto ? RTO_ID : cancelId,
            )
          : []),
        ...order.returns.map((ret) => ({ id: ret.itemId, fulfillment_id: ret.id, quantity: { count: ret.quantity } })),
      ],
      billing: order.billing,
      fulfillments: [
        delivery,
        ...partCancelFulfillments,
        ...(cancelFulfillment ? [cancelFulfillment] : []),
        ...(rtoFulfillment ? [rtoFulfillment] : []),
        ...returns,
      ],
      quote: wireQuote(view.quote),
      payment: {
        ...order.payment,
        ...(cashPaid ? { status: 'PAID' } : {}),
        '@ondc/org/settlement_details': [...settlements, ...refunds],
      },
      ...(cancelled ? { cancellation: { cancelled_by: cancelled.by, reason: { id: cancelled.reasonId } } } : {}),
      // A cancelled order is no sale: no terms and no invoice (ONDC's on_cancel and RTO schemas).
      ...(cancelled ? {} : { tags: [bppTerms(profile), ...(order.bapTerms ? [order.bapTerms] : [])] }),
      // ONDC's invoice rule: the seller's invoice from pick-up on.
      ...(options.invoiceUrl && reached(STEP.pickedUp) && !cancelled ? { documents: [{ url: options.invoiceUrl, label: 'Invoice' }] } : {}),
      created_at: order.buyerCreatedAt ?? iso(Date.parse(order.createdAt)),
      updated_at: iso(updatedAtMs(order, atMs)),
    },
  };
}

/** on_track (ondc-notes §1): active while the rider has the order, with where the rider is. */
export function onTrackMessage(order: OrderRecord, trackingUrl: string, atMs: number, toWire: ToWire = sameTime) {
  const iso = (ms: number) => new Date(toWire(ms)).toISOString();
  const step = deliveryStepOf(order, atMs);
  const active = !isCancelledAt(order, atMs) && step >= STEP.pickedUp && step < STEP.delivered;
  const position = riderPosition(order.store, order.drop, timelineOf(order), atMs);
  return {
    tracking: {
      id: deliveryIdOf(order),
      url: trackingUrl,
      status: active ? 'active' : 'inactive',
      location: { gps: gps(position), time: { timestamp: iso(atMs) }, updated_at: iso(atMs) },
      // ONDC's on_track schema: which order, and that the position is polled live.
      tags: [
        tag('order', [['id', order.id]]),
        tag('config', [
          ['attr', 'tracking.location.gps'],
          ['type', 'live_poll'],
        ]),
      ],
    },
  };
}

/** on_support (ondc-notes §1 support): how to reach whoever can help with this order. */
export function onSupportMessage(contact: { phone: string; email: string }) {
  return { phone: contact.phone, email: contact.email, uri: `tel:+91${contact.phone.replace(/^0+/, '')}` };
}
