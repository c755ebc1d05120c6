import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runPeriodically } from './periodic.server.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('runPeriodically', () => {
  it('runs first after firstMs, then every everyMs, and not after the stop', async () => {
    const task = vi.fn(async () => undefined);
    const stop = runPeriodically('chore', task, { firstMs: 0, everyMs: 1000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(task).toHaveBeenCalledTimes(4);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(4);
  });

  it('skips the ticks a slow run overlaps, never running two at once', async () => {
    let running = 0;
    let most = 0;
    const task = vi.fn(async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      running--;
    });
    const stop = runPeriodically('slow chore', task, { firstMs: 1000, everyMs: 1000 });
    await vi.advanceTimersByTimeAsync(6000);
    stop();
    expect(most).toBe(1);
    // Runs start at 1 s and 4 s (the ticks at 2 and 3 s fall inside the first); the next one at 7 s.
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('logs a failure and tries again at the next tick', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const task = vi.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValue(undefined);
    const stop = runPeriodically('recon', task, { firstMs: 0, everyMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    stop();
    expect(logged).toHaveBeenCalledWith('recon failed', expect.any(Error));
    expect(task).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });
});
