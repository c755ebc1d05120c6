// SPEC §5 availability and ordering, §4 delivery type, and list paging rules shared by the
// catalogue endpoints and pages.

/** SPEC §5: titles listed ahead of the rest, in this order. */
const TITLE_ORDER = ['searchrelated', 'recommend', 'bestseller'] as const;

function titleRank(title: string | null | undefined) {
  const rank = TITLE_ORDER.indexOf((title ?? '') as (typeof TITLE_ORDER)[number]);
  return rank === -1 ? TITLE_ORDER.length : rank;
}

/** SPEC §5: searchrelated first, then recommend, then bestseller, then the rest in their order. */
export function orderByTitle<T extends { title?: string | null }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => titleRank(a.item.title) - titleRank(b.item.title) || a.index - b.index)
    .map((x) => x.item);
}

/** SPEC §4: the provider's delivery type is now when it has an internal tag named now. */
export function deliveryType(internalTags: readonly string[]): 'now' | 'later' {
  return internalTags.includes('now') ? 'now' : 'later';
}

/**
 * SPEC §5: an item is available when its quantity is above 0 and it passes the availability
 * rules (its store open, its category available); the rest go under Unavailable. The retail app
 * type skips the grouping.
 */
export function groupByAvailability<T>(
  items: readonly T[],
  isAvailable: (item: T) => boolean,
  appType: 'retail' | 'food',
): { available: T[]; unavailable: T[] } {
  if (appType === 'retail') return { available: [...items], unavailable: [] };
  return { available: items.filter(isAvailable), unavailable: items.filter((i) => !isAvailable(i)) };
}

/** SPEC §4: a paginated list is completed when a page comes back empty or smaller than the limit. */
export function isListCompleted(pageLength: number, limit: number): boolean {
  return pageLength === 0 || pageLength < limit;
}

/** SPEC §9: curated lists are complete under 10 results. */
export const CURATED_COMPLETE_BELOW = 10;
