// The embedded network playing ONDC's registry (README "ONDC registry onboarding"), so a subscribe runs
// end to end on one machine: /subscribe checks the request, the site verification page and the
// encrypted challenge the way the ONDC registry does (developer-docs registry onboarding, step 11),
// then lists the subscriber in the shared registry file; /v2.0/lookup answers from that file in
// ONDC's lookup shape. Refusals are the registry's NACKs: POLICY-ERROR 132 with its messages.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { connectTarget } from '#/ondc/client.ts';
import { encryptChallenge, sharedKey } from '#/ondc/encryption.ts';
import { loadOrCreateEncryptionKeys, upsertParticipantKeys } from '#/ondc/identity.server.ts';
import { readSiteVerification, subscribeRequestSchema, type RegistryReply, type SubscribeRequest } from '#/ondc/onboarding.ts';
import { registryFileSchema, type Participant } from '#/ondc/registry.ts';
import { verifyText } from '#/ondc/signing.ts';

/** How far a subscribe's timestamp may be from the registry's clock. */
const TIMESTAMP_WINDOW_MS = 5 * 60_000;
const FETCH_TIMEOUT_MS = 5_000;
/** Operations the registry takes: buyer app, seller app, both (3 and 5 are retired). */
const OPERATIONS = new Set([1, 2, 4]);

type Reply = { status: number; body: RegistryReply };

const ack = (): Reply => ({ status: 200, body: { message: { ack: { status: 'ACK' } }, error: { type: null, code: null, message: null } } });
const nack = (status: number, type: string, code: string, message: string): Reply => ({
  status,
  body: { message: { ack: { status: 'NACK' } }, error: { type, code, message } },
});
const policy = (message: string) => nack(400, 'POLICY-ERROR', '132', message);

const challengeAnswerSchema = z.object({ answer: z.string() });

export const lookupRequestSchema = z.object({
  subscriber_id: z.string().min(1).optional(),
  ukId: z.string().min(1).optional(),
  domain: z.string().optional(),
  type: z.enum(['BAP', 'BPP']).optional(),
  country: z.string().optional(),
});

export type EmbeddedRegistryOptions = {
  /** the registry keeps its X25519 key in `<networkDir>/registry/encryption-keys.json` */
  networkDir: string;
  registryFile: string;
  now?: () => number;
};

/** Where the registry finds a subscriber: its subscriber_url's host when that is a whole URL (loopback names no port), else https://<subscriber_id>. */
function subscriberOrigin(request: SubscribeRequest): string {
  const url = request.message.network_participant[0]?.subscriber_url ?? '';
  return /^https?:\/\//.test(url) ? new URL(url).origin : `https://${request.message.entity.subscriber_id}`;
}

function subscriberUrl(request: SubscribeRequest, origin: string): string {
  const url = request.message.network_participant[0]?.subscriber_url ?? '/';
  return /^https?:\/\//.test(url) ? url : new URL(url, origin).toString();
}

export function createEmbeddedRegistry(options: EmbeddedRegistryOptions) {
  const keys = loadOrCreateEncryptionKeys(path.join(options.networkDir, 'registry', 'encryption-keys.json'));
  const now = options.now ?? Date.now;

  async function get(url: string): Promise<string | null> {
    try {
      const response = await fetch(connectTarget(url), { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      return response.ok ? await response.text() : null;
    } catch {
      return null;
    }
  }

  async function askChallenge(url: string, subscriberId: string, challenge: string): Promise<string | null> {
    try {
      const response = await fetch(connectTarget(url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ subscriber_id: subscriberId, challenge }),
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (!response.ok) return null;
      const parsed = challengeAnswerSchema.safeParse(await response.json());
      return parsed.success ? parsed.data.answer : null;
    } catch {
      return null;
    }
  }

  async function subscribe(json: unknown): Promise<Reply> {
    const parsed = subscribeRequestSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return nack(400, 'JSON-SCHEMA-ERROR', '151', `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
    }
    const request = parsed.data;
    const { entity } = request.message;
    if (!OPERATIONS.has(request.context.operation.ops_no)) return policy(`ops_no ${request.context.operation.ops_no} is not supported`);
    if (Math.abs(Date.parse(request.message.timestamp) - now()) > TIMESTAMP_WINDOW_MS) return policy('Timestamp is invalid');
    const validFrom = Date.parse(entity.key_pair.valid_from);
    const validUntil = Date.parse(entity.key_pair.valid_until);
    if (validUntil <= validFrom || validUntil <= now()) return policy('key_pair valid_until must be after valid_from and in the future');
    const type = request.context.operation.ops_no === 2 ? 'sellerApp' : 'buyerApp';
    if (request.context.operation.ops_no !== 4 && request.message.network_participant.some((p) => p.type !== type)) {
      return policy('Please provide valid Network Participant [0] Type');
    }

    const origin = subscriberOrigin(request);
    const page = await get(`${origin}/ondc-site-verification.html`);
    const signed = page ? readSiteVerification(page) : null;
    if (!signed || !verifyText(request.message.request_id, signed, entity.key_pair.signing_public_key)) return policy('Domain verification is failed');

    const challenge = randomBytes(24).toString('base64url');
    let encrypted: string;
    try {
      encrypted = encryptChallenge(challenge, sharedKey(keys.privateKey, entity.key_pair.encryption_public_key));
    } catch {
      return policy('Encryption public key is invalid');
    }
    const callback = `${origin}${entity.callback_url.replace(/\/+$/, '')}/on_subscribe`;
    const answer = await askChallenge(callback, entity.subscriber_id, encrypted);
    if (answer !== challenge) return policy(`${callback} : Encryption verification is failed`);

    const url = subscriberUrl(request, origin);
    const listing = (role: 'BAP' | 'BPP'): Participant => ({
      subscriber_id: entity.subscriber_id,
      unique_key_id: entity.unique_key_id,
      signing_public_key: entity.key_pair.signing_public_key,
      encr_public_key: entity.key_pair.encryption_public_key,
      valid_from: entity.key_pair.valid_from,
      valid_until: entity.key_pair.valid_until,
      type: role,
      subscriber_url: url,
      domain: [...new Set(request.message.network_participant.map((p) => p.domain))].join(','),
      city: [...new Set(request.message.network_participant.flatMap((p) => p.city_code))].join(','),
    });
    const roles = request.message.network_participant.map((p) => (p.type === 'buyerApp' ? 'BAP' : 'BPP'));
    upsertParticipantKeys(options.registryFile, [...new Set(roles)].map(listing));
    return ack();
  }

  /** Entries as ONDC's /v2.0/lookup gives them (unique_key_id as ukId). */
  function lookup(query: z.infer<typeof lookupRequestSchema>) {
    const entries = existsSync(options.registryFile) ? registryFileSchema.parse(JSON.parse(readFileSync(options.registryFile, 'utf8'))) : [];
    return entries
      .filter(
        (p) =>
          (query.subscriber_id === undefined || p.subscriber_id === query.subscriber_id) &&
          (query.ukId === undefined || p.unique_key_id === query.ukId) &&
          (query.type === undefined || p.type === query.type) &&
          (query.domain === undefined || (p.domain ?? '').split(',').includes(query.domain)),
      )
      .map(({ unique_key_id, ...rest }) => ({ ...rest, ukId: unique_key_id, country: 'IND', status: 'SUBSCRIBED' }));
  }

  return { encryptionPublicKey: keys.publicKey, subscribe, lookup };
}
