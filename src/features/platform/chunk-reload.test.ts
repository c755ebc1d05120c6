import { describe, expect, it } from 'vitest';
import { isChunkLoadError, shouldReloadAfterChunkError } from './chunk-reload.ts';

describe('SPEC §8 chunk load failure reload', () => {
  const now = 1_700_000_000_000;
  it('reloads when it never reloaded before', () => {
    expect(shouldReloadAfterChunkError(null, now)).toBe(true);
  });
  it('does not reload twice within a minute', () => {
    expect(shouldReloadAfterChunkError(now - 59_999, now)).toBe(false);
  });
  it('reloads again once a minute has passed', () => {
    expect(shouldReloadAfterChunkError(now - 60_000, now)).toBe(true);
  });
  it('recognises failed module loads and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Something went wrong'))).toBe(false);
  });
});
