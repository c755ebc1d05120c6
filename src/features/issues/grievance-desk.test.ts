import { describe, expect, it } from 'vitest';
import { appendAction, igmIssueSchema, type IgmAction, type IgmIssue } from '#/ondc/igm.ts';
import { takeBuyerIssue, type IssueRecord } from '#/network/issue-desk.ts';
import {
  askAsOfficer,
  askProblem,
  officerDecisionSchema,
  officerProblem,
  officerQuestion,
  officerQuestionSchema,
  refundCapPaise,
  refundProblem,
  resolveAsOfficer,
  responseClock,
} from './grievance-desk.ts';
import { mergeRespondentIssue, shopperSteps, speakerOf } from './issues.ts';

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const BAP = 'kirana.localhost';
const GRO = `${BAP}-GRO`;
const SELLER = 'seller-1';
const US = ['C-O1', BAP, GRO];
const org = (id: string) => ({ name: `${id}::ONDC:RET10` });
const contact = { phone: '9876543210', email: 'a@b.in' };
const act = (id: string, code: IgmAction['descriptor']['code'], by: string, minutes: number): IgmAction => ({
  id,
  descriptor: { code, short_desc: code },
  updated_at: at(minutes),
  action_by: by,
  actor_details: { name: by },
});

function issueAt(
  level: IgmIssue['level'],
  refs: IgmIssue['refs'] = [
    { ref_id: 'O1', ref_type: 'ORDER' },
    { ref_id: 'I1', ref_type: 'ITEM' },
  ],
): IgmIssue {
  const opened = igmIssueSchema.parse({
    id: 'ISS-1',
    status: 'OPEN',
    level: 'ISSUE',
    created_at: at(0),
    updated_at: at(0),
    expected_response_time: { duration: 'PT1H' },
    expected_resolution_time: { duration: 'P1D' },
    refs,
    actors: [
      { id: 'C-O1', type: 'CONSUMER', info: { org: org(BAP), contact } },
      { id: BAP, type: 'INTERFACING_NP', info: { org: org(BAP), contact } },
      { id: GRO, type: 'INTERFACING_NP_GRO', info: { org: org(BAP), contact } },
      { id: SELLER, type: 'COUNTERPARTY_NP', info: { org: org(SELLER), person: { name: 'Fresh Mart' }, contact } },
    ],
    source_id: 'C-O1',
    complainant_id: BAP,
    descriptor: { code: 'ITM004', short_desc: 'Item damaged', long_desc: 'The packet was torn open' },
    last_action_id: 'A1B',
    actions: [act('A1B', 'OPEN', BAP, 0)],
  });
  if (level === 'ISSUE') return opened;
  const rejected = appendAction(appendAction(opened, act('A2S', 'PROCESSING', SELLER, 1), { status: 'PROCESSING' }), act('A3B', 'RESOLUTION_REJECTED', BAP, 6));
  const escalated = appendAction(rejected, act('A4B', 'ESCALATED', BAP, 7), { level: 'GRIEVANCE', status: 'OPEN' });
  return level === 'GRIEVANCE' ? escalated : appendAction(escalated, act('A5B', 'ESCALATED', BAP, 8), { level: 'DISPUTE' });
}

const bill = [
  { itemId: 'I1', count: 2, linePaise: 24_000 },
  { itemId: 'I2', count: 1, linePaise: 5_000 },
];

describe('the officer may resolve a complaint only while it is with the grievance officers', () => {
  it('not while it is with the store', () => expect(officerProblem(issueAt('ISSUE'))).toBe('This complaint is with the store, not escalated'));
  it('once escalated', () => expect(officerProblem(issueAt('GRIEVANCE'))).toBeNull());
  it('not once handed to dispute resolution', () => expect(officerProblem(issueAt('DISPUTE'))).toBe('This complaint is with the dispute resolution provider'));
  it('not once closed', () => expect(officerProblem({ ...issueAt('GRIEVANCE'), status: 'CLOSED' })).toBe('The shopper has closed this complaint'));
  it('not twice: a resolved complaint is refused a second decision', () => {
    const resolved = resolveAsOfficer(
      issueAt('GRIEVANCE'),
      { outcome: 'NO_ACTION', response: 'The item was delivered sealed' },
      'Kavya Rao',
      0,
      new Date(T0 + 10 * 60_000),
    );
    expect(officerProblem(resolved)).toBe('Our grievance officer has already resolved this complaint');
  });
});

