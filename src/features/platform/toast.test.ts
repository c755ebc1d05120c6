import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts, showToast } from './toast.ts';

describe('SPEC §4 toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
    $toasts.set([]);
  });
  it('clears a cart toast after 3000 ms', () => {
    vi.useFakeTimers();
    showToast('Failed to update quantity', 'cart');
    vi.advanceTimersByTime(2999);
    expect($toasts.get().map((t) => t.message)).toEqual(['Failed to update quantity']);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });
  it('clears a default toast after 2 s', () => {
    vi.useFakeTimers();
    showToast('Something went wrong!');
    vi.advanceTimersByTime(1999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });
  it('replaces a showing toast with the same message instead of piling it up', () => {
    vi.useFakeTimers();
    showToast('Updated item quantity');
    vi.advanceTimersByTime(1500);
    showToast('Updated item quantity');
    expect($toasts.get().map((t) => t.message)).toEqual(['Updated item quantity']);
    vi.advanceTimersByTime(1999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });
});
