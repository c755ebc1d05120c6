/** Where the shopper raises a complaint about an order ("Help with this order"). */
export function helpPath(orderId: string) {
  return `/help?order_id=${encodeURIComponent(orderId)}`;
}

/** One complaint's page: its thread, the resolutions offered and the shopper's next steps. */
export function complaintPath(issueId: string) {
  return `/complaints?issue_id=${encodeURIComponent(issueId)}`;
}

/** Our grievance officer's desk (operator token); with an issue id, that complaint. */
export function grievanceDeskPath(issueId?: string) {
  return issueId ? `/ops/grievances?issue_id=${encodeURIComponent(issueId)}` : '/ops/grievances';
}
