// Help with an order (issue 26, IGM 2.0.0): what went wrong in ONDC's words, when a complaint may
// be raised, and what the shopper may do next with one (accept or reject a resolution, escalate,
// close), read from the issue's own actions so the page and the API answer alike.
import { z } from 'zod';
import { ttlToMs } from '#/ondc/context.ts';
import type { IgmAction, IgmIssue, IgmResolution, IssueLevel } from '#/ondc/igm.ts';
import type { OrderStatus } from '#/features/orders/orders.ts';
import { orderIdSchema } from '#/features/orders/paths.ts';

/**
 * IGM 2.0 complaint sub-categories the shopper chooses from (ITM item, FLM fulfillment, ORD order,
 * PMT payment; ONDC's examples use ITM004 quality and FLM002 not delivered). `items`: the shopper
 * says which items; `photos`: a photo helps the seller decide.
 */
export const ISSUE_CATEGORIES = [
  { code: 'ITM001', category: 'ITEM', text: 'Items missing from the order', items: true, photos: false },
  { code: 'ITM002', category: 'ITEM', text: 'Fewer items than ordered', items: true, photos: true },
  { code: 'ITM003', category: 'ITEM', text: 'Wrong item delivered', items: true, photos: true },
  { code: 'ITM004', category: 'ITEM', text: 'Item damaged or of poor quality', items: true, photos: true },
  { code: 'ITM005', category: 'ITEM', text: 'Item past its expiry date', items: true, photos: true },
  { code: 'FLM002', category: 'FULFILLMENT', text: 'Order not delivered yet', items: false, photos: false },
  { code: 'FLM005', category: 'FULFILLMENT', text: 'Packaging damaged or leaking', items: true, photos: true },
  { code: 'ORD003', category: 'ORDER', text: 'Order delivered late', items: false, photos: false },
  { code: 'PMT001', category: 'PAYMENT', text: 'Refund not received', items: false, photos: false },
] as const;
export type IssueCode = (typeof ISSUE_CATEGORIES)[number]['code'];
const ISSUE_CODES = ISSUE_CATEGORIES.map((c) => c.code) as [IssueCode, ...IssueCode[]];

export function issueCategory(code: string) {
  return ISSUE_CATEGORIES.find((c) => c.code === code);
}

/** A complaint may be raised this long after delivery (issue 26). */
const ISSUE_WINDOW_DAYS = 30;
/**
 * The key of the refund a complaint settled, once per complaint and resolver: the store's
 * resolution or our grievance officer's. The invoice finds a complaint's refund by it.
 */
export function complaintRefundKey(orderId: string, issueId: string, by: 'store' | 'grievance'): string {
  return `${orderId}:${by === 'store' ? 'issue' : 'grievance'}:${issueId}`;
}

/**
 * How long an open complaint page's look is held when nothing has changed: the pace it asked at
 * before it could be woken (issue 27), so an idle page costs the server no more than it did.
 */
export const ISSUE_VIEW_HOLD_MS = 3_000;

export const ISSUE_DESCRIPTION_MAX = 1000;
export const ISSUE_PHOTOS_MAX = 4;

const issueId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'issue_id is an issue id');

export const raiseIssueRequestSchema = z.object({
  order_id: orderIdSchema,
  code: z.enum(ISSUE_CODES, { error: 'code must be one of the listed complaint codes' }),
  item_ids: z.array(z.string().min(1).max(200)).max(50).default([]),
  description: z
    .string()
    .trim()
    .min(10, 'Tell us what went wrong in at least 10 characters')
    .max(ISSUE_DESCRIPTION_MAX, `Keep the description under ${ISSUE_DESCRIPTION_MAX} characters`),
  photo_ids: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{16,64}$/))
    .max(ISSUE_PHOTOS_MAX, `At most ${ISSUE_PHOTOS_MAX} photos`)
    .default([]),
});
export type RaiseIssueRequest = z.infer<typeof raiseIssueRequestSchema>;

export const issueStepRequestSchema = z.discriminatedUnion(
  'step',
  [
    z.object({ step: z.literal('accept'), issue_id: issueId, resolution_id: z.string().min(1).max(64) }),
    z.object({ step: z.literal('reject'), issue_id: issueId, reason: z.string().trim().max(500).default('') }),
    z.object({ step: z.literal('escalate'), issue_id: issueId, reason: z.string().trim().min(10, 'Tell us why in at least 10 characters').max(500) }),
    z.object({ step: z.literal('close'), issue_id: issueId, rating: z.enum(['THUMBS_UP', 'THUMBS_DOWN']) }),
    z.object({
      step: z.literal('info'),
      issue_id: issueId,
      info: z
        .string()
        .trim()
        .min(10, 'Tell the store in at least 10 characters')
        .max(ISSUE_DESCRIPTION_MAX, `Keep it under ${ISSUE_DESCRIPTION_MAX} characters`),
    }),
  ],
  { error: 'step must be accept, reject, escalate, close or info' },
);
export type IssueStepRequest = z.infer<typeof issueStepRequestSchema>;

