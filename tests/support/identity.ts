/**
 * The value a test puts in the native app's `userId` cookie to be signed in as `userId`.
 * Every test that signs a shopper in goes through here, so the cookie's format (issue 24: a
 * signed token) is decided in one place.
 */
export function userIdCookieValue(userId: string): string {
  return userId;
}
