import { describe, expect, it } from 'vitest';
import { igmIssueSchema, refundAmountOf, type IgmIssue } from '#/ondc/igm.ts';
import { minutesIn as at, orderOf, providerById, steadyItems } from './fixtures/orders.ts';
import { deskAtWork, dueStep, INFO_REQUEST, openIssueError, resolutionOptions, takeBuyerIssue, type IssueRecord } from './issue-desk.ts';
import { cancelOrder, timelineOf } from './orders.ts';

const quick = providerById('bengaluru-quick-basket-store');
const [tea, rice] = steadyItems(quick);
const order = () =>
  orderOf(quick, [
    [tea!, 3],
    [rice!, 2],
  ]);
const BAP = 'kirana.localhost';
const iso = (minutes: number) => new Date(at(minutes)).toISOString();

function complaint(code: string, itemIds: string[], minutes = 50): IgmIssue {
  const o = order();
  const contact = { phone: '9876543210', email: 'a@b.in' };
  return igmIssueSchema.parse({
    id: 'ISS-1',
    status: 'OPEN',
    level: 'ISSUE',
    created_at: iso(minutes),
    updated_at: iso(minutes),
    expected_response_time: { duration: 'PT1H' },
    expected_resolution_time: { duration: 'P1D' },
    refs: [{ ref_id: o.id, ref_type: 'ORDER' }, ...itemIds.map((id) => ({ ref_id: id, ref_type: 'ITEM' }))],
    actors: [
      { id: 'C-1', type: 'CONSUMER', info: { org: { name: `${BAP}::ONDC:RET10` }, contact } },
      { id: BAP, type: 'INTERFACING_NP', info: { org: { name: `${BAP}::ONDC:RET10` }, contact } },
    ],
    source_id: 'C-1',
    complainant_id: BAP,
    descriptor: { code, short_desc: code, long_desc: 'What went wrong, in words' },
    last_action_id: 'A1B',
    actions: [
      { id: 'A1B', descriptor: { code: 'OPEN', short_desc: 'Complaint created' }, updated_at: iso(minutes), action_by: BAP, actor_details: { name: 'Asha' } },
    ],
  });
}

const record = (issue: IgmIssue, buyerMinutes = 50): IssueRecord => ({
  id: issue.id,
  sellerId: order().sellerId,
  orderId: order().id,
  issue,
  buyerAt: iso(buyerMinutes),
  sellerAt: null,
});

describe("the desk's hours", () => {
  const ist = (hhmm: string) => new Date(`2026-01-05T${hhmm.slice(0, 2)}:${hhmm.slice(2)}:00+05:30`);
  it('works while its store is open, so a complaint raised at night waits for the morning, past the response time we state', () => {
    const grocer = providerById('bengaluru-grocer-one-store'); // 07:00–23:00
    expect(deskAtWork(grocer, ist('2330'))).toBe(false);
    expect(deskAtWork(grocer, ist('0659'))).toBe(false);
    expect(deskAtWork(grocer, ist('0700'))).toBe(true);
    expect(deskAtWork(grocer, ist('1400'))).toBe(true);
  });
  it('does not work for a store that is closed for now, nor for one it does not know', () => {
    expect(deskAtWork({ ...quick, status: 'disable' }, ist('1200'))).toBe(false);
    expect(deskAtWork(undefined, ist('1200'))).toBe(false);
  });
});

describe('taking a complaint (IGM 2.0 errors)', () => {
  const context = { transaction_id: order().transactionId, bap_id: order().bapId };
  it('takes an issue about its own order', () => {
    expect(openIssueError(order(), order().sellerId, context, complaint('ITM004', [tea!.id]), [])).toBeNull();
  });
  it("refuses another seller's order (IGM001), an item not on it (IGM003), a second open complaint (IGM007)", () => {
    expect(openIssueError(order(), 'someone-else', context, complaint('ITM004', [tea!.id]), [])?.code).toBe('IGM001');
    expect(openIssueError(order(), order().sellerId, context, complaint('ITM004', ['no-such-item']), [])?.code).toBe('IGM003');
    expect(openIssueError(order(), order().sellerId, context, complaint('ITM004', [tea!.id]), [record(complaint('ITM001', []))])?.code).toBe('IGM007');
  });
  it("refuses a buyer step that is not the complainant's", () => {
    const issue = complaint('ITM004', [tea!.id]);
    const forged = {
      ...issue,
      actions: [...issue.actions, { ...issue.actions[0]!, id: 'A2B', action_by: 'seller', descriptor: { code: 'CLOSED' as const, short_desc: 'x' } }],
    };
    expect(takeBuyerIssue(record(issue), forged, new Date(at(52)))).toMatchObject({ error: { code: 'IGM006' } });
  });
});

