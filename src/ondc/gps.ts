// ONDC gps as the buyer app sends it: "lat,lng" with six decimals each (about 11 cm), as ONDC's
// Pramaan engine checks in select, init and confirm.

/** "12.97,77.5946" → "12.970000,77.594600"; the lat_long the checkout validated (select.ts). */
export function wireGps(latLong: string): string {
  return latLong
    .split(',')
    .map((part) => Number(part.trim()).toFixed(6))
    .join(',');
}
