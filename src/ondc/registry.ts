// Where a network participant's signing key and callback URL are found: a JSON file for
// the embedded network, or an ONDC registry's /v2.0/lookup (ondc-notes §3 onboarding). A key is
// trusted only between its valid_from and valid_until, so a participant rotating its keys publishes
// the next one ahead, both verify during the overlap, and the old one stops at its end.
import { readFile, stat } from 'node:fs/promises';
import { ofetch } from 'ofetch';
import { z } from 'zod';

const ed25519PublicKeySchema = z.base64().refine((key) => Buffer.from(key, 'base64').length === 32, 'Expected a base64 32-byte Ed25519 public key');

const participantSchema = z.object({
  subscriber_id: z.string().min(1),
  unique_key_id: z.string().min(1),
  signing_public_key: ed25519PublicKeySchema,
  type: z.enum(['BAP', 'BPP']),
  subscriber_url: z.url(),
  domain: z.string().optional(),
  city: z.string().optional(),
  /** X25519, base64 DER: what the registry encrypted the subscribe challenge for */
  encr_public_key: z.string().optional(),
  valid_from: z
    .string()
    .refine((at) => Number.isFinite(Date.parse(at)), 'Expected a date')
    .optional(),
  valid_until: z
    .string()
    .refine((at) => Number.isFinite(Date.parse(at)), 'Expected a date')
    .optional(),
});
export type Participant = z.infer<typeof participantSchema>;

/** Whether a registered key may be used at `now` (ms); a bound that is not given does not limit it. */
function isKeyValidAt(participant: Pick<Participant, 'valid_from' | 'valid_until'>, now: number): boolean {
  if (participant.valid_from !== undefined && Date.parse(participant.valid_from) > now) return false;
  if (participant.valid_until !== undefined && Date.parse(participant.valid_until) <= now) return false;
  return true;
}

/** The registry file: a JSON array of participants. */
export const registryFileSchema = z.array(participantSchema);

export type Registry = {
  /** base64 signing key for exactly this subscriber and key id, or null */
  lookupPublicKey(subscriberId: string, uniqueKeyId: string): Promise<string | null>;
  /** every registered key and role of a subscriber (one host may be both BAP and BPP) */
  lookup(subscriberId: string): Promise<Participant[]>;
};

function keyOf(participants: readonly Participant[], subscriberId: string, uniqueKeyId: string, now: number): string | null {
  const match = participants.find((p) => p.subscriber_id === subscriberId && p.unique_key_id === uniqueKeyId && isKeyValidAt(p, now));
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
export function createFileRegistry(path: string, options: { now?: () => number } = {}): Registry {
  const now = options.now ?? Date.now;
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
      return keyOf(await participants(), subscriberId, uniqueKeyId, now());
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

const DEFAULT_LOOKUP_CACHE_MS = 5 * 60 * 1000;
/** A key asked for and not found may be one just published: asked about again sooner. */
const DEFAULT_NOT_FOUND_CACHE_MS = 30 * 1000;
/** While the registry cannot be reached, its last answer stands in for this long. */
const DEFAULT_MAX_STALE_MS = 24 * 60 * 60 * 1000;

export type RemoteRegistryOptions = {
  /** how long an answer is reused */
  cacheMs?: number;
  /** how long an answer without the asked-for key (or without any entry) is reused */
  notFoundCacheMs?: number;
  /** how old a last good answer may be and still be used when a lookup fails */
  maxStaleMs?: number;
  timeoutMs?: number;
  /** `Authorization` value for a lookup body; ONDC's /v2.0/lookup wants signed requests */
  authorize?: (body: string) => string;
  /** clock for cache expiry and key validity */
  now?: () => number;
  /** told when a failed lookup was answered from the last good answer */
  onStale?: (subscriberId: string, error: unknown) => void;
};

type CacheEntry = {
  freshUntil: number;
  answer: Promise<Participant[]>;
  /** the last answer the registry gave for this query, and when */
  good: { participants: Participant[]; at: number } | null;
};

/**
 * A registry answered by POSTing `{subscriber_id, ukId?}` to an ONDC-style lookup URL. Answers are
 * cached; when the registry fails (down, slow, a 5xx), the last good answer is served for up to
 * maxStaleMs (stale-while-error), so a registry outage does not stop orders with known sellers.
 */
export function createRemoteRegistry(lookupUrl: string, options: RemoteRegistryOptions = {}): Registry {
  const cacheMs = options.cacheMs ?? DEFAULT_LOOKUP_CACHE_MS;
  const notFoundCacheMs = Math.min(options.notFoundCacheMs ?? DEFAULT_NOT_FOUND_CACHE_MS, cacheMs);
  const maxStaleMs = options.maxStaleMs ?? DEFAULT_MAX_STALE_MS;
  const now = options.now ?? Date.now;
  // Promises are cached so concurrent verifications of one sender share one lookup.
  const cache = new Map<string, CacheEntry>();

  function ask(query: { subscriber_id: string; ukId?: string }): Promise<Participant[]> {
    const cacheKey = `${query.subscriber_id}|${query.ukId ?? ''}`;
    const hit = cache.get(cacheKey);
    if (hit && hit.freshUntil > now()) return hit.answer;
    const good = hit?.good ?? null;

    const body = JSON.stringify(query);
    const fetched = ofetch(lookupUrl, {
      method: 'POST',
      body,
      headers: {
        'Content-Type': 'application/json',
        ...(options.authorize ? { Authorization: options.authorize(body) } : {}),
      },
      retry: 1,
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    }).then((raw: unknown) => lookupAnswerSchema.parse(raw));
    const entry: CacheEntry = { freshUntil: now() + cacheMs, answer: fetched, good };
    entry.answer = fetched.then(
      (participants) => {
        const found = participants.some((p) => p.subscriber_id === query.subscriber_id && (query.ukId === undefined || p.unique_key_id === query.ukId));
        entry.good = { participants, at: now() };
        if (!found) entry.freshUntil = Math.min(entry.freshUntil, now() + notFoundCacheMs);
        return participants;
      },
      (error: unknown) => {
        // A failed lookup is not an answer: the next request asks again.
        if (cache.get(cacheKey) === entry) entry.freshUntil = 0;
        if (good && now() - good.at <= maxStaleMs) {
          options.onStale?.(query.subscriber_id, error);
          return good.participants;
        }
        throw error;
      },
    );
    cache.set(cacheKey, entry);
    return entry.answer;
  }

  return {
    async lookupPublicKey(subscriberId, uniqueKeyId) {
      return keyOf(await ask({ subscriber_id: subscriberId, ukId: uniqueKeyId }), subscriberId, uniqueKeyId, now());
    },
    async lookup(subscriberId) {
      return (await ask({ subscriber_id: subscriberId })).filter((p) => p.subscriber_id === subscriberId);
    },
  };
}
