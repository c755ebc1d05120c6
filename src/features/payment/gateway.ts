// The payment gateway a prepaid checkout pays through (issue 7 /payment), behind an interface a
// real UPI gateway can implement; the embedded simulator stands in for it offline (STYLE:
// every third-party service has a local stand-in).
import { z } from 'zod';

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
export const SIMULATED_PENDING_CHECKS = 2;

export function simulatedStatus(scenario: SimulatedScenario, checks: number): PaymentStatus {
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

/** The embedded simulator: counts status checks per payment to move pending payments along. */
export function createSimulatedGateway(): PaymentGateway {
  const checks = new Map<string, number>();
  const cancelled = new Set<string>();
  const refunds = new Map<string, number>();
  return {
    async collect({ paymentId, vpa }) {
      checks.set(paymentId, 0);
      return simulatedStatus(scenarioOf(vpa), 0);
    },
    async status({ paymentId, vpa }) {
      if (cancelled.has(paymentId)) return 'FAILED';
      const count = (checks.get(paymentId) ?? 0) + 1;
      checks.set(paymentId, count);
      return simulatedStatus(scenarioOf(vpa), count);
    },
    async cancel({ paymentId, vpa }) {
      const now = simulatedStatus(scenarioOf(vpa), checks.get(paymentId) ?? 0);
      if (now === 'PAID') return 'PAID';
      cancelled.add(paymentId);
      return 'FAILED';
    },
    async refund({ refundId, amountPaise }) {
      if (!refunds.has(refundId)) refunds.set(refundId, amountPaise);
      return 'REFUNDED';
    },
  };
}
