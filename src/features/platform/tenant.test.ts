import { describe, expect, it } from 'vitest';
import { clearsStoredLocale, resolveTenant } from './tenant.ts';

describe('SPEC §1 tenant resolution', () => {
  it('reads the cookie first', () => {
    expect(resolveTenant('ev_delivery', 'mobility')).toBe('ev_delivery');
  });
  it('falls back to session storage when the cookie is absent or unknown', () => {
    expect(resolveTenant(undefined, 'ev_delivery')).toBe('ev_delivery');
    expect(resolveTenant('someone-else', 'ev_delivery')).toBe('ev_delivery');
  });
  it('defaults to the operator tenant (mobility)', () => {
    expect(resolveTenant(undefined, undefined)).toBe('mobility');
    expect(resolveTenant('', null)).toBe('mobility');
  });
  it('clears the stored locale only for ev_delivery', () => {
    expect(clearsStoredLocale('ev_delivery')).toBe(true);
    expect(clearsStoredLocale('mobility')).toBe(false);
  });
});
