import { signAppTokenHs256, TEST_APP_AUTH_SECRET } from '#/features/platform/app-token.ts';

/** What every test server is started with, so the tokens below sign a shopper in (issue 24). */
export const TEST_APP_AUTH_ENV = { APP_AUTH_SECRET: TEST_APP_AUTH_SECRET } as const;

/** A day: longer than any test run, as the app's own tokens outlive a shopping trip. */
const TEST_TOKEN_LIFETIME_S = 24 * 3600;

/**
 * The value a test puts in the native app's `userId` cookie to be signed in as `userId`: a token
 * signed with the test secret, as the app's backend signs one with the shop's (README, "Security").
 * Every test that signs a shopper in goes through here.
 */
export function userIdCookieValue(userId: string): string {
  const now = Math.floor(Date.now() / 1000);
  return signAppTokenHs256({ sub: userId, iat: now, exp: now + TEST_TOKEN_LIFETIME_S }, TEST_APP_AUTH_SECRET);
}
