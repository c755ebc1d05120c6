import { describe, expect, it, vi } from 'vitest';
import { DROPDOWN_DEBOUNCE_MS, debounce, movedOption } from './search-dropdown.ts';

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

describe('search dropdown keys (WAI-ARIA combobox)', () => {
  it('moves down from the input to the first option and wraps back to the input after the last', () => {
    expect(movedOption(-1, 'ArrowDown', 3)).toBe(0);
    expect(movedOption(1, 'ArrowDown', 3)).toBe(2);
    expect(movedOption(2, 'ArrowDown', 3)).toBe(-1);
  });
  it('moves up from the input to the last option and from the first back to the input', () => {
    expect(movedOption(-1, 'ArrowUp', 3)).toBe(2);
    expect(movedOption(0, 'ArrowUp', 3)).toBe(-1);
  });
  it('has nowhere to go in an empty list', () => {
    expect(movedOption(-1, 'ArrowDown', 0)).toBe(-1);
    expect(movedOption(-1, 'ArrowUp', 0)).toBe(-1);
  });
});