/** Why no complaint can be raised about this order now, or null when one can. */
export function raiseProblem(order: { status: OrderStatus; deliveredAt: string | null }, now = Date.now()): string | null {
  if (order.status === 'failed') return 'This order was not placed';
  if (order.status === 'delivered' && order.deliveredAt && now - Date.parse(order.deliveredAt) > ISSUE_WINDOW_DAYS * 24 * 3600 * 1000) {
    return `Complaints can be raised up to ${ISSUE_WINDOW_DAYS} days after delivery`;
  }
  return null;
}

/** What the items a complaint names must be: items of this order, and some when the code needs them. */
export function itemsProblem(code: IssueCode, itemIds: readonly string[], orderItemIds: readonly string[]): string | null {
  const category = issueCategory(code);
  if (category?.items && itemIds.length === 0) return 'Choose the items this is about';
  if (itemIds.some((id) => !orderItemIds.includes(id))) return 'An item is not in this order';
  return null;
}

/** The options of the newest resolution proposal, and whether the shopper has answered it. */
export function latestProposal(issue: IgmIssue): { parentId: string; options: IgmResolution[]; answered: IgmAction | null } | null {
  const proposed = issue.actions.findLast((a) => a.descriptor.code === 'RESOLUTION_PROPOSED');
  if (!proposed) return null;
  const parentId = proposed.ref_id ?? '';
  const options = (issue.resolutions ?? []).filter((r) => r.ref_id === parentId && r.descriptor.code !== 'PARENT');
  const after = issue.actions.slice(issue.actions.indexOf(proposed) + 1);
  const answered =
    after.find((a) => a.descriptor.code === 'RESOLUTION_ACCEPTED' || a.descriptor.code === 'RESOLUTION_REJECTED' || a.descriptor.code === 'ESCALATED') ?? null;
  return { parentId, options: options.length ? options : (issue.resolutions ?? []).filter((r) => r.id === parentId), answered };
}

/** The resolution the shopper accepted last, if any. */
export function acceptedResolution(issue: IgmIssue): IgmResolution | null {
  const accepted = issue.actions.findLast((a) => a.descriptor.code === 'RESOLUTION_ACCEPTED');
  return accepted ? ((issue.resolutions ?? []).find((r) => r.id === accepted.ref_id) ?? null) : null;
}

export const NEXT_LEVEL: Record<IssueLevel, IssueLevel | null> = { ISSUE: 'GRIEVANCE', GRIEVANCE: 'DISPUTE', DISPUTE: null };

/** `info`: a respondent's request for more information the shopper has not answered yet. */
export type ShopperSteps = { accept: IgmResolution[]; reject: boolean; escalate: boolean; close: boolean; overdue: boolean; info: IgmAction | null };

/**
 * What the shopper may do now. A request for information unanswered can be answered. A proposal
 * unanswered can be accepted (one of its options) or rejected. Escalating to the next level is
 * open once a proposal was rejected, once the issue is resolved and the shopper is still unhappy,
 * or when the respondent let the response time pass since the shopper's last word. A complaint
 * not closed can always be closed.
 */
export function shopperSteps(issue: IgmIssue, complainantIds: readonly string[], now = Date.now()): ShopperSteps {
  if (issue.status === 'CLOSED') return { accept: [], reject: false, escalate: false, close: false, overdue: false, info: null };
  const proposal = latestProposal(issue);
  const open = proposal !== null && proposal.answered === null && issue.status !== 'RESOLVED';
  const lastOurs = issue.actions.findLast((a) => complainantIds.includes(a.action_by));
  const answeredSince = lastOurs ? issue.actions.slice(issue.actions.indexOf(lastOurs) + 1).some((a) => !complainantIds.includes(a.action_by)) : true;
  const overdue = lastOurs !== undefined && !answeredSince && now - Date.parse(lastOurs.updated_at) > ttlToMs(issue.expected_response_time.duration);
  const rejected = issue.actions.at(-1)?.descriptor.code === 'RESOLUTION_REJECTED';
  const higher = NEXT_LEVEL[issue.level] !== null;
  return {
    accept: open ? proposal.options : [],
    reject: open,
    escalate: higher && (rejected || issue.status === 'RESOLVED' || overdue),
    close: true,
    overdue,
    info: openInfoRequest(issue),
  };
}

/** The newest INFO_REQUESTED no INFO_PROVIDED answers yet, or null. */
export function openInfoRequest(issue: IgmIssue): IgmAction | null {
  const request = issue.actions.findLast((a) => a.descriptor.code === 'INFO_REQUESTED');
  if (!request) return null;
  return issue.actions.slice(issue.actions.indexOf(request) + 1).some((a) => a.descriptor.code === 'INFO_PROVIDED') ? null : request;
}

