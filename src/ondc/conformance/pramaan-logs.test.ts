import { describe, expect, it } from 'vitest';
import { buyerAppId, countReport, pramaanFlows, pramaanIgmFlows, pramaanRecords, pramaanRsfFlows } from './pramaan-logs.ts';

const context = (action: string, messageId: string) => ({
  action,
  transaction_id: 'T1',
  message_id: messageId,
  timestamp: '2026-11-25T10:00:00.000Z',
  domain: 'ONDC:RET10',
  bap_id: 'kirana.localhost',
  bpp_id: 'grocer',
});

describe('Pramaan records from our protocol log', () => {
  it('pairs each call with the seller’s answer and each callback with our ACK, in order, once', () => {
    const select = { context: context('select', 'M1'), message: { order: {} } };
    const onSelect = { context: context('on_select', 'M1'), message: { order: {} } };
    const sellerAck = { message: { ack: { status: 'ACK' } } };
    const ourAck = { context: onSelect.context, message: { ack: { status: 'ACK' } } };
    const lines = [
      { direction: 'out', participant: 'kirana.localhost', action: 'select', messageId: 'M1', body: select },
      { direction: 'in', participant: 'kirana.localhost', action: 'select', messageId: 'M1', body: sellerAck },
      // The seller's own log of the same exchange is not ours.
      { direction: 'out', participant: 'grocer', action: 'on_select', messageId: 'M1', body: onSelect },
      { direction: 'in', participant: 'kirana.localhost', action: 'on_select', body: { request: onSelect, reply: ourAck } },
      { direction: 'in', participant: 'kirana.localhost', action: 'on_select', body: { request: onSelect, reply: ourAck } },
    ];
    expect(buyerAppId(lines)).toBe('kirana.localhost');
    expect(pramaanRecords(lines, 'kirana.localhost').get('T1')).toEqual([
      { action: 'select', transaction_id: 'T1', message_id: 'M1', request: select, response: sellerAck },
      { action: 'on_select', transaction_id: 'T1', message_id: 'M1', request: onSelect, response: ourAck },
    ]);
  });

  it('counts the failures certification looks at: those not marked OPTIONAL', () => {
    const report = {
      results: [
        {
          title: '',
          suites: [
            {
              title: 'select request verification',
              tests: [
                { title: "'message.order' should be an object", state: 'passed' },
                { title: "'gps' should have 6 decimals", state: 'failed', err: { message: 'expected 4 to equal 6' } },
                { title: "'tags' should be an array (OPTIONAL)", state: 'failed', err: { message: 'x' } },
              ],
            },
          ],
        },
      ],
    };
    expect(countReport(report)).toEqual({
      passed: 1,
      failed: 2,
      required: [{ suite: 'select request verification', title: "'gps' should have 6 decimals", message: 'expected 4 to equal 6' }],
    });
  });
});

