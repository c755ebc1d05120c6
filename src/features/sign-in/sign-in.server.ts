// Issue 29: a shopper proves a phone with a code sent by SMS and becomes that phone's user. The
// code's record and the limits are in the database, so they hold however many storefront
// processes serve the shop; the rules themselves are code.ts's.
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '#/db/client.ts';
import { takeAllowance, type Limit } from '#/lib/rate-limit.server.ts';
import { fill } from '#/features/i18n/text.ts';
import { CODE_LIFETIME_MS, codeSent, hashCode, judgeCode, lockedFor, newCode, newSalt, type CodeRecord, type Verdict } from './code.ts';
import type { PhoneSignIn } from './settings.server.ts';
import type { Refusal } from './sign-in.ts';

type On = Extract<PhoneSignIn, { mode: 'on' }>;

/**
 * Codes a phone may be sent per window: a person who lost an SMS asks again once or twice; more
 * is someone else filling that phone with texts (and our SMS bill).
 */
const CODES_PER_PHONE: Limit = { bucket: 'sign-in-codes-phone', perWindow: 3, windowMs: 10 * 60_000 };
/** Codes one device may ask for, whatever the phones. */
const CODES_PER_DEVICE: Limit = { bucket: 'sign-in-codes-device', perWindow: 5, windowMs: 10 * 60_000 };
/**
 * Codes asked for by requests without a device cookie, per address: a script that drops its
 * cookies is held here. Shoppers behind one carrier NAT share an address, and each asks this way
 * once (the answer gives the device its cookie), so the allowance is larger.
 */
const CODES_PER_ADDRESS: Limit = { bucket: 'sign-in-codes-address', perWindow: 30, windowMs: 10 * 60_000 };
/** Codes one device may type in, whatever the phones: guessing across many phones stops here. */
const CHECKS_PER_DEVICE: Limit = { bucket: 'sign-in-checks-device', perWindow: 15, windowMs: 10 * 60_000 };
export const SIGN_IN_LIMITS = [CODES_PER_PHONE, CODES_PER_DEVICE, CODES_PER_ADDRESS, CHECKS_PER_DEVICE];

export type SignInFailure = { ok: false; status: 400 | 401 | 429 | 503; refusal: Refusal; retryAfterS?: number; attemptsLeft?: number };

type Row = { code_hash: string | null; salt: string; expires_ms: number; wrong_codes: number; locked_ms: number | null };

const recordOf = (row: Row | undefined): CodeRecord | null =>
  row
    ? {
        codeHash: row.code_hash,
        salt: row.salt,
        expiresAt: Number(row.expires_ms),
        wrongCodes: row.wrong_codes,
        lockedUntil: row.locked_ms === null ? null : Number(row.locked_ms),
      }
    : null;

async function lockedRecord(q: Queryable, phone: string): Promise<CodeRecord | null> {
  const [row] = await q.query<Row>(
    `SELECT code_hash, salt, round(extract(epoch FROM expires_at) * 1000)::float8 AS expires_ms, wrong_codes,
            round(extract(epoch FROM locked_until) * 1000)::float8 AS locked_ms
       FROM sign_in_codes WHERE phone = $1 FOR UPDATE`,
    [phone],
  );
  return recordOf(row);
}

async function keep(q: Queryable, phone: string, record: CodeRecord): Promise<void> {
  await q.query(
    `INSERT INTO sign_in_codes (phone, code_hash, salt, expires_at, wrong_codes, locked_until)
       VALUES ($1, $2, $3, to_timestamp($4 / 1000.0), $5, to_timestamp($6 / 1000.0))
     ON CONFLICT (phone) DO UPDATE SET code_hash = EXCLUDED.code_hash, salt = EXCLUDED.salt, expires_at = EXCLUDED.expires_at,
       wrong_codes = EXCLUDED.wrong_codes, locked_until = EXCLUDED.locked_until, updated_at = clock_timestamp()`,
    [phone, record.codeHash, record.salt, record.expiresAt, record.wrongCodes, record.lockedUntil],
  );
}

/** The SMS: the code in the shopper's words, then the line Android's WebOTP reads (`@host #code`). */
export function smsText(template: string, code: string, host: string, lifetimeMs = CODE_LIFETIME_MS): string {
  return `${fill(template, { code, minutes: minutesOf(lifetimeMs) })}\n\n@${host} #${code}`;
}

/** A code's lifetime as the shopper is told it, in whole minutes (at least one). */
export const minutesOf = (ms: number) => Math.max(1, Math.round(ms / 60_000));

