import { describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_SECONDS, sessionCookieToSet } from './session.ts';

describe('SPEC §5 session id', () => {
  it('is created for 30 minutes when absent', () => {
    expect(sessionCookieToSet(undefined, () => 'abcdef12-3456')).toEqual({
      name: 'sessionId',
      value: 'abcdef12-3456',
      maxAge: 1800,
    });
    expect(SESSION_LIFETIME_SECONDS).toBe(1800);
  });
  it('is kept when present', () => {
    expect(sessionCookieToSet('0b5c1f0e-95a4-4c35-9a3e-2f1d7c1b2a10')).toBeNull();
  });
  it('is replaced when the cookie holds garbage', () => {
    expect(sessionCookieToSet('<script>')?.value).toMatch(/^[0-9a-f-]{36}$/);
  });
});
