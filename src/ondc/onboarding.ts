// Registry onboarding (ONDC registry v2.0, developer-docs registry/"Onboarding of Participants.md"):
// the /subscribe request, the site verification page, and the /on_subscribe challenge's shape.
// The registry checks the request's schema, our TLS certificate, that
// https://<subscriber_id>/ondc-site-verification.html carries the request_id signed with the key
// being subscribed, then POSTs an encrypted challenge to <subscriber_url><callback_url>/on_subscribe
// and expects it back decrypted, synchronously.
import { z } from 'zod';
import { isEncryptionPublicKey } from './encryption.ts';

/**
 * The registries and the X25519 public key each encrypts its challenge with, as published in
 * developer-docs (snapshot of 2026-01). developer-docs PR #95 (merged 2026-07-28) says the
 * pre-prod and prod keys were rotated and staging decommissioned; the new values were not in
 * what we could read, so check the current doc and pass `--registry-key` when they differ.
 */
export const REGISTRY_ENVIRONMENTS = {
  staging: {
    subscribeUrl: 'https://staging.registry.ondc.org/subscribe',
    lookupUrl: 'https://staging.registry.ondc.org/v2.0/lookup',
    encryptionPublicKey: 'MCowBQYDK2VuAyEAduMuZgmtpjdCuxv+Nc49K0cB6tL/Dj3HZetvVN7ZekM=',
    retired: 'ONDC decommissioned the staging registry (developer-docs PR #95, 2026-07-28): use preprod',
  },
  preprod: {
    subscribeUrl: 'https://preprod.registry.ondc.org/ondc/subscribe',
    lookupUrl: 'https://preprod.registry.ondc.org/v2.0/lookup',
    encryptionPublicKey: 'MCowBQYDK2VuAyEAa9Wbpvd9SsrpOZFcynyt/TO3x0Yrqyys4NUGIvyxX2Q=',
  },
  prod: {
    subscribeUrl: 'https://prod.registry.ondc.org/subscribe',
    lookupUrl: 'https://prod.registry.ondc.org/v2.0/lookup',
    encryptionPublicKey: 'MCowBQYDK2VuAyEAvVEyZY91O2yV8w8/CAwVDAnqIZDJJUPdLUUKwLo3K0M=',
  },
} as const;
export const registryEnvSchema = z.enum(['staging', 'preprod', 'prod', 'embedded']);
export type RegistryEnv = z.infer<typeof registryEnvSchema>;

/**
 * What the registry is asked to do. 1 registers a buyer app (2 a seller app, 4 both; 3 and 5 are
 * retired). ONDC's docs in reach name no operation of its own for adding a key: a rotation is sent
 * as the participant's registration again, under a new unique_key_id with its own key_pair window.
 */
const OPS_BUYER_APP = 1;

/** Where the registry reaches /on_subscribe, relative to the subscriber: ours is at the root. */
const CALLBACK_URL = '/';

const isoTime = z.iso.datetime({ offset: true });
const cityCode = z.string().regex(/^(std:\d{2,5}|\*)$/, 'a city code is std:<STD code>, or *');
const x25519PublicKey = z.string().refine(isEncryptionPublicKey, 'Expected an X25519 public key, base64 ASN.1 DER');
const ed25519PublicKey = z.base64().refine((key) => Buffer.from(key, 'base64').length === 32, 'Expected a base64 32-byte Ed25519 public key');

/** The operator's legal entity, as the registry wants it (kept in a JSON file the operator writes). */
export const entitySchema = z.object({
  legal_entity_name: z.string().min(1),
  business_address: z.string().min(1),
  gst_no: z.string().regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'gst_no must be a 15-character GSTIN'),
  pan_no: z.string().regex(/^[A-Z]{5}\d{4}[A-Z]$/, 'pan_no must be a 10-character PAN'),
  name_as_per_pan: z.string().min(1),
  date_of_incorporation: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'date_of_incorporation is DD/MM/YYYY'),
  name_of_authorised_signatory: z.string().min(1),
  address_of_authorised_signatory: z.string().min(1),
  email_id: z.email(),
  mobile_no: z.coerce.number().int().min(1_000_000_000).max(9_999_999_999),
  city_code: z.array(cityCode).min(1),
  domains: z.array(z.string().regex(/^ONDC:[A-Z]{3}\d{2}$/)).min(1),
});
export type Entity = z.infer<typeof entitySchema>;

