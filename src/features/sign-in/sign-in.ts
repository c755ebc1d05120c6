// Issue 29: what the sign-in page and its routes agree on.
import { z } from 'zod';
import { fill } from '#/features/i18n/text.ts';

/** The number a code was just sent to, for the code step of a page without JavaScript (10 minutes). */
export const SIGN_IN_PHONE_COOKIE = 'kirana_sign_in';
export const SIGN_IN_PHONE_MAX_AGE_S = 600;

/** Where a shopper goes once signed in, unless the sign-in was asked for from elsewhere. */
export const AFTER_SIGN_IN = '/order-history';

/** A path of this shop only (never `//host` or `/\host`, which browsers read as another site). */
export const nextPathSchema = z
  .unknown()
  .transform((value) => (typeof value === 'string' && value.length <= 512 && /^\/(?![/\\])[^\s\\]*$/.test(value) ? value : AFTER_SIGN_IN));

/** Why a sign-in step was refused: the page and the script show the shopper's words for each. */
const REFUSALS = [
  'INVALID_PHONE',
  'INVALID_CODE',
  'WRONG_CODE',
  'EXPIRED',
  'NO_CODE',
  'LOCKED',
  'TOO_MANY_CODES',
  'TOO_MANY_TRIES',
  'SMS_FAILED',
  'OFF',
] as const;
export type Refusal = (typeof REFUSALS)[number];
export const refusalSchema = z.enum(REFUSALS);

/** A refusal in the shopper's words (`errors`: their catalogue's), with the tries left or the minutes to wait. */
export function refusalWords(errors: Readonly<Record<Refusal, string>>, refusal: Refusal, counts: { attemptsLeft?: number; retryAfterS?: number }): string {
  return fill(errors[refusal], { left: counts.attemptsLeft ?? 0, minutes: Math.max(1, Math.ceil((counts.retryAfterS ?? 60) / 60)) });
}
