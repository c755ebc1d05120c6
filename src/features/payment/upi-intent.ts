// UPI intent (issue 29): rather than a collect request to a UPI id the shopper types, their own
// UPI app (GPay, PhonePe, Paytm, BHIM…) opens a `upi://pay` link, as NPCI's UPI linking
// specification writes it, and pays it; on a desktop the same link is shown as a QR code. The
// amount and the reference in the link are the server's payment's, never the page's.
import { z } from 'zod';
import { paiseToRupees, rupeesToPaise } from '#/lib/money.ts';
import { vpaSchema } from './gateway.ts';

/** How long an intent may be paid: the "approve in your UPI app" wait counts down from this. */
export const INTENT_TTL_MS = 5 * 60_000;

/** Whom the link pays: the merchant's UPI id and the name the shopper's app shows. */
export type Payee = { vpa: string; name: string };

/** The embedded simulator's payee (README: UPI_PAYEE_VPA and UPI_PAYEE_NAME give the operator's). */
export const SIMULATED_PAYEE: Payee = { vpa: 'kirana@simupi', name: 'Kirana' };

/** What the shopper's app shows as the payment's purpose. */
export const INTENT_NOTE = 'Kirana order';

const UUID = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/;

/** NPCI's `tr` is at most 35 characters: our payment id (a UUID) without its hyphens. */
export function intentReference(paymentId: string): string {
  return paymentId.replaceAll('-', '');
}

/** The payment a `tr` names, or null when it is not one of our references. */
export function paymentIdOfReference(reference: string): string | null {
  const parts = UUID.exec(reference.toLowerCase());
  return parts ? parts.slice(1).join('-') : null;
}

/** UPI's `am`: rupees with exactly two decimals, from integer paise (no floating point on the way). */
export function upiAmount(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise <= 0) throw new RangeError(`A UPI payment needs a positive whole number of paise, not ${paise}`);
  return paiseToRupees(paise);
}

export type IntentLink = { payee: Payee; amountPaise: number; paymentId: string; note: string };

/**
 * The `upi://pay` link of a payment. Each value is percent-encoded (a space as %20):
 * URLSearchParams would write a space as '+', which UPI apps show as it is.
 */
export function upiPayLink({ payee, amountPaise, paymentId, note }: IntentLink): string {
  const fields: Array<[string, string]> = [
    ['pa', payee.vpa],
    ['pn', payee.name],
    ['am', upiAmount(amountPaise)],
    ['tr', intentReference(paymentId)],
    ['tn', note],
    ['cu', 'INR'],
  ];
  return `upi://pay?${fields.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`;
}

/**
 * A `upi://pay` link read as a UPI app reads it (the simulator plays one): whom it pays, how much
 * and for which of our payments. Anything else is refused as bad input.
 */
export const upiPayLinkSchema = z
  .string()
  .max(2000)
  .transform((link, context) => {
    const url = URL.canParse(link) ? new URL(link) : null;
    const field = (name: string) => url?.searchParams.get(name) ?? '';
    const payee = vpaSchema.safeParse(field('pa'));
    const amount = /^\d{1,7}(\.\d{1,2})?$/.test(field('am')) ? rupeesToPaise(field('am')) : 0;
    const paymentId = paymentIdOfReference(field('tr'));
    if (url?.protocol !== 'upi:' || url.host !== 'pay' || !payee.success || amount <= 0 || !paymentId || field('cu') !== 'INR') {
      context.addIssue({ code: 'custom', message: 'Expected a upi://pay link with pa, am, tr and cu=INR' });
      return z.NEVER;
    }
    return { payeeVpa: payee.data, payeeName: field('pn'), amountPaise: amount, paymentId, note: field('tn') };
  });
export type ReadIntentLink = z.output<typeof upiPayLinkSchema>;

const timeOf = (instant: Date | string | number) => new Date(instant).getTime();

/** An intent past its time is not payable: the app's approval is refused and the storefront withdraws it. */
export function intentExpired(expiresAt: Date | string | number, now = Date.now()): boolean {
  return timeOf(expiresAt) <= now;
}

/** Whole seconds left to pay an intent (0 once it has expired), as the wait counts down. */
export function secondsLeft(expiresAt: Date | string | number, now = Date.now()): number {
  return Math.max(0, Math.ceil((timeOf(expiresAt) - now) / 1000));
}

/** The countdown as the shopper reads it: m:ss. */
export function countdownText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
