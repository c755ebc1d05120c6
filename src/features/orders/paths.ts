/** One order's page: the order history's detail view (SPEC §2.1 has no separate route for it). */
export function orderPath(orderId: string) {
  return `/order-history?order_id=${encodeURIComponent(orderId)}`;
}
