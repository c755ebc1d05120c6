// Each seller's complaint desk (IGM 2.0.0, issue 26): an issue about one of its own orders is taken,
// then answered on the network clock like the rest of the order: PROCESSING a minute after the
// buyer's word, resolution options four minutes later (what they are follows the complaint and the
// order), RESOLVED a minute after the buyer accepts one. A complaint about the state of goods that
// came without a photo, about an order marked delivered that never came, or about one booked to
// come hours later, gets a request for more information first (INFO_REQUESTED), once; the
// buyer's answer (INFO_PROVIDED) starts the clock again. An escalated issue is taken up by the
// seller's grievance officer the same way; a dispute is handed to the ODR provider. The desk works
// its store's hours: a complaint raised while the store is closed waits for it to open, past the
// response time we state, so the shopper may escalate it.
import { z } from 'zod';
import type { ProtocolError } from '#/ondc/context.ts';
import { appendAction, nextActionId, orgName, type IgmAction, type IgmActor, type IgmIssue, type IgmResolution, type ResolutionCode } from '#/ondc/igm.ts';
import { paiseToRupees } from '#/lib/money.ts';
import type { Provider } from './catalogue/generate.ts';
import { deliveryStepOf, isCancelledAt, timelineOf, type OrderRecord } from './orders.ts';
import { storeOpenState } from './store-hours.ts';

const MINUTE_MS = 60_000;
/** Network time from the buyer's word to the desk's acknowledgement, and on to its proposal. */
const PROCESSING_AFTER_MS = MINUTE_MS;
const PROPOSAL_AFTER_MS = 5 * MINUTE_MS;
const RESOLVED_AFTER_MS = MINUTE_MS;

export const issueRecordSchema = z.object({
  id: z.string(),
  sellerId: z.string(),
  orderId: z.string(),
  /** the issue as the desk holds it (igmIssueSchema), both sides' actions */
  issue: z.record(z.string(), z.unknown()),
  /** network time of the buyer's last word: the desk's clock for its next step runs from it */
  buyerAt: z.iso.datetime(),
  /** network time of the desk's last step */
  sellerAt: z.iso.datetime().nullable(),
});
export type IssueRecord = z.infer<typeof issueRecordSchema>;

const BUYER_ACTIONS: ReadonlySet<string> = new Set(['OPEN', 'INFO_PROVIDED', 'RESOLUTION_ACCEPTED', 'RESOLUTION_REJECTED', 'ESCALATED', 'CLOSED']);
/** What the buyer app's own grievance officer may do once a complaint is escalated: ask the buyer, and resolve it. */
const BUYER_OFFICER_ACTIONS: ReadonlySet<string> = new Set(['INFO_REQUESTED', 'RESOLVED']);

function issueOf(record: IssueRecord): IgmIssue {
  return record.issue as IgmIssue;
}

function graId(sellerId: string) {
  return `${sellerId}-GRO`;
}

function sellerActors(order: OrderRecord, sellerId: string): IgmActor[] {
  const org = { name: orgName(sellerId, order.domain) };
  return [
    {
      id: sellerId,
      type: 'COUNTERPARTY_NP',
      info: { org, person: { name: order.store.name }, contact: { phone: order.store.phone, email: order.store.email } },
    },
    {
      id: graId(sellerId),
      type: 'COUNTERPARTY_NP_GRO',
      info: { org, person: { name: `Grievance officer, ${order.store.name}` }, contact: { phone: order.store.phone, email: order.store.email } },
    },
  ];
}

/** Why the seller will not take this issue (IGM 2.0 error codes), or null. */
export function openIssueError(
  order: OrderRecord | undefined,
  sellerId: string,
  context: { transaction_id: string; bap_id: string },
  issue: IgmIssue,
  open: readonly IssueRecord[],
): ProtocolError | null {
  const orderRef = issue.refs.find((r) => r.ref_type === 'ORDER')?.ref_id;
  if (!order || order.id !== orderRef || order.sellerId !== sellerId || order.bapId !== context.bap_id)
    return { type: 'DOMAIN-ERROR', code: 'IGM001', message: `order_id ${orderRef ?? ''} does not exist` };
  if (order.transactionId !== context.transaction_id) return { type: 'DOMAIN-ERROR', code: 'IGM008', message: 'Invalid context.transaction_id' };
  const itemIds = new Set(order.quote.lines.map((l) => l.itemId));
  if (issue.refs.some((r) => r.ref_type === 'ITEM' && !itemIds.has(r.ref_id)))
    return { type: 'DOMAIN-ERROR', code: 'IGM003', message: 'item_id does not exist' };
  if (issue.status !== 'OPEN' || issue.level !== 'ISSUE' || issue.actions.length !== 1 || issue.actions[0]?.descriptor.code !== 'OPEN') {
    return { type: 'DOMAIN-ERROR', code: 'IGM006', message: 'A new issue is opened at level ISSUE with its OPEN action alone' };
  }
  if (open.some((r) => r.orderId === order.id && issueOf(r).status !== 'CLOSED'))
    return { type: 'DOMAIN-ERROR', code: 'IGM007', message: 'Duplicate complaint created' };
  return null;
}

