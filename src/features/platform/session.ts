/** SPEC §5 Other / §9: the session id cookie lives 30 minutes and is created only when absent. */
export const SESSION_COOKIE = 'sessionId';
export const SESSION_LIFETIME_SECONDS = 30 * 60;

const SESSION_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The cookie to set, or null when the shopper already has a usable session id. */
export function sessionCookieToSet(
  existing: string | undefined,
  newId: () => string = () => crypto.randomUUID(),
): { name: string; value: string; maxAge: number } | null {
  if (existing && SESSION_ID.test(existing)) return null;
  return { name: SESSION_COOKIE, value: newId(), maxAge: SESSION_LIFETIME_SECONDS };
}
