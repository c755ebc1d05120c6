/** SPEC §7 items calls a listing and a search make, as JSON bodies: the load the catalogue and memory benches send. */
export const itemsCallBodies = [
  { filters: [{ type: 'IN', field: 'categoryId', value: [7] }], sort: 'relevance' },
  { filters: [{ type: 'IN', field: 'categoryId', value: [101] }], sort: 'price-low-high' },
  { filters: [{ type: 'IN', field: 'categoryId', value: [2] }], sort: 'discount', page: 2 },
  { filters: [{ type: 'IN', field: 'brandName', value: ['Amul', 'Fortune'] }], sort: 'price-high-low' },
  { searchText: 'atta' },
  { searchText: 'aloo' },
].map((b) => JSON.stringify({ limit: 20, ...b }));
