/**
 * SPEC §6 user blacklist: native-app user ids the operator has paused (USER_BLACKLIST, a comma-
 * separated list, empty by default). Only signed-in users can be listed: an anonymous device id
 * is a cookie the shopper can throw away, so listing it would stop nobody.
 */
export const USER_BLACKLISTED_MESSAGE = 'Ordering is paused for your account';

export function readUserBlacklist(env: Record<string, string | undefined>): ReadonlySet<string> {
  return new Set(
    (env['USER_BLACKLIST'] ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  );
}

export function isUserBlacklisted(userId: string | null, blacklist: ReadonlySet<string>): boolean {
  return userId !== null && blacklist.has(userId);
}
