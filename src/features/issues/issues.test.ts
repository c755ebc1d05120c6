import { describe, expect, it } from 'vitest';
import { appendAction, igmIssueSchema, type IgmAction, type IgmIssue, type IgmResolution } from '#/ondc/igm.ts';
import { issueStepRequestSchema, itemsProblem, latestProposal, mergeRespondentIssue, raiseIssueRequestSchema, raiseProblem, shopperSteps } from './issues.ts';

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const BAP = 'kirana.localhost';
const SELLER = 'seller-1';
const US = ['C-O1', BAP, `${BAP}-GRO`];

const org = (id: string) => ({ name: `${id}::ONDC:RET10` });
const contact = { phone: '9876543210', email: 'a@b.in' };

function opened(): IgmIssue {
  return igmIssueSchema.parse({
    id: 'ISS-1',
    status: 'OPEN',
    level: 'ISSUE',
    created_at: at(0),
    updated_at: at(0),
    expected_response_time: { duration: 'PT1H' },
    expected_resolution_time: { duration: 'P1D' },
    refs: [
      { ref_id: 'O1', ref_type: 'ORDER' },
      { ref_id: 'I1', ref_type: 'ITEM' },
    ],
    actors: [
      { id: 'C-O1', type: 'CONSUMER', info: { org: org(BAP), contact } },
      { id: BAP, type: 'INTERFACING_NP', info: { org: org(BAP), contact } },
    ],
    source_id: 'C-O1',
    complainant_id: BAP,
    descriptor: { code: 'ITM004', short_desc: 'Item damaged', long_desc: 'The packet was torn open' },
    last_action_id: 'A1B',
    actions: [{ id: 'A1B', descriptor: { code: 'OPEN', short_desc: 'Complaint created' }, updated_at: at(0), action_by: BAP, actor_details: { name: 'Asha' } }],
  });
}

const sellerActor = { id: SELLER, type: 'COUNTERPARTY_NP' as const, info: { org: org(SELLER), contact } };
const act = (id: string, code: IgmAction['descriptor']['code'], by: string, minutes: number, extra: Partial<IgmAction> = {}): IgmAction => ({
  id,
  descriptor: { code, short_desc: code },
  updated_at: at(minutes),
  action_by: by,
  actor_details: { name: by },
  ...extra,
});
const options: IgmResolution[] = [
  { id: 'R3', descriptor: { code: 'PARENT', short_desc: 'Choose one' }, updated_at: at(5), proposed_by: SELLER },
  {
    id: 'R3-1',
    ref_id: 'R3',
    ref_type: 'PARENT',
    descriptor: { code: 'REFUND', short_desc: 'Refund ₹120.00' },
    updated_at: at(5),
    proposed_by: SELLER,
    tags: [{ descriptor: { code: 'RESOLUTION_DETAILS' }, list: [{ descriptor: { code: 'REFUND_AMOUNT' }, value: '120.00' }] }],
  },
  { id: 'R3-2', ref_id: 'R3', ref_type: 'PARENT', descriptor: { code: 'REPLACEMENT', short_desc: 'Replace' }, updated_at: at(5), proposed_by: SELLER },
];

function proposed(): IgmIssue {
  const processing = appendAction(opened(), act('A2S', 'PROCESSING', SELLER, 1), { status: 'PROCESSING', actors: [...opened().actors, sellerActor] });
  return appendAction(processing, act('A3S', 'RESOLUTION_PROPOSED', SELLER, 5, { ref_id: 'R3', ref_type: 'RESOLUTIONS' }), { resolutions: options });
}

describe('raising a complaint (issue 26: after confirm, until 30 days after delivery)', () => {
  it('takes an order on its way or delivered within 30 days', () => {
    expect(raiseProblem({ status: 'packed', deliveredAt: null }, T0)).toBeNull();
    expect(raiseProblem({ status: 'delivered', deliveredAt: at(0) }, T0 + 29 * 86_400_000)).toBeNull();
  });
  it('refuses an order delivered more than 30 days ago, and one never placed', () => {
    expect(raiseProblem({ status: 'delivered', deliveredAt: at(0) }, T0 + 31 * 86_400_000)).toBe('Complaints can be raised up to 30 days after delivery');
    expect(raiseProblem({ status: 'failed', deliveredAt: null }, T0)).toBe('This order was not placed');
  });
  it('asks which items for an item complaint, and only items of the order', () => {
    expect(itemsProblem('ITM004', [], ['I1'])).toBe('Choose the items this is about');
    expect(itemsProblem('ITM004', ['I9'], ['I1'])).toBe('An item is not in this order');
    expect(itemsProblem('FLM002', [], ['I1'])).toBeNull();
  });
  it('reads the request with a clear message for each bad field', () => {
    expect(raiseIssueRequestSchema.safeParse({ order_id: 'O1', code: 'XYZ', description: 'long enough text' }).error?.issues[0]?.message).toBe(
      'code must be one of the listed complaint codes',
    );
    expect(raiseIssueRequestSchema.safeParse({ order_id: 'O1', code: 'ITM004', description: 'short' }).error?.issues[0]?.message).toBe(
      'Tell us what went wrong in at least 10 characters',
    );
  });
});

