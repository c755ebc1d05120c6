// Sends signed ONDC protocol messages and reads the synchronous ACK/NACK
// (ondc-notes §1 for the reply, §3 for signing).
import { z } from 'zod';
import { ackSchema } from './context.ts';
import type { Ack } from './context.ts';
import { signRequest } from './signing.ts';

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_RETRIES = 2;
const DEFAULT_RETRY_DELAY_MS = 250;
// Every attempt must fit in the PT30S request ttl (ondc-notes §1), so backoff stays short.
const MAX_RETRY_DELAY_MS = 2000;

/** One line of the protocol log: a message the client sent or the reply it got. */
export type ProtocolLogEntry = {
  at: string;
  direction: 'out' | 'in';
  url: string;
  action: string;
  attempt: number;
  transactionId?: string;
  messageId?: string;
  /** HTTP status of a reply */
  status?: number;
  /** the message sent, or the reply (parsed JSON when it is JSON, else its text) */
  body: unknown;
};

type OndcClientError =
  | { kind: 'unreachable'; message: string; attempts: number }
  | { kind: 'timeout'; attempts: number }
  | { kind: 'server-error'; status: number; attempts: number }
  | { kind: 'invalid-response'; status: number; attempts: number };

/** `response` may be a NACK: that is the receiver's answer, not a failure to deliver. */
export type OndcPostResult = { ok: true; status: number; response: Ack } | { ok: false; error: OndcClientError };

export type OndcClientOptions = {
  subscriberId: string;
  uniqueKeyId: string;
  /** base64 Ed25519 private key (seed‖public, or seed) */
  privateKey: string;
  /** per attempt */
  timeoutMs?: number;
  /** further attempts after a network error, a timeout or a 5xx without an ACK/NACK body */
  retries?: number;
  /** first backoff; it doubles per retry up to 2 s */
  retryDelayMs?: number;
  fetch?: typeof fetch;
  log?: (entry: ProtocolLogEntry) => void;
};

export type OndcClient = {
  /** POSTs `body` to `<url>/<action>`, e.g. post(bppUri, 'select', message) */
  post(url: string, action: string, body: unknown): Promise<OndcPostResult>;
};

const messageIdsSchema = z.object({
  context: z.object({ transaction_id: z.string(), message_id: z.string() }),
});

function messageIds(body: unknown): Pick<ProtocolLogEntry, 'transactionId' | 'messageId'> {
  const parsed = messageIdsSchema.safeParse(body);
  if (!parsed.success) return {};
  return { transactionId: parsed.data.context.transaction_id, messageId: parsed.data.context.message_id };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function endpoint(url: string, action: string): string {
  return `${url.replace(/\/+$/, '')}/${action.replace(/^\/+/, '')}`;
}

/**
 * RFC 6761: names under `.localhost` always mean this machine, so embedded subscribers can carry
 * real host names in their URIs (as ONDC's validator requires) and we connect to them on
 * loopback ourselves, without a resolver that knows them.
 */
export function connectTarget(target: string): string {
  const url = new URL(target);
  if (url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) url.hostname = '127.0.0.1';
  return url.toString();
}

type Attempt = { result: OndcPostResult; retryable: boolean };

export function createOndcClient(options: OndcClientOptions): OndcClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retries = options.retries ?? DEFAULT_RETRIES;
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const send = options.fetch ?? fetch;
  const log = options.log;

  async function attemptOnce(target: string, action: string, body: unknown, payload: string, attempt: number): Promise<Attempt> {
    const ids = messageIds(body);
    log?.({ at: new Date().toISOString(), direction: 'out', url: target, action, attempt, ...ids, body });
    let status: number;
    let text: string;
    try {
      // Signed afresh per attempt so a retry never carries a signature near its expiry.
      const authorization = signRequest({
        body: payload,
        subscriberId: options.subscriberId,
        uniqueKeyId: options.uniqueKeyId,
        privateKey: options.privateKey,
      });
      const signal = AbortSignal.timeout(timeoutMs);
      const response = await send(connectTarget(target), {
        method: 'POST',
        body: payload,
        headers: { Authorization: authorization, 'Content-Type': 'application/json', Accept: 'application/json' },
        signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const failure: OndcClientError = timedOut
        ? { kind: 'timeout', attempts: attempt }
        : { kind: 'unreachable', message: error instanceof Error ? error.message : String(error), attempts: attempt };
      return { result: { ok: false, error: failure }, retryable: true };
    }

    const reply = parseJson(text);
    log?.({ at: new Date().toISOString(), direction: 'in', url: target, action, attempt, ...ids, status, body: reply });
    // A NACK is an answer whatever the status (a bad signature comes back as 401 + NACK),
    // so it is returned as is and never retried.
    const parsed = ackSchema.safeParse(reply);
    if (parsed.success) return { result: { ok: true, status, response: parsed.data }, retryable: false };
    if (status >= 500) {
      return { result: { ok: false, error: { kind: 'server-error', status, attempts: attempt } }, retryable: true };
    }
    return { result: { ok: false, error: { kind: 'invalid-response', status, attempts: attempt } }, retryable: false };
  }

  return {
    async post(url, action, body) {
      // Serialised once: the signature's digest covers these exact bytes on every attempt.
      const payload = JSON.stringify(body);
      const target = endpoint(url, action);
      for (let attempt = 1; ; attempt += 1) {
        const { result, retryable } = await attemptOnce(target, action, body, payload, attempt);
        if (!retryable || attempt > retries) return result;
        const delay = Math.min(retryDelayMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    },
  };
}
