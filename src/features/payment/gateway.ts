// The payment gateway a prepaid checkout pays through (issue 7 /payment), behind an interface a
// real UPI gateway can implement; the embedded simulator stands in for it offline (STYLE:
// every third-party service has a local stand-in).
// zod/mini: the checkout page checks a UPI id with it before asking the server (issue 30).
import * as z from 'zod/mini';
import type { Queryable } from '#/db/client.ts';
import { INTENT_NOTE, SIMULATED_PAYEE, intentExpired, upiPayLink, type Payee, type ReadIntentLink } from './upi-intent.ts';
import type { PaymentNotice } from './webhook.ts';

export type PaymentStatus = 'PENDING' | 'PAID' | 'FAILED';
/** A payment row's status: a gateway status, or cash the seller collects on delivery. */
export type RecordedStatus = PaymentStatus | 'ON-DELIVERY';

/**
 * Which payment, and the UPI id it was collected from: null for an intent (issue 29), which the
 * shopper paid from whichever account their UPI app chose.
 */
export type GatewayPayment = { paymentId: string; vpa: string | null };

export interface PaymentGateway {
  /** Asks the shopper's UPI app to pay `amountPaise`; answers at once with where that stands. */
  collect(request: { paymentId: string; amountPaise: number; vpa: string }): Promise<PaymentStatus>;
  /**
   * A UPI intent (issue 29): the upi://pay link the shopper's UPI app opens (a QR code of it on a
   * desktop) to pay `amountPaise` until `expiresAt`. Its outcome comes as any other: notice or status.
   */
  intent(request: { paymentId: string; amountPaise: number; expiresAt: Date }): Promise<{ link: string }>;
  /** Where a collect request or an intent stands now. */
  status(payment: GatewayPayment): Promise<PaymentStatus>;
  /** Withdraws a request the shopper gave up on (or an expired intent): FAILED once withdrawn, PAID if it was paid first. */
  cancel(payment: GatewayPayment): Promise<PaymentStatus>;
  /**
   * Sends `amountPaise` of a paid payment back to the account it came from. `refundId` makes it
   * idempotent: asking again with the same id refunds nothing more.
   */
  refund(request: GatewayPayment & { refundId: string; amountPaise: number }): Promise<'REFUNDED' | 'PENDING'>;
}

/** A UPI id: handle@bank. */
export const vpaSchema = z.string().check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9._-]{2,64}@[a-z]{2,32}$/, 'Expected a UPI id such as name@bank'));

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

/** What the simulator, playing the shopper's UPI app, says to an approval of an intent link. */
type IntentApproval = { ok: true } | { ok: false; status: 404 | 409 | 410; message: string };

/** The embedded gateway, which also plays the shopper's UPI app for intents (issue 29). */
export interface SimulatedGateway extends PaymentGateway {
  /**
   * The shopper approves the link in their UPI app: the intent is paid for the link's amount
   * while it is live and not withdrawn, and the storefront hears of it by the signed notice, as a
   * real gateway's callback. Approving a paid intent again pays nothing more (409).
   */
  approve(link: ReadIntentLink, now?: number): Promise<IntentApproval>;
}

export const isSimulatedGateway = (gateway: PaymentGateway): gateway is SimulatedGateway => 'approve' in gateway;

type SimulatedRow = { checks: number; cancelled: boolean; amount_paise: number | null; intent_expires_at: string | Date | null; approved: boolean };

/**
 * The embedded simulator: counts status checks per payment to move pending payments along. Its
 * state is kept in the database (a real gateway keeps its own), so a payment collected by one
 * storefront process is the same payment when another asks after it or refunds it. Like a real
 * gateway it tells the storefront of a settled payment by a signed notice (`deliver`, issue 24).
 */
