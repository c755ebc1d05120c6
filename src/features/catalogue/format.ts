// SPEC §5 units: kilogram(s) → kg, gram(s) → g, litre(s) → L, millilitre(s) → ml. One list read
// by shortUnit and by packSizeSql, so a card, the cart and the pack-size facet say the same.
const UNIT_NAMES: ReadonlyArray<{ pattern: string; short: string }> = [
  { pattern: '^kilo ?grams?$', short: 'kg' },
  { pattern: '^grams?$', short: 'g' },
  { pattern: '^millilit(re|er)s?$', short: 'ml' },
  { pattern: '^lit(re|er)s?$', short: 'L' },
];

/** SPEC §5 units; a unit it does not name ('dozen', 'unit') stays as written. */
export function shortUnit(unit: string): string {
  const u = unit.trim().toLowerCase();
  return UNIT_NAMES.find((name) => new RegExp(name.pattern).test(u))?.short ?? unit;
}

/**
 * A pack size as a shopper reads it: "500 g", "1 L", "0.5 kg" (as the seller's "0.50"), "6 unit"
 * → "6 pcs". Sellers write the same figure with or without trailing zeros; it is one pack size.
 */
export function packSize(value: string | number | null, unit: string | null): string | null {
  if (value === null || unit === null) return null;
  const figure = String(Number(value));
  const short = shortUnit(unit);
  if (short === 'unit') return `${figure} pc${Number(value) === 1 ? '' : 's'}`;
  return `${figure} ${short}`;
}

/** packSize in SQL over catalogue_items alias `i` (its numeric pack_value and text pack_unit). */
export function packSizeSql(i: string): string {
  const u = `lower(trim(${i}.pack_unit))`;
  const figure = `trim_scale(${i}.pack_value)::text`;
  const short = UNIT_NAMES.map((name) => `WHEN ${u} ~ '${name.pattern}' THEN ' ${name.short}'`).join(' ');
  return `(${figure} || CASE ${short}
    WHEN ${i}.pack_unit = 'unit' THEN CASE WHEN ${i}.pack_value = 1 THEN ' pc' ELSE ' pcs' END
    ELSE ' ' || ${i}.pack_unit END)`;
}

/** SPEC §9 review buckets: 10+, 100+, 1k+ (fewer than 10 show as they are). */
export function reviewBucket(count: number): string {
  if (count >= 1000) return '1k+';
  if (count >= 100) return '100+';
  if (count >= 10) return '10+';
  return String(count);
}

/** SPEC §9 truncation lengths. */
export const TRUNCATE = { itemName: 31, providerName: 18, tag: 12 } as const;

/** Cuts text to `max` characters plus an ellipsis (SPEC §9: 18, 12 and 31). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Discount off MRP in whole percent, rounded down (0 when there is none): what a card and a
 * product page say, what the discount facet buckets, the discount sort orders by and the "Offer"
 * quick filter (SPEC §5: at least 5) reads of a store's best item.
 */
export function discountPercent(pricePaise: number, mrpPaise: number): number {
  if (mrpPaise <= 0 || pricePaise >= mrpPaise) return 0;
  // Whole paise times 100 first, one division last: (2900 / 10000) * 100 is 28.999…, not 29.
  return Math.floor(((mrpPaise - pricePaise) * 100) / mrpPaise);
}

/** discountPercent in SQL over catalogue_items alias `i`. */
export function discountPercentSql(i: string): string {
  return `(CASE WHEN ${i}.mrp_paise > 0 AND ${i}.mrp_paise > ${i}.price_paise THEN floor((${i}.mrp_paise - ${i}.price_paise)::numeric * 100 / ${i}.mrp_paise) ELSE 0 END)`;
}

/** Whether a name as shown already says its pack size ("Amul Butter 100 g", "…100G"): a card then does not say it twice. */
export function nameSaysPack(shownName: string, pack: string): boolean {
  const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, '');
  const escaped = squeeze(pack).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Whole figures only: "11 kg" does not say "1 kg".
  return new RegExp(`(?<![\\d.])${escaped}(?![a-z])`).test(squeeze(shownName));
}
