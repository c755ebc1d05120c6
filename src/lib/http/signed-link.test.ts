import { describe, expect, it } from 'vitest';
import { linkIsSigned, signedLink } from './signed-link.ts';

const KEY = 'private-key';
const NOW = Date.parse('2026-12-06T10:00:00Z');
const query = (link: string) => Object.fromEntries(new URL(link).searchParams) as { expires: string; sig: string };

describe('signed links', () => {
  const link = signedLink(KEY, 'return-photos', 'P1', 'https://shop.example.in/return-photos/P1', 60_000, NOW);

  it('open the thing they were made for until they expire', () => {
    expect(link).toMatch(/^https:\/\/shop\.example\.in\/return-photos\/P1\?expires=\d+&sig=[\w-]+$/);
    expect(linkIsSigned(KEY, 'return-photos', 'P1', query(link), NOW + 59_000)).toBe(true);
    expect(linkIsSigned(KEY, 'return-photos', 'P1', query(link), NOW + 60_000)).toBe(false);
  });

  it('never another thing, another purpose, a changed expiry or another key', () => {
    expect(linkIsSigned(KEY, 'return-photos', 'P2', query(link), NOW)).toBe(false);
    expect(linkIsSigned(KEY, 'complaint-details', 'P1', query(link), NOW)).toBe(false);
    expect(linkIsSigned(KEY, 'return-photos', 'P1', { ...query(link), expires: String(NOW + 120_000) }, NOW)).toBe(false);
    expect(linkIsSigned('other-key', 'return-photos', 'P1', query(link), NOW)).toBe(false);
    expect(linkIsSigned(null, 'return-photos', 'P1', query(link), NOW)).toBe(false);
    expect(linkIsSigned(KEY, 'return-photos', 'P1', { expires: 'soon', sig: '' }, NOW)).toBe(false);
  });
});