export function createSimulatedGateway(
  database: () => Queryable,
  deliver: (notice: PaymentNotice) => Promise<void>,
  payee: Payee = SIMULATED_PAYEE,
): SimulatedGateway {
  // As a gateway's webhook comes apart from the call that paid: after the answer, not inside it.
  const tell = (paymentId: string, amountPaise: number | null, status: PaymentStatus) => {
    if (status !== 'PENDING' && amountPaise !== null)
      setImmediate(() => void deliver({ id: crypto.randomUUID(), payment_id: paymentId, status, amount_paise: amountPaise }));
    return status;
  };
  const stateOf = async (paymentId: string) => (await database().query<SimulatedRow>('SELECT * FROM simulated_upi WHERE payment_id = $1', [paymentId]))[0];
  // An intent is paid only by the app's approval, which told the storefront itself.
  const intentStatus = (row: SimulatedRow | undefined): PaymentStatus => (!row || row.cancelled ? 'FAILED' : row.approved ? 'PAID' : 'PENDING');
  return {
    async collect({ paymentId, amountPaise, vpa }) {
      await database().query('INSERT INTO simulated_upi (payment_id, amount_paise) VALUES ($1, $2) ON CONFLICT DO NOTHING', [paymentId, amountPaise]);
      return tell(paymentId, amountPaise, simulatedStatus(scenarioOf(vpa), 0));
    },
    async intent({ paymentId, amountPaise, expiresAt }) {
      await database().query('INSERT INTO simulated_upi (payment_id, amount_paise, intent_expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        paymentId,
        amountPaise,
        expiresAt.toISOString(),
      ]);
      return { link: upiPayLink({ payee, amountPaise, paymentId, note: INTENT_NOTE }) };
    },
    async status({ paymentId, vpa }) {
      if (vpa === null) return intentStatus(await stateOf(paymentId));
      const [row] = await database().query<{ checks: number; cancelled: boolean; amount_paise: number | null }>(
        `INSERT INTO simulated_upi (payment_id, checks) VALUES ($1, 1)
         ON CONFLICT (payment_id) DO UPDATE SET checks = simulated_upi.checks + 1 RETURNING checks, cancelled, amount_paise`,
        [paymentId],
      );
      if (!row || row.cancelled) return 'FAILED';
      return tell(paymentId, row.amount_paise, simulatedStatus(scenarioOf(vpa), row.checks));
    },
    async cancel({ paymentId, vpa }) {
      if (vpa === null) {
        // One statement against the approval's: an intent is either paid or withdrawn, never both.
        await database().query('UPDATE simulated_upi SET cancelled = true WHERE payment_id = $1 AND NOT approved', [paymentId]);
        return intentStatus(await stateOf(paymentId));
      }
      const now = simulatedStatus(scenarioOf(vpa), (await stateOf(paymentId))?.checks ?? 0);
      if (now === 'PAID') return 'PAID';
      await database().query('INSERT INTO simulated_upi (payment_id, cancelled) VALUES ($1, true) ON CONFLICT (payment_id) DO UPDATE SET cancelled = true', [
        paymentId,
      ]);
      return 'FAILED';
    },
    async refund({ paymentId, refundId, amountPaise }) {
      await database().query('INSERT INTO simulated_upi_refunds (refund_id, payment_id, amount_paise) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        refundId,
        paymentId,
        amountPaise,
      ]);
      return 'REFUNDED';
    },
    async approve(link, now = Date.now()) {
      const row = await stateOf(link.paymentId);
      if (!row?.intent_expires_at || link.payeeVpa !== payee.vpa) return { ok: false, status: 404, message: 'No such UPI payment request' };
      if (row.amount_paise !== link.amountPaise) return { ok: false, status: 409, message: 'The amount is not the one requested' };
      if (row.approved) return { ok: false, status: 409, message: 'This payment request is already paid' };
      // Expired before withdrawn: the storefront withdraws an intent once it expires.
      if (intentExpired(row.intent_expires_at, now)) return { ok: false, status: 410, message: 'This payment request has expired' };
      if (row.cancelled) return { ok: false, status: 409, message: 'This payment request was withdrawn' };
      const approved = await database().query(
        'UPDATE simulated_upi SET approved = true WHERE payment_id = $1 AND NOT approved AND NOT cancelled AND intent_expires_at > $2 RETURNING payment_id',
        [link.paymentId, new Date(now).toISOString()],
      );
      // Withdrawn or paid between the look and the change (the one statement decides which came first).
      if (approved.length === 0) return { ok: false, status: 409, message: 'This payment request can no longer be paid' };
      await deliver({ id: crypto.randomUUID(), payment_id: link.paymentId, status: 'PAID', amount_paise: link.amountPaise });
      return { ok: true };
    },
  };
}
