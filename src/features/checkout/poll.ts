// SPEC §4 "Checkout flow" and §8 "Serviceability and init errors": what the client does with each
// answer while it polls for on_select and on_init. Pure: the islands run it, tests drive it.
import { errorMessage, INIT_ITEM_ERROR_CODES, SERVICEABILITY_CODES, type AppType } from '#/ondc/error-codes.ts';

/** SPEC §9: select poll max 20, every 1 s; init poll max 5, every 1 s. */
export const SELECT_POLL = { intervalMs: 1000, maxAttempts: 20 } as const;
export const INIT_POLL = { intervalMs: 1000, maxAttempts: 5 } as const;
/**
 * How long the server holds one poll for the seller's answer (fetchMessage.ts, status.ts): one
 * SPEC §4 interval. The client asks again at once after a held answer, so an attempt is a second.
 */
export const POLL_HOLD_MS = SELECT_POLL.intervalMs;

export const SELECT_POLL_EXCEEDED_MESSAGE = 'We are facing some issue. Please retry';
export const INIT_POLL_EXCEEDED_MESSAGE = 'Failed to proceed with payment';
const INIT_VALIDATION_MESSAGE = 'Validation error, please retry';
const INIT_NOT_SERVICEABLE_MESSAGE = 'Your location is not serviceable';
const INIT_ITEM_ISSUE_MESSAGE = 'There is some issue with one or more items';

/** SPEC §8 analytics labels for checkout errors. */
type CheckoutErrorLabel = 'ON_SELECT_NACK_ERROR' | 'ON_SELECT_POLL_COUNT_EXCEEDED' | 'ON_INIT_POLL_COUNT_EXCEEDED';

type ProtocolError = { code: string | null; message: string | null } | null;

/** GET /ondc/fetchMessage?type=select, as the client reads it (SPEC §7.3). */
export type SelectAnswer =
  | { status: 'PENDING' }
  | { status: 'NACK'; error: ProtocolError }
  | {
      status: 'SUCCESS';
      message: { order?: { fulfillments?: Array<{ state?: { descriptor?: { code?: string } } }> } & Record<string, unknown> };
      error: ProtocolError;
    };

export type SelectStep =
  | { kind: 'wait' }
  | { kind: 'quote'; order: Record<string, unknown>; isServiceable: boolean; notice: string | null }
  | { kind: 'failed'; message: string; isServiceable: boolean; label: CheckoutErrorLabel | null };

/** SPEC §4 serviceability of an order: the first fulfillment's state code is "serviceable", any case. */
export function isOrderServiceable(order: { fulfillments?: Array<{ state?: { descriptor?: { code?: string } } }> }): boolean {
  return order.fulfillments?.[0]?.state?.descriptor?.code?.toLowerCase() === 'serviceable';
}

function messageFor(error: NonNullable<ProtocolError>, appType: AppType): string {
  return error.code ? errorMessage(error.code, { appType }) : (error.message ?? errorMessage('', { appType }));
}

/** One select poll answer; `attempt` counts the polls made so far, this one included. */
export function selectStep(answer: SelectAnswer, attempt: number, appType: AppType): SelectStep {
  if (answer.status === 'PENDING') {
    return attempt >= SELECT_POLL.maxAttempts
      ? { kind: 'failed', message: SELECT_POLL_EXCEEDED_MESSAGE, isServiceable: true, label: 'ON_SELECT_POLL_COUNT_EXCEEDED' }
      : { kind: 'wait' };
  }
  if (answer.status === 'NACK') {
    return { kind: 'failed', message: messageFor(answer.error ?? { code: null, message: null }, appType), isServiceable: true, label: 'ON_SELECT_NACK_ERROR' };
  }
  const error = answer.error;
  // Serviceability codes stop the checkout: the message shows with isServiceable false.
  if (error?.code && SERVICEABILITY_CODES.has(error.code)) {
    return { kind: 'failed', message: errorMessage(error.code, { appType }), isServiceable: false, label: null };
  }
  const order = answer.message.order;
  // Item-level errors still carry a quote: the lines say what is wrong (quote-check.ts).
  if (!order) return { kind: 'failed', message: messageFor(error ?? { code: null, message: null }, appType), isServiceable: true, label: null };
  return { kind: 'quote', order, isServiceable: isOrderServiceable(order), notice: error ? messageFor(error, appType) : null };
}

/** GET /ondc/status?type=init (SPEC §7.3): error, order_status, onInitTotalPrice. */
export type InitStatus = {
  order_status: 'PENDING' | 'CREATED' | 'ON_INIT_VALIDATION_FAILURE' | 'FAILED';
  error: ProtocolError;
  onInitTotalPrice: number | null;
};

export type InitStep =
  | { kind: 'wait' }
  | { kind: 'created'; totalRupees: number | null }
  | { kind: 'failed'; orderStatus: InitStatus['order_status'] | 'FAILED_TO_PROCEED_WITH_PAYMENT'; toast: string; label: CheckoutErrorLabel | null };

/** One init poll answer; `attempt` counts the polls made so far, this one included. */
export function initStep(status: InitStatus, attempt: number, appType: AppType): InitStep {
  if (status.order_status === 'CREATED') return { kind: 'created', totalRupees: status.onInitTotalPrice };
  if (status.order_status === 'ON_INIT_VALIDATION_FAILURE') {
    return { kind: 'failed', orderStatus: status.order_status, toast: INIT_VALIDATION_MESSAGE, label: null };
  }
  const code = status.error?.code;
  if (status.order_status === 'FAILED' || code) {
    const toast =
      code && SERVICEABILITY_CODES.has(code)
        ? INIT_NOT_SERVICEABLE_MESSAGE
        : code && INIT_ITEM_ERROR_CODES.has(code)
          ? INIT_ITEM_ISSUE_MESSAGE
          : messageFor(status.error ?? { code: null, message: null }, appType);
    return { kind: 'failed', orderStatus: 'FAILED', toast, label: null };
  }
  return attempt >= INIT_POLL.maxAttempts
    ? { kind: 'failed', orderStatus: 'FAILED_TO_PROCEED_WITH_PAYMENT', toast: INIT_POLL_EXCEEDED_MESSAGE, label: 'ON_INIT_POLL_COUNT_EXCEEDED' }
    : { kind: 'wait' };
}

/**
 * Polls `fetchOnce` once per `intervalMs` of wall time until `step` says something other than
 * wait. The server holds each poll up to a second for the answer (fetchMessage.ts, status.ts), so
 * after a held answer the next attempt goes at once; only an answer faster than the interval is
 * followed by a sleep for the rest of it (SPEC §4: 20 select attempts in 20 s, not 40). `step`
 * ends the loop itself at the maximum (the rules above), so the loop cannot run forever.
 */
export async function poll<A, S extends { kind: string }>(
  fetchOnce: () => Promise<A>,
  step: (answer: A, attempt: number) => S,
  options: { intervalMs: number; maxAttempts: number; sleep?: (ms: number) => Promise<void>; now?: () => number },
): Promise<Exclude<S, { kind: 'wait' }>> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? (() => Date.now());
  for (let attempt = 1; ; attempt++) {
    const startedAt = now();
    const outcome = step(await fetchOnce(), attempt);
    if (outcome.kind !== 'wait') return outcome as Exclude<S, { kind: 'wait' }>;
    if (attempt >= options.maxAttempts) throw new Error(`poll step kept waiting past ${options.maxAttempts} attempts`);
    const rest = options.intervalMs - (now() - startedAt);
    if (rest > 0) await sleep(rest);
  }
}