describe('the transaction that plays each Pramaan flow', () => {
  let at = Date.parse('2026-11-25T10:00:00Z');
  const bap = 'kirana.localhost';
  const sent = (action: string, transactionId: string, message: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    at += 1000;
    return {
      context: { ...context(action, `${action}-${at}`), transaction_id: transactionId, timestamp: new Date(at).toISOString(), city: 'std:080', ...extra },
      message,
    };
  };
  const reply = <T extends { context: { message_id: string } }>(m: T, action: string, message: Record<string, unknown>, error?: unknown) => {
    at += 1000;
    return { context: { ...m.context, action, timestamp: new Date(at).toISOString() }, message, ...(error ? { error } : {}) };
  };
  // Our calls as we logged them, and the callbacks as we received them (with our ACK).
  const out = (m: { context: { action: string; message_id: string } }) => ({
    direction: 'out',
    participant: bap,
    action: m.context.action,
    messageId: m.context.message_id,
    body: m,
  });
  const got = (m: { context: { action: string } }) => ({
    direction: 'in',
    participant: bap,
    action: m.context.action,
    body: { request: m, reply: { message: { ack: { status: 'ACK' } } } },
  });
  const catalogue = sent('search', 'S', { intent: {} });
  const listed = reply(catalogue, 'on_search', { catalog: { 'bpp/descriptor': { name: 'S' }, 'bpp/fulfillments': [], 'bpp/providers': [{ id: 'P1' }] } });
  const state = (code: string, extra: Record<string, unknown> = {}) => ({
    order: {
      id: 'O1',
      provider: { id: 'P1' },
      state: code === 'Pending' ? 'Accepted' : 'Cancelled',
      fulfillments: [{ type: 'Delivery', state: { descriptor: { code } } }],
      ...extra,
    },
  });
  function ordered(transactionId: string) {
    const calls = ['select', 'init', 'confirm'].map((action) => sent(action, transactionId, { order: { provider: { id: 'P1' }, items: [{ id: 'I1' }] } }));
    return calls.flatMap((call) => [
      out(call),
      got(reply(call, `on_${call.context.action}`, call.context.action === 'confirm' ? state('Pending') : { order: {} })),
    ]);
  }

  it('RET_8 a cancel the seller refused, RET_4c a seller’s cancel before pickup, RET_9_INC_PUSH a search asking for pushes', () => {
    const cancel = sent('cancel', 'T8', { order_id: 'O1', cancellation_reason_id: '001' });
    const refused = reply(cancel, 'on_cancel', state('Pending'), { type: 'POLICY-ERROR', code: '50001', message: 'not cancellable' });
    const delivered = sent('on_status', 'T8', state('Order-delivered'));
    const turnedDown = sent('on_cancel', 'T4', state('Cancelled', { cancellation: { cancelled_by: 'grocer', reason: { id: '005' } } }));
    const push = sent('search', 'TP', { intent: { tags: [{ code: 'catalog_inc', list: [{ code: 'mode', value: 'start' }] }] } }, { city: '*' });
    const answered = reply(push, 'on_search', { catalog: { 'bpp/providers': [{ id: 'P1', items: [] }] } });
    const pushed = sent('on_search', 'TP', { catalog: { 'bpp/providers': [{ id: 'P1', items: [] }] } }, { city: '*' });
    const lines = [
      out(catalogue),
      got(listed),
      ...ordered('T8'),
      out(cancel),
      got(refused),
      got(delivered),
      ...ordered('T4'),
      got(turnedDown),
      out(push),
      got(answered),
      got(pushed),
    ];
    const records = pramaanRecords(lines, bap);
    const flows = pramaanFlows(lines, records, ['ONDC:RET10']).map((f) => `${f.flowId} ${f.transactionId}`);
    expect(flows).toEqual(expect.arrayContaining(['RET_8 T8', 'RET_4c T4', 'RET_9_INC_PUSH TP', 'RET_9 S']));
    // The refused cancel is not also the buyer's cancel (RET_3), nor a plain delivery (RET_1).
    expect(flows.filter((f) => f.endsWith(' T8'))).toEqual(['RET_8 T8']);
    expect(records.get('TP')?.map((r) => r.message_id)).toEqual([push.context.message_id, push.context.message_id, pushed.context.message_id]);
  });

  it('RET_5 the return the rider fetches, not a later liquidation alone', () => {
    const returned = (transactionId: string, code: string) => {
      const request = sent('update', transactionId, {
        update_target: 'item',
        order: { fulfillments: [{ type: 'Return', tags: [{ code: 'return_request', list: [{ code: 'id', value: 'R1' }] }] }] },
      });
      const done = sent('on_update', transactionId, {
        order: { state: 'Completed', fulfillments: [{ id: 'R1', type: 'Return', state: { descriptor: { code } } }] },
      });
      return [out(request), got(done)];
    };
    const lines = [out(catalogue), got(listed), ...ordered('TR'), ...returned('TR', 'Return_Delivered'), ...ordered('TL'), ...returned('TL', 'Liquidated')];
    const flows = pramaanFlows(lines, pramaanRecords(lines, bap), ['ONDC:RET10']).map((f) => `${f.flowId} ${f.transactionId}`);
    expect(flows).toContain('RET_5 TR');
    expect(flows.filter((f) => f.endsWith(' TL'))).toEqual([]);
  });
});

