import { describe, expect, it } from 'vitest';
import { describeError, errorPageFallback } from './error-page.ts';

describe('SPEC §2.2 error page', () => {
  it('shows 404 Not Found for status 404, with the bootstrap message', () => {
    expect(describeError({ status: 404 })).toEqual({
      status: 404,
      heading: '404 Not Found',
      detail: 'This page could not be found',
    });
  });
  it('shows the generic message for other errors', () => {
    expect(describeError({ status: 500 }).heading).toBe('Oops! An error occurred');
    expect(describeError({}).heading).toBe('Oops! An error occurred');
  });
  it("shows the error's own message when it has one", () => {
    expect(describeError({ status: 500, message: 'Seller unreachable' }).heading).toBe('Seller unreachable');
  });
  it('shows the no-permission message for errorType=Unauthorized', () => {
    expect(describeError({ errorType: 'Unauthorized', status: 404 }).heading).toBe('You do not have the required permissions to view this page.');
  });
  it('falls back to plain HTML when the error page fails', async () => {
    const response = errorPageFallback();
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('An error occurred while showing the error page');
  });

  it('says it in Hindi on a Hindi page, with lang="hi"', async () => {
    const html = await errorPageFallback('hi').text();
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain('गड़बड़ी का पेज दिखाते समय कोई गड़बड़ी हुई');
  });
});
