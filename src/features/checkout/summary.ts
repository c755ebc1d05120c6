// SPEC §9 "price and charge lines": the order summary a shopper reads before paying, built from
// the seller's quote plus what the storefront adds (delivery benefit, platform fee, coupon, coins).
import { formatRupees, rupeesToPaise } from '#/lib/money.ts';
import type { Quote } from './quote-check.ts';
import { isTipLine } from '#/ondc/tip.ts';

export interface SummaryInput {
  quote: Quote;
  /** SPEC §3 movDetails: the seller's delivery fee and the fee after the storefront's benefit, paise. */
  delivery?: { sellerFeePaise: number; finalFeePaise: number } | undefined;
  /** SPEC §3 platform_fee, when is_platform_fee_applicable. */
  platformFee?: { feePaise: number; taxPaise: number } | undefined;
  /** The applied coupon's discount (SPEC §5 offers). */
  couponDiscountPaise?: number | undefined;
  /** Coins burned (SPEC §5 coins), named for the coin programme. */
  coins?: { programme: string; discountPaise: number } | undefined;
}

export type SummaryLine =
  | { kind: 'item'; label: string; count: number; amountPaise: number; amount: string }
  | { kind: 'delivery'; label: 'Delivery charges'; amountPaise: number; amount: string; struck: string | null; benefit: 'Free delivery' | null }
  | { kind: 'platform-fee'; label: 'Platform fee'; amountPaise: number; amount: string; tax: string }
  | { kind: 'taxes'; label: 'Taxes & other charges'; amountPaise: number; amount: string }
  /** One of the charges "Taxes & other charges" adds up, by the seller's ONDC title (issue 28). */
  | { kind: 'charge'; label: string; amountPaise: number; amount: string }
  | { kind: 'discount'; label: string; amountPaise: number; amount: string }
  /** Issue 29: the shopper's tip, all of it the rider's (ondc/tip.ts). */
  | { kind: 'tip'; label: 'Rider tip'; amountPaise: number; amount: string }
  | { kind: 'total'; label: 'Total'; amountPaise: number; amount: string };

const DISCOUNT_LABEL = 'Discount';
const STORE_DISCOUNT_LABEL = 'Store discount';
const TOTAL_DISCOUNT_LABEL = 'Total discount';

// Title types that are neither goods, delivery nor discount: they read as one line.
const OTHER_CHARGE_TYPES = new Set(['tax', 'packing', 'misc', 'others', 'SmallCartFee']);

const PLATFORM_FEE_TAX_LABEL = 'Tax on platform fee';

/** The quote's other charges, one per title in the order the seller lists them. */
function chargesByTitle(quote: Quote): Array<{ title: string; paise: number }> {
  const charges = new Map<string, number>();
  for (const entry of quote.breakup) {
    if (!OTHER_CHARGE_TYPES.has(entry['@ondc/org/title_type']) || isTipLine(entry)) continue;
    charges.set(entry.title, (charges.get(entry.title) ?? 0) + rupeesToPaise(entry.price.value));
  }
  return [...charges].filter(([, paise]) => paise !== 0).map(([title, paise]) => ({ title, paise }));
}

/** The tip the seller quoted (its "Tip" line), in paise. */
export function tipPaise(quote: Quote): number {
  return quote.breakup.filter(isTipLine).reduce((total, e) => total + rupeesToPaise(e.price.value), 0);
}

const discountLine = (label: string, paise: number): SummaryLine => ({ kind: 'discount', label, amountPaise: paise, amount: `-${formatRupees(paise)}` });

