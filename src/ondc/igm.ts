// Issue and grievance management, IGM 2.0.0 (ONDC-NTS-Specifications, branch release-IGM-2.0.0):
// the issue object both sides send whole, the buyer in `issue`, the seller in `on_issue` and
// `on_issue_status`, each appending its own actions. What ONDC's validator checks
// (log-validation-utility, utils/igm/igm2) is followed to the letter: actors name their org as
// `<subscriber_id>::<domain>`, every action and resolution has a short_desc, last_action_id is the
// last action's id, and the issue's updated_at is that action's time.
import { z } from 'zod';

const ISSUE_STATUSES = ['OPEN', 'PROCESSING', 'RESOLVED', 'CLOSED'] as const;
/** ISSUE with the seller, GRIEVANCE with the grievance officers, DISPUTE with an ODR provider. */
const ISSUE_LEVELS = ['ISSUE', 'GRIEVANCE', 'DISPUTE'] as const;
export type IssueLevel = (typeof ISSUE_LEVELS)[number];
const ACTION_CODES = [
  'OPEN',
  'PROCESSING',
  'RESOLVED',
  'CLOSED',
  'INFO_REQUESTED',
  'INFO_PROVIDED',
  'INFO_NOT_AVAILABLE',
  'RESOLUTION_PROPOSED',
  'RESOLUTION_ACCEPTED',
  'RESOLUTION_REJECTED',
  'RESOLUTION_CASCADED',
  'ESCALATED',
] as const;
/** PARENT groups the options a respondent offers at once; the shopper picks one of its children. */
const RESOLUTION_CODES = ['PARENT', 'REFUND', 'REPLACEMENT', 'CANCEL', 'NO_ACTION'] as const;
export type ResolutionCode = (typeof RESOLUTION_CODES)[number];
const ACTOR_TYPES = [
  'CONSUMER',
  'INTERFACING_NP',
  'COUNTERPARTY_NP',
  'INTERFACING_NP_GRO',
  'COUNTERPARTY_NP_GRO',
  'CASCADED_NP',
  'CASCADED_NP_GRO',
  'PROVIDER',
  'AGENT',
  'SELLER',
  'CUSTOMER',
] as const;

/** The response and resolution times the buyer app states for every issue (ONDC asks for both). */
export const EXPECTED_RESPONSE_TIME = 'PT1H';
export const EXPECTED_RESOLUTION_TIME = 'P1D';

const text = z.string().min(1).max(2000);
const timestamp = z.iso.datetime({ offset: true });
const tagList = z.array(z.looseObject({ descriptor: z.looseObject({ code: z.string().min(1) }), value: z.string().optional() }));
const tags = z.array(z.looseObject({ descriptor: z.looseObject({ code: z.string().min(1) }), list: tagList.optional() }));
const image = z.looseObject({ url: z.url(), size_type: z.string().optional() });

const igmActionSchema = z.looseObject({
  id: z.string().min(1).max(64),
  ref_id: z.string().optional(),
  ref_type: z.string().optional(),
  descriptor: z.looseObject({ code: z.enum(ACTION_CODES), short_desc: text, name: z.string().optional(), images: z.array(image).optional() }),
  updated_at: timestamp,
  action_by: z.string().min(1),
  actor_details: z.looseObject({ name: z.string().min(1) }),
  tags: tags.optional(),
});
export type IgmAction = z.infer<typeof igmActionSchema>;

const igmResolutionSchema = z.looseObject({
  id: z.string().min(1).max(64),
  ref_id: z.string().optional(),
  ref_type: z.string().optional(),
  descriptor: z.looseObject({ code: z.enum(RESOLUTION_CODES), short_desc: text }),
  updated_at: timestamp,
  proposed_by: z.string().min(1),
  tags: tags.optional(),
});
export type IgmResolution = z.infer<typeof igmResolutionSchema>;

const actorSchema = z.looseObject({
  id: z.string().min(1),
  type: z.enum(ACTOR_TYPES),
  info: z.looseObject({
    org: z.looseObject({ name: z.string().min(1) }),
    person: z.looseObject({ name: z.string() }).optional(),
    contact: z.looseObject({ phone: z.string(), email: z.string() }),
  }),
});
export type IgmActor = z.infer<typeof actorSchema>;

