/**
 * Headers every response carries. Script and style sources are governed by the hashed CSP that
 * Astro writes into each page (astro.config.mjs `security.csp`); a header policy naming
 * script-src would override those hashes, so this one only adds what a meta tag cannot express.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "frame-ancestors 'self'; object-src 'none'; base-uri 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'geolocation=(self), camera=(self), microphone=(), payment=(self)',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Adds the security headers to a response's headers; Astro's own CSP (hashes) is kept and added to. */
export function secureHeaders(headers: Headers): Headers {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    const existing = headers.get(name);
    headers.set(name, existing && name === 'Content-Security-Policy' ? `${existing.replace(/;\s*$/, '')}; ${value}` : value);
  }
  return headers;
}
