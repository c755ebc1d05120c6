// The server's timed chores (finishing checkouts, recons, catalogue refreshes, pruning): a run
// still going when the next tick comes skips that tick, so a slow database never stacks two of
// the same chore; a failure is logged and the next tick tries again; no timer holds the process.

/** Runs `task` after `firstMs`, then every `everyMs`, never two at once; returns the stop. */
export function runPeriodically(name: string, task: () => Promise<unknown>, { firstMs, everyMs }: { firstMs: number; everyMs: number }): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    void task()
      .catch((error: unknown) => console.error(`${name} failed`, error))
      .finally(() => (running = false));
  };
  const first = setTimeout(run, firstMs);
  first.unref();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