const refSchema = z.looseObject({ ref_id: z.string().min(1), ref_type: z.string().min(1), tags: tags.optional() });

export const igmIssueSchema = z.looseObject({
  id: z.string().min(1).max(64),
  status: z.enum(ISSUE_STATUSES),
  level: z.enum(ISSUE_LEVELS),
  created_at: timestamp,
  updated_at: timestamp,
  expected_response_time: z.looseObject({ duration: z.string() }),
  expected_resolution_time: z.looseObject({ duration: z.string() }),
  refs: z.array(refSchema).min(1),
  actors: z.array(actorSchema).min(1),
  source_id: z.string().min(1),
  complainant_id: z.string().min(1),
  respondent_ids: z.array(z.string()).optional(),
  resolver_ids: z.array(z.string()).optional(),
  descriptor: z.looseObject({ code: z.string().min(1), short_desc: text, long_desc: text, images: z.array(image).optional() }),
  last_action_id: z.string().min(1),
  actions: z.array(igmActionSchema).min(1).max(200),
  resolutions: z.array(igmResolutionSchema).max(50).optional(),
});
export type IgmIssue = z.infer<typeof igmIssueSchema>;

const updateTargetSchema = z.array(z.looseObject({ path: z.string().min(1), action: z.enum(['APPENDED', 'REMOVED', 'MODIFIED']) }));

/** `issue` and `on_issue`/`on_issue_status` messages: the issue whole, and what changed in it. */
export const issueMessageSchema = z.looseObject({ update_target: updateTargetSchema.optional(), issue: igmIssueSchema });
export const onIssueMessageSchema = z.looseObject({ update_target: updateTargetSchema, issue: igmIssueSchema });
export const issueStatusMessageSchema = z.looseObject({ issue_id: z.string().min(1).max(64) });

/** The org name ONDC's validator expects of an actor: the network participant and the domain. */
export function orgName(subscriberId: string, domain: string): string {
  return `${subscriberId}::${domain}`;
}

/**
 * The issue with one more action: last_action_id and updated_at follow it, as the validator checks
 * (updated_at ≤ the last action's time). The status is what the action leaves the issue in.
 */
export function appendAction(
  issue: IgmIssue,
  action: IgmAction,
  changes: Partial<Pick<IgmIssue, 'status' | 'level' | 'resolutions' | 'respondent_ids' | 'resolver_ids' | 'actors'>> = {},
): IgmIssue {
  return { ...issue, ...changes, actions: [...issue.actions, action], last_action_id: action.id, updated_at: action.updated_at };
}

/** When a new action on the issue happens: now, but never at or before its last step, so the steps stay in order. */
export function nextActionAt(issue: Pick<IgmIssue, 'updated_at'>, now: Date): string {
  return new Date(Math.max(now.getTime(), Date.parse(issue.updated_at) + 1)).toISOString();
}

/** A fresh action id for one side ('B' buyer, 'S' seller): never the same as the other side's. */
export function nextActionId(issue: Pick<IgmIssue, 'actions'>, side: 'B' | 'S'): string {
  return `A${issue.actions.length + 1}${side}`;
}

/** The rupees a refund resolution gives back (RESOLUTION_DETAILS → REFUND_AMOUNT), or null. */
export function refundAmountOf(resolution: IgmResolution): string | null {
  for (const tag of resolution.tags ?? []) {
    if (tag.descriptor.code !== 'RESOLUTION_DETAILS') continue;
    const value = tag.list?.find((entry) => entry.descriptor.code === 'REFUND_AMOUNT')?.value;
    if (value !== undefined && /^\d{1,9}(\.\d{1,2})?$/.test(value)) return value;
  }
  return null;
}

/** The update_target of a message that only appended actions (and resolutions, when it did). */
export function appendedTargets(withResolutions: boolean): Array<{ path: string; action: 'APPENDED' }> {
  return [{ path: 'issue.actions', action: 'APPENDED' }, ...(withResolutions ? [{ path: 'issue.resolutions', action: 'APPENDED' as const }] : [])];
}
