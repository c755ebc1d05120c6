// Issue 29: whether shoppers may sign in by phone on this shop, and through which SMS gateway,
// read from the environment once per process. src/serve.ts reads it at start, so a setting that
// must not run (the simulator on a shop others can reach) stops the shop before it listens.
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { readConfig } from '#/config.server.ts';
import { signAppTokenHs256 } from '#/features/platform/app-token.ts';
import { loopbackOnly, readAppAuth } from '#/features/platform/app-auth.server.ts';
import { CODE_LIFETIME_MS } from './code.ts';
import { createHttpSms, createSimulatedSms, type SmsGateway } from './sms.server.ts';

const settingsSchema = z.object({
  PHONE_SIGN_IN: z.enum(['on', 'off']).default('on'),
  SMS_GATEWAY_URL: z.url('SMS_GATEWAY_URL must be the http(s) address of the SMS gateway').optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_SIMULATOR: z.literal('allow', 'SMS_SIMULATOR is "allow" or unset').optional(),
  SIGN_IN_CODE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1800)
    .default(CODE_LIFETIME_MS / 1000),
});

export type PhoneSignIn =
  | { mode: 'off'; why: string }
  | {
      mode: 'on';
      via: 'simulator' | 'http';
      gateway: SmsGateway;
      /** What the tokens it gives are signed with: APP_AUTH_SECRET, as the app's backend signs. */
      secret: Buffer;
      /** What the codes are kept under (code.ts hashCode), derived from the secret. */
      codeKey: Buffer;
      audience: string | null;
      /** The shop's host, named at the end of the SMS so Android can offer the code (WebOTP). */
      host: string;
      dataDir: string;
      codeLifetimeMs: number;
    };

/** How long a phone sign-in lasts on a device before the shopper is asked for a code again. */
export const SIGNED_IN_DAYS = 30;

/**
 * PHONE_SIGN_IN (on unless `off`) needs APP_AUTH_SECRET: the sign-in it gives is the native app's
 * own token, signed with that secret. Codes go to SMS_GATEWAY_URL, else to the simulator, which a
 * shop reachable beyond loopback runs only with SMS_SIMULATOR=allow (a demo: no SMS ever leaves).
 * Throws, naming the setting, when the shop must not start.
 */
export function readPhoneSignIn(env: NodeJS.ProcessEnv = process.env): PhoneSignIn {
  const parsed = settingsSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  const settings = parsed.data;
  if (settings.PHONE_SIGN_IN === 'off') return { mode: 'off', why: 'PHONE_SIGN_IN=off' };
  const auth = readAppAuth(env);
  if (!auth.secret) return { mode: 'off', why: 'no APP_AUTH_SECRET to sign its tokens with' };
  const via = settings.SMS_GATEWAY_URL ? 'http' : 'simulator';
  if (via === 'simulator' && !loopbackOnly(env) && settings.SMS_SIMULATOR !== 'allow') {
    throw new Error(
      'Phone sign-in would send its codes to the SMS simulator (files under DATA_DIR, no SMS leaves), and this shop is reachable beyond loopback (HOST or PUBLIC_SITE_URL). Set SMS_GATEWAY_URL, or PHONE_SIGN_IN=off, or SMS_SIMULATOR=allow for a demo.',
    );
  }
  const config = readConfig(env);
  return {
    mode: 'on',
    via,
    gateway: settings.SMS_GATEWAY_URL ? createHttpSms(settings.SMS_GATEWAY_URL, settings.SMS_GATEWAY_TOKEN ?? null) : createSimulatedSms(config.dataDir),
    secret: auth.secret,
    codeKey: createHmac('sha256', auth.secret).update('kirana phone sign-in codes').digest(),
    audience: auth.audience,
    host: new URL(config.siteUrl).hostname,
    dataDir: config.dataDir,
    codeLifetimeMs: settings.SIGN_IN_CODE_SECONDS * 1000,
  };
}

/** The line the storefront logs at start. */
export function describePhoneSignIn(settings: PhoneSignIn): string {
  if (settings.mode === 'off') return `Phone sign-in: off (${settings.why})`;
  return settings.via === 'simulator'
    ? `Phone sign-in: on, codes go to the SMS simulator (${settings.dataDir}/sms-simulator/<phone>.json)`
    : 'Phone sign-in: on, codes go to SMS_GATEWAY_URL';
}

let cached: PhoneSignIn | undefined;

/** This process's settings, read once. */
export function phoneSignIn(): PhoneSignIn {
  cached ??= readPhoneSignIn(process.env);
  return cached;
}

/** The `userId` cookie's value for a user signed in here: the native app's token (README, "Security"). */
export function signedInToken(settings: Extract<PhoneSignIn, { mode: 'on' }>, userId: string, nowMs = Date.now()): string {
  const now = Math.floor(nowMs / 1000);
  const claims = { sub: userId, iat: now, exp: now + SIGNED_IN_DAYS * 24 * 3600, ...(settings.audience ? { aud: settings.audience } : {}) };
  return signAppTokenHs256(claims, settings.secret);
}
