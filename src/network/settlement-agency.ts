// The settlement agency (ONDC's NOCS, RSF 2.0.0) as the embedded network plays it, as it plays
// the registry: a collector's `settle` moves each order's inter-participant amount to the
// receiver (one of our seller apps) and the collector's own part to its account, and is answered
// `on_settle` with a bank reference per order; `report` is answered `on_report` with where a
// settle stands. An order is paid once: a settle sent again (a collector killed before it heard
// back) is answered with the payout already made, never a second one. The payout is written to
// the network's state before anyone hears of it.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { rupeesToPaise } from '#/lib/money.ts';
import { inr, type OnSettleMessage, type ReportMessage, type SettleMessage, type SettledOrder } from '#/ondc/rsf.ts';

export const payoutSchema = z.object({
  collectorId: z.string(),
  receiverId: z.string(),
  orderId: z.string(),
  settlementId: z.string(),
  /** the settle that asked for it, which a report names */
  transactionId: z.string(),
  messageId: z.string(),
  interParticipantPaise: z.number().int().min(0),
  collectorPaise: z.number().int().min(0),
  referenceNo: z.string(),
  at: z.iso.datetime(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutKey = (collectorId: string, orderId: string) => `${collectorId}|${orderId}`;

/** A bank reference of 12 digits, the same for the same payout. */
function referenceOf(key: string, party: 'receiver' | 'collector'): string {
  const digits = BigInt(`0x${createHash('sha256').update(`${party}:${key}`).digest('hex').slice(0, 15)}`) % 1_000_000_000_000n;
  return digits.toString().padStart(12, '0');
}

function settledOrder(payout: Payout): SettledOrder {
  const key = payoutKey(payout.collectorId, payout.orderId);
  return {
    id: payout.orderId,
    inter_participant: {
      settled_amount: inr(payout.interParticipantPaise),
      amount: inr(payout.interParticipantPaise),
      status: 'SETTLED',
      reference_no: referenceOf(key, 'receiver'),
    },
    collector: { amount: inr(payout.collectorPaise) },
    self: { amount: inr(payout.collectorPaise), status: 'SETTLED', reference_no: referenceOf(key, 'collector') },
  };
}

export type AgencyLedger = { payout(key: string): Payout | undefined; payouts(): Iterable<Payout>; savePayout(payout: Payout): void };

/**
 * A collector's settle, carried out: each order paid now, or the payout made for it before (the
 * same order settled again names the first payout, with its amounts). Null when the receiver is
 * not a seller app of this network.
 */
export function carryOutSettle(input: {
  ledger: AgencyLedger;
  collectorId: string;
  receivers: ReadonlySet<string>;
  transactionId: string;
  messageId: string;
  message: SettleMessage;
  now: Date;
}): OnSettleMessage | null {
  const { message } = input;
  if (!input.receivers.has(message.receiver_app_id)) return null;
  const orders = message.settlement.orders.map((order) => {
    const key = payoutKey(input.collectorId, order.id);
    let payout = input.ledger.payout(key);
    if (!payout) {
      payout = {
        collectorId: input.collectorId,
        receiverId: message.receiver_app_id,
        orderId: order.id,
        settlementId: message.settlement.id,
        transactionId: input.transactionId,
        messageId: input.messageId,
        interParticipantPaise: rupeesToPaise(order.inter_participant.amount.value),
        collectorPaise: rupeesToPaise(order.self.amount.value),
        referenceNo: referenceOf(key, 'receiver'),
        at: input.now.toISOString(),
      };
      input.ledger.savePayout(payout);
    }
    return settledOrder(payout);
  });
  return {
    collector_app_id: message.collector_app_id,
    receiver_app_id: message.receiver_app_id,
    settlement: { type: 'NP-NP', id: message.settlement.id, orders },
  };
}

/** Where the settle a report names stands: its payouts, or null when no settle of that collector had those ids. */
export function reportOn(ledger: AgencyLedger, collectorId: string, report: ReportMessage): OnSettleMessage | null {
  const payouts = [...ledger.payouts()].filter(
    (p) => p.collectorId === collectorId && p.transactionId === report.ref_transaction_id && p.messageId === report.ref_message_id,
  );
  const first = payouts[0];
  if (!first) return null;
  return {
    collector_app_id: collectorId,
    receiver_app_id: first.receiverId,
    settlement: { type: 'NP-NP', id: first.settlementId, orders: payouts.map(settledOrder) },
  };
}
