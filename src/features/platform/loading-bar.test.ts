import { describe, expect, it, vi } from 'vitest';
import { advanceLoading, finishLoading, loadingBarState, startLoading } from './loading-bar.ts';

describe('SPEC §4 loading bar', () => {
  it('advances without reaching 100 while loading', () => {
    startLoading();
    for (let i = 0; i < 50; i++) advanceLoading();
    expect(loadingBarState().progress).toBeLessThan(100);
    expect(loadingBarState().progress).toBeGreaterThan(80);
  });
  it('goes to 100 and hides after 500 ms', () => {
    vi.useFakeTimers();
    startLoading();
    finishLoading();
    expect(loadingBarState()).toEqual({ progress: 100, visible: true });
    vi.advanceTimersByTime(499);
    expect(loadingBarState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(loadingBarState().visible).toBe(false);
    vi.useRealTimers();
  });
});
