import { describe, expect, it, vi } from 'vitest';
import { DROPDOWN_DEBOUNCE_MS, debounce } from './search-dropdown.ts';

describe('search dropdown debounce', () => {
  it('sends one lookup per pause in typing', () => {
    vi.useFakeTimers();
    const lookup = vi.fn();
    const typed = debounce(lookup, DROPDOWN_DEBOUNCE_MS);
    typed('a');
    typed('at');
    vi.advanceTimersByTime(DROPDOWN_DEBOUNCE_MS - 1);
    typed('att');
    typed('atta');
    vi.advanceTimersByTime(DROPDOWN_DEBOUNCE_MS);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('atta');
    vi.useRealTimers();
  });
});