export function orderSummary(input: SummaryInput): SummaryLine[] {
  const lines: SummaryLine[] = [];
  const sumOf = (keep: (type: string) => boolean) =>
    input.quote.breakup.filter((e) => keep(e['@ondc/org/title_type']) && !isTipLine(e)).reduce((total, e) => total + rupeesToPaise(e.price.value), 0);

  let itemsPaise = 0;
  for (const entry of input.quote.breakup) {
    if (entry['@ondc/org/title_type'] !== 'item') continue;
    const paise = rupeesToPaise(entry.price.value);
    itemsPaise += paise;
    lines.push({ kind: 'item', label: entry.title, count: entry['@ondc/org/item_quantity']?.count ?? 1, amountPaise: paise, amount: formatRupees(paise) });
  }

  const sellerFee = input.delivery?.sellerFeePaise ?? sumOf((t) => t === 'delivery');
  const finalFee = Math.min(input.delivery?.finalFeePaise ?? sellerFee, sellerFee);
  lines.push({
    kind: 'delivery',
    label: 'Delivery charges',
    amountPaise: finalFee,
    amount: formatRupees(finalFee),
    // The seller's fee is struck through when the shopper pays less; at 0 the benefit is named.
    struck: finalFee < sellerFee ? formatRupees(sellerFee) : null,
    benefit: finalFee === 0 ? 'Free delivery' : null,
  });

  const platform = input.platformFee ?? { feePaise: 0, taxPaise: 0 };
  if (input.platformFee) {
    lines.push({
      kind: 'platform-fee',
      label: 'Platform fee',
      amountPaise: platform.feePaise,
      amount: formatRupees(platform.feePaise),
      tax: formatRupees(platform.taxPaise),
    });
  }

  const otherPaise = sumOf((t) => OTHER_CHARGE_TYPES.has(t)) + platform.taxPaise;
  if (otherPaise > 0) {
    lines.push({ kind: 'taxes', label: 'Taxes & other charges', amountPaise: otherPaise, amount: formatRupees(otherPaise) });
    // Issue 28: itemised from the first quote, each charge once by its title (the per-item "Tax"
    // lines of a quote read as one), so the bill before payment is the bill after it.
    for (const charge of chargesByTitle(input.quote))
      lines.push({ kind: 'charge', label: charge.title, amountPaise: charge.paise, amount: formatRupees(charge.paise) });
    if (platform.taxPaise > 0)
      lines.push({ kind: 'charge', label: PLATFORM_FEE_TAX_LABEL, amountPaise: platform.taxPaise, amount: formatRupees(platform.taxPaise) });
  }

  // Issue 29: the tip is its own line, never among the charges and never discounted.
  const tip = tipPaise(input.quote);
  if (tip > 0) lines.push({ kind: 'tip', label: 'Rider tip', amountPaise: tip, amount: formatRupees(tip) });

  const coins = input.coins && input.coins.discountPaise > 0 ? input.coins : null;
  const coupon = input.couponDiscountPaise ?? 0;
  const store = -sumOf((t) => t === 'discount');
  if (coins) lines.push(discountLine(`${coins.programme} discount`, coins.discountPaise));
  if (coupon > 0) lines.push(discountLine(DISCOUNT_LABEL, coupon));
  if (store > 0) lines.push(discountLine(STORE_DISCOUNT_LABEL, store));
  const totalDiscount = (coins?.discountPaise ?? 0) + coupon + store;
  // Issue 28: with one source, "Total discount" would repeat it and read as a second discount.
  const sources = [coins?.discountPaise ?? 0, coupon, store].filter((paise) => paise > 0).length;
  if (sources > 1) lines.push(discountLine(TOTAL_DISCOUNT_LABEL, totalDiscount));

  const total = Math.max(0, itemsPaise + finalFee + platform.feePaise + otherPaise - totalDiscount) + tip;
  lines.push({ kind: 'total', label: 'Total', amountPaise: total, amount: formatRupees(total) });
  return lines;
}

/**
 * One bill line as the shopper reads it, before payment (the checkout) and after (the order
 * page) alike: the label, the amount or benefit, the seller's struck fee, a platform fee's tax.
 * `say` puts SPEC words in the page's language; item titles are the seller's own.
 */
export function billRow(line: SummaryLine, say: (english: string) => string, taxNote: (tax: string) => string) {
  return {
    label: line.kind === 'item' ? `${line.label} × ${line.count}` : say(line.label),
    struck: line.kind === 'delivery' ? line.struck : null,
    amount: line.kind === 'delivery' && line.benefit ? say(line.benefit) : line.amount,
    note: line.kind === 'platform-fee' ? taxNote(line.tax) : null,
    /** A charge "Taxes & other charges" adds up, drawn under it. */
    part: line.kind === 'charge',
  };
}
