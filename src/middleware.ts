import { defineMiddleware } from 'astro:middleware';
import { recordPageView } from '#/features/analytics/page-view.server.ts';
import { deviceKey, shopperKey } from '#/features/platform/shopper.server.ts';
import { identityOf } from '#/features/platform/app-auth.server.ts';
import { settleDeviceForUser, takeShopperAllowance } from '#/features/platform/identity.server.ts';
import { getDatabase } from '#/db/client.ts';
import { cookieOptions } from '#/lib/http/cookies.server.ts';
import { clearsStoredLocale, resolveTenant, TENANT_COOKIE } from '#/features/platform/tenant.ts';
import { chooseLocale, HTML_LANG, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, LOCALE_QUERY, localeSchema } from '#/features/i18n/locale.ts';
import { SESSION_COOKIE, sessionCookieToSet } from '#/features/platform/session.ts';
import { USER_ID_COOKIE } from '#/features/platform/user.ts';
import { PAYMENT_IDENTIFIER_COOKIE } from '#/features/payment/payment.ts';
import { compressResponse } from '#/lib/http/compress.server.ts';
import { NUL_MESSAGE } from '#/lib/http/json.ts';
import { addVary, secureHeaders } from '#/lib/http/security-headers.ts';
import { errorPageFallback } from '#/features/platform/error-page.ts';
import { DELIVERY_LOCATION_COOKIE, readDeliveryLocation } from '#/features/location/delivery-location.ts';
import { OFFLINE_COPY_HEADER, PAGE_PINCODE_HEADER, PUBLIC_PAGES } from '#/features/pwa/cache-rules.ts';

/** Who sent the request, as far as we can tell (TRUST_PROXY decides whether a proxy's word counts). */
function clientAddressOf(context: { clientAddress: string }): string {
  try {
    return context.clientAddress;
  } catch {
    return 'unknown';
  }
}

export const onRequest = defineMiddleware(async (context, next) => {
  const { cookies, request, url } = context;
  // No address or query may carry NUL (PostgreSQL text cannot): refused before any page runs.
  if (/%00/.test(request.url))
    return new Response(JSON.stringify({ status: 'FAILURE', error: { message: NUL_MESSAGE } }), {
      status: 400,
      headers: secureHeaders(new Headers({ 'content-type': 'application/json' })),
    });

  // The service worker's cookieless copy of a public page (issue 24) is not a visit: no session, no page view.
  const offlineCopy = request.headers.has(OFFLINE_COPY_HEADER);
  const newSession = offlineCopy ? null : sessionCookieToSet(cookies.get(SESSION_COOKIE)?.value);
  context.locals.sessionId = newSession?.value ?? cookies.get(SESSION_COOKIE)?.value ?? '';
  if (newSession) {
    // Read by client analytics too (SPEC §7.5 session_id), so not HttpOnly.
    cookies.set(newSession.name, newSession.value, cookieOptions({ maxAge: newSession.maxAge }));
  }
  context.locals.tenant = resolveTenant(cookies.get(TENANT_COOKIE)?.value);
  // Issue 24: the cookie signs a user in only when its token verifies; anything else is the
  // device shopper, whose claimed id may reach analytics marked unverified and nothing more.
  const identity = identityOf(cookies.get(USER_ID_COOKIE)?.value);
  context.locals.userId = identity.verified ? identity.userId : null;
  context.locals.claimedUserId = identity.verified ? identity.userId : identity.claimed;
  const device = deviceKey(cookies);
  if (context.locals.userId && device) {
    await settleDeviceForUser(getDatabase(), device, `user:${context.locals.userId}`).catch((error: unknown) =>
      console.error('moving the device cart to the user failed (the next request tries again)', error),
    );
  }
  const shopper = shopperKey(cookies, context.locals.userId, { create: false });
  const wait = await takeShopperAllowance(
    getDatabase(),
    request.method,
    url.pathname.replace(/(.)\/+$/, '$1'),
    shopper ?? { address: clientAddressOf(context) },
  );
  if (wait !== null) {
    return new Response(JSON.stringify({ status: 'FAILURE', error: { message: `Too many requests: try again in ${wait} s` } }), {
      status: 429,
      headers: secureHeaders(new Headers({ 'content-type': 'application/json', 'retry-after': String(wait), 'cache-control': 'no-store' })),
    });
  }
  // The UPI id used to sit in this script-readable cookie; it is kept server-side now (issue 24).
  if (cookies.has(PAYMENT_IDENTIFIER_COOKIE)) cookies.delete(PAYMENT_IDENTIFIER_COOKIE, cookieOptions({}));
  const storedLocaleCleared = clearsStoredLocale(context.locals.tenant);
  const chosenByAddress = localeSchema.safeParse(url.searchParams.get(LOCALE_QUERY));
  context.locals.locale = chooseLocale({
    query: url.searchParams.get(LOCALE_QUERY),
    cookie: cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: request.headers.get('accept-language'),
    storedLocaleCleared,
  });
  if (storedLocaleCleared) {
    if (cookies.has(LOCALE_COOKIE)) cookies.delete(LOCALE_COOKIE, cookieOptions({ httpOnly: true }));
  } else if (request.method === 'GET' && chosenByAddress.success && cookies.get(LOCALE_COOKIE)?.value !== chosenByAddress.data) {
    // The language switch is a plain link to ?lang=: following it stores the choice for the next pages.
    cookies.set(LOCALE_COOKIE, chosenByAddress.data, cookieOptions({ maxAge: LOCALE_COOKIE_MAX_AGE_S, httpOnly: true }));
  }

  let response: Response;
  try {
    response = await next();
  } catch (error) {
    if (url.pathname !== '/error-page') throw error;
    console.error(error);
    response = errorPageFallback(context.locals.locale);
  }

  const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
  if (request.method === 'GET' && html && !offlineCopy) {
    recordPageView({
      url,
      status: response.status,
      userAgent: request.headers.get('user-agent') ?? '',
      cookies,
      sessionId: context.locals.sessionId,
      shopper: shopperKey(cookies, context.locals.userId, { create: false }),
      tenant: context.locals.tenant,
    });
  }

  const headers = secureHeaders(new Headers(response.headers));
  const publicPage = request.method === 'GET' && html && response.status === 200 && PUBLIC_PAGES.has(url.pathname);
  // A public page asked for with no cookie holds nothing of anyone's, so a browser may keep it (not
  // a shared cache: it may set a session cookie); the service worker keeps only these (pwa/sw.ts).
  // With cookies it shows the shopper's delivery address: no-store, and it says which pincode it
  // was made for, so the worker can ask for that pincode's cookieless copy.
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', publicPage && !request.headers.has('cookie') ? 'private, no-cache' : 'no-store');
  const locationCookie = publicPage ? cookies.get(DELIVERY_LOCATION_COOKIE)?.value : undefined;
  if (locationCookie) headers.set(PAGE_PINCODE_HEADER, readDeliveryLocation(locationCookie).pincode);
  if (html) {
    // The same address answers in the cookie's or the browser's language, and for the pincode asked.
    headers.set('Content-Language', HTML_LANG[context.locals.locale]);
    addVary(headers, ['Accept-Language', 'Cookie', 'pincode']);
  }
  const secured = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  return compressResponse(secured, request.headers.get('accept-encoding'));
});
