/** SPEC §5 units: kilogram(s) → kg, gram(s) → g, litre(s) → L, millilitre(s) → ml. */
export function shortUnit(unit: string): string {
  const u = unit.trim().toLowerCase();
  if (/^kilo ?grams?$/.test(u)) return 'kg';
  if (/^grams?$/.test(u)) return 'g';
  if (/^(millilit(re|er)s?)$/.test(u)) return 'ml';
  if (/^lit(re|er)s?$/.test(u)) return 'L';
  return unit;
}

/** A pack size as a shopper reads it: "500 g", "1 L", "6 unit"→"6 pcs". */
export function packSize(value: string | number | null, unit: string | null): string | null {
  if (value === null || unit === null) return null;
  const short = shortUnit(unit);
  if (short === 'unit') return `${value} pc${Number(value) === 1 ? '' : 's'}`;
  return `${value} ${short}`;
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

/** Discount off MRP in whole percent (0 when there is none). */
export function discountPercent(pricePaise: number, mrpPaise: number): number {
  if (mrpPaise <= 0 || pricePaise >= mrpPaise) return 0;
  return Math.floor(((mrpPaise - pricePaise) / mrpPaise) * 100);
}

/** Whether a name as shown already says its pack size ("Amul Butter 100 g", "…100G"): a card then does not say it twice. */
export function nameSaysPack(shownName: string, pack: string): boolean {
  const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, '');
  const escaped = squeeze(pack).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Whole figures only: "11 kg" does not say "1 kg".
  return new RegExp(`(?<![\\d.])${escaped}(?![a-z])`).test(squeeze(shownName));
}
