// Complaints in a protocol log as ONDC's log validator reads them (`/api/validate/igm`, version
// 2.0.0): one request per issue, each message under the validator's name for its step
// (log-validation-utility constants IGM2FlowSequence; the validator reads every flow's names in
// every request): FLOW_1's for a complaint the store resolves, FLOW_2's GRO names once escalated.
// `flow` chooses the refs a complaint must carry and whose roles its actors are checked in: FLOW_1
// (about items: order, provider, fulfillment, items) or FLOW_3 (about the delivery: no items), both
// the buyer app's roles; FLOW_2 is a complaint raised on the seller's side. A step the validator
// has no name for (a rejection) is left out and said so.
import { messageOf, type BecknMessage } from './validator-payload.ts';

type IssueMessage = BecknMessage & {
  message?: { issue?: { id?: string; level?: string; refs?: Array<{ ref_type?: string }>; actions?: Array<{ descriptor?: { code?: string } }> } };
};

export type IgmValidatorRequest = {
  issueId: string;
  body: { domain: string; version: '2.0.0'; flow: 'FLOW_1' | 'FLOW_3'; bap_id: string; bpp_id: string; payload: Record<string, BecknMessage> };
  /** the steps the validator has no name for */
  unnamed: string[];
};

/** The validator's names for a message, by who sent it, its last action and the issue's level. */
function stepNames(m: IssueMessage): string[] {
  const issue = m.message?.issue;
  const code = issue?.actions?.at(-1)?.descriptor?.code ?? '';
  const grievance = issue?.level !== undefined && issue.level !== 'ISSUE';
  const fromBuyer = m.context.action === 'issue';
  if (fromBuyer) {
    switch (code) {
      case 'OPEN':
        return ['issue_open'];
      case 'RESOLUTION_ACCEPTED':
        return [grievance ? 'issue_gro_resolution_accepted' : 'issue_resolution_accepted'];
      case 'ESCALATED':
        return ['issue_esclated'];
      case 'CLOSED':
        return [grievance ? 'issue_gro_close' : 'issue_closed'];
      case 'INFO_PROVIDED':
        return ['issue_info_provided_1'];
      default:
        return [];
    }
  }
  switch (code) {
    case 'PROCESSING':
      return grievance ? ['on_issue_gro_processing'] : ['on_issue_processing_1', 'on_issue_processing'];
    case 'RESOLUTION_PROPOSED':
      return [grievance ? 'on_issue_gro_resolution_proposed' : 'on_issue_resolution_proposed'];
    case 'RESOLVED':
      return [grievance ? 'on_issue_gro_resolved' : 'on_issue_resolved'];
    case 'INFO_REQUESTED':
      return ['on_issue_info_required_1'];
    default:
      return [];
  }
}

/** One validator request per issue in the log, messages in the order they were sent. */
export function igmValidatorRequests(lines: readonly unknown[]): IgmValidatorRequest[] {
  const byIssue = new Map<string, IssueMessage[]>();
  const seen = new Set<string>();
  for (const line of lines) {
    const m = messageOf(line) as IssueMessage | null;
    if (!m || (m.context.action !== 'issue' && m.context.action !== 'on_issue')) continue;
    const issueId = m.message?.issue?.id;
    const key = `${m.context.action}:${m.context.message_id}`;
    if (!issueId || seen.has(key)) continue;
    seen.add(key);
    byIssue.set(issueId, [...(byIssue.get(issueId) ?? []), m]);
  }
  return [...byIssue].map(([issueId, messages]) => {
    const payload: Record<string, BecknMessage> = {};
    const unnamed: string[] = [];
    for (const m of messages) {
      const names = stepNames(m);
      if (names.length === 0) unnamed.push(`${m.context.action} ${m.message?.issue?.actions?.at(-1)?.descriptor?.code ?? ''}`);
      for (const name of names) payload[name] ??= m;
    }
    const first = messages[0] as IssueMessage;
    const aboutItems = first.message?.issue?.refs?.some((r) => r.ref_type === 'ITEM') ?? false;
    return {
      issueId,
      unnamed,
      body: {
        domain: first.context.domain,
        version: '2.0.0',
        flow: aboutItems ? 'FLOW_1' : 'FLOW_3',
        bap_id: first.context.bap_id ?? '',
        bpp_id: first.context.bpp_id ?? '',
        payload,
      },
    };
  });
}
