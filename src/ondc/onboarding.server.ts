// The storefront's side of a registry subscription in progress: the attempt (request id, key, the
// registry's encryption key) is kept in `<DATA_DIR>/bap/subscription.json` by `npm run
// ondc:subscribe`, and read by /ondc-site-verification.html and /on_subscribe while the registry checks us.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { decryptChallenge, sharedKey } from './encryption.ts';
import { createKeyring, type Keyring } from './identity.server.ts';
import { onSubscribeSchema, registryEnvSchema, siteVerificationHtml } from './onboarding.ts';
import { signText } from './signing.ts';

const attemptSchema = z.object({
  request_id: z.string().min(1),
  unique_key_id: z.string().min(1),
  env: registryEnvSchema,
  /** X25519, base64 DER: the key the registry encrypts its challenge with */
  registry_encryption_public_key: z.string().min(1),
  started_at: z.iso.datetime({ offset: true }),
});
export type SubscriptionAttempt = z.infer<typeof attemptSchema>;

const attemptFile = (bapDir: string) => path.join(bapDir, 'subscription.json');

/** Kept whole or not at all (written aside and renamed): a reader never sees half an attempt. */
export function saveAttempt(bapDir: string, attempt: SubscriptionAttempt) {
  mkdirSync(bapDir, { recursive: true });
  const file = attemptFile(bapDir);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(attempt, null, 2), { mode: 0o600 });
  renameSync(tmp, file);
}

function readAttempt(bapDir: string): SubscriptionAttempt | null {
  const file = attemptFile(bapDir);
  if (!existsSync(file)) return null;
  return attemptSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * How long after `npm run ondc:subscribe` the challenge is answered. The registry asks while the
 * subscribe request waits; outside that time /on_subscribe decrypts nothing for anyone.
 */
export const ATTEMPT_ANSWERED_FOR_MS = 60 * 60_000;

export type Onboarding = { bapDir: string; subscriberId: string; keyring: Keyring };

export function createOnboarding(bapDir: string, subscriberId: string): Onboarding {
  return { bapDir, subscriberId, keyring: createKeyring(bapDir, subscriberId) };
}

/** The verification page for the attempt under way, signed with the key it subscribes; null when none is. */
export function siteVerificationPage(onboarding: Onboarding): string | null {
  const attempt = readAttempt(onboarding.bapDir);
  const keys = attempt ? onboarding.keyring.find(attempt.unique_key_id) : null;
  if (!attempt || !keys) return null;
  return siteVerificationHtml(signText(attempt.request_id, keys.signing.privateKey));
}

export type ChallengeReply = { status: 200; body: { answer: string } } | { status: 400 | 404 | 409; body: { error: { code: string; message: string } } };

function refusal(status: 400 | 404 | 409, code: string, message: string): ChallengeReply {
  return { status, body: { error: { code, message } } };
}

/** Decrypts the registry's challenge with the key of the attempt under way and answers it. */
export function answerChallenge(onboarding: Onboarding, input: unknown, now: number = Date.now()): ChallengeReply {
  const parsed = onSubscribeSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refusal(400, 'invalid-request', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  if (parsed.data.subscriber_id !== onboarding.subscriberId) {
    return refusal(400, 'wrong-subscriber', `This is ${onboarding.subscriberId}, not ${parsed.data.subscriber_id}`);
  }
  const attempt = readAttempt(onboarding.bapDir);
  if (!attempt || now - Date.parse(attempt.started_at) > ATTEMPT_ANSWERED_FOR_MS) {
    return refusal(409, 'no-subscription', 'No subscription is under way: run `npm run ondc:subscribe` first');
  }
  const keys = onboarding.keyring.find(attempt.unique_key_id);
  if (!keys) return refusal(409, 'unknown-key', `The key ${attempt.unique_key_id} being subscribed is not kept here`);
  let key: Buffer;
  try {
    key = sharedKey(keys.encryption.privateKey, attempt.registry_encryption_public_key);
  } catch {
    return refusal(409, 'bad-registry-key', 'The registry key of this subscription is not an X25519 public key');
  }
  const answer = decryptChallenge(parsed.data.challenge, key);
  if (answer === null) return refusal(400, 'undecryptable-challenge', 'The challenge does not decrypt with our encryption key and the registry key');
  return { status: 200, body: { answer } };
}

let storefront: Onboarding | null = null;

/** This storefront's onboarding, from its configuration (DATA_DIR, BAP_ID). */
export async function storefrontOnboarding(): Promise<Onboarding> {
  if (!storefront) {
    const { readConfig } = await import('#/config.server.ts');
    const config = readConfig();
    storefront = createOnboarding(path.join(config.dataDir, 'bap'), config.bapId);
  }
  return storefront;
}