/**
 * The buyer's newer issue taken into the desk's: its new actions are the complainant's own kinds
 * only, or, once escalated, the buyer app's grievance officer resolving it (with the resolution it
 * names); it may raise the level (ESCALATED) or close the issue.
 */
export function takeBuyerIssue(record: IssueRecord, incoming: IgmIssue, now: Date): { record: IssueRecord } | { error: ProtocolError } {
  const held = issueOf(record);
  if (incoming.id !== held.id) return { error: { type: 'DOMAIN-ERROR', code: 'IGM006', message: `issue ${incoming.id} is not ${held.id}` } };
  const known = new Set(held.actions.map((a) => a.id));
  const added = incoming.actions.filter((a) => !known.has(a.id));
  if (added.length === 0) return { record };
  if (held.status === 'CLOSED') return { error: { type: 'DOMAIN-ERROR', code: 'IGM006', message: 'The issue is closed' } };
  const actors = [...held.actors, ...incoming.actors.filter((a) => !held.actors.some((h) => h.id === a.id))];
  const buyerOfficers = new Set(actors.filter((a) => a.type === 'INTERFACING_NP_GRO').map((a) => a.id));
  const officerSays = (a: IgmAction) => buyerOfficers.has(a.action_by) && held.level === 'GRIEVANCE' && BUYER_OFFICER_ACTIONS.has(a.descriptor.code);
  if (added.some((a) => !(BUYER_ACTIONS.has(a.descriptor.code) && a.action_by === held.complainant_id) && !officerSays(a))) {
    return { error: { type: 'DOMAIN-ERROR', code: 'IGM006', message: "A buyer action must be the complainant's or its grievance officer's" } };
  }
  const actions = [...held.actions, ...added];
  const last = actions.at(-1) as IgmAction;
  const resolutions = [
    ...(held.resolutions ?? []),
    ...(incoming.resolutions ?? []).filter((r) => buyerOfficers.has(r.proposed_by) && !(held.resolutions ?? []).some((h) => h.id === r.id)),
  ];
  const issue: IgmIssue = {
    ...held,
    status: incoming.status,
    level: incoming.level,
    actors,
    ...(resolutions.length ? { resolutions } : {}),
    actions,
    last_action_id: last.id,
    updated_at: last.updated_at,
  };
  return { record: { ...record, issue, buyerAt: now.toISOString() } };
}

/** The items a complaint names, with the units the buyer counts, priced from the order's bill. */
function claimedPaise(order: OrderRecord, issue: IgmIssue): number {
  return issue.refs
    .filter((r) => r.ref_type === 'ITEM')
    .reduce((sum, ref) => {
      const line = order.quote.lines.find((l) => l.titleType === 'item' && l.itemId === ref.ref_id);
      if (line?.titleType !== 'item') return sum;
      const counted = Number(ref.tags?.flatMap((t) => t.list ?? []).find((e) => e.descriptor.code === 'quantity.selected.count')?.value ?? line.count);
      const units = Number.isInteger(counted) && counted > 0 ? Math.min(counted, line.count) : line.count;
      return sum + line.unitPaise * units;
    }, 0);
}

/** Whether the order had been delivered, and not cancelled, by `atMs` (network time). */
function deliveredAt(order: OrderRecord, atMs: number): boolean {
  return !isCancelledAt(order, atMs) && deliveryStepOf(order, atMs) === timelineOf(order).length - 1;
}

type Option = { code: Exclude<ResolutionCode, 'PARENT'>; text: string; refundPaise?: number };

