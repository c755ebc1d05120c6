import { describe, expect, it } from 'vitest';
import type { SettleMessage } from '#/ondc/rsf.ts';
import { carryOutSettle, payoutKey, reportOn, type AgencyLedger, type Payout } from './settlement-agency.ts';

function ledger(): AgencyLedger & { all: Map<string, Payout> } {
  const all = new Map<string, Payout>();
  return { all, payout: (key) => all.get(key), payouts: () => all.values(), savePayout: (p) => all.set(payoutKey(p.collectorId, p.orderId), p) };
}

const settle = (orders: Array<[string, string, string]>, id = 'S1'): SettleMessage => ({
  collector_app_id: 'bap.example',
  receiver_app_id: 'seller-a',
  settlement: {
    type: 'NP-NP',
    id,
    orders: orders.map(([orderId, share, kept]) => ({
      id: orderId,
      inter_participant: { amount: { currency: 'INR', value: share } },
      collector: { amount: { currency: 'INR', value: kept } },
      self: { amount: { currency: 'INR', value: kept } },
    })),
  },
});
const receivers = new Set(['seller-a']);
const now = new Date('2026-11-28T08:00:00Z');

describe('the settlement agency', () => {
  it('pays each order of a settle and answers with what moved and a bank reference', () => {
    const book = ledger();
    const answer = carryOutSettle({
      ledger: book,
      collectorId: 'bap.example',
      receivers,
      transactionId: 'T1',
      messageId: 'M1',
      message: settle([
        ['O1', '485.00', '15.00'],
        ['O2', '97.10', '3.00'],
      ]),
      now,
    });
    expect(answer?.settlement.orders[0]).toMatchObject({
      id: 'O1',
      inter_participant: {
        settled_amount: { value: '485.00' },
        amount: { value: '485.00' },
        status: 'SETTLED',
        reference_no: expect.stringMatching(/^\d{12}$/),
      },
      collector: { amount: { value: '15.00' } },
      self: { amount: { value: '15.00' }, status: 'SETTLED' },
    });
    expect([...book.all.values()].map((p) => [p.orderId, p.interParticipantPaise])).toEqual([
      ['O1', 48_500],
      ['O2', 9_710],
    ]);
  });

  it('pays an order once: a settle sent again, or another naming it, gets the first payout back', () => {
    const book = ledger();
    const first = carryOutSettle({
      ledger: book,
      collectorId: 'bap.example',
      receivers,
      transactionId: 'T1',
      messageId: 'M1',
      message: settle([['O1', '485.00', '15.00']]),
      now,
    });
    const again = carryOutSettle({
      ledger: book,
      collectorId: 'bap.example',
      receivers,
      transactionId: 'T1',
      messageId: 'M1',
      message: settle([['O1', '485.00', '15.00']]),
      now,
    });
    const other = carryOutSettle({
      ledger: book,
      collectorId: 'bap.example',
      receivers,
      transactionId: 'T2',
      messageId: 'M2',
      message: settle([['O1', '999.00', '1.00']], 'S2'),
      now,
    });
    expect(book.all.size).toBe(1);
    expect(again).toEqual(first);
    expect(other?.settlement.orders[0]?.inter_participant.settled_amount.value).toBe('485.00');
  });

  it('refuses a settle to a receiver that is not one of its seller apps', () => {
    const book = ledger();
    expect(
      carryOutSettle({
        ledger: book,
        collectorId: 'bap.example',
        receivers: new Set(['seller-b']),
        transactionId: 'T1',
        messageId: 'M1',
        message: settle([['O1', '1.00', '0.00']]),
        now,
      }),
    ).toBeNull();
    expect(book.all.size).toBe(0);
  });

  it('reports where a settle stands by its ids, and knows nothing of one it never carried out', () => {
    const book = ledger();
    carryOutSettle({
      ledger: book,
      collectorId: 'bap.example',
      receivers,
      transactionId: 'T1',
      messageId: 'M1',
      message: settle([
        ['O1', '485.00', '15.00'],
        ['O2', '1.00', '0.00'],
      ]),
      now,
    });
    expect(reportOn(book, 'bap.example', { ref_transaction_id: 'T1', ref_message_id: 'M1' })?.settlement).toMatchObject({
      id: 'S1',
      orders: [{ id: 'O1' }, { id: 'O2' }],
    });
    expect(reportOn(book, 'bap.example', { ref_transaction_id: 'T1', ref_message_id: 'M9' })).toBeNull();
    expect(reportOn(book, 'another.bap', { ref_transaction_id: 'T1', ref_message_id: 'M1' })).toBeNull();
  });
});
