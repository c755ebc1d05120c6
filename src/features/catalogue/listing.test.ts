import { describe, expect, it } from 'vitest';
import { listingFilters, listingQuery, pickedCount, readListingState, resultCount } from './listing.ts';

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
});

describe('the result count (issue 29)', () => {
  const buckets = [
    { value: 'No discount', count: 70 },
    { value: 'Up to 10%', count: 40 },
    { value: '11% – 25%', count: 13 },
  ];
  it('adds up every discount bucket when no discount is picked', () => {
    expect(resultCount(readListingState(new URLSearchParams('brand=Amul')), buckets)).toBe(123);
  });
  it('adds up only the picked discount buckets', () => {
    expect(resultCount(readListingState(new URLSearchParams('disc=Up%20to%2010%25&disc=11%25%20%E2%80%93%2025%25')), buckets)).toBe(53);
  });
  it('is 0 for an empty listing', () => {
    expect(resultCount(readListingState(new URLSearchParams()), [])).toBe(0);
  });
});

describe('the filter button badge (issue 29)', () => {
  it('counts picked facet values and a sort other than relevance', () => {
    expect(pickedCount(readListingState(new URLSearchParams('brand=Amul&brand=Fortune&pack=1%20kg&sort=discount')))).toBe(4);
    expect(pickedCount(readListingState(new URLSearchParams('categoryId=7')))).toBe(0);
  });
});
