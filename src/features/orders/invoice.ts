// A GST tax invoice from the order's quote as the shopper paid it: each item's taxable value, its
// tax and its total; the store's charges; the buyer app's own discounts (coupon, coins). The
// lines add up to the amount paid, to the paisa, or the invoice is not drawn.
import { rupeesToPaise } from '../../lib/money.ts';

export type BreakupLine = {
  '@ondc/org/item_id'?: string;
  '@ondc/org/title_type'?: string;
  '@ondc/org/item_quantity'?: { count?: number };
  title?: string;
  price?: { value?: string };
  item?: { price?: { value?: string } };
};

type InvoiceLine = {
  itemId: string;
  title: string;
  quantity: number;
  unitPaise: number | null;
  /** Item price less the seller's discount on it. */
  taxablePaise: number;
  taxPaise: number;
  /** True when the price already holds the tax (packaged goods sold at MRP): no tax line of its own. */
  taxIncluded: boolean;
  totalPaise: number;
};

type InvoiceCharge = { title: string; totalPaise: number };

export type Invoice = {
  lines: InvoiceLine[];
  charges: InvoiceCharge[];
  /** The buyer app's discounts (coupon, coins) on top of the seller's quote, as a positive amount. */
  buyerDiscountPaise: number;
  totalPaise: number;
};

const paiseOf = (line: BreakupLine) => rupeesToPaise(line.price?.value ?? '0');

export const CHARGE_TITLES: Record<string, string> = { delivery: 'Delivery', packing: 'Packing', misc: 'Convenience fee' };

/**
 * The invoice of a quote. Taxes and discounts the seller put against an item go onto that item's
 * line; every other line is a charge. `paidPaise` is what the shopper paid; the difference from
 * the quote is the buyer app's discount. Throws when the quote is worth less than was paid, as no
 * honest invoice can be drawn from it.
 */
export function invoiceOf(breakup: readonly BreakupLine[], paidPaise: number): Invoice {
  const lines: InvoiceLine[] = [];
  const charges: InvoiceCharge[] = [];
  const taxed = new Set<InvoiceLine>();
  for (const entry of breakup) {
    const type = entry['@ondc/org/title_type'] ?? 'misc';
    const itemId = entry['@ondc/org/item_id'] ?? '';
    if (type === 'item') {
      const quantity = entry['@ondc/org/item_quantity']?.count ?? 1;
      const unit = entry.item?.price?.value;
      const amount = paiseOf(entry);
      lines.push({ itemId, title: entry.title ?? 'Item', quantity, unitPaise: unit ? rupeesToPaise(unit) : null, taxablePaise: amount, taxPaise: 0, taxIncluded: true, totalPaise: amount });
      continue;
    }
    const target = (type === 'tax' || type === 'discount') && lines.find((l) => l.itemId === itemId && (type === 'discount' || !taxed.has(l)));
    if (target && type === 'tax') {
      taxed.add(target);
      target.taxIncluded = false;
      target.taxPaise += paiseOf(entry);
    } else if (target) {
      target.taxablePaise += paiseOf(entry);
    } else {
      charges.push({ title: CHARGE_TITLES[type] ?? entry.title ?? 'Charge', totalPaise: paiseOf(entry) });
      continue;
    }
    target.totalPaise = target.taxablePaise + target.taxPaise;
  }
  const quotedPaise = lines.reduce((sum, l) => sum + l.totalPaise, 0) + charges.reduce((sum, c) => sum + c.totalPaise, 0);
  const buyerDiscountPaise = quotedPaise - paidPaise;
  if (buyerDiscountPaise < 0) throw new RangeError(`The quote (${quotedPaise} paise) is less than was paid (${paidPaise} paise)`);
  return { lines, charges, buyerDiscountPaise, totalPaise: paidPaise };
}

/** An invoice number that is the order's own: stable, readable and unique per order. */
export function invoiceNumber(orderId: string, placedAt: string): string {
  const date = placedAt.slice(0, 10).replaceAll('-', '');
  return `KIR-${date}-${orderId.replace(/[^A-Za-z0-9]/g, '').slice(-12).toUpperCase()}`;
}

/** GST state codes (the first two digits of a GSTIN), for the place of supply. */
const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'jammu and kashmir': '01', 'himachal pradesh': '02', punjab: '03', chandigarh: '04', uttarakhand: '05', haryana: '06', delhi: '07',
  rajasthan: '08', 'uttar pradesh': '09', bihar: '10', sikkim: '11', 'arunachal pradesh': '12', nagaland: '13', manipur: '14',
  mizoram: '15', tripura: '16', meghalaya: '17', assam: '18', 'west bengal': '19', jharkhand: '20', odisha: '21', chhattisgarh: '22',
  'madhya pradesh': '23', gujarat: '24', 'dadra and nagar haveli and daman and diu': '26', maharashtra: '27', karnataka: '29', goa: '30',
  lakshadweep: '31', kerala: '32', 'tamil nadu': '33', puducherry: '34', 'andaman and nicobar islands': '35', telangana: '36',
  'andhra pradesh': '37', ladakh: '38',
};

const stateKey = (state: string | null | undefined) => (state ?? '').trim().toLowerCase().replace(/\s+/g, ' ').replace(/&/g, 'and');

export type GstSplit = { placeOfSupply: { state: string; code: string | null } | null; intraState: boolean; cgstPaise: number; sgstPaise: number; igstPaise: number };

/**
 * GST on the invoice (CGST Act / IGST Act s.10: the place of supply of goods delivered is where
 * the delivery ends): within the store's own state the tax is half CGST and half SGST (the odd
 * paisa to SGST), across states it is IGST. Unknown states leave the tax as one figure of IGST.
 */
export function gstSplit(storeState: string | null | undefined, deliveryState: string | null | undefined, taxPaise: number): GstSplit {
  const place = deliveryState?.trim() ? { state: deliveryState.trim(), code: GST_STATE_CODES[stateKey(deliveryState)] ?? null } : null;
  const intraState = place !== null && stateKey(storeState) !== '' && stateKey(storeState) === stateKey(deliveryState);
  if (!intraState) return { placeOfSupply: place, intraState, cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  const cgstPaise = Math.floor(taxPaise / 2);
  return { placeOfSupply: place, intraState, cgstPaise, sgstPaise: taxPaise - cgstPaise, igstPaise: 0 };
}
