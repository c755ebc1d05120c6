// The ONDC retail 1.2.0 `context` block and the synchronous ACK/NACK reply
// (ondc-notes §1; py-protocol-layer webserver/main/schemas/v1_2_0.yaml).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

const SECOND_MS = 1000;
const DURATION_UNIT_MS = {
  W: 7 * 24 * 3600 * SECOND_MS,
  D: 24 * 3600 * SECOND_MS,
  H: 3600 * SECOND_MS,
  M: 60 * SECOND_MS,
  S: SECOND_MS,
} as const;

// Years and months are left out on purpose: they have no fixed length, and no retail ttl,
// TAT or return window uses them.
const DURATION_PATTERN = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Milliseconds in an ISO-8601 duration of weeks to seconds; null when it is not one. */
export function durationMs(duration: string): number | null {
  const match = DURATION_PATTERN.exec(duration);
  if (!match || duration === 'P' || duration.endsWith('T')) return null;
  const [, weeks, days, hours, minutes, seconds] = match;
  const parts: Array<[string | undefined, number]> = [
    [weeks, DURATION_UNIT_MS.W],
    [days, DURATION_UNIT_MS.D],
    [hours, DURATION_UNIT_MS.H],
    [minutes, DURATION_UNIT_MS.M],
    [seconds, DURATION_UNIT_MS.S],
  ];
  return Math.round(parts.reduce((ms, [value, unit]) => ms + (value ? Number(value) * unit : 0), 0));
}

/** An ISO-8601 duration of weeks, days, hours, minutes and seconds (`PT30S`, `PT45M`, `P1D`). */
export const isoDurationSchema = z.string().refine((value) => durationMs(value) !== null, {
  message: 'Expected an ISO-8601 duration such as PT30S, PT45M or P1D',
});

/** Milliseconds in a context ttl or an `@ondc/org/TAT`; throws RangeError on anything else. */
export function ttlToMs(duration: string): number {
  const ms = durationMs(duration);
  if (ms === null) throw new RangeError(`Not an ISO-8601 duration without years or months: ${duration}`);
  return ms;
}

export type DurationParts = { days: number; hours: number; minutes: number; seconds: number };