describe("the shopper's next steps", () => {
  it("offers the proposal's options to accept, or to reject them, and nothing to escalate yet", () => {
    const steps = shopperSteps(proposed(), US, T0 + 6 * 60_000);
    expect(steps.accept.map((r) => r.id)).toEqual(['R3-1', 'R3-2']);
    expect(steps.reject).toBe(true);
    expect(steps.escalate).toBe(false);
  });
  it('lets the shopper escalate once the proposal is rejected, to the grievance level', () => {
    const rejected = appendAction(proposed(), act('A4B', 'RESOLUTION_REJECTED', BAP, 7, { ref_id: 'R3' }));
    const steps = shopperSteps(rejected, US, T0 + 8 * 60_000);
    expect(steps.accept).toEqual([]);
    expect(steps.escalate).toBe(true);
  });
  it('lets the shopper escalate when the store lets the response time (PT1H) pass unanswered', () => {
    expect(shopperSteps(opened(), US, T0 + 59 * 60_000).escalate).toBe(false);
    const late = shopperSteps(opened(), US, T0 + 61 * 60_000);
    expect(late.overdue).toBe(true);
    expect(late.escalate).toBe(true);
  });
  it('has no level above a dispute, and nothing to do once closed', () => {
    const dispute = { ...appendAction(proposed(), act('A4B', 'RESOLUTION_REJECTED', BAP, 7)), level: 'DISPUTE' as const };
    expect(shopperSteps(dispute, US, T0).escalate).toBe(false);
    const closed = appendAction(proposed(), act('A4B', 'CLOSED', BAP, 7), { status: 'CLOSED' });
    expect(shopperSteps(closed, US, T0)).toEqual({ accept: [], reject: false, escalate: false, close: false, overdue: false, info: null });
  });
  it("offers to answer the store's request for more information until the shopper has", () => {
    const processing = appendAction(opened(), act('A2S', 'PROCESSING', SELLER, 1), { status: 'PROCESSING', actors: [...opened().actors, sellerActor] });
    const asked = appendAction(processing, act('A3S', 'INFO_REQUESTED', SELLER, 4));
    expect(shopperSteps(processing, US, T0).info).toBeNull();
    expect(shopperSteps(asked, US, T0).info?.id).toBe('A3S');
    const answered = appendAction(asked, act('A4B', 'INFO_PROVIDED', BAP, 6, { ref_id: 'A3S', ref_type: 'ACTIONS' }));
    expect(shopperSteps(answered, US, T0).info).toBeNull();
  });
  it("reads an answer to the store's question with a clear message when too short", () => {
    expect(issueStepRequestSchema.safeParse({ step: 'info', issue_id: 'ISS-1', info: 'torn' }).error?.issues[0]?.message).toBe(
      'Tell the store in at least 10 characters',
    );
    expect(issueStepRequestSchema.safeParse({ step: 'ask', issue_id: 'ISS-1' }).error?.issues[0]?.message).toBe(
      'step must be accept, reject, escalate, close or info',
    );
  });
  it('reads an accepted proposal as answered', () => {
    const accepted = appendAction(proposed(), act('A4B', 'RESOLUTION_ACCEPTED', BAP, 7, { ref_id: 'R3-1' }));
    expect(latestProposal(accepted)?.answered?.id).toBe('A4B');
    expect(shopperSteps(accepted, US, T0).accept).toEqual([]);
  });
});

describe("a respondent's on_issue taken into ours", () => {
  it("adds the respondent's new steps, resolutions and actors, and keeps ours", () => {
    const merged = mergeRespondentIssue(opened(), proposed(), US);
    expect(merged.ok && merged.added.map((a) => a.id)).toEqual(['A2S', 'A3S']);
    expect(merged.ok && merged.issue.last_action_id).toBe('A3S');
    expect(merged.ok && merged.issue.resolutions?.length).toBe(3);
  });
  it("refuses a step in the shopper's name, or a kind only the shopper takes", () => {
    const forged = appendAction(opened(), act('A2S', 'RESOLUTION_ACCEPTED', BAP, 1), { status: 'PROCESSING' });
    expect(mergeRespondentIssue(opened(), forged, US)).toEqual({ ok: false, problem: 'action A2S is not by a respondent' });
    const closing = appendAction({ ...opened(), actors: [...opened().actors, sellerActor] }, act('A2S', 'CLOSED', SELLER, 1), { status: 'PROCESSING' });
    expect(mergeRespondentIssue(opened(), closing, US)).toEqual({ ok: false, problem: 'a respondent does not take action CLOSED' });
  });
  it('refuses a rewritten step, a changed level and a closed status', () => {
    const rewritten = {
      ...proposed(),
      actions: proposed().actions.map((a) => (a.id === 'A1B' ? { ...a, descriptor: { code: 'ESCALATED' as const, short_desc: 'x' } } : a)),
    };
    expect(mergeRespondentIssue(opened(), rewritten, US)).toEqual({ ok: false, problem: 'action A1B is not as it was sent' });
    expect(mergeRespondentIssue(opened(), { ...proposed(), level: 'GRIEVANCE' }, US)).toEqual({
      ok: false,
      problem: 'the issue is at level ISSUE, not GRIEVANCE',
    });
    expect(mergeRespondentIssue(opened(), { ...proposed(), status: 'CLOSED' }, US)).toEqual({ ok: false, problem: 'a respondent does not set status CLOSED' });
  });
  it('takes a status answer that the issue is still OPEN as nothing new, but no step of its own that leaves it OPEN', () => {
    expect(mergeRespondentIssue(opened(), opened(), US)).toEqual({ ok: true, issue: opened(), added: [] });
    expect(mergeRespondentIssue(opened(), { ...proposed(), status: 'OPEN' }, US)).toEqual({ ok: false, problem: 'a respondent does not set status OPEN' });
  });
});
