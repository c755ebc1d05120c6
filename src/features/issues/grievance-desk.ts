// Our grievance officer's desk (issue 26, IGM 2.0.0): the complaints a shopper escalated to the
// grievance officers, and what our officer may do with one. The officer may first ask the shopper
// a question (INFO_REQUESTED, answered on the complaint's page), then answers in words and
// resolves it: a refund we pay (up to what the shopper paid for the items named), a replacement
// the store is asked to carry out, or no action with the reason. The decision goes to
// the store as the issue with our officer's RESOLVED action and the resolution it names.
import { z } from 'zod';
import { ttlToMs } from '#/ondc/context.ts';
import { appendAction, EXPECTED_RESPONSE_TIME, nextActionAt, nextActionId, type IgmAction, type IgmIssue, type IgmResolution } from '#/ondc/igm.ts';
import { paiseToRupees } from '#/lib/money.ts';
import { openInfoRequest } from './issues.ts';

export const OFFICER_OUTCOMES = ['REFUND', 'REPLACEMENT', 'NO_ACTION'] as const;

const issueId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'issue_id is an issue id');

export const officerDecisionSchema = z
  .object({
    issue_id: issueId,
    outcome: z.enum(OFFICER_OUTCOMES, { error: 'outcome must be REFUND, REPLACEMENT or NO_ACTION' }),
    amount: z
      .string()
      .trim()
      .regex(/^(\d{1,7}(\.\d{1,2})?)?$/, 'amount is rupees, like 120 or 120.50')
      .default(''),
    response: z.string().trim().min(10, 'Write the shopper a response of at least 10 characters').max(500, 'Keep the response under 500 characters'),
  })
  .refine((d) => d.outcome !== 'REFUND' || (d.amount !== '' && Number(d.amount) > 0), { path: ['amount'], message: 'A refund needs an amount above ₹0' });
export type OfficerDecision = z.infer<typeof officerDecisionSchema>;

export const officerQuestionSchema = z.object({
  issue_id: issueId,
  question: z.string().trim().min(10, 'Ask the shopper a question of at least 10 characters').max(500, 'Keep the question under 500 characters'),
});
export type OfficerQuestion = z.infer<typeof officerQuestionSchema>;

/** Our grievance officer's actor id in an issue we raised (the buyer app's GRO). */
function ourOfficerId(issue: Pick<IgmIssue, 'complainant_id'>): string {
  return `${issue.complainant_id}-GRO`;
}

/** The action that escalated the issue to the grievance officers, while it is at that level. */
function escalation(issue: IgmIssue): IgmAction | null {
  if (issue.level !== 'GRIEVANCE') return null;
  return issue.actions.findLast((a) => a.descriptor.code === 'ESCALATED') ?? null;
}

/** Our officer's resolution of the issue, once given. */
export function officerResolution(issue: IgmIssue): IgmAction | null {
  const officer = ourOfficerId(issue);
  return issue.actions.findLast((a) => a.action_by === officer && a.descriptor.code === 'RESOLVED') ?? null;
}

/**
 * Why our officer cannot resolve this complaint now, or null: it must be with the grievance
 * officers (escalated, not yet handed to dispute resolution), not closed, and not resolved by us already.
 */
export function officerProblem(issue: IgmIssue): string | null {
  if (issue.status === 'CLOSED') return 'The shopper has closed this complaint';
  if (issue.level !== 'GRIEVANCE')
    return issue.level === 'ISSUE' ? 'This complaint is with the store, not escalated' : 'This complaint is with the dispute resolution provider';
  if (officerResolution(issue)) return 'Our grievance officer has already resolved this complaint';
  return null;
}

/** Our officer's question the shopper has not answered yet, or null. */
export function officerQuestion(issue: IgmIssue): IgmAction | null {
  const open = openInfoRequest(issue);
  return open?.action_by === ourOfficerId(issue) ? open : null;
}

/** Why our officer cannot ask the shopper now, or null: as for resolving, and one question at a time. */
export function askProblem(issue: IgmIssue): string | null {
  const problem = officerProblem(issue);
  if (problem) return problem;
  if (officerQuestion(issue)) return 'You have asked the shopper already: their answer comes on this page';
  return null;
}

/**
 * The issue with our officer's question to the shopper (INFO_REQUESTED by our grievance officer),
 * which leaves it PROCESSING with our officer among its respondents until the shopper answers.
 */
