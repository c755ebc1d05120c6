// The journeys' `test`: Playwright's, failing any test whose pages threw (an uncaught error or a
// React hydration mismatch). A shopper never sees those in the page, so no other assertion would.
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (page: Page) => page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(errors);
      expect(errors, 'errors thrown in the page').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * A picture for a person to look at (tests/e2e/artifacts, ignored by git): what a journey showed,
 * read when its pages change. CI throws its clone away unread, so there the journeys take none
 * unless E2E_SCREENSHOTS=1: on a phone's 2× screen a full-page capture is a few hundred ms of the
 * browser's CPU, ~10% of the journeys' (issue 27, BENCHMARKS "Session 21").
 */
export async function screenshot(target: Pick<Page | Locator, 'screenshot'>, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return;
  await target.screenshot(options);
}

export { expect };
export type { Locator, Page, Request } from '@playwright/test';
