// Issue 29: the one-time code a phone sign-in is proven with, as rules over the code's record, so
// expiry, single use and the lockout are decided in one place and tested without a database.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const CODE_DIGITS = 6;
/** How long a code may be typed in after it was sent, unless the operator says (SIGN_IN_CODE_SECONDS). */
export const CODE_LIFETIME_MS = 5 * 60_000;
/** Wrong codes a phone may be given (across its codes) before it is locked. */
export const MAX_WRONG_CODES = 5;
/** How long a phone stays locked after too many wrong codes: no code is sent or taken meanwhile. */
export const LOCKOUT_MS = 15 * 60_000;

const CODE_MESSAGE = 'Enter the 6-digit code from the SMS';

/** The code field: six digits (Devanagari ones too, as a Hindi keyboard types them). */
export const codeSchema = z
  .string({ error: CODE_MESSAGE })
  .max(32, CODE_MESSAGE)
  .transform((value) => value.replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x0966)).replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, CODE_MESSAGE));

/** Where a phone's sign-in stands. `codeHash` null: no code to take (none sent, used or burnt). */
export type CodeRecord = { codeHash: string | null; salt: string; expiresAt: number; wrongCodes: number; lockedUntil: number | null };

export type Verdict =
  | { outcome: 'signed-in' }
  | { outcome: 'wrong'; attemptsLeft: number }
  | { outcome: 'locked'; retryAfterS: number }
  | { outcome: 'expired' }
  | { outcome: 'no-code' };

/** A fresh code: six digits from the system's random source, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

export const newSalt = () => randomBytes(16).toString('hex');

/**
 * How a code is kept: keyed by the shop's secret, so the stored hashes of a copied database cannot
 * be tried against the million possible codes without it; salted, so two phones' equal codes differ.
 */
export function hashCode(key: Buffer, salt: string, code: string): string {
  return createHmac('sha256', key).update(`${salt}:${code}`).digest('hex');
}

const secondsUntil = (when: number, now: number) => Math.max(1, Math.ceil((when - now) / 1000));

/** Whether a new code may be sent to the phone now (never while it is locked). */
export function lockedFor(record: CodeRecord | null, now: number): number | null {
  return record?.lockedUntil != null && record.lockedUntil > now ? secondsUntil(record.lockedUntil, now) : null;
}

/**
 * The record once a new code is sent: it replaces any earlier one. Wrong codes still count while
 * the last code could have been guessed at recently (a new code does not buy new guesses).
 */
export function codeSent(record: CodeRecord | null, codeHash: string, salt: string, now: number, lifetimeMs = CODE_LIFETIME_MS): CodeRecord {
  const recent = record !== null && now < record.expiresAt + LOCKOUT_MS;
  return { codeHash, salt, expiresAt: now + lifetimeMs, wrongCodes: recent ? record.wrongCodes : 0, lockedUntil: null };
}

/**
 * What typing `code` does: signs in once (the code is then spent), or counts a wrong code, locking
 * the phone at the last allowed one (its code burnt with it). A locked phone, an expired or spent
 * code count nothing.
 */
export function judgeCode(record: CodeRecord | null, code: string, key: Buffer, now: number): { verdict: Verdict; next: CodeRecord | null } {
  if (record === null) return { verdict: { outcome: 'no-code' }, next: null };
  const locked = lockedFor(record, now);
  if (locked !== null) return { verdict: { outcome: 'locked', retryAfterS: locked }, next: record };
  if (record.codeHash === null) return { verdict: { outcome: 'no-code' }, next: record };
  if (now >= record.expiresAt) return { verdict: { outcome: 'expired' }, next: record };
  const typed = Buffer.from(hashCode(key, record.salt, code), 'hex');
  const kept = Buffer.from(record.codeHash, 'hex');
  if (typed.length === kept.length && timingSafeEqual(typed, kept)) {
    return { verdict: { outcome: 'signed-in' }, next: { ...record, codeHash: null, wrongCodes: 0, lockedUntil: null } };
  }
  const wrongCodes = record.wrongCodes + 1;
  if (wrongCodes >= MAX_WRONG_CODES) {
    const lockedUntil = now + LOCKOUT_MS;
    return { verdict: { outcome: 'locked', retryAfterS: secondsUntil(lockedUntil, now) }, next: { ...record, codeHash: null, wrongCodes: 0, lockedUntil } };
  }
  return { verdict: { outcome: 'wrong', attemptsLeft: MAX_WRONG_CODES - wrongCodes }, next: { ...record, wrongCodes } };
}