describe('the complaint that plays each Pramaan IGM 2.0 flow', () => {
  const context = (action: string, messageId: string) => ({ domain: 'ONDC:RET10', action, transaction_id: 'T1', message_id: messageId });
  const issue = (id: string, codes: string[], resolutions: Array<{ id: string; code: string }> = [], accepted?: string) => ({
    id,
    actions: codes.map((code) => ({ descriptor: { code }, ...(code === 'RESOLUTION_ACCEPTED' && accepted ? { ref_id: accepted } : {}) })),
    resolutions: resolutions.map((r) => ({ id: r.id, descriptor: { code: r.code } })),
  });
  const record = (action: string, messageId: string, message: unknown) => ({
    action,
    transaction_id: 'T1',
    message_id: messageId,
    request: { context: context(action, messageId), message },
    response: null,
  });

  it('IGM_1 a refund accepted, IGM_5 one escalated; each judged on its own complaint’s records, beside the order’s', () => {
    const refunded = issue(
      'I1',
      ['OPEN', 'PROCESSING', 'RESOLUTION_PROPOSED', 'RESOLUTION_ACCEPTED'],
      [
        { id: 'R1', code: 'PARENT' },
        { id: 'R1-1', code: 'REFUND' },
      ],
      'R1-1',
    );
    const escalated = issue('I2', ['OPEN', 'RESOLUTION_REJECTED', 'ESCALATED']);
    const records = new Map([
      [
        'T1',
        [
          record('confirm', 'M0', { order: {} }),
          record('issue', 'M1', { issue: issue('I1', ['OPEN']) }),
          record('on_issue', 'M2', { issue: refunded }),
          record('issue', 'M3', { issue: refunded }),
          record('issue_status', 'M4', { issue_id: 'I1' }),
          record('issue', 'M5', { issue: escalated }),
        ],
      ],
    ]);
    const flows = pramaanIgmFlows(records, ['ONDC:RET10']);
    expect(flows.map((f) => [f.flowId, f.records?.map((r) => r.message_id)])).toEqual([
      ['IGM_1', ['M1', 'M2', 'M3', 'M4']],
      ['IGM_5', ['M5']],
    ]);
    expect(pramaanIgmFlows(records, ['ONDC:RET11'])).toEqual([]);
    // A later refund complaint still open gives way to the closed one.
    const closed = { ...refunded, status: 'CLOSED' };
    const later = new Map([
      ['T1', [record('issue', 'M1', { issue: closed })]],
      ['T2', [{ ...record('issue', 'M9', { issue: { ...refunded, id: 'I9' } }), transaction_id: 'T2' }]],
    ]);
    expect(pramaanIgmFlows(later, ['ONDC:RET10']).map((f) => [f.flowId, f.transactionId])).toEqual([['IGM_1', 'T1']]);
    // Of two closed refunds, the one where the store asked and the shopper answered, as IGM_1's
    // script has it, whichever came first; an escalation is IGM_5's whether or not it was asked.
    const informed = {
      ...issue(
        'I3',
        ['OPEN', 'PROCESSING', 'INFO_REQUESTED', 'INFO_PROVIDED', 'RESOLUTION_PROPOSED', 'RESOLUTION_ACCEPTED'],
        [
          { id: 'R1', code: 'PARENT' },
          { id: 'R1-1', code: 'REFUND' },
        ],
        'R1-1',
      ),
      status: 'CLOSED',
    };
    const both = new Map([
      ['T3', [{ ...record('issue', 'M3', { issue: informed }), transaction_id: 'T3' }]],
      ['T1', [record('issue', 'M1', { issue: closed })]],
    ]);
    expect(pramaanIgmFlows(both, ['ONDC:RET10']).map((f) => [f.flowId, f.transactionId])).toEqual([['IGM_1', 'T3']]);
  });
});

describe('the recon that plays Pramaan’s MBL_RSF', () => {
  it('is the latest transaction with our recon, judged on its recon and on_recon only, under the retail domain', () => {
    const record = (transaction: string, action: string, id: string) => ({ action, transaction_id: transaction, message_id: id, request: {}, response: null });
    const records = new Map([
      ['R1', [record('R1', 'recon', 'M1'), record('R1', 'on_recon', 'M1')]],
      ['T1', [record('T1', 'confirm', 'M2')]],
      ['R2', [record('R2', 'recon', 'M3'), record('R2', 'on_recon', 'M3'), record('R2', 'report', 'M4')]],
    ]);
    expect(pramaanRsfFlows(records, 'ONDC:RET10')).toEqual([
      { flowId: 'MBL_RSF', domain: 'ONDC:RET10', transactionId: 'R2', records: [records.get('R2')![0], records.get('R2')![1]] },
    ]);
    expect(pramaanRsfFlows(new Map([['T1', [record('T1', 'confirm', 'M2')]]]), 'ONDC:RET10')).toEqual([]);
  });
});