/**
 * Sends a new code to the phone, unless it is locked or has been sent enough; `sender` is the
 * device asking (`device:…`) or, when it has none yet, its address. The SMS goes after the code is
 * kept, so a code that arrives always works.
 */
export async function sendSignInCode(
  database: Database,
  settings: On,
  request: { phone: string; sender: string; smsTemplate: string },
  now = Date.now(),
): Promise<{ ok: true } | SignInFailure> {
  const locked = lockedFor(await database.transaction((q) => lockedRecord(q, request.phone)), now);
  if (locked !== null) return { ok: false, status: 429, refusal: 'LOCKED', retryAfterS: locked };
  const deviceWait = await takeAllowance(database, request.sender.startsWith('device:') ? CODES_PER_DEVICE : CODES_PER_ADDRESS, request.sender, 1, now);
  if (deviceWait !== null) return { ok: false, status: 429, refusal: 'TOO_MANY_CODES', retryAfterS: deviceWait };
  const phoneWait = await takeAllowance(database, CODES_PER_PHONE, request.phone, 1, now);
  if (phoneWait !== null) return { ok: false, status: 429, refusal: 'TOO_MANY_CODES', retryAfterS: phoneWait };
  const code = newCode();
  const salt = newSalt();
  await database.transaction(async (q) =>
    keep(q, request.phone, codeSent(await lockedRecord(q, request.phone), hashCode(settings.codeKey, salt, code), salt, now, settings.codeLifetimeMs)),
  );
  try {
    await settings.gateway.send(request.phone, smsText(request.smsTemplate, code, settings.host, settings.codeLifetimeMs));
  } catch (error) {
    console.warn(`sign-in code not sent to a phone ending ${request.phone.slice(-2)}: ${(error as Error).message}`);
    return { ok: false, status: 503, refusal: 'SMS_FAILED', retryAfterS: 60 };
  }
  return { ok: true };
}

const FAILURES: Record<Exclude<Verdict['outcome'], 'signed-in'>, Pick<SignInFailure, 'status' | 'refusal'>> = {
  wrong: { status: 401, refusal: 'WRONG_CODE' },
  locked: { status: 429, refusal: 'LOCKED' },
  expired: { status: 400, refusal: 'EXPIRED' },
  'no-code': { status: 400, refusal: 'NO_CODE' },
};

/**
 * Checks a typed code (once: the record is locked while it is judged, so two requests with the
 * right code sign in once) and answers the phone's user id, made on the phone's first sign-in.
 */
export async function signInWithCode(
  database: Database,
  settings: On,
  request: { phone: string; code: string; sender: string },
  now = Date.now(),
): Promise<{ ok: true; userId: string } | SignInFailure> {
  const wait = await takeAllowance(database, CHECKS_PER_DEVICE, request.sender, 1, now);
  if (wait !== null) return { ok: false, status: 429, refusal: 'TOO_MANY_TRIES', retryAfterS: wait };
  return database.transaction(async (q) => {
    const record = await lockedRecord(q, request.phone);
    const { verdict, next } = judgeCode(record, request.code, settings.codeKey, now);
    if (next && next !== record) await keep(q, request.phone, next);
    if (verdict.outcome !== 'signed-in') {
      return {
        ok: false,
        ...FAILURES[verdict.outcome],
        ...(verdict.outcome === 'locked' ? { retryAfterS: verdict.retryAfterS } : {}),
        ...(verdict.outcome === 'wrong' ? { attemptsLeft: verdict.attemptsLeft } : {}),
      } satisfies SignInFailure;
    }
    return { ok: true, userId: await userOfPhone(q, request.phone) };
  });
}

/**
 * The user a phone signs in as: made on its first sign-in, the same on every device after. An id
 * of its own, not the number, so the number reaches neither analytics nor the sellers through it.
 */
async function userOfPhone(q: Queryable, phone: string): Promise<string> {
  await q.query('INSERT INTO phone_accounts (phone, user_id) VALUES ($1, $2) ON CONFLICT (phone) DO NOTHING', [phone, `web-${randomUUID()}`]);
  const [account] = await q.query<{ user_id: string }>('SELECT user_id FROM phone_accounts WHERE phone = $1', [phone]);
  if (!account) throw new Error('the phone account could not be kept');
  return account.user_id;
}

/** The phone a user signed in with here (null for the native app's users). */
export async function phoneOfUser(database: Database, userId: string): Promise<string | null> {
  const [account] = await database.query<{ phone: string }>('SELECT phone FROM phone_accounts WHERE user_id = $1', [userId]);
  return account?.phone ?? null;
}
