import { describe, expect, it } from 'vitest';
import { listingFilters, listingQuery, readListingState, toggleFacet } from './listing.ts';

describe('listing state in the URL', () => {
  it('reads facets, sort and page, and writes them back', () => {
    const state = readListingState(new URLSearchParams('categoryId=7&brand=Amul&brand=Fortune&sort=price-low-high&page=2'));
    expect(state.picked.brandName).toEqual(['Amul', 'Fortune']);
    expect(state.sort).toBe('price-low-high');
    expect(state.page).toBe(2);
    expect(listingQuery({ categoryId: '7' }, state)).toBe('categoryId=7&brand=Amul&brand=Fortune&sort=price-low-high&page=2');
  });
  it('ignores an unknown sort and a bad page', () => {
    const state = readListingState(new URLSearchParams('sort=cheapest&page=-4'));
    expect(state.sort).toBe('relevance');
    expect(state.page).toBe(0);
  });
  it('turns picked facets into IN filters', () => {
    const state = readListingState(new URLSearchParams('brand=Amul&pack=500%20g'));
    expect(listingFilters(state)).toEqual([
      { type: 'IN', field: 'brandName', value: ['Amul'] },
      { type: 'IN', field: 'packSize', value: ['500 g'] },
    ]);
  });
  it('toggles a facet value and goes back to the first page', () => {
    const state = readListingState(new URLSearchParams('brand=Amul&page=3'));
    expect(toggleFacet(state, 'brandName', 'Amul').picked.brandName).toEqual([]);
    expect(toggleFacet(state, 'brandName', 'Fortune')).toMatchObject({ picked: { brandName: ['Amul', 'Fortune'] }, page: 0 });
  });
});
