import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '../../db/client.ts';
import { messagesFor } from '../../features/i18n/catalogue.ts';
import { shopperKey } from '../../features/platform/shopper.server.ts';
import { phoneSchema } from '../../features/sign-in/phone.ts';
import { phoneSignIn } from '../../features/sign-in/settings.server.ts';
import { sendSignInCode } from '../../features/sign-in/sign-in.server.ts';
import { AFTER_SIGN_IN, nextPathSchema, SIGN_IN_PHONE_COOKIE, SIGN_IN_PHONE_MAX_AGE_S } from '../../features/sign-in/sign-in.ts';
import { readFormOrJson } from '../../lib/http/form-or-json.ts';
import { cookieOptions } from '../../lib/http/cookies.server.ts';
import { refuse, senderOf } from './_answers.ts';

const bodySchema = z.object({ phone: z.unknown().optional(), next: z.unknown().optional() }, { error: 'The body must be an object with a phone' });

/**
 * Issue 29 POST /sign-in/code {phone, next?}: sends a 6-digit code by SMS to an Indian mobile
 * number. The sign-in page's plain form posts here (303 to the code step, or back with the reason);
 * its script asks for JSON.
 */
export const POST: APIRoute = async (context) => {
  const body = await readFormOrJson(context.request, bodySchema);
  if (!body.ok) return body.response;
  const { isForm } = body;
  const next = nextPathSchema.parse(body.data.next);
  const settings = phoneSignIn();
  if (settings.mode === 'off') return refuse(context, isForm, { refusal: 'OFF', status: 404 }, 'phone', next);
  const phone = phoneSchema.safeParse(body.data.phone);
  if (!phone.success) return refuse(context, isForm, { refusal: 'INVALID_PHONE', status: 400 }, 'phone', next);

  const sender = senderOf(context);
  // The device this sign-in happens on: its cart and addresses become the user's once signed in.
  shopperKey(context.cookies, null, { create: true });
  const sent = await sendSignInCode(getDatabase(), settings, { phone: phone.data, sender, smsTemplate: messagesFor(context.locals.locale).signIn.sms });
  if (!sent.ok) return refuse(context, isForm, sent, sent.refusal === 'LOCKED' ? 'phone' : 'code', next);
  context.cookies.set(SIGN_IN_PHONE_COOKIE, phone.data, cookieOptions({ httpOnly: true, maxAge: SIGN_IN_PHONE_MAX_AGE_S }));
  if (isForm) return context.redirect(`/sign-in?${new URLSearchParams({ step: 'code', ...(next === AFTER_SIGN_IN ? {} : { next }) })}`, 303);
  return Response.json({ status: 'SUCCESS', data: { phone: phone.data, expires_in_s: settings.codeLifetimeMs / 1000 } });
};
