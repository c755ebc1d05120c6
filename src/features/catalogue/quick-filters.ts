/** SPEC §5 quick filters on the store list, with their exact thresholds. */
export const QUICK_FILTERS = {
  fastDelivery: { label: 'Fast delivery', maxMinutes: 30 },
  offer: { label: 'Offers', minDiscountPercent: 5 },
  rating: { label: 'Rated 4+', minRating: 4 },
  cost: { label: 'Under ₹300', maxAveragePaise: 300_00 },
  isVeg: { label: 'Pure veg' },
} as const;
export type QuickFilter = keyof typeof QUICK_FILTERS;

export interface StoreFacts {
  tatMinutes: number | null;
  bestDiscountPercent: number;
  rating: number | null;
  averagePricePaise: number | null;
  foodType: 'VEG' | 'NON_VEG' | 'MIXED';
}

export function passesQuickFilter(store: StoreFacts, filter: QuickFilter): boolean {
  switch (filter) {
    case 'fastDelivery':
      return store.tatMinutes !== null && store.tatMinutes <= QUICK_FILTERS.fastDelivery.maxMinutes;
    case 'offer':
      return store.bestDiscountPercent >= QUICK_FILTERS.offer.minDiscountPercent;
    case 'rating':
      return store.rating !== null && store.rating >= QUICK_FILTERS.rating.minRating;
    case 'cost':
      return store.averagePricePaise !== null && store.averagePricePaise <= QUICK_FILTERS.cost.maxAveragePaise;
    case 'isVeg':
      return store.foodType === 'VEG';
  }
}