export function askAsOfficer(issue: IgmIssue, question: string, officerName: string, now: Date): IgmIssue {
  const officer = ourOfficerId(issue);
  const asked: IgmAction = {
    id: nextActionId(issue, 'B'),
    descriptor: { code: 'INFO_REQUESTED', short_desc: question },
    updated_at: nextActionAt(issue, now),
    action_by: officer,
    actor_details: { name: officerName },
  };
  return appendAction(issue, asked, { status: 'PROCESSING', respondent_ids: [...new Set([...(issue.respondent_ids ?? []), officer])] });
}

/** How long since the shopper escalated, against the response time we state for every issue. */
export function responseClock(issue: IgmIssue, now = Date.now()): { ageMs: number; dueMs: number; overdue: boolean } {
  const since = escalation(issue)?.updated_at ?? issue.updated_at;
  const ageMs = Math.max(0, now - Date.parse(since));
  const dueMs = ttlToMs(issue.expected_response_time.duration || EXPECTED_RESPONSE_TIME);
  const answered = officerResolution(issue) !== null;
  return { ageMs, dueMs, overdue: !answered && ageMs > dueMs };
}

/** A bill line as the order's quote has it (`@ondc/org/item_id`, the line's price for its units). */
export type BillLine = { itemId: string; count: number; linePaise: number };

/**
 * The most our officer may refund: what the shopper paid for the items the complaint names (for
 * the units named), or for the whole order when it names none; never more than the payment has
 * left after earlier refunds.
 */
export function refundCapPaise(issue: Pick<IgmIssue, 'refs'>, bill: readonly BillLine[], paidPaise: number, refundedPaise: number): number {
  const named = issue.refs.filter((r) => r.ref_type === 'ITEM');
  const forItems =
    named.length === 0
      ? paidPaise
      : named.reduce((sum, ref) => {
          const line = bill.find((l) => l.itemId === ref.ref_id);
          if (!line || line.count <= 0) return sum;
          const counted = Number(ref.tags?.flatMap((t) => t.list ?? []).find((e) => e.descriptor.code === 'quantity.selected.count')?.value ?? line.count);
          const units = Number.isInteger(counted) && counted > 0 ? Math.min(counted, line.count) : line.count;
          return sum + Math.floor((line.linePaise * units) / line.count);
        }, 0);
  return Math.max(0, Math.min(forItems, paidPaise - refundedPaise));
}

/** Why this refund amount cannot be given, or null. */
export function refundProblem(amountPaise: number, capPaise: number): string | null {
  if (amountPaise <= 0) return 'A refund needs an amount above ₹0';
  if (amountPaise > capPaise) return `A refund can be at most ₹${paiseToRupees(capPaise)} on this complaint`;
  return null;
}

/**
 * The issue with our officer's decision: a resolution in their words (with the refund amount for a
 * refund) and the RESOLVED action naming it, which leaves the issue RESOLVED.
 */
export function resolveAsOfficer(
  issue: IgmIssue,
  decision: Pick<OfficerDecision, 'outcome' | 'response'>,
  officerName: string,
  refundPaise: number,
  now: Date,
): IgmIssue {
  const officer = ourOfficerId(issue);
  const at = nextActionAt(issue, now);
  const resolution: IgmResolution = {
    id: `G${issue.actions.length + 1}`,
    descriptor: { code: decision.outcome, short_desc: decision.response },
    updated_at: at,
    proposed_by: officer,
    ...(decision.outcome === 'REFUND'
      ? { tags: [{ descriptor: { code: 'RESOLUTION_DETAILS' }, list: [{ descriptor: { code: 'REFUND_AMOUNT' }, value: paiseToRupees(refundPaise) }] }] }
      : {}),
  };
  const resolved: IgmAction = {
    id: nextActionId(issue, 'B'),
    ref_id: resolution.id,
    ref_type: 'RESOLUTIONS',
    descriptor: { code: 'RESOLVED', name: decision.outcome, short_desc: decision.response },
    updated_at: at,
    action_by: officer,
    actor_details: { name: officerName },
  };
  return appendAction(issue, resolved, {
    status: 'RESOLVED',
    resolutions: [...(issue.resolutions ?? []), resolution],
    resolver_ids: [...new Set([...(issue.resolver_ids ?? []), officer])],
  });
}
