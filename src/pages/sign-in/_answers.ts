// What the sign-in routes share: who is asking, where to go next, and how a refusal is answered to
// a page's plain form (back to the page, which says why) or to its script (JSON, in its language).
import type { APIContext } from 'astro';
import { messagesFor } from '../../features/i18n/catalogue.ts';
import { deviceKey } from '../../features/platform/shopper.server.ts';
import { AFTER_SIGN_IN, refusalWords, type Refusal } from '../../features/sign-in/sign-in.ts';
import { jsonError } from '../../lib/http/json.ts';

/** What the limits count a request against: its device, or its address when it has none yet. */
export function senderOf(context: APIContext): string {
  const device = deviceKey(context.cookies);
  if (device) return device;
  try {
    return `address:${context.clientAddress}`;
  } catch {
    return 'address:unknown';
  }
}

export type RefusalAnswer = { refusal: Refusal; status: number; retryAfterS?: number; attemptsLeft?: number };

/**
 * A refusal: JSON for the page's script (its code, and the seconds to wait or tries left), or, for
 * a plain form, 303 back to the sign-in page at `step`, which shows the reason.
 */
export function refuse(context: APIContext, isForm: boolean, answer: RefusalAnswer, step: 'phone' | 'code', next: string): Response {
  if (isForm) {
    const query = new URLSearchParams({ ...(step === 'code' ? { step } : {}), error: answer.refusal });
    if (answer.attemptsLeft !== undefined) query.set('left', String(answer.attemptsLeft));
    if (answer.retryAfterS !== undefined) query.set('wait', String(answer.retryAfterS));
    if (next !== AFTER_SIGN_IN) query.set('next', next);
    return context.redirect(`/sign-in?${query}`, 303);
  }
  const response = jsonError(answer.status, refusalWords(messagesFor(context.locals.locale).signIn.errors, answer.refusal, answer), {
    code: answer.refusal,
    ...(answer.retryAfterS !== undefined ? { retry_after_s: answer.retryAfterS } : {}),
    ...(answer.attemptsLeft !== undefined ? { attempts_left: answer.attemptsLeft } : {}),
  });
  if (answer.retryAfterS !== undefined) response.headers.set('retry-after', String(answer.retryAfterS));
  return response;
}
