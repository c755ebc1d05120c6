import { describe, expect, it } from 'vitest';
import { isChunkLoadError, isFailedChunk, shouldReloadAfterChunkError } from './chunk-reload.ts';

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
  it('never reloads without a connection: the chunk was not replaced, the network is down (issue 15)', () => {
    expect(shouldReloadAfterChunkError(null, now, false)).toBe(false);
    expect(shouldReloadAfterChunkError(null, now, true)).toBe(true);
  });
  it('recognises failed module loads and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Something went wrong'))).toBe(false);
  });
  it('sees a chunk of ours that failed to load in resource timing', () => {
    const entry = { name: 'http://x/_astro/AddToCartButton.QxffPWJn.js', initiatorType: 'other', transferSize: 300, responseStatus: 404 };
    expect(isFailedChunk(entry)).toBe(true);
    expect(isFailedChunk({ ...entry, responseStatus: 200 })).toBe(false);
    expect(isFailedChunk({ ...entry, name: 'http://x/images/a.svg' })).toBe(false);
    expect(isFailedChunk({ ...entry, responseStatus: 0, transferSize: 0 })).toBe(true);
  });
});
