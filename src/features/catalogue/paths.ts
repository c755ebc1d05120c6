// Every catalogue URL built in one place (STYLE: paths.ts), so links and canonicals agree.

export function providerUrl(provider: { id: string; locationId: string }) {
  return `/brand?provider_id=${encodeURIComponent(provider.id)}&location_id=${encodeURIComponent(provider.locationId)}`;
}

/** A listing URL with its filter and sort state, so a link reproduces the view. */
export function listingUrl(base: string, params: Record<string, string | number | readonly string[] | undefined | null>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, v);
    else search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

/** An item's product page (issue 29): the store and the item, as ONDC names them. */
export function productUrl(item: { providerId: string; itemId: string }) {
  return `/product?provider_id=${encodeURIComponent(item.providerId)}&item_id=${encodeURIComponent(item.itemId)}`;
}
