import { describe, expect, it } from 'vitest';
import { addVary, SECURITY_HEADERS, secureHeaders } from './security-headers.ts';

describe('security headers', () => {
  it("adds to Astro's hashed policy once, however often a response passes", () => {
    const headers = new Headers({ 'Content-Security-Policy': "script-src 'self' 'sha256-abc';" });
    secureHeaders(secureHeaders(headers));
    expect(headers.get('Content-Security-Policy')).toBe(`script-src 'self' 'sha256-abc'; ${SECURITY_HEADERS['Content-Security-Policy']}`);
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('names each request header in Vary once, whatever its case', () => {
    const headers = new Headers({ Vary: 'accept-encoding' });
    addVary(headers, ['Accept-Language', 'Cookie']);
    addVary(headers, ['Accept-Encoding', 'Cookie', 'pincode']);
    expect(headers.get('Vary')).toBe('accept-encoding, Accept-Language, Cookie, pincode');
  });
});