describe('the refund cap: what the shopper paid for the items named', () => {
  it('the line price of an item named with all its units', () => expect(refundCapPaise(issueAt('GRIEVANCE'), bill, 30_000, 0)).toBe(24_000));
  it('the units the complaint names, at the line price per unit', () => {
    const refs = [
      { ref_id: 'O1', ref_type: 'ORDER' },
      {
        ref_id: 'I1',
        ref_type: 'ITEM',
        tags: [{ descriptor: { code: 'message.order.items' }, list: [{ descriptor: { code: 'quantity.selected.count' }, value: '1' }] }],
      },
    ];
    expect(refundCapPaise(issueAt('GRIEVANCE', refs), bill, 30_000, 0)).toBe(12_000);
  });
  it('the whole payment when the complaint names no items (late delivery)', () =>
    expect(refundCapPaise(issueAt('GRIEVANCE', [{ ref_id: 'O1', ref_type: 'ORDER' }]), bill, 30_000, 0)).toBe(30_000));
  it('never more than the payment has left after earlier refunds', () => expect(refundCapPaise(issueAt('GRIEVANCE'), bill, 30_000, 20_000)).toBe(10_000));
  it('an item not on the bill adds nothing', () =>
    expect(
      refundCapPaise(
        issueAt('GRIEVANCE', [
          { ref_id: 'O1', ref_type: 'ORDER' },
          { ref_id: 'X', ref_type: 'ITEM' },
        ]),
        bill,
        30_000,
        0,
      ),
    ).toBe(0));
  it('an amount over the cap is refused, with the cap in rupees', () => {
    expect(refundProblem(24_001, 24_000)).toBe('A refund can be at most ₹240.00 on this complaint');
    expect(refundProblem(24_000, 24_000)).toBeNull();
    expect(refundProblem(0, 24_000)).toBe('A refund needs an amount above ₹0');
  });
});

describe("the officer's decision as a form sends it", () => {
  it('a refund needs an amount', () => {
    const parsed = officerDecisionSchema.safeParse({ issue_id: 'ISS-1', outcome: 'REFUND', amount: '', response: 'We refund the damaged packet' });
    expect(parsed.error?.issues[0]?.message).toBe('A refund needs an amount above ₹0');
  });
  it('rupees with at most two decimals', () =>
    expect(officerDecisionSchema.safeParse({ issue_id: 'ISS-1', outcome: 'REFUND', amount: '12.345', response: 'We refund the damaged packet' }).success).toBe(
      false,
    ));
  it('a response in words', () => expect(officerDecisionSchema.safeParse({ issue_id: 'ISS-1', outcome: 'NO_ACTION', response: 'no' }).success).toBe(false));
  it('an outcome of the three', () =>
    expect(officerDecisionSchema.safeParse({ issue_id: 'ISS-1', outcome: 'CANCEL', response: 'We cancel the order now' }).success).toBe(false));
});

describe("the officer's resolution in the issue (IGM 2.0)", () => {
  const resolved = resolveAsOfficer(
    issueAt('GRIEVANCE'),
    { outcome: 'REFUND', response: 'We refund the torn packet in full' },
    'Kavya Rao',
    24_000,
    new Date(T0 + 10 * 60_000),
  );
  it("is our officer's RESOLVED naming a refund resolution with its amount, and leaves the issue RESOLVED", () => {
    const last = resolved.actions.at(-1)!;
    expect(last).toMatchObject({
      id: 'A5B',
      action_by: GRO,
      ref_type: 'RESOLUTIONS',
      descriptor: { code: 'RESOLVED', name: 'REFUND', short_desc: 'We refund the torn packet in full' },
    });
    expect(resolved.resolutions?.find((r) => r.id === last.ref_id)).toMatchObject({
      proposed_by: GRO,
      descriptor: { code: 'REFUND' },
      tags: [{ list: [{ descriptor: { code: 'REFUND_AMOUNT' }, value: '240.00' }] }],
    });
    expect(resolved).toMatchObject({ status: 'RESOLVED', level: 'GRIEVANCE', last_action_id: 'A5B', updated_at: last.updated_at });
    expect(igmIssueSchema.safeParse(resolved).success).toBe(true);
  });
  it("reads as our officer's step in the shopper's thread, who may then close it or take it to dispute resolution", () => {
    expect(speakerOf(resolved, resolved.actions.at(-1)!)).toBe('our-officer');
    expect(shopperSteps(resolved, US, T0 + 11 * 60_000)).toMatchObject({ accept: [], close: true, escalate: true });
  });
  it("stands: a store's step sent before it arrived is not kept after it", () => {
    const theirs = appendAction(issueAt('GRIEVANCE'), act('A5S', 'PROCESSING', SELLER, 9), { status: 'PROCESSING' });
    expect(mergeRespondentIssue(resolved, theirs, US)).toEqual({ ok: true, issue: resolved, added: [] });
  });
  it("is taken by the store's desk with its resolution; the buyer's officer cannot resolve a complaint still with the store", () => {
    const record: IssueRecord = { id: 'ISS-1', sellerId: SELLER, orderId: 'O1', issue: issueAt('GRIEVANCE'), buyerAt: at(7), sellerAt: null };
    const taken = takeBuyerIssue(record, resolved, new Date(T0 + 10 * 60_000));
    expect('record' in taken && (taken.record.issue as IgmIssue).status).toBe('RESOLVED');
    expect('record' in taken && (taken.record.issue as IgmIssue).resolutions?.at(-1)?.proposed_by).toBe(GRO);
    const early = resolveAsOfficer({ ...issueAt('ISSUE') }, { outcome: 'NO_ACTION', response: 'Nothing to be done here' }, 'Kavya Rao', 0, new Date(T0));
    const atStore: IssueRecord = { ...record, issue: issueAt('ISSUE') };
    expect(takeBuyerIssue(atStore, early, new Date(T0))).toMatchObject({ error: { code: 'IGM006' } });
  });
});

