import { describe, expect, it } from 'vitest';
import { igmValidatorRequests } from './igm-payload.ts';

const message = (action: 'issue' | 'on_issue', messageId: string, code: string, options: { level?: string; items?: boolean } = {}) => ({
  direction: action === 'issue' ? 'out' : 'in',
  body: {
    context: {
      action,
      transaction_id: 'T1',
      message_id: messageId,
      timestamp: '2026-11-25T10:00:00.000Z',
      domain: 'ONDC:RET10',
      bap_id: 'kirana.localhost',
      bpp_id: 'seller-1',
    },
    message: {
      issue: {
        id: 'ISS-1',
        level: options.level ?? 'ISSUE',
        refs: [{ ref_type: 'ORDER' }, ...(options.items ? [{ ref_type: 'ITEM' }] : [])],
        actions: [{ descriptor: { code } }],
      },
    },
  },
});

describe("complaints in a log, as ONDC's validator names their steps (IGM2FlowSequence)", () => {
  it("names a complaint the store resolves by FLOW_1's steps, each message once", () => {
    const [request] = igmValidatorRequests([
      message('issue', 'M1', 'OPEN', { items: true }),
      message('on_issue', 'M2', 'PROCESSING', { items: true }),
      message('on_issue', 'M2', 'PROCESSING', { items: true }),
      message('on_issue', 'M3', 'RESOLUTION_PROPOSED', { items: true }),
      message('issue', 'M4', 'RESOLUTION_ACCEPTED', { items: true }),
      message('on_issue', 'M5', 'RESOLVED', { items: true }),
      message('issue', 'M6', 'CLOSED', { items: true }),
    ]);
    expect(request?.body.flow).toBe('FLOW_1');
    expect(Object.keys(request?.body.payload ?? {})).toEqual([
      'issue_open',
      'on_issue_processing_1',
      'on_issue_processing',
      'on_issue_resolution_proposed',
      'issue_resolution_accepted',
      'on_issue_resolved',
      'issue_closed',
    ]);
  });
  it("names the grievance officers' steps by FLOW_2's GRO names, says what it could not name, and checks a delivery complaint as FLOW_3", () => {
    const [request] = igmValidatorRequests([
      message('issue', 'M1', 'OPEN'),
      message('issue', 'M2', 'RESOLUTION_REJECTED'),
      message('issue', 'M3', 'ESCALATED', { level: 'GRIEVANCE' }),
      message('on_issue', 'M4', 'PROCESSING', { level: 'GRIEVANCE' }),
      message('on_issue', 'M5', 'RESOLUTION_PROPOSED', { level: 'GRIEVANCE' }),
    ]);
    expect(request?.body.flow).toBe('FLOW_3');
    expect(Object.keys(request?.body.payload ?? {})).toEqual(['issue_open', 'issue_esclated', 'on_issue_gro_processing', 'on_issue_gro_resolution_proposed']);
    expect(request?.unnamed).toEqual(['issue RESOLUTION_REJECTED']);
  });
});
