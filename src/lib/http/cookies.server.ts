// Issue 24: every cookie we set is `Secure` when the shop's public address is https, so a shopper
// on a network that rewrites plain-http answers never sends it there. One rule for all of them.

/** Whether cookies must be Secure: PUBLIC_SITE_URL is https (behind the TLS proxy in production). */
function secureCookies(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env['PUBLIC_SITE_URL'] ?? '').toLowerCase().startsWith('https:');
}

/** Options every cookie we set carries: the whole site, not sent by other sites' posts, Secure on https. */
export function cookieOptions<T extends object>(options: T): T & { path: string; sameSite: 'lax'; secure: boolean } {
  return { path: '/', sameSite: 'lax', secure: secureCookies(), ...options };
}