describe("our officer's question to the shopper (IGM 2.0 INFO_REQUESTED)", () => {
  const QUESTION = 'Was the outer box also damaged when it reached you?';
  const asked = askAsOfficer(issueAt('GRIEVANCE'), QUESTION, 'Kavya Rao', new Date(T0 + 10 * 60_000));
  it("is our officer's INFO_REQUESTED, which leaves the issue PROCESSING with our officer among its respondents", () => {
    expect(asked.actions.at(-1)).toMatchObject({ id: 'A5B', action_by: GRO, descriptor: { code: 'INFO_REQUESTED', short_desc: QUESTION } });
    expect(asked).toMatchObject({ status: 'PROCESSING', level: 'GRIEVANCE', last_action_id: 'A5B', respondent_ids: [GRO] });
    expect(igmIssueSchema.safeParse(asked).success).toBe(true);
    expect(officerQuestion(asked)?.descriptor.short_desc).toBe(QUESTION);
  });
  it("is the shopper's to answer, in our officer's name", () => {
    const steps = shopperSteps(asked, US, T0 + 11 * 60_000);
    expect(steps.info?.id).toBe('A5B');
    expect(speakerOf(asked, steps.info!)).toBe('our-officer');
  });
  it('is asked once at a time: again only after the shopper answered, and the officer may still resolve meanwhile', () => {
    expect(askProblem(issueAt('GRIEVANCE'))).toBeNull();
    expect(askProblem(asked)).toBe('You have asked the shopper already: their answer comes on this page');
    expect(officerProblem(asked)).toBeNull();
    const answered = appendAction(asked, { ...act('A6B', 'INFO_PROVIDED', BAP, 12), ref_id: 'A5B', ref_type: 'ACTIONS' });
    expect(officerQuestion(answered)).toBeNull();
    expect(askProblem(answered)).toBeNull();
  });
  it('is asked only while the complaint is with the grievance officers', () => {
    expect(askProblem(issueAt('ISSUE'))).toBe('This complaint is with the store, not escalated');
    expect(askProblem({ ...issueAt('GRIEVANCE'), status: 'CLOSED' })).toBe('The shopper has closed this complaint');
  });
  it("is not a store's question: a store's open INFO_REQUESTED leaves our officer free to ask", () => {
    const storeAsks = appendAction(issueAt('GRIEVANCE'), act('A5S', 'INFO_REQUESTED', SELLER, 9), { status: 'PROCESSING' });
    expect(officerQuestion(storeAsks)).toBeNull();
  });
  it("is taken by the store's desk, which then waits for the shopper's answer", () => {
    const record: IssueRecord = { id: 'ISS-1', sellerId: SELLER, orderId: 'O1', issue: issueAt('GRIEVANCE'), buyerAt: at(7), sellerAt: null };
    const taken = takeBuyerIssue(record, asked, new Date(T0 + 10 * 60_000));
    expect('record' in taken && (taken.record.issue as IgmIssue).actions.at(-1)?.descriptor.code).toBe('INFO_REQUESTED');
  });
  it('is a question in words', () => {
    expect(officerQuestionSchema.safeParse({ issue_id: 'ISS-1', question: 'Why?' }).error?.issues[0]?.message).toBe(
      'Ask the shopper a question of at least 10 characters',
    );
    expect(officerQuestionSchema.safeParse({ issue_id: 'ISS 1', question: QUESTION }).success).toBe(false);
  });
});

describe('the response clock', () => {
  it('runs from the escalation against the stated response time', () => {
    expect(responseClock(issueAt('GRIEVANCE'), T0 + 37 * 60_000)).toEqual({ ageMs: 30 * 60_000, dueMs: 3_600_000, overdue: false });
    expect(responseClock(issueAt('GRIEVANCE'), T0 + 68 * 60_000).overdue).toBe(true);
  });
  it('stops being overdue once our officer resolved it', () => {
    const resolved = resolveAsOfficer(
      issueAt('GRIEVANCE'),
      { outcome: 'REPLACEMENT', response: 'The store will replace the packet' },
      'Kavya Rao',
      0,
      new Date(T0 + 90 * 60_000),
    );
    expect(responseClock(resolved, T0 + 120 * 60_000).overdue).toBe(false);
  });
});
