// Lists the tests that passed only on their retry (vitest.config.ts retries once in CI, as
// Playwright does): they are counted as passed, and printed, so a flake is seen and fixed rather
// than costing a whole CI run.
import { appendFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

/** Where tests/run.ts reads the list, one line a test. */
const FLAKY_LIST = process.env.TEST_FLAKY_LIST;

export default class FlakyReporter implements Reporter {
  onTestCaseResult(testCase: TestCase) {
    if (!testCase.diagnostic()?.flaky) return;
    const line = `${testCase.module.moduleId.replace(`${process.cwd()}/`, '')} › ${testCase.fullName}`;
    // What the failed attempt said: the run's report keeps only the retry that passed.
    const first = testCase.result().errors?.[0];
    console.log(`flaky (passed on retry): ${line}${first ? `\n  first attempt: ${first.message}\n${first.stack ?? ''}` : ''}`);
    if (FLAKY_LIST) appendFileSync(FLAKY_LIST, `${line}\n`);
  }
}
