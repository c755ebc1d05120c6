import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { messagesFor } from '#/features/i18n/catalogue.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { sendSignInCode } from '#/features/sign-in/sign-in.server.ts';
import { AFTER_SIGN_IN, SIGN_IN_PHONE_COOKIE, SIGN_IN_PHONE_MAX_AGE_S } from '#/features/sign-in/sign-in.ts';
import { cookieOptions } from '#/lib/http/cookies.server.ts';
import { readSignInRequest, refuse, senderOf } from './_answers.ts';

/**
 * Issue 29 POST /sign-in/code {phone, next?}: sends a 6-digit code by SMS to an Indian mobile
 * number. The sign-in page's plain form posts here (303 to the code step, or back with the reason);
 * its script asks for JSON.
 */
export const POST: APIRoute = async (context) => {
  const request = await readSignInRequest(context, 'The body must be an object with a phone');
  if (!request.ok) return request.response;
  const { isForm, next, settings, phone } = request;

  const sender = senderOf(context);
  // The device this sign-in happens on: its cart and addresses become the user's once signed in.
  shopperKey(context.cookies, null, { create: true });
  const sent = await sendSignInCode(getDatabase(), settings, { phone, sender, smsTemplate: messagesFor(context.locals.locale).signIn.sms });
  if (!sent.ok) return refuse(context, isForm, sent, sent.refusal === 'LOCKED' ? 'phone' : 'code', next);
  context.cookies.set(SIGN_IN_PHONE_COOKIE, phone, cookieOptions({ httpOnly: true, maxAge: SIGN_IN_PHONE_MAX_AGE_S }));
  if (isForm) return context.redirect(`/sign-in?${new URLSearchParams({ step: 'code', ...(next === AFTER_SIGN_IN ? {} : { next }) })}`, 303);
  return Response.json({ status: 'SUCCESS', data: { phone: phone, expires_in_s: settings.codeLifetimeMs / 1000 } });
};
