// Money is integer paise inside; rupee strings only at the edges (ONDC wire format, display).

/** ONDC's decimal rupee string ('245.5', '-10.00') to paise, exactly: no floating point. */
export function rupeesToPaise(value: string): number {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new RangeError(`Not a rupee amount: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -paise : paise;
}

/** Paise to ONDC's rupee string with two decimals. */
export function paiseToRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.round(paise));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// Indian grouping (1,23,456) in English and Hindi alike; Western digits in Hindi too (latn), as
// Indian apps write prices.
const formats = {
  en: new Intl.NumberFormat('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2, numberingSystem: 'latn' }),
  hi: new Intl.NumberFormat('hi-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2, numberingSystem: 'latn' }),
} as const;

/** What a shopper reads: ₹ with Indian digit grouping (₹1,23,456.50); whole rupees lose the decimals. */
export function formatRupees(paise: number, locale: keyof typeof formats = 'en'): string {
  const rupees = paise / 100;
  const format = formats[locale];
  const text = Number.isInteger(rupees) ? format.format(rupees) : format.format(rupees).replace(/\.(\d)$/, '.$10');
  return `₹${text}`;
}

/**
 * Splits a total by weights so the parts are whole and add up exactly (largest remainder); a
 * negative total splits as its opposite does, negated.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  if (total < 0) return apportion(-total, weights).map((part) => -part);
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  let left = total - parts.reduce((a, b) => a + b, 0);
  for (const { i } of order) {
    if (left-- <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
  }
  return parts;
}