/** Who said what, in the shopper's terms: us, the store, a grievance officer. */
export function speakerOf(issue: IgmIssue, action: IgmAction): 'you' | 'store' | 'officer' | 'our-officer' {
  const actor = issue.actors.find((a) => a.id === action.action_by);
  switch (actor?.type) {
    case 'COUNTERPARTY_NP_GRO':
      return 'officer';
    case 'INTERFACING_NP_GRO':
      return 'our-officer';
    case 'COUNTERPARTY_NP':
    case 'SELLER':
    case 'PROVIDER':
      return 'store';
    default:
      return 'you';
  }
}

const SHOPPER_ONLY: ReadonlySet<string> = new Set(['OPEN', 'INFO_PROVIDED', 'RESOLUTION_ACCEPTED', 'RESOLUTION_REJECTED', 'ESCALATED', 'CLOSED']);
const RESPONDENT_TYPES: ReadonlySet<string> = new Set([
  'COUNTERPARTY_NP',
  'COUNTERPARTY_NP_GRO',
  'CASCADED_NP',
  'CASCADED_NP_GRO',
  'SELLER',
  'PROVIDER',
  'AGENT',
]);

/**
 * The issue as we hold it, with what a respondent's on_issue adds: its new actions (its own words
 * only, never one in the shopper's name or of a kind only the shopper takes), its resolutions and
 * its actors. What we sent stays as we sent it; a respondent cannot close an issue or change its level.
 */
export function mergeRespondentIssue(
  ours: IgmIssue,
  theirs: IgmIssue,
  complainantIds: readonly string[],
): { ok: true; issue: IgmIssue; added: IgmAction[] } | { ok: false; problem: string } {
  if (theirs.id !== ours.id) return { ok: false, problem: `issue ${theirs.id} is not ${ours.id}` };
  if (ours.status === 'CLOSED') return { ok: false, problem: `issue ${ours.id} is closed` };
  if (theirs.status === 'CLOSED') return { ok: false, problem: 'a respondent does not set status CLOSED' };
  if (theirs.level !== ours.level) return { ok: false, problem: `the issue is at level ${ours.level}, not ${theirs.level}` };
  const known = new Map(ours.actions.map((a) => [a.id, a]));
  const actors = [...ours.actors, ...theirs.actors.filter((a) => !ours.actors.some((o) => o.id === a.id))];
  const added: IgmAction[] = [];
  for (const action of theirs.actions) {
    const held = known.get(action.id);
    if (held) {
      if (held.descriptor.code !== action.descriptor.code || held.action_by !== action.action_by)
        return { ok: false, problem: `action ${action.id} is not as it was sent` };
      continue;
    }
    const by = actors.find((a) => a.id === action.action_by);
    if (complainantIds.includes(action.action_by) || !by || !RESPONDENT_TYPES.has(by.type))
      return { ok: false, problem: `action ${action.id} is not by a respondent` };
    if (SHOPPER_ONLY.has(action.descriptor.code)) return { ok: false, problem: `a respondent does not take action ${action.descriptor.code}` };
    added.push(action);
  }
  // An on_issue_status before the respondent has acted reports the issue as still OPEN: that is an
  // answer, not a change; a step of its own never leaves the issue OPEN.
  if (theirs.status === 'OPEN' && added.length > 0) return { ok: false, problem: 'a respondent does not set status OPEN' };
  // Our grievance officer's resolution stands: a respondent's step sent before it reached them is not kept after it.
  const lastOurs = ours.actions.at(-1);
  const resolvedByUs =
    ours.status === 'RESOLVED' &&
    lastOurs?.descriptor.code === 'RESOLVED' &&
    ours.actors.find((a) => a.id === lastOurs.action_by)?.type === 'INTERFACING_NP_GRO';
  if (added.length === 0 || resolvedByUs) return { ok: true, issue: ours, added: [] };
  const resolutions = [...(ours.resolutions ?? []), ...(theirs.resolutions ?? []).filter((r) => !(ours.resolutions ?? []).some((o) => o.id === r.id))];
  const actions = [...ours.actions, ...added];
  const last = actions.at(-1) as IgmAction;
  return {
    ok: true,
    added,
    issue: {
      ...ours,
      status: theirs.status,
      actors,
      ...(theirs.respondent_ids ? { respondent_ids: theirs.respondent_ids } : {}),
      ...(theirs.resolver_ids ? { resolver_ids: theirs.resolver_ids } : {}),
      ...(resolutions.length ? { resolutions } : {}),
      actions,
      last_action_id: last.id,
      updated_at: last.updated_at,
    },
  };
}
