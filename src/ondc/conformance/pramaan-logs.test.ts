import { describe, expect, it } from 'vitest';
import { buyerAppId, countReport, pramaanRecords } from './pramaan-logs.ts';

const context = (action: string, messageId: string) => ({ action, transaction_id: 'T1', message_id: messageId, timestamp: '2026-11-25T10:00:00.000Z', domain: 'ONDC:RET10', bap_id: 'kirana.localhost', bpp_id: 'grocer' });

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
