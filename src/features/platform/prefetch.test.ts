import { describe, expect, it } from 'vitest';
import { shouldPrefetch } from './prefetch.ts';

describe('SPEC §2.1 prefetch policy', () => {
  it('prefetches on 4g and 3g', () => {
    expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '3g', saveData: false })).toBe(true);
  });
  it('skips on 2g (and slow-2g)', () => {
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
  });
  it('skips when data saver is on, whatever the link', () => {
    expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });
  it('prefetches when the browser does not say', () => {
    expect(shouldPrefetch(undefined)).toBe(true);
  });
});
