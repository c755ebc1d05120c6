import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './encoding.ts';

describe('preferredEncoding', () => {
  it('prefers brotli when offered', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
  });
  it('falls back to gzip', () => {
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
  });
  it('honours q=0 refusals', () => {
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
  });
  it('sends identity when nothing is accepted', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
  });
});