describe('the desk answers on the network clock', () => {
  it('says PROCESSING a minute after the complaint, not before', () => {
    const r = record(complaint('ITM004', [tea!.id]));
    expect(dueStep(r, order(), new Date(at(50.5)), new Date())).toBeNull();
    const step = dueStep(r, order(), new Date(at(51)), new Date(at(51)));
    expect(step?.issue.status).toBe('PROCESSING');
    expect(step?.issue.actions.at(-1)?.descriptor.code).toBe('PROCESSING');
    expect(step?.issue.respondent_ids).toEqual([order().sellerId]);
  });
  it("proposes a refund of the damaged items' price, or a replacement, four minutes later", () => {
    const damaged = complaint('ITM004', [tea!.id]);
    const photographed = { ...damaged, descriptor: { ...damaged.descriptor, images: [{ url: 'https://kirana.example/p/1.jpg', size_type: 'md' as const }] } };
    const processing = dueStep(record(photographed), order(), new Date(at(51)), new Date(at(51)))!;
    const r = { ...record(processing.issue), sellerAt: iso(51) };
    expect(dueStep(r, order(), new Date(at(54)), new Date())).toBeNull();
    const proposed = dueStep(r, order(), new Date(at(55)), new Date(at(55)))!;
    const [parent, refund, replacement] = proposed.issue.resolutions ?? [];
    expect(parent?.descriptor.code).toBe('PARENT');
    expect(refund?.descriptor.code).toBe('REFUND');
    const teaLine = order().quote.lines.find((l) => l.titleType === 'item' && l.itemId === tea!.id);
    expect(refund && refundAmountOf(refund)).toBe(((teaLine && teaLine.titleType === 'item' ? teaLine.unitPaise * 3 : 0) / 100).toFixed(2));
    expect(replacement?.descriptor.code).toBe('REPLACEMENT');
    expect(proposed.issue.actions.at(-1)).toMatchObject({ descriptor: { code: 'RESOLUTION_PROPOSED' }, ref_id: parent?.id });
  });
  it('asks once for more about goods complained of without a photo, and proposes four minutes after the answer', () => {
    const processing = dueStep(record(complaint('ITM004', [tea!.id])), order(), new Date(at(51)), new Date(at(51)))!;
    const asked = dueStep({ ...record(processing.issue), sellerAt: iso(51) }, order(), new Date(at(55)), new Date(at(55)))!;
    expect(asked.issue.actions.at(-1)).toMatchObject({ descriptor: { code: 'INFO_REQUESTED', short_desc: INFO_REQUEST.goods }, action_by: order().sellerId });
    expect(asked.issue.status).toBe('PROCESSING');
    // Nothing more until the buyer answers.
    expect(dueStep({ ...record(asked.issue), sellerAt: iso(55) }, order(), new Date(at(90)), new Date(at(90)))).toBeNull();
    const request = asked.issue.actions.at(-1)!;
    const answered: IgmIssue = {
      ...asked.issue,
      actions: [
        ...asked.issue.actions,
        {
          id: 'A4B',
          ref_id: request.id,
          ref_type: 'ACTIONS',
          descriptor: { code: 'INFO_PROVIDED', short_desc: 'The seal was broken and the tea was wet' },
          updated_at: iso(56),
          action_by: BAP,
          actor_details: { name: 'Asha' },
        },
      ],
    };
    const taken = takeBuyerIssue({ ...record(asked.issue), sellerAt: iso(55) }, answered, new Date(at(56)));
    if (!('record' in taken)) throw new Error('not taken');
    const again = dueStep(taken.record, order(), new Date(at(57)), new Date(at(57)))!;
    expect(again.issue.actions.at(-1)?.descriptor.code).toBe('PROCESSING');
    const proposed = dueStep({ ...taken.record, issue: again.issue, sellerAt: iso(57) }, order(), new Date(at(61)), new Date(at(61)))!;
    expect(proposed.issue.actions.at(-1)?.descriptor.code).toBe('RESOLUTION_PROPOSED');
  });
  it('asks nothing when the complaint came with a photo, or is neither about the state of goods nor about an order that has not come', () => {
    const withPhoto = {
      ...complaint('ITM004', [tea!.id]),
      descriptor: { code: 'ITM004', short_desc: 'ITM004', long_desc: 'Torn', images: [{ url: 'https://kirana.example/p/1.jpg', size_type: 'md' }] },
    };
    for (const issue of [withPhoto, complaint('ORD003', [])]) {
      const processing = dueStep(record(issue), order(), new Date(at(51)), new Date(at(51)))!;
      const next = dueStep({ ...record(processing.issue), sellerAt: iso(51) }, order(), new Date(at(55)), new Date(at(55)))!;
      expect(next.issue.actions.at(-1)?.descriptor.code).toBe('RESOLUTION_PROPOSED');
    }
  });
  it('offers to cancel an order not delivered yet, and no action on one delivered', () => {
    expect(resolutionOptions(order(), complaint('FLM002', []), at(10)).map((o) => o.code)).toEqual(['CANCEL']);
    expect(resolutionOptions(order(), complaint('FLM002', []), at(500)).map((o) => o.code)).toEqual(['NO_ACTION']);
    const cancelled = cancelOrder(order(), { reasonId: '001', by: BAP, at: new Date(at(5)) });
    expect(resolutionOptions(cancelled, complaint('FLM002', []), at(10)).map((o) => o.code)).toEqual(['NO_ACTION']);
  });
  it('asks who took in an order marked delivered that never came; an order on its way or cancelled is answered at once', () => {
    const nextAt = (o: ReturnType<typeof order>, minutes: number) => {
      const processing = dueStep(record(complaint('FLM002', [], minutes), minutes), o, new Date(at(minutes + 1)), new Date(at(minutes + 1)))!;
      return dueStep(
        { ...record(processing.issue, minutes), sellerAt: iso(minutes + 1) },
        o,
        new Date(at(minutes + 5)),
        new Date(at(minutes + 5)),
      )!.issue.actions.at(-1);
    };
    expect(nextAt(order(), 500)).toMatchObject({ descriptor: { code: 'INFO_REQUESTED', short_desc: INFO_REQUEST.handedOver } });
    expect(nextAt(order(), 10)).toMatchObject({ descriptor: { code: 'RESOLUTION_PROPOSED' } });
    const cancelled = cancelOrder(order(), { reasonId: '001', by: BAP, at: new Date(at(5)) });
    expect(nextAt(cancelled, 10)).toMatchObject({ descriptor: { code: 'RESOLUTION_PROPOSED' } });
  });
  it('asks what the shopper needs of an order booked for hours later, then offers its cancellation or keeping it', () => {
    // Booked for a window three hours on, complained of at minute 10: not late, so the store asks.
    const booked = { ...order(), slot: { id: 'W1', start: iso(180), end: iso(300) } };
    const processing = dueStep(record(complaint('FLM002', [], 10), 10), booked, new Date(at(11)), new Date(at(11)))!;
    const asked = dueStep({ ...record(processing.issue, 10), sellerAt: iso(11) }, booked, new Date(at(15)), new Date(at(15)))!;
    expect(asked.issue.actions.at(-1)).toMatchObject({ descriptor: { code: 'INFO_REQUESTED', short_desc: INFO_REQUEST.notDue } });
    expect(resolutionOptions(booked, complaint('FLM002', []), at(20)).map((o) => o.code)).toEqual(['CANCEL', 'NO_ACTION']);
    // Within the hour before it is due, the cancellation is offered at once, as for a quick order.
    const dueAt = timelineOf(booked).at(-1)!;
    expect(resolutionOptions(booked, complaint('FLM002', []), dueAt - 30 * 60_000).map((o) => o.code)).toEqual(['CANCEL']);
    const late = dueStep(record(complaint('FLM002', [], 10), 10), booked, new Date(dueAt - 30 * 60_000), new Date(dueAt - 30 * 60_000))!;
    const offered = dueStep(
      { ...record(late.issue, 10), sellerAt: new Date(dueAt - 30 * 60_000).toISOString() },
      booked,
      new Date(dueAt - 25 * 60_000),
      new Date(dueAt - 25 * 60_000),
    )!;
    expect(offered.issue.actions.at(-1)?.descriptor.code).toBe('RESOLUTION_PROPOSED');
  });
  it('resolves the accepted option a minute after the buyer accepts it, a CANCEL by cancelling the order', () => {
    const issue = complaint('FLM002', [], 10);
    const processing = dueStep(record(issue, 10), order(), new Date(at(11)), new Date(at(11)))!;
    const proposed = dueStep({ ...record(processing.issue, 10), sellerAt: iso(11) }, order(), new Date(at(15)), new Date(at(15)))!;
    const cancel = proposed.issue.resolutions?.find((r) => r.descriptor.code === 'CANCEL');
    const accepted: IgmIssue = {
      ...proposed.issue,
      actions: [
        ...proposed.issue.actions,
        {
          id: 'A4B',
          ref_id: cancel!.id,
          ref_type: 'RESOLUTIONS',
          descriptor: { code: 'RESOLUTION_ACCEPTED', short_desc: 'ok' },
          updated_at: iso(16),
          action_by: BAP,
          actor_details: { name: 'Asha' },
        },
      ],
    };
    const taken = takeBuyerIssue({ ...record(proposed.issue), sellerAt: iso(15) }, accepted, new Date(at(16)));
    if (!('record' in taken)) throw new Error('not taken');
    expect(dueStep(taken.record, order(), new Date(at(16.5)), new Date())).toBeNull();
    const resolved = dueStep(taken.record, order(), new Date(at(17)), new Date(at(17)))!;
    expect(resolved.issue.status).toBe('RESOLVED');
    expect(resolved.issue.actions.at(-1)).toMatchObject({ descriptor: { code: 'RESOLVED', name: 'CANCEL' }, ref_id: cancel!.id });
    expect(resolved.cancel).toBe(true);
  });
});
