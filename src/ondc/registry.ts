// Where a network participant's signing key and callback URL are found: a JSON file for
// the embedded network, or an ONDC registry's /v2.0/lookup (ondc-notes §3 onboarding).
import { readFile, stat } from 'node:fs/promises';
import { ofetch } from 'ofetch';
import { z } from 'zod';

const ed25519PublicKeySchema = z
  .base64()
  .refine((key) => Buffer.from(key, 'base64').length === 32, 'Expected a base64 32-byte Ed25519 public key');

export const participantSchema = z.object({
  subscriber_id: z.string().min(1),
  unique_key_id: z.string().min(1),
  signing_public_key: ed25519PublicKeySchema,
  type: z.enum(['BAP', 'BPP']),
  subscriber_url: z.url(),
  domain: z.string().optional(),
  city: z.string().optional(),
});
export type Participant = z.infer<typeof participantSchema>;

/** The registry file: a JSON array of participants. */
export const registryFileSchema = z.array(participantSchema);

export type Registry = {
  /** base64 signing key for exactly this subscriber and key id, or null */
  lookupPublicKey(subscriberId: string, uniqueKeyId: string): Promise<string | null>;
  /** every registered key and role of a subscriber (one host may be both BAP and BPP) */
  lookup(subscriberId: string): Promise<Participant[]>;
};

function keyOf(participants: readonly Participant[], subscriberId: string, uniqueKeyId: string): string | null {
  const match = participants.find((p) => p.subscriber_id === subscriberId && p.unique_key_id === uniqueKeyId);
  return match?.signing_public_key ?? null;
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/**
 * A registry read from a JSON file and read again whenever the file changes, so keys that
 * the local network (re)generates are picked up without a restart. A file that does not
 * exist yet is an empty registry; a file that exists but does not parse is an error.
 */
export function createFileRegistry(path: string): Registry {
  let loaded: { version: string; participants: Participant[] } | null = null;

  async function participants(): Promise<Participant[]> {
    let version: string;
    try {
      const info = await stat(path);
      // mtime alone can miss a rewrite within the same clock tick; size narrows that gap
      version = `${info.mtimeMs}:${info.size}`;
    } catch (error) {
      if (isMissingFile(error)) return [];
      throw error;
    }
    if (loaded?.version !== version) {
      const parsed = registryFileSchema.parse(JSON.parse(await readFile(path, 'utf8')));
      loaded = { version, participants: parsed };
    }
    return loaded.participants;
  }

  return {
    async lookupPublicKey(subscriberId, uniqueKeyId) {
      return keyOf(await participants(), subscriberId, uniqueKeyId);
    },
    async lookup(subscriberId) {
      return (await participants()).filter((p) => p.subscriber_id === subscriberId);
    },
  };
}

// An ONDC lookup answer entry names the key id `ukId` and carries more than we keep.
// Entries for gateways and other roles are dropped: the storefront only exchanges signed
// messages with BAPs and BPPs.
const lookupEntrySchema = z.looseObject({ ukId: z.string() });

const lookupAnswerSchema = z.array(z.unknown()).transform((entries) =>
  entries.flatMap((entry) => {
    const raw = lookupEntrySchema.safeParse(entry);
    if (!raw.success) return [];
    const { ukId, ...rest } = raw.data;
    const participant = participantSchema.safeParse({ ...rest, unique_key_id: ukId });
    return participant.success ? [participant.data] : [];
  }),
);

export const DEFAULT_LOOKUP_CACHE_MS = 5 * 60 * 1000;

export type RemoteRegistryOptions = {
  /** how long an answer, including "not found", is reused */
  cacheMs?: number;
  timeoutMs?: number;
  /** `Authorization` value for a lookup body; ONDC's /v2.0/lookup wants signed requests */
  authorize?: (body: string) => string;
  /** clock for cache expiry */
  now?: () => number;
};

/** A registry answered by POSTing `{subscriber_id, ukId?}` to an ONDC-style lookup URL. */
export function createRemoteRegistry(lookupUrl: string, options: RemoteRegistryOptions = {}): Registry {
  const cacheMs = options.cacheMs ?? DEFAULT_LOOKUP_CACHE_MS;
  const now = options.now ?? Date.now;
  // Promises are cached so concurrent verifications of one sender share one lookup.
  const cache = new Map<string, { expiresAt: number; answer: Promise<Participant[]> }>();

  function ask(query: { subscriber_id: string; ukId?: string }): Promise<Participant[]> {
    const cacheKey = `${query.subscriber_id}|${query.ukId ?? ''}`;
    const hit = cache.get(cacheKey);
    if (hit && hit.expiresAt > now()) return hit.answer;

    const body = JSON.stringify(query);
    const answer = ofetch(lookupUrl, {
      method: 'POST',
      body,
      headers: {
        'Content-Type': 'application/json',
        ...(options.authorize ? { Authorization: options.authorize(body) } : {}),
      },
      retry: 1,
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    }).then((raw: unknown) => lookupAnswerSchema.parse(raw));
    // A failed lookup is not an answer: forget it so the next request asks again.
    answer.catch(() => {
      if (cache.get(cacheKey)?.answer === answer) cache.delete(cacheKey);
    });
    cache.set(cacheKey, { expiresAt: now() + cacheMs, answer });
    return answer;
  }

  return {
    async lookupPublicKey(subscriberId, uniqueKeyId) {
      return keyOf(await ask({ subscriber_id: subscriberId, ukId: uniqueKeyId }), subscriberId, uniqueKeyId);
    },
    async lookup(subscriberId) {
      return (await ask({ subscriber_id: subscriberId })).filter((p) => p.subscriber_id === subscriberId);
    },
  };
}
