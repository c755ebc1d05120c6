import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { releaseAfterBursts } from './memory.server.ts';

const MB = 1024 * 1024;

describe('releaseAfterBursts under sustained load (issue 30)', () => {
  let rss = 200 * MB;
  const gc = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    gc.mockReset();
    vi.stubGlobal('gc', gc);
    vi.spyOn(process.memoryUsage, 'rss').mockImplementation(() => rss);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('gives back what the load freed while it goes on, at most every 2 s, and all of it once quiet', () => {
    const work = releaseAfterBursts(2_000);
    // Requests overlap all along: the burst never has a quiet moment.
    work.begin();
    const request = () => {
      work.begin();
      work.end();
    };
    rss += 10 * MB;
    request();
    expect(gc).not.toHaveBeenCalled();
    rss += 30 * MB;
    vi.advanceTimersByTime(2_000);
    request();
    expect(gc).toHaveBeenCalledTimes(1);
    // Grown again at once: not again within 2 s, then yes.
    rss += 40 * MB;
    vi.advanceTimersByTime(1_000);
    request();
    expect(gc).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    request();
    expect(gc).toHaveBeenCalledTimes(2);
    // The load ends without growing further: once quiet, what it held still goes back.
    work.end();
    vi.advanceTimersByTime(2_000);
    expect(gc).toHaveBeenCalledTimes(3);
  });
});