/** An ISO duration (`PT45M`, `P1DT2H`: a TAT, time to ship, return window) as days, hours, minutes and seconds; null when it is not one. */
export function durationParts(iso: string | null | undefined): DurationParts | null {
  const ms = iso ? durationMs(iso) : null;
  if (ms === null) return null;
  const total = Math.round(ms / SECOND_MS);
  return { days: Math.floor(total / 86_400), hours: Math.floor((total % 86_400) / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

const REQUEST_ACTIONS = [
  'search',
  'select',
  'init',
  'confirm',
  'status',
  'track',
  'cancel',
  'update',
  'rating',
  'support',
  'catalog_rejection',
  // IGM 2.0.0 (igm.ts): a complaint about an order, and where it stands.
  'issue',
  'issue_status',
] as const;

const requestActionSchema = z.enum(REQUEST_ACTIONS);
export type RequestAction = z.infer<typeof requestActionSchema>;

const callbackActionSchema = z.enum(REQUEST_ACTIONS.map((action) => `on_${action}` as const));

// Groceries and food, and what a grocery store also sells that ONDC files elsewhere: beauty and
// personal care (RET13), home and kitchen (RET16), health and wellness (RET18).
export const domainSchema = z.enum(['ONDC:RET10', 'ONDC:RET11', 'ONDC:RET13', 'ONDC:RET16', 'ONDC:RET18']);
export type Domain = z.infer<typeof domainSchema>;

/**
 * The retail core versions the storefront reads and writes. A seller is spoken to in the version
 * of its last full catalogue (README "Decisions": core 1.2.5 beside 1.2.0); anything we receive in
 * either is read.
 */
const CORE_VERSIONS = ['1.2.0', '1.2.5'] as const;
export const coreVersionSchema = z.enum(CORE_VERSIONS);
export type CoreVersion = z.infer<typeof coreVersionSchema>;
const DEFAULT_CORE_VERSION: CoreVersion = '1.2.0';

// The schema's stated outer limit for every request ttl (ondc-notes §1 context).
const DEFAULT_TTL = 'PT30S';

export const contextSchema = z.object({
  domain: domainSchema,
  country: z.literal('IND'),
  // "*" is every city: an incremental catalogue refresh and what answers it (ondc-notes §1).
  city: z.string().regex(/^(std:\d{2,5}|\*)$/, 'Expected an STD code such as std:080, or *'),
  action: z.union([requestActionSchema, callbackActionSchema]),
  core_version: coreVersionSchema,
  bap_id: z.string().min(1),
  bap_uri: z.url(),
  bpp_id: z.string().min(1).optional(),
  bpp_uri: z.url().optional(),
  transaction_id: z.string().min(1),
  message_id: z.string().min(1),
  timestamp: z.iso.datetime({ precision: 3 }),
  ttl: isoDurationSchema.optional(),
  key: z.string().optional(),
});
export type Context = z.infer<typeof contextSchema>;

export type BuildContextInput = {
  action: RequestAction;
  domain: Domain;
  /** STD code, e.g. 'std:080' */
  city: string;
  transactionId: string;
  /** defaults to a fresh UUID; a callback reuses its request's message_id */
  messageId?: string;
  bapId: string;
  bapUri: string;
  bppId?: string;
  bppUri?: string;
  ttl?: string;
  now?: Date;
  /** the version the receiver speaks; 1.2.0 unless it is known to speak 1.2.5 */
  coreVersion?: CoreVersion;
};

// Absent rather than undefined, so a context compares and serialises the same either way.
function seller(bppId: string | undefined, bppUri: string | undefined): Pick<Context, 'bpp_id' | 'bpp_uri'> {
  return { ...(bppId === undefined ? {} : { bpp_id: bppId }), ...(bppUri === undefined ? {} : { bpp_uri: bppUri }) };
}

/** A request context as the buyer app sends it. */
export function buildContext(input: BuildContextInput): Context {
  return contextSchema.parse({
    domain: input.domain,
    country: 'IND',
    city: input.city,
    action: input.action,
    core_version: input.coreVersion ?? DEFAULT_CORE_VERSION,
    bap_id: input.bapId,
    bap_uri: input.bapUri,
    ...seller(input.bppId, input.bppUri),
    transaction_id: input.transactionId,
    message_id: input.messageId ?? randomUUID(),
    timestamp: (input.now ?? new Date()).toISOString(),
    ttl: input.ttl ?? DEFAULT_TTL,
  });
}

export type CallbackContextOptions = {
  now?: Date;
  /** the seller's identity, needed when answering a search, which carries none */
  bppId?: string;
  bppUri?: string;
  /** the version the seller speaks: its answer is in it, whatever the request's */
  coreVersion?: CoreVersion;
};

/**
 * The context of the seller's `on_<action>` for a request: same transaction and message
 * ids, and a timestamp strictly after the request's, which log review checks (ondc-notes §6).
 */
export function callbackContext(request: Context, options: CallbackContextOptions = {}): Context {
  const action = requestActionSchema.parse(request.action);
  const requestTime = Date.parse(request.timestamp);
  const now = (options.now ?? new Date()).getTime();
  return contextSchema.parse({
    ...request,
    action: `on_${action}`,
    ...(options.coreVersion ? { core_version: options.coreVersion } : {}),
    ...seller(request.bpp_id ?? options.bppId, request.bpp_uri ?? options.bppUri),
    timestamp: new Date(Math.max(now, requestTime + 1)).toISOString(),
  });
}

/** Whether a message arrived after its ttl ran out; a missing ttl means the PT30S limit. */
export function isExpired(context: Context, now: Date = new Date()): boolean {
  return now.getTime() > Date.parse(context.timestamp) + ttlToMs(context.ttl ?? DEFAULT_TTL);
}

const errorTypeSchema = z.enum(['CONTEXT-ERROR', 'CORE-ERROR', 'DOMAIN-ERROR', 'POLICY-ERROR', 'JSON-SCHEMA-ERROR']);

export const protocolErrorSchema = z.object({
  type: errorTypeSchema,
  code: z.string().min(1),
  path: z.string().optional(),
  message: z.string().optional(),
});
export type ProtocolError = z.infer<typeof protocolErrorSchema>;

export const ackSchema = z.object({
  /** The context of the message answered, echoed (Pramaan checks it on a buyer app's ACK to every on_*). */
  context: z.record(z.string(), z.unknown()).optional(),
  message: z.object({ ack: z.object({ status: z.enum(['ACK', 'NACK']) }) }),
  error: protocolErrorSchema.optional(),
});
export type Ack = z.infer<typeof ackSchema>;
type AnsweredContext = Record<string, unknown> | undefined;

export function ack(context?: AnsweredContext): Ack {
  return { ...(context ? { context } : {}), message: { ack: { status: 'ACK' } } };
}

/**
 * The error of a NACK we send, in ONDC's shape: type, code and a message in words (Pramaan fails a
 * NACK whose error has no `message` string; `path` where a field is to blame).
 */
export type NackError = ProtocolError & { message: string };

export function nack(error: NackError, context?: AnsweredContext): Ack {
  return { ...(context ? { context } : {}), message: { ack: { status: 'NACK' } }, error };
}

/**
 * The `context` of a message as sent, read before (and whether or not) the message is verified or
 * valid, so that every ACK and NACK echoes it: a refusal that names no context cannot be matched to
 * what it refuses (ONDC's Pramaan checks it on every answer). It only echoes; nothing acts on it.
 * Senders put `context` first, and a refused 1 MiB catalogue page should cost no full parse: the
 * leading member is cut out and parsed alone; any other body is parsed whole. None if there is no
 * context object.
 */
export function answeredContextOf(text: string): Record<string, unknown> | undefined {
  const leading = leadingContextText(text);
  let value: unknown;
  try {
    value = leading === null ? (JSON.parse(text) as { context?: unknown } | null)?.context : JSON.parse(leading);
  } catch {
    return undefined;
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

const LEADING_CONTEXT = /^\s*\{\s*"context"\s*:\s*\{/;

/** The text of the object `{"context": {…}` opens with, braces matched outside strings; null if it does not. */
function leadingContextText(text: string): string | null {
  const opening = LEADING_CONTEXT.exec(text);
  if (!opening) return null;
  const start = opening[0].length - 1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}
