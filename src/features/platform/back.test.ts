import { describe, expect, it } from 'vitest';
import { backTarget } from './back.ts';

describe('SPEC §2.1 back action', () => {
  it('goes home from the provider page', () => {
    expect(backTarget('/brand', 5)).toEqual({ kind: 'home', href: '/' });
    expect(backTarget('/brand-new/', 5)).toEqual({ kind: 'home', href: '/' });
  });
  it('goes home when history has one entry or fewer', () => {
    expect(backTarget('/stores', 1)).toEqual({ kind: 'home', href: '/' });
    expect(backTarget('/stores', 0)).toEqual({ kind: 'home', href: '/' });
  });
  it('goes back one step otherwise', () => {
    expect(backTarget('/stores', 2)).toEqual({ kind: 'history' });
    expect(backTarget('/brand-search', 3)).toEqual({ kind: 'history' });
  });
});
