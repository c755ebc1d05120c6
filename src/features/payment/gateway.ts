// The payment gateway a prepaid checkout pays through (issue 7 /payment), behind an interface a
// real UPI gateway can implement; the embedded simulator stands in for it offline (STYLE:
// every third-party service has a local stand-in).
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { PaymentNotice } from './webhook.ts';

export type PaymentStatus = 'PENDING' | 'PAID' | 'FAILED';
/** A payment row's status: a gateway status, or cash the seller collects on delivery. */
export type RecordedStatus = PaymentStatus | 'ON-DELIVERY';

export interface PaymentGateway {
  /** Asks the shopper's UPI app to pay `amountPaise`; answers at once with where that stands. */
  collect(request: { paymentId: string; amountPaise: number; vpa: string }): Promise<PaymentStatus>;
  /** Where a collect request stands now. */
  status(payment: { paymentId: string; vpa: string }): Promise<PaymentStatus>;
  /** Withdraws a collect request the shopper gave up on: FAILED once withdrawn, PAID if it was paid first. */
  cancel(payment: { paymentId: string; vpa: string }): Promise<PaymentStatus>;
  /**
   * Sends `amountPaise` of a paid payment back to the shopper's UPI id. `refundId` makes it
   * idempotent: asking again with the same id refunds nothing more.
   */
  refund(request: { paymentId: string; refundId: string; amountPaise: number; vpa: string }): Promise<'REFUNDED' | 'PENDING'>;
}

/** A UPI id: handle@bank. */
export const vpaSchema = z.string().trim().toLowerCase().regex(/^[a-z0-9._-]{2,64}@[a-z]{2,32}$/, 'Expected a UPI id such as name@bank');

/**
 * The simulator's outcomes, chosen by the UPI id's handle so a test or a person can pick one:
 * failure@… is refused, pending@… is paid after two status checks, timeout@… never completes;
 * any other id pays at once.
 */
export type SimulatedScenario = 'success' | 'failure' | 'pending-then-success' | 'timeout';

export function scenarioOf(vpa: string): SimulatedScenario {
  const handle = vpa.split('@')[0];
  if (handle === 'failure') return 'failure';
  if (handle === 'pending') return 'pending-then-success';
  if (handle === 'timeout') return 'timeout';
  return 'success';
}

/** Status checks a pending-then-success payment stays pending for. */
const SIMULATED_PENDING_CHECKS = 2;

function simulatedStatus(scenario: SimulatedScenario, checks: number): PaymentStatus {
  switch (scenario) {
    case 'success':
      return 'PAID';
    case 'failure':
      return 'FAILED';
    case 'pending-then-success':
      return checks >= SIMULATED_PENDING_CHECKS ? 'PAID' : 'PENDING';
    case 'timeout':
      return 'PENDING';
  }
}

/**
 * The embedded simulator: counts status checks per payment to move pending payments along. Its
 * state is kept in the database (a real gateway keeps its own), so a payment collected by one
 * storefront process is the same payment when another asks after it or refunds it. Like a real
 * gateway it tells the storefront of a settled payment by a signed notice (`deliver`, issue 24).
 */
export function createSimulatedGateway(database: () => Queryable, deliver: (notice: PaymentNotice) => Promise<void>): PaymentGateway {
  // As a gateway's webhook comes apart from the call that paid: after the answer, not inside it.
  const tell = (paymentId: string, amountPaise: number | null, status: PaymentStatus) => {
    if (status !== 'PENDING' && amountPaise !== null) setImmediate(() => void deliver({ id: crypto.randomUUID(), payment_id: paymentId, status, amount_paise: amountPaise }));
    return status;
  };
  const stateOf = async (paymentId: string) =>
    (await database().query<{ checks: number; cancelled: boolean }>('SELECT checks, cancelled FROM simulated_upi WHERE payment_id = $1', [paymentId]))[0] ?? { checks: 0, cancelled: false };
  return {
    async collect({ paymentId, amountPaise, vpa }) {
      await database().query('INSERT INTO simulated_upi (payment_id, amount_paise) VALUES ($1, $2) ON CONFLICT DO NOTHING', [paymentId, amountPaise]);
      return tell(paymentId, amountPaise, simulatedStatus(scenarioOf(vpa), 0));
    },
    async status({ paymentId, vpa }) {
      const [row] = await database().query<{ checks: number; cancelled: boolean; amount_paise: number | null }>(
        `INSERT INTO simulated_upi (payment_id, checks) VALUES ($1, 1)
         ON CONFLICT (payment_id) DO UPDATE SET checks = simulated_upi.checks + 1 RETURNING checks, cancelled, amount_paise`,
        [paymentId],
      );
      if (!row || row.cancelled) return 'FAILED';
      return tell(paymentId, row.amount_paise, simulatedStatus(scenarioOf(vpa), row.checks));
    },
    async cancel({ paymentId, vpa }) {
      const now = simulatedStatus(scenarioOf(vpa), (await stateOf(paymentId)).checks);
      if (now === 'PAID') return 'PAID';
      await database().query(
        'INSERT INTO simulated_upi (payment_id, cancelled) VALUES ($1, true) ON CONFLICT (payment_id) DO UPDATE SET cancelled = true',
        [paymentId],
      );
      return 'FAILED';
    },
    async refund({ paymentId, refundId, amountPaise }) {
      await database().query('INSERT INTO simulated_upi_refunds (refund_id, payment_id, amount_paise) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [refundId, paymentId, amountPaise]);
      return 'REFUNDED';
    },
  };
}
