// One subscribe to an ONDC registry, as `npm run ondc:subscribe` makes it: choose the key set
// (the one in force, or a new one for a rotation), keep the attempt where the storefront's
// /ondc-site-verification.html and /on_subscribe read it, and build the request.
import { randomUUID } from 'node:crypto';
import { createKeyring, createRotatedKeySet, type KeySet } from './identity.server.ts';
import { buildSubscribeRequest, registryReplySchema, type Entity, type RegistryEnv, type RegistryReply, type SubscribeRequest } from './onboarding.ts';
import { saveAttempt, type SubscriptionAttempt } from './onboarding.server.ts';

/** How long a first key is subscribed for when it carries no window of its own. */
const DEFAULT_KEY_VALID_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PrepareInput = {
  bapDir: string;
  subscriberId: string;
  subscriberUrl: string;
  env: RegistryEnv;
  registryEncryptionPublicKey: string;
  entity: Entity;
  now?: Date;
  validDays?: number;
  /** make and subscribe the next key set, in force from validFrom (a rotation) */
  rotate?: { validFrom: Date };
};

export type Prepared = { request: SubscribeRequest; attempt: SubscriptionAttempt; keys: KeySet };

export function prepareSubscribe(input: PrepareInput): Prepared {
  const now = input.now ?? new Date();
  const days = input.validDays ?? DEFAULT_KEY_VALID_DAYS;
  const keyring = createKeyring(input.bapDir, input.subscriberId);
  const keys = input.rotate
    ? createRotatedKeySet(input.bapDir, { validFrom: input.rotate.validFrom, validUntil: new Date(input.rotate.validFrom.getTime() + days * DAY_MS) })
    : keyring.signingAt(now.getTime());
  const validFrom = keys.validFrom ?? now.toISOString();
  const validUntil = keys.validUntil ?? new Date(now.getTime() + days * DAY_MS).toISOString();
  const attempt: SubscriptionAttempt = {
    request_id: randomUUID(),
    unique_key_id: keys.uniqueKeyId,
    env: input.env,
    registry_encryption_public_key: input.registryEncryptionPublicKey,
    started_at: now.toISOString(),
  };
  saveAttempt(input.bapDir, attempt);
  const request = buildSubscribeRequest({
    requestId: attempt.request_id,
    now,
    entity: input.entity,
    subscriberId: input.subscriberId,
    subscriberUrl: input.subscriberUrl,
    key: { uniqueKeyId: keys.uniqueKeyId, signingPublicKey: keys.signing.publicKey, encryptionPublicKey: keys.encryption.publicKey, validFrom, validUntil },
  });
  return { request, attempt, keys };
}

/** POSTs the request; the registry checks us while it waits, so this can take seconds. */
export async function sendSubscribe(url: string, request: SubscribeRequest, timeoutMs = 60_000): Promise<{ status: number; reply: RegistryReply | string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: shown as it came
  }
  const reply = registryReplySchema.safeParse(json);
  return { status: response.status, reply: reply.success ? reply.data : text };
}

/** A demo entity for the embedded registry (every field in the shape ONDC asks, none real). */
export const EMBEDDED_ENTITY: Entity = {
  legal_entity_name: 'Kirana Demo Private Limited',
  business_address: '1 Demo Road, Indiranagar, Bengaluru, Karnataka 560038',
  gst_no: '29AAACK0000K1Z5',
  pan_no: 'AAACK0000K',
  name_as_per_pan: 'Kirana Demo Private Limited',
  date_of_incorporation: '01/04/2024',
  name_of_authorised_signatory: 'Demo Signatory',
  address_of_authorised_signatory: '1 Demo Road, Indiranagar, Bengaluru, Karnataka 560038',
  email_id: 'ondc@kirana.localhost',
  mobile_no: 9000000000,
  city_code: ['std:080'],
  domains: ['ONDC:RET10', 'ONDC:RET11'],
};
