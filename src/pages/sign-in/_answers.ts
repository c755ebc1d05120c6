// What the sign-in routes share: who is asking, where to go next, and how a refusal is answered to
// a page's plain form (back to the page, which says why) or to its script (JSON, in its language).
import type { APIContext } from 'astro';
import { z } from 'zod';
import { messagesFor } from '#/features/i18n/catalogue.ts';
import { deviceKey } from '#/features/platform/shopper.server.ts';
import { phoneSchema } from '#/features/sign-in/phone.ts';
import { phoneSignIn } from '#/features/sign-in/settings.server.ts';
import { AFTER_SIGN_IN, nextPathSchema, refusalWords, type Refusal } from '#/features/sign-in/sign-in.ts';
import { readFormOrJson } from '#/lib/http/form-or-json.ts';
import { jsonError } from '#/lib/http/json.ts';

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

/**
 * What both steps read first: the body (a plain form or the script's JSON), where to go next, that
 * sign-in is on, and a valid phone. Anything else is answered here, in the caller's step.
 */
export async function readSignInRequest(context: APIContext, bodyError: string) {
  const bodySchema = z.object({ phone: z.unknown().optional(), code: z.unknown().optional(), next: z.unknown().optional() }, { error: bodyError });
  const body = await readFormOrJson(context.request, bodySchema);
  if (!body.ok) return { ok: false as const, response: body.response };
  const { isForm } = body;
  const next = nextPathSchema.parse(body.data.next);
  const settings = phoneSignIn();
  if (settings.mode === 'off') return { ok: false as const, response: refuse(context, isForm, { refusal: 'OFF', status: 404 }, 'phone', next) };
  const phone = phoneSchema.safeParse(body.data.phone);
  if (!phone.success) return { ok: false as const, response: refuse(context, isForm, { refusal: 'INVALID_PHONE', status: 400 }, 'phone', next) };
  return { ok: true as const, isForm, next, settings, phone: phone.data, code: body.data.code };
}
