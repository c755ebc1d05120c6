import { describe, expect, it, vi } from 'vitest';
import { $loadingBar, advanceLoading, finishLoading, startLoading } from './loading-bar.ts';

describe('SPEC §4 loading bar', () => {
  it('advances without reaching 100 while loading', () => {
    startLoading();
    for (let i = 0; i < 50; i++) advanceLoading();
    expect($loadingBar.get().progress).toBeLessThan(100);
    expect($loadingBar.get().progress).toBeGreaterThan(80);
  });
  it('goes to 100 and hides after 500 ms', () => {
    vi.useFakeTimers();
    startLoading();
    finishLoading();
    expect($loadingBar.get()).toEqual({ progress: 100, visible: true });
    vi.advanceTimersByTime(499);
    expect($loadingBar.get().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect($loadingBar.get().visible).toBe(false);
    vi.useRealTimers();
  });
});
