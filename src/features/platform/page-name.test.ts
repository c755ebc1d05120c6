import { describe, expect, it } from 'vitest';
import { analyticsPageName } from './page-name.ts';

describe('SPEC §2.1 analytics page names', () => {
  it('names the home route home_page', () => {
    expect(analyticsPageName('/')).toBe('home_page');
    expect(analyticsPageName('')).toBe('home_page');
  });
  it('uses the first path segment plus _page', () => {
    expect(analyticsPageName('/stores')).toBe('stores_page');
    expect(analyticsPageName('/grocery-category/')).toBe('grocery-category_page');
    expect(analyticsPageName('/order-history/123/items')).toBe('order-history_page');
  });
});
