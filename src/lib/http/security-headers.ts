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

/**
 * Adds the security headers to a response's headers; Astro's own CSP (hashes) is kept and added to,
 * once: a page Astro renders again as its 404 passes the middleware twice.
 */
export function secureHeaders(headers: Headers): Headers {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    const existing = headers.get(name);
    if (existing?.includes(value)) continue;
    headers.set(name, existing && name === 'Content-Security-Policy' ? `${existing.replace(/;\s*$/, '')}; ${value}` : value);
  }
  return headers;
}

/** Adds request headers to a response's Vary, each once (a 404 page passes the middleware twice). */
export function addVary(headers: Headers, names: readonly string[]): Headers {
  const present = new Set(
    (headers.get('Vary') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  for (const name of names) if (!present.has(name.toLowerCase())) headers.append('Vary', name);
  return headers;
}
