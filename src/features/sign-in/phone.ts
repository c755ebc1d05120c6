// Issue 29: the phone number a shopper signs in with. Indian mobile numbers only (the SMS goes to
// one): ten digits whose first is 6–9, however the shopper writes them.
import { z } from 'zod';

/** A mobile number as we keep it: ten digits, the first 6–9 (India's mobile numbering). */
export const MOBILE_NUMBER = /^[6-9]\d{9}$/;

const PHONE_MESSAGE = 'Enter a 10-digit Indian mobile number';

/** Devanagari digits (a Hindi keyboard types ०–९) as the ASCII ones. */
const asciiDigits = (text: string) => text.replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x0966));

/**
 * The ten digits of an Indian mobile number written as people write it: with +91, 0091, 91 or a
 * trunk 0 before it, with spaces, hyphens, dots or brackets between; null for anything else
 * (letters, a landline, too few or too many digits).
 */
export function normaliseIndianMobile(input: string): string | null {
  const compact = asciiDigits(input.trim()).replace(/[\s().-]/g, '');
  return /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(compact)?.[1] ?? null;
}

/** The phone field of a form or a JSON body, normalised. */
export const phoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .max(32, PHONE_MESSAGE)
  .transform((value, context) => {
    const phone = normaliseIndianMobile(value);
    if (phone === null) {
      context.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return phone;
  });

/** The number as the page shows it back: +91 98765 43210. */
export function displayPhone(phone: string): string {
  return `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;
}