/** What the desk offers for this complaint and order (issue 26: refund, replacement, cancel, no action). */
export function resolutionOptions(order: OrderRecord, issue: IgmIssue, atMs: number): Option[] {
  const code = issue.descriptor.code;
  const delivered = deliveredAt(order, atMs);
  if (code.startsWith('ITM') || code === 'FLM005') {
    const refundPaise = claimedPaise(order, issue);
    if (refundPaise <= 0) return [{ code: 'NO_ACTION', text: "The items named are not on this order's bill" }];
    return [
      { code: 'REFUND', text: `Refund of ₹${paiseToRupees(refundPaise)} for the items`, refundPaise },
      { code: 'REPLACEMENT', text: 'Replacement of the items with the next delivery' },
    ];
  }
  if (code === 'FLM002') {
    if (delivered) return [{ code: 'NO_ACTION', text: 'The order was delivered to the address given' }];
    if (isCancelledAt(order, atMs)) return [{ code: 'NO_ACTION', text: 'The order is already cancelled and refunded' }];
    const cancel: Option = { code: 'CANCEL', text: 'Cancel the order with a full refund' };
    return notDueSoon(order, atMs) ? [cancel, { code: 'NO_ACTION', text: 'Keep the order: it comes in the time you were promised' }] : [cancel];
  }
  if (code === 'ORD003') {
    const delivery = order.quote.lines.find((l) => l.titleType === 'delivery')?.pricePaise ?? 0;
    return delivery > 0
      ? [{ code: 'REFUND', text: `Refund of the ₹${paiseToRupees(delivery)} delivery charge`, refundPaise: delivery }]
      : [{ code: 'NO_ACTION', text: 'Delivery was free on this order' }];
  }
  return [{ code: 'NO_ACTION', text: "Refunds reach the UPI id paid from within 5–7 working days of the store's refund" }];
}

function proposal(order: OrderRecord, issue: IgmIssue, by: string, at: string, atMs: number): IgmResolution[] {
  const parentId = `R${issue.actions.length + 1}`;
  const options = resolutionOptions(order, issue, atMs);
  return [
    { id: parentId, descriptor: { code: 'PARENT', short_desc: 'Resolution options: please choose one' }, updated_at: at, proposed_by: by },
    ...options.map(
      (option, index): IgmResolution => ({
        id: `${parentId}-${index + 1}`,
        ref_id: parentId,
        ref_type: 'PARENT',
        descriptor: { code: option.code, short_desc: option.text },
        updated_at: at,
        proposed_by: by,
        ...(option.refundPaise
          ? {
              tags: [
                { descriptor: { code: 'RESOLUTION_DETAILS' }, list: [{ descriptor: { code: 'REFUND_AMOUNT' }, value: paiseToRupees(option.refundPaise) }] },
              ],
            }
          : {}),
      }),
    ),
  ];
}

/** Complaints about the state of goods, which the store judges from how they arrived (ISSUE_CATEGORIES' photo codes). */
const STATE_OF_GOODS: ReadonlySet<string> = new Set(['ITM002', 'ITM003', 'ITM004', 'ITM005', 'FLM005']);
export const INFO_REQUEST = {
  goods: 'Please tell us how the item reached you: the pack, the seal and what was wrong with it',
  // An order marked delivered that the shopper has not seen was most often taken in by someone else.
  handedOver: 'Our rider marked the order delivered: please tell us whether someone at the address, such as a guard or a neighbour, may have taken it in',
  // An order booked for later (a delivery window, a long promise) is not late: the store asks what the shopper needs.
  notDue:
    'Your order is booked to reach you later, in the time you were promised: please tell us what you need, such as cancelling it, or whether something else is wrong',
} as const;

/**
 * How far off an order's promised delivery must be for the store to ask before offering its
 * cancellation: the question, the answer and the offer take about ten network minutes, and a
 * shopper whose order is on its way soon is offered it at once.
 */
const ASK_WHEN_DUE_AFTER_MS = 60 * MINUTE_MS;

/** Whether the order is booked to reach the shopper more than an hour after `atMs`, not cancelled. */
function notDueSoon(order: OrderRecord, atMs: number): boolean {
  return !isCancelledAt(order, atMs) && (timelineOf(order).at(-1) ?? 0) - atMs > ASK_WHEN_DUE_AFTER_MS;
}

/**
 * What the store asks, once and at its own level, before it decides: how goods it cannot judge
 * without a photo arrived, who may have taken in an order marked delivered that the shopper has
 * not seen, or what the shopper needs of an order booked for later; null when it asks nothing.
 * An order on its way soon is offered its cancellation at once: a question would hold up a
 * shopper who is already waiting.
 */