export const subscribeRequestSchema = z.object({
  context: z.object({ operation: z.object({ ops_no: z.number().int() }) }),
  message: z.object({
    request_id: z.string().min(1).max(128),
    timestamp: isoTime,
    entity: z.object({
      gst: z.object({ legal_entity_name: z.string(), business_address: z.string(), city_code: z.array(cityCode), gst_no: z.string() }),
      pan: z.object({ name_as_per_pan: z.string(), pan_no: z.string(), date_of_incorporation: z.string() }),
      name_of_authorised_signatory: z.string(),
      address_of_authorised_signatory: z.string(),
      email_id: z.string(),
      mobile_no: z.number(),
      country: z.literal('IND'),
      subscriber_id: z.string().min(1),
      unique_key_id: z.string().min(1),
      callback_url: z.string().startsWith('/'),
      key_pair: z.object({
        signing_public_key: ed25519PublicKey,
        encryption_public_key: x25519PublicKey,
        valid_from: isoTime,
        valid_until: isoTime,
      }),
    }),
    network_participant: z
      .array(
        z.object({
          subscriber_url: z.string().min(1),
          domain: z.string(),
          type: z.enum(['buyerApp', 'sellerApp']),
          msn: z.boolean(),
          city_code: z.array(cityCode),
        }),
      )
      .min(1),
  }),
});
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export type SubscribeInput = {
  requestId: string;
  now: Date;
  entity: Entity;
  subscriberId: string;
  /** the path our ONDC endpoints live under (`/bap`), or a whole URL where no host name has our port (embedded) */
  subscriberUrl: string;
  key: { uniqueKeyId: string; signingPublicKey: string; encryptionPublicKey: string; validFrom: string; validUntil: string };
};

/** A buyer app's subscribe (ops_no 1): one network_participant entry per domain it buys in. */
export function buildSubscribeRequest(input: SubscribeInput): SubscribeRequest {
  const { entity } = input;
  return {
    context: { operation: { ops_no: OPS_BUYER_APP } },
    message: {
      request_id: input.requestId,
      timestamp: input.now.toISOString(),
      entity: {
        gst: { legal_entity_name: entity.legal_entity_name, business_address: entity.business_address, city_code: entity.city_code, gst_no: entity.gst_no },
        pan: { name_as_per_pan: entity.name_as_per_pan, pan_no: entity.pan_no, date_of_incorporation: entity.date_of_incorporation },
        name_of_authorised_signatory: entity.name_of_authorised_signatory,
        address_of_authorised_signatory: entity.address_of_authorised_signatory,
        email_id: entity.email_id,
        mobile_no: entity.mobile_no,
        country: 'IND',
        subscriber_id: input.subscriberId,
        unique_key_id: input.key.uniqueKeyId,
        callback_url: CALLBACK_URL,
        key_pair: {
          signing_public_key: input.key.signingPublicKey,
          encryption_public_key: input.key.encryptionPublicKey,
          valid_from: input.key.validFrom,
          valid_until: input.key.validUntil,
        },
      },
      network_participant: entity.domains.map((domain) => ({
        subscriber_url: input.subscriberUrl,
        domain,
        type: 'buyerApp' as const,
        msn: false,
        city_code: entity.city_code,
      })),
    },
  };
}

/** What the registry POSTs to /on_subscribe. */
export const onSubscribeSchema = z.object({
  subscriber_id: z.string().min(1).max(255),
  // A challenge is a short string; base64 of whole AES blocks.
  challenge: z.base64().min(24).max(4096),
});

/** The meta tag the registry reads; the content is base64, which never holds a quote or `<`. */
export function siteVerificationHtml(signedRequestId: string): string {
  return `<!doctype html>
<html>
  <head>
    <meta name='ondc-site-verification' content='${signedRequestId}' />
  </head>
  <body>ONDC Site Verification Page</body>
</html>
`;
}

/** The content of the verification meta tag in a page, or null. */
export function readSiteVerification(html: string): string | null {
  const match = /<meta\s+name=['"]ondc-site-verification['"]\s+content=['"]([^'"]+)['"]/i.exec(html);
  return match?.[1] ?? null;
}

/** The registry's synchronous reply: ACK, or NACK with its POLICY-ERROR 132 and a message. */
export const registryReplySchema = z.object({
  message: z.object({ ack: z.object({ status: z.enum(['ACK', 'NACK']) }) }),
  error: z
    .object({ type: z.string().nullable().optional(), code: z.string().nullable().optional(), message: z.string().nullable().optional() })
    .nullable()
    .optional(),
});
export type RegistryReply = z.infer<typeof registryReplySchema>;
