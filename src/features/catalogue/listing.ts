// The grocery listing's state lives in the URL (issue 4: a link reproduces the view): which
// facets are picked, the sort, the page. This module reads and writes that state.
import { SORTS, type Filter, type SortName } from './catalogue.ts';

/** SPEC §3 grocery filter categories, Brands first (selected by default), and their URL keys. */
export const FACETS = [
  { field: 'brandName', label: 'Brands', param: 'brand' },
  { field: 'itemQuantityBucket', label: 'Quantity', param: 'qty' },
  { field: 'discountBucket', label: 'Discount', param: 'disc' },
  { field: 'packSize', label: 'Pack size', param: 'pack' },
] as const;
export type FacetField = (typeof FACETS)[number]['field'];

export const SORT_LABELS: Record<'relevance' | 'discount' | 'price-low-high' | 'price-high-low', string> = {
  relevance: 'Relevance',
  discount: 'Discount',
  'price-low-high': 'Price: low to high',
  'price-high-low': 'Price: high to low',
};

export interface ListingState {
  picked: Record<FacetField, string[]>;
  sort: SortName;
  page: number;
}

export function readListingState(params: URLSearchParams): ListingState {
  const picked = Object.fromEntries(
    FACETS.map((f) => [
      f.field,
      params
        .getAll(f.param)
        .filter((v) => v.length > 0 && v.length <= 100)
        .slice(0, 20),
    ]),
  ) as Record<FacetField, string[]>;
  const sortParam = params.get('sort') ?? 'relevance';
  const sort = (SORTS as readonly string[]).includes(sortParam) ? (sortParam as SortName) : 'relevance';
  const page = Math.min(500, Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0));
  return { picked, sort, page };
}

export function listingFilters(state: ListingState): Filter[] {
  return FACETS.filter((f) => state.picked[f.field].length > 0).map((f) => ({ type: 'IN', field: f.field, value: state.picked[f.field] }));
}

export function hasPickedFilters(state: ListingState): boolean {
  return FACETS.some((f) => state.picked[f.field].length > 0);
}

/** The query of a listing URL for a state (page 0 and relevance are left out). */
export function listingQuery(base: Record<string, string>, state: ListingState): string {
  const search = new URLSearchParams(base);
  for (const f of FACETS) for (const v of state.picked[f.field]) search.append(f.param, v);
  if (state.sort !== 'relevance') search.set('sort', state.sort);
  if (state.page > 0) search.set('page', String(state.page));
  return search.toString();
}

/** The discount facet's field: every item falls in exactly one of its buckets. */
const DISCOUNT_FIELD: FacetField = 'discountBucket';

/**
 * How many items the listing holds (issue 29's "123 items"), from the discount facet's counts:
 * every item has one discount bucket and those counts leave the discount pick out, so the buckets
 * picked (all of them when none is) add up to the listing, without another query.
 */
export function resultCount(state: ListingState, discountBuckets: ReadonlyArray<{ value: string; count: number }>): number {
  const picked = state.picked[DISCOUNT_FIELD];
  return discountBuckets.filter((b) => picked.length === 0 || picked.includes(b.value)).reduce((sum, b) => sum + b.count, 0);
}

/** How many facet values and non-default sort the shopper has set: the filter button's badge. */
export function pickedCount(state: ListingState): number {
  return FACETS.reduce((sum, f) => sum + state.picked[f.field].length, 0) + (state.sort === 'relevance' ? 0 : 1);
}