function informationRequest(order: OrderRecord, issue: IgmIssue, atMs: number): string | null {
  if (issue.level !== 'ISSUE' || issue.actions.some((a) => a.descriptor.code === 'INFO_REQUESTED')) return null;
  const code = issue.descriptor.code;
  if (STATE_OF_GOODS.has(code)) return (issue.descriptor.images ?? []).length === 0 ? INFO_REQUEST.goods : null;
  if (code !== 'FLM002') return null;
  if (deliveredAt(order, atMs)) return INFO_REQUEST.handedOver;
  return notDueSoon(order, atMs) ? INFO_REQUEST.notDue : null;
}

/** Whether the store's complaint desk is at work at `now` (network time): while the store is open. */
export function deskAtWork(provider: Provider | undefined, now: Date): boolean {
  return provider !== undefined && storeOpenState(provider, now) === 'open';
}

/** The desk's next step on this issue, due by `now` (network time), or null when it waits. */
export function dueStep(record: IssueRecord, order: OrderRecord, now: Date, realNow: Date): { issue: IgmIssue; cancel: boolean } | null {
  const issue = issueOf(record);
  if (issue.status === 'CLOSED') return null;
  const last = issue.actions.at(-1) as IgmAction;
  const buyerSpoke = last.action_by === issue.complainant_id;
  const since = now.getTime() - Date.parse(buyerSpoke ? record.buyerAt : (record.sellerAt ?? record.buyerAt));
  const by = issue.level === 'ISSUE' ? record.sellerId : graId(record.sellerId);
  const actors = [...issue.actors, ...sellerActors(order, record.sellerId).filter((a) => !issue.actors.some((h) => h.id === a.id))];
  const respondents = issue.level === 'ISSUE' ? [record.sellerId] : [record.sellerId, graId(record.sellerId)];
  const at = realNow.toISOString();
  const step = (code: IgmAction['descriptor']['code'], shortDesc: string, extra: Partial<IgmAction> = {}): IgmAction => ({
    id: nextActionId(issue, 'S'),
    descriptor: { code, short_desc: shortDesc },
    updated_at: at,
    action_by: by,
    actor_details: { name: by === record.sellerId ? order.store.name : `Grievance officer, ${order.store.name}` },
    ...extra,
  });
  const code = last.descriptor.code;
  if (buyerSpoke && (code === 'OPEN' || code === 'ESCALATED' || code === 'INFO_PROVIDED') && since >= PROCESSING_AFTER_MS) {
    const words =
      issue.level === 'DISPUTE'
        ? 'Referred to the online dispute resolution provider'
        : issue.level === 'GRIEVANCE'
          ? 'The grievance officer is looking into it'
          : 'The store is looking into it';
    return { issue: appendAction(issue, step('PROCESSING', words), { status: 'PROCESSING', actors, respondent_ids: respondents }), cancel: false };
  }
  const request =
    !buyerSpoke && code === 'PROCESSING' && since >= PROPOSAL_AFTER_MS - PROCESSING_AFTER_MS ? informationRequest(order, issue, now.getTime()) : null;
  if (request)
    return { issue: appendAction(issue, step('INFO_REQUESTED', request), { status: 'PROCESSING', actors, respondent_ids: respondents }), cancel: false };
  if (!buyerSpoke && code === 'PROCESSING' && issue.level !== 'DISPUTE' && since >= PROPOSAL_AFTER_MS - PROCESSING_AFTER_MS) {
    const offered = proposal(order, issue, by, at, now.getTime());
    const parent = offered[0] as IgmResolution;
    return {
      issue: appendAction(issue, step('RESOLUTION_PROPOSED', parent.descriptor.short_desc, { ref_id: parent.id, ref_type: 'RESOLUTIONS' }), {
        status: 'PROCESSING',
        actors,
        respondent_ids: respondents,
        resolver_ids: [by],
        resolutions: [...(issue.resolutions ?? []), ...offered],
      }),
      cancel: false,
    };
  }
  if (buyerSpoke && code === 'RESOLUTION_ACCEPTED' && since >= RESOLVED_AFTER_MS) {
    const chosen = (issue.resolutions ?? []).find((r) => r.id === last.ref_id);
    if (!chosen) return null;
    const resolved = step('RESOLVED', chosen.descriptor.short_desc, { ref_id: chosen.id, ref_type: 'RESOLUTIONS' });
    resolved.descriptor = { ...resolved.descriptor, name: chosen.descriptor.code };
    return { issue: appendAction(issue, resolved, { status: 'RESOLVED', actors }), cancel: chosen.descriptor.code === 'CANCEL' };
  }
  return null;
}
