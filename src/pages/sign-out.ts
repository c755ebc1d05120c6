import type { APIRoute } from 'astro';
import { USER_ID_COOKIE } from '#/features/platform/user.ts';
import { cookieOptions } from '#/lib/http/cookies.server.ts';

/**
 * Issue 29 POST /sign-out: the device is its anonymous shopper again (its device cookie stays; the
 * cart that moved to the user stays with the user). A plain form lands on home; a script gets JSON.
 */
export const POST: APIRoute = ({ request, cookies, redirect }) => {
  cookies.delete(USER_ID_COOKIE, cookieOptions({ httpOnly: true }));
  if ((request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) return redirect('/', 303);
  return Response.json({ status: 'SUCCESS' });
};
