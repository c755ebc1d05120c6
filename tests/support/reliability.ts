// The reliability suite runs bounded in CI and in full under `npm run bench -- reliability`
// (RELIABILITY=full); each test picks its size from here, and an explicit variable wins.

const FULL = process.env['RELIABILITY'] === 'full';

/** The CI size or the full size of a test, or the number given in `variable`. */
export function sized(variable: string, ci: number, full: number): number {
  const given = Number(process.env[variable]);
  return Number.isFinite(given) && given > 0 ? given : FULL ? full : ci;
}

/** A figure for BENCHMARKS.md: one JSON line the bench run collects at the end. */
export function report(figures: Record<string, unknown>) {
  console.log(`reliability ${JSON.stringify(figures)}`);
}
