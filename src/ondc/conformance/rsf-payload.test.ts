import { describe, expect, it } from 'vitest';
import { rsfValidatorRequests } from './rsf-payload.ts';

const context = (action: string, messageId = 'M1', transactionId = 'T1', bppId = 'seller.example') => ({
  domain: 'ONDC:NTS10',
  action,
  bap_id: 'bap.example',
  bpp_id: bppId,
  transaction_id: transactionId,
  message_id: messageId,
  timestamp: '2026-11-28T01:00:00.000Z',
});
const recon = { direction: 'out', action: 'recon', body: { context: context('recon'), message: { orders: [] } } };
const ackOfRecon = { direction: 'in', action: 'recon', status: 200, body: { context: context('recon'), message: { ack: { status: 'ACK' } } } };
const onRecon = (status: number, accord: boolean) => ({
  direction: 'in',
  action: 'on_recon',
  status,
  body: { request: { context: context('on_recon'), message: { orders: [{ recon_accord: accord }] } } },
});

describe('recons in a protocol log, as the validator reads them', () => {
  it('pairs each recon with the on_recon we took, leaving out ACKs and the answers we refused', () => {
    const [request, ...others] = rsfValidatorRequests([recon, ackOfRecon, onRecon(400, false), onRecon(200, true), onRecon(200, false)]);
    expect(others).toEqual([]);
    expect(request).toMatchObject({ transactionId: 'T1', body: { domain: 'ONDC:NTS10', version: '2.0.0', bap_id: 'bap.example', bpp_id: 'seller.example' } });
    expect(request?.body.payload.recon).toEqual(recon.body);
    expect(request?.body.payload.on_recon?.message).toEqual({ orders: [{ recon_accord: true }] });
  });

  it('sends our settle and report to the settlement agency each as its own flow, with the agency’s answer we took', () => {
    const agency = (action: string, transactionId: string, direction: string, status?: number) => ({
      direction,
      action,
      ...(status ? { status } : {}),
      body: {
        context: context(action, `M-${transactionId}`, transactionId, 'sa.example'),
        message: action.startsWith('on_') ? { settlement: { id: 'S1' } } : { settlement: { id: 'S1', type: 'NP-NP' } },
      },
    });
    const requests = rsfValidatorRequests([
      recon,
      agency('settle', 'T2', 'out'),
      agency('on_settle', 'T2', 'in', 401),
      agency('on_settle', 'T2', 'in', 200),
      agency('report', 'T3', 'out'),
      agency('on_report', 'T3', 'in', 200),
    ]);
    expect(requests.map((r) => [r.transactionId, r.body.flow, Object.keys(r.body.payload).sort()])).toEqual([
      ['T1', 'RECON', ['recon']],
      ['T2', 'SETTLE', ['on_settle', 'settle']],
      ['T3', 'REPORT', ['on_report', 'report']],
    ]);
    expect(requests[1]?.body).toMatchObject({ bpp_id: 'sa.example', version: '2.0.0' });
  });
});
