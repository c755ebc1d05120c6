import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { settleDeviceForUser } from '#/features/platform/identity.server.ts';
import { deviceKey } from '#/features/platform/shopper.server.ts';
import { USER_ID_COOKIE } from '#/features/platform/user.ts';
import { codeSchema } from '#/features/sign-in/code.ts';
import { SIGNED_IN_DAYS, signedInToken } from '#/features/sign-in/settings.server.ts';
import { signInWithCode } from '#/features/sign-in/sign-in.server.ts';
import { SIGN_IN_PHONE_COOKIE } from '#/features/sign-in/sign-in.ts';
import { cookieOptions } from '#/lib/http/cookies.server.ts';
import { readSignInRequest, refuse, senderOf } from './_answers.ts';

/**
 * Issue 29 POST /sign-in/verify {phone, code, next?}: the code sent to the phone signs this device
 * in as the phone's user, with the token the native app's backend would give (the `userId`
 * cookie), and the device's cart becomes the user's. Plain form: 303 to `next`; script: JSON.
 */
export const POST: APIRoute = async (context) => {
  const request = await readSignInRequest(context, 'The body must be an object with a phone and a code');
  if (!request.ok) return request.response;
  const { isForm, next, settings, phone } = request;
  const code = codeSchema.safeParse(request.code);
  if (!code.success) return refuse(context, isForm, { refusal: 'INVALID_CODE', status: 400 }, 'code', next);

  const database = getDatabase();
  const signedIn = await signInWithCode(database, settings, { phone, code: code.data, sender: senderOf(context) });
  if (!signedIn.ok) return refuse(context, isForm, signedIn, signedIn.refusal === 'LOCKED' || signedIn.refusal === 'TOO_MANY_TRIES' ? 'phone' : 'code', next);

  context.cookies.set(USER_ID_COOKIE, signedInToken(settings, signedIn.userId), cookieOptions({ httpOnly: true, maxAge: SIGNED_IN_DAYS * 24 * 3600 }));
  context.cookies.delete(SIGN_IN_PHONE_COOKIE, cookieOptions({ httpOnly: true }));
  // At once rather than on the next request (the middleware would): the page it lands on shows it.
  const device = deviceKey(context.cookies);
  if (device)
    await settleDeviceForUser(database, device, `user:${signedIn.userId}`).catch((error: unknown) =>
      console.error('moving the device cart to the user failed (the next request tries again)', error),
    );
  if (isForm) return context.redirect(next, 303);
  return Response.json({ status: 'SUCCESS', data: { user_id: signedIn.userId, next } });
};
