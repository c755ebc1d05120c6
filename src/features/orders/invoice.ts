// A GST tax invoice from the order's quote as the shopper paid it: each item's HSN, taxable value,
// its tax as CGST + SGST or IGST, and its total; the store's charges with the GST they hold; the
// buyer app's own discounts (coupon, coins). The lines add up to the amount paid, to the paisa, or
// the invoice is not drawn.
// A credit note is the same drawing over what a refund took out of the order (its quote_trail), or
// for a complaint's refund, over the items the complaint named.
import { apportion, paiseToRupees, rupeesToPaise } from '#/lib/money.ts';
import { IST_OFFSET_MS } from '#/lib/ist.ts';
import { isTipLine } from '#/ondc/tip.ts';

export type BreakupLine = {
  '@ondc/org/item_id'?: string;
  '@ondc/org/title_type'?: string;
  '@ondc/org/item_quantity'?: { count?: number };
  title?: string;
  price?: { value?: string };
  item?: { price?: { value?: string } };
};

/** What the seller's catalogue says of an item's tax: its HSN (or SAC) code and GST rate in percent. */
export type TaxClass = { hsn: string; ratePercent: number };

type InvoiceLine = {
  itemId: string;
  title: string;
  quantity: number;
  unitPaise: number | null;
  hsn: string | null;
  /** null when neither the catalogue nor the quote says */
  ratePercent: number | null;
  /** Item price less the seller's discount on it, less the GST an MRP price holds. */
  taxablePaise: number;
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** True when the price already holds the tax (packaged goods sold at MRP): no tax line of its own. */
  taxIncluded: boolean;
  totalPaise: number;
};

type TaxSplit = { cgstPaise: number; sgstPaise: number; igstPaise: number };

/**
 * A charge of the store's (delivery, packing, convenience fee): its taxable value and GST, or
 * `taxed: false` for what is no supply of the store's (the rider's tip) and for a charge whose
 * goods' rates are not all known. `ratePercent` is null when the goods it serves carry several.
 */
type InvoiceCharge = { title: string; totalPaise: number } & (
  | ({ taxed: true; ratePercent: number | null; taxablePaise: number; taxPaise: number } & TaxSplit)
  | { taxed: false }
);

/** The GST of the invoice by HSN and rate, as GSTR-1's HSN summary and the invoice's foot show it. */
type HsnRow = { hsn: string | null; ratePercent: number | null; taxablePaise: number } & TaxSplit;

export type Invoice = {
  lines: InvoiceLine[];
  charges: InvoiceCharge[];
  /** The buyer app's discounts (coupon, coins) on top of the seller's quote, as a positive amount. */
  buyerDiscountPaise: number;
  totalPaise: number;
  intraState: boolean;
  hsnSummary: HsnRow[];
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

const paiseOf = (line: BreakupLine) => rupeesToPaise(line.price?.value ?? '0');

export const CHARGE_TITLES: Record<string, string> = { delivery: 'Delivery', packing: 'Packing', misc: 'Convenience fee' };
/** Issue 29: the seller's "Tip" line (a misc line) is the rider's tip, not a fee. */
const TIP_CHARGE_TITLE = 'Rider tip';

/**
 * The taxable value inside a tax-inclusive price: price × 100 / (100 + rate), to the nearest
 * paisa, a half paisa up; the tax is the rest, so the two always add up to the price. Integer
 * arithmetic on basis points, so 0.25 % and 3 % rates round the same way every time.
 */
export function taxableWithin(pricePaise: number, ratePercent: number): number {
  const basis = 10_000 + Math.round(ratePercent * 100);
  const sign = pricePaise < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(pricePaise) * 10_000 * 2 + basis) / (2 * basis));
}

/**
 * GST split (CGST Act / IGST Act s.10): within the store's own state the tax is half CGST and half
 * SGST, the odd paisa to SGST; across states it is all IGST.
 */
export function splitTax(taxPaise: number, intraState: boolean): TaxSplit {
  if (!intraState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  const cgstPaise = Math.trunc(taxPaise / 2);
  return { cgstPaise, sgstPaise: taxPaise - cgstPaise, igstPaise: 0 };
}

/** An item line of the quote as the invoice builds it up from the breakup. */
type Draft = { itemId: string; title: string; quantity: number; unitPaise: number | null; pricePaise: number; statedTaxPaise: number | null };
type Charge = { title: string; totalPaise: number; tip: boolean };

/**
 * Lines that name the fulfillment rather than an item, shared over `goods` by value (largest
 * remainder, so the shares add up); with no goods of value to go on, they stay charges, so the
 * invoice still adds up.
 */
function shareOverGoods(entries: BreakupLine[], goods: Draft[], charged: Charge[], fallbackTitle: string, give: (draft: Draft, sharePaise: number) => void) {
  if (entries.length === 0) return;
  const weights = goods.map((draft) => Math.max(draft.pricePaise, 0));
  if (weights.reduce((a, b) => a + b, 0) === 0) {
    for (const entry of entries) charged.push({ title: entry.title ?? fallbackTitle, totalPaise: paiseOf(entry), tip: false });
    return;
  }
  const total = entries.reduce((sum, entry) => sum + paiseOf(entry), 0);
  for (const [i, sharePaise] of apportion(total, weights).entries()) give(goods[i]!, sharePaise);
}

/**
 * The invoice of a quote. Taxes and discounts the seller put against an item go onto that item's
 * line; every other line is a charge. `paidPaise` is what the shopper paid; the difference from
 * the quote is the buyer app's discount. An item with a tax line of its own is taxed as the seller
 * stated; one without holds its tax in its price at its catalogue rate. A tax line that names the
 * fulfillment rather than an item (retail 1.2.5 has them so) is the stated tax of the goods it
 * delivers: it is shared over the items without a tax line of their own by value, never shown as
 * a charge beside GST already counted in their prices. Throws when the quote is worth less than
 * was paid, as no honest invoice can be drawn from it.
 *
 * The store's delivery, packing and convenience charges are part of the value of the goods they
 * come with (CGST Act s.15(2)(c): incidental expenses charged by the supplier), so each holds GST
 * at the rates of those goods: it is shared over `chargeBasis` (the invoice's own lines unless
 * given) by taxable value, and each share holds tax at its line's rate. The tip is the rider's.
 */
export function invoiceOf(
  breakup: readonly BreakupLine[],
  paidPaise: number,
  supply: { intraState: boolean; taxClasses?: ReadonlyMap<string, TaxClass>; chargeBasis?: readonly InvoiceLine[] } = { intraState: false },
): Invoice {
  const drafts: Draft[] = [];
  const charged: Charge[] = [];
  const taxed = new Set<Draft>();
  const fulfillmentTaxes: BreakupLine[] = [];
  const fulfillmentDiscounts: BreakupLine[] = [];
  const itemIds = new Set(breakup.flatMap((e) => (e['@ondc/org/title_type'] === 'item' ? [e['@ondc/org/item_id'] ?? ''] : [])));
  for (const entry of breakup) {
    const type = entry['@ondc/org/title_type'] ?? 'misc';
    const itemId = entry['@ondc/org/item_id'] ?? '';
    if (type === 'item') {
      const unit = entry.item?.price?.value;
      drafts.push({
        itemId,
        title: entry.title ?? 'Item',
        quantity: entry['@ondc/org/item_quantity']?.count ?? 1,
        unitPaise: unit ? rupeesToPaise(unit) : null,
        pricePaise: paiseOf(entry),
        statedTaxPaise: null,
      });
      continue;
    }
    const target = (type === 'tax' || type === 'discount') && drafts.find((d) => d.itemId === itemId && (type === 'discount' || !taxed.has(d)));
    if (target && type === 'tax') {
      taxed.add(target);
      target.statedTaxPaise = (target.statedTaxPaise ?? 0) + paiseOf(entry);
    } else if (target) {
      target.pricePaise += paiseOf(entry);
    } else if (type === 'tax' && !itemIds.has(itemId)) {
      fulfillmentTaxes.push(entry);
    } else if (type === 'discount' && !itemIds.has(itemId)) {
      fulfillmentDiscounts.push(entry);
    } else {
      const tip = isTipLine(entry);
      charged.push({ title: tip ? TIP_CHARGE_TITLE : (CHARGE_TITLES[type] ?? entry.title ?? 'Charge'), totalPaise: paiseOf(entry), tip });
    }
  }
  // A discount on the fulfillment (1.2.5) lowers the goods' value, shared by value as the seller's
  // offer is, before any tax is shared: GST is on the price after the discount.
  shareOverGoods(fulfillmentDiscounts, drafts, charged, 'Discount', (draft, share) => {
    draft.pricePaise += share;
  });
  shareOverGoods(
    fulfillmentTaxes,
    drafts.filter((draft) => !taxed.has(draft)),
    charged,
    'Charge',
    (draft, share) => {
      draft.statedTaxPaise = share;
    },
  );
  const lines = drafts.map((draft): InvoiceLine => {
    const taxClass = supply.taxClasses?.get(draft.itemId) ?? null;
    const taxIncluded = draft.statedTaxPaise === null;
    const taxablePaise = taxIncluded && taxClass ? taxableWithin(draft.pricePaise, taxClass.ratePercent) : draft.pricePaise;
    const taxPaise = taxIncluded ? draft.pricePaise - taxablePaise : (draft.statedTaxPaise ?? 0);
    // A seller's own tax line without a catalogue rate still says its rate, to the nearest percent.
    const ratePercent = taxClass?.ratePercent ?? (!taxIncluded && taxablePaise !== 0 ? Math.round((taxPaise * 100) / taxablePaise) : null);
    return {
      itemId: draft.itemId,
      title: draft.title,
      quantity: draft.quantity,
      unitPaise: draft.unitPaise,
      hsn: taxClass?.hsn ?? null,
      ratePercent,
      taxablePaise,
      taxPaise,
      ...splitTax(taxPaise, supply.intraState),
      taxIncluded,
      totalPaise: taxablePaise + taxPaise,
    };
  });
  const basis = supply.chargeBasis ?? lines;
  const hsnRows = hsnSummaryOf(lines);
  const charges = charged.map(({ title, totalPaise, tip }): InvoiceCharge => {
    const shares = tip ? null : chargeShares(totalPaise, basis, supply.intraState);
    if (!shares) return { title, totalPaise, taxed: false };
    for (const share of shares) addToHsnRows(hsnRows, share);
    const rates = new Set(shares.map((share) => share.ratePercent));
    const sum = (pick: (share: HsnRow) => number) => shares.reduce((n, share) => n + pick(share), 0);
    const taxablePaise = sum((share) => share.taxablePaise);
    return {
      title,
      totalPaise,
      taxed: true,
      ratePercent: rates.size === 1 ? [...rates][0]! : null,
      taxablePaise,
      taxPaise: totalPaise - taxablePaise,
      cgstPaise: sum((share) => share.cgstPaise),
      sgstPaise: sum((share) => share.sgstPaise),
      igstPaise: sum((share) => share.igstPaise),
    };
  });
  const quotedPaise = lines.reduce((sum, l) => sum + l.totalPaise, 0) + charges.reduce((sum, c) => sum + c.totalPaise, 0);
  const buyerDiscountPaise = quotedPaise - paidPaise;
  if (buyerDiscountPaise < 0) throw new RangeError(`The quote (${quotedPaise} paise) is less than was paid (${paidPaise} paise)`);
  // The summary holds every line's and every taxed charge's GST: the invoice's totals are its sums.
  const hsnSummary = [...hsnRows.values()];
  const gst = (pick: (split: TaxSplit) => number) => hsnSummary.reduce((n, row) => n + pick(row), 0);
  return {
    lines,
    charges,
    buyerDiscountPaise,
    totalPaise: paidPaise,
    intraState: supply.intraState,
    hsnSummary,
    cgstPaise: gst((s) => s.cgstPaise),
    sgstPaise: gst((s) => s.sgstPaise),
    igstPaise: gst((s) => s.igstPaise),
  };
}

/**
 * A charge shared over the goods it comes with, by taxable value, each share holding GST at its
 * line's rate; null for a free charge, and when a line's rate is unknown or the goods have no
 * value to share by.
 */
function chargeShares(totalPaise: number, basis: readonly InvoiceLine[], intraState: boolean): HsnRow[] | null {
  if (totalPaise === 0 || basis.length === 0 || basis.some((line) => line.ratePercent === null || line.taxablePaise < 0)) return null;
  const weights = basis.map((line) => line.taxablePaise);
  if (weights.reduce((a, b) => a + b, 0) <= 0) return null;
  return apportion(totalPaise, weights).map((sharePaise, i) => {
    const { hsn, ratePercent } = basis[i]!;
    const taxablePaise = taxableWithin(sharePaise, ratePercent!);
    return { hsn, ratePercent, taxablePaise, ...splitTax(sharePaise - taxablePaise, intraState) };
  });
}

const hsnKey = (row: { hsn: string | null; ratePercent: number | null }) => `${row.hsn ?? ''}@${row.ratePercent ?? ''}`;

function addToHsnRows(rows: Map<string, HsnRow>, add: HsnRow) {
  const row = rows.get(hsnKey(add)) ?? { hsn: add.hsn, ratePercent: add.ratePercent, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  row.taxablePaise += add.taxablePaise;
  row.cgstPaise += add.cgstPaise;
  row.sgstPaise += add.sgstPaise;
  row.igstPaise += add.igstPaise;
  rows.set(hsnKey(add), row);
}

/** The GST by HSN and rate of the goods, in the order they first appear. */
function hsnSummaryOf(lines: readonly InvoiceLine[]): Map<string, HsnRow> {
  const rows = new Map<string, HsnRow>();
  for (const line of lines) addToHsnRows(rows, line);
  return rows;
}

/** One entry of a fulfillment's quote_trail: what a refund took out of the quote (negative). */
export type TrailEntry = { type: string; itemId: string; valuePaise: number };

/**
 * A credit note: the invoice's drawing over what a refund took out of the order. Each refunded
 * item keeps the invoice line's title, unit price, HSN and rate, so its tax is reversed as it
 * was charged; `refundPaise` is the money that went back, and what the trail holds beyond it is
 * the buyer app's discount that does not come back (a coupon already spent on the goods).
 */
export function creditNoteOf(trail: readonly TrailEntry[], refundPaise: number, invoice: Invoice, taxClasses?: ReadonlyMap<string, TaxClass>): Invoice {
  const titles = new Map(invoice.lines.map((l) => [l.itemId, l]));
  const breakup: BreakupLine[] = trail.map((entry) => {
    const line = titles.get(entry.itemId);
    const unit = line?.unitPaise ?? null;
    const amount = -entry.valuePaise;
    return {
      '@ondc/org/item_id': entry.itemId,
      '@ondc/org/title_type': entry.type,
      title: entry.type === 'item' ? (line?.title ?? 'Item') : entry.type === 'tax' ? 'Tax' : entry.type,
      price: { value: paiseToRupees(amount) },
      ...(entry.type === 'item' && unit
        ? { '@ondc/org/item_quantity': { count: Math.round(amount / unit) }, item: { price: { value: paiseToRupees(unit) } } }
        : {}),
    };
  });
  // A charge given back is shared as it was charged: over the invoice's goods.
  return invoiceOf(breakup, refundPaise, { intraState: invoice.intraState, chargeBasis: invoice.lines, ...(taxClasses ? { taxClasses } : {}) });
}

/** What a complaint's refund was for: the items it named, with how many (null: as ordered); none for the order as a whole. */
export type ComplaintItems = ReadonlyArray<{ itemId: string; quantity: number | null }>;

/**
 * A credit note for a refund a complaint settled (IGM): no quote_trail says what it took out, so
 * the refund is shared over the invoice lines of the items the complaint named (all the lines
 * when it named none, or none of the invoice's) by their totals, and each share holds GST at its
 * line's rate, as the line was charged. Throws when there is nothing to share it over.
 */
export function complaintCreditNoteOf(invoice: Invoice, items: ComplaintItems, refundPaise: number, taxClasses?: ReadonlyMap<string, TaxClass>): Invoice {
  const named = invoice.lines.filter((line) => items.some((item) => item.itemId === line.itemId));
  const basis = (named.length > 0 ? named : invoice.lines).filter((line) => line.totalPaise > 0);
  if (basis.length === 0 || refundPaise <= 0) throw new RangeError('A complaint refund needs invoice lines to be shared over');
  const shares = apportion(
    refundPaise,
    basis.map((line) => line.totalPaise),
  );
  const breakup: BreakupLine[] = basis.map((line, index) => ({
    '@ondc/org/item_id': line.itemId,
    '@ondc/org/title_type': 'item',
    title: line.title,
    '@ondc/org/item_quantity': { count: items.find((item) => item.itemId === line.itemId)?.quantity ?? line.quantity },
    price: { value: paiseToRupees(shares[index] ?? 0) },
  }));
  return invoiceOf(breakup, refundPaise, { intraState: invoice.intraState, ...(taxClasses ? { taxClasses } : {}) });
}

/** India's financial year (April to March, IST) of a date, as '26-27'. */
export function fiscalYear(at: string | Date): string {
  const ist = new Date(new Date(at).getTime() + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * CGST Rules r.46(b) and r.53: a consecutive serial, unique for the financial year, of at most 16
 * characters of letters, digits, '-' and '/'. Invoices and credit notes run as separate series.
 */
export function documentNumber(kind: 'invoice' | 'credit_note', year: string, serial: number): string {
  if (!Number.isInteger(serial) || serial < 1 || serial > 999_999) throw new RangeError(`No document serial ${serial}`);
  return `${kind === 'invoice' ? 'KI' : 'KC'}/${year}/${String(serial).padStart(6, '0')}`;
}

/** GST state codes (the first two digits of a GSTIN), for the place of supply. */
const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'jammu and kashmir': '01',
  'himachal pradesh': '02',
  punjab: '03',
  chandigarh: '04',
  uttarakhand: '05',
  haryana: '06',
  delhi: '07',
  rajasthan: '08',
  'uttar pradesh': '09',
  bihar: '10',
  sikkim: '11',
  'arunachal pradesh': '12',
  nagaland: '13',
  manipur: '14',
  mizoram: '15',
  tripura: '16',
  meghalaya: '17',
  assam: '18',
  'west bengal': '19',
  jharkhand: '20',
  odisha: '21',
  chhattisgarh: '22',
  'madhya pradesh': '23',
  gujarat: '24',
  'dadra and nagar haveli and daman and diu': '26',
  maharashtra: '27',
  karnataka: '29',
  goa: '30',
  lakshadweep: '31',
  kerala: '32',
  'tamil nadu': '33',
  puducherry: '34',
  'andaman and nicobar islands': '35',
  telangana: '36',
  'andhra pradesh': '37',
  ladakh: '38',
};

const stateKey = (state: string | null | undefined) => (state ?? '').trim().toLowerCase().replace(/\s+/g, ' ').replace(/&/g, 'and');

export type Supply = { placeOfSupply: { state: string; code: string | null } | null; intraState: boolean };

/**
 * IGST Act s.10: the place of supply of goods delivered is where the delivery ends. Within the
 * store's own state the supply is intra-state (CGST + SGST); an unknown state is never called so.
 */
export function supplyOf(storeState: string | null | undefined, deliveryState: string | null | undefined): Supply {
  const place = deliveryState?.trim() ? { state: deliveryState.trim(), code: GST_STATE_CODES[stateKey(deliveryState)] ?? null } : null;
  return { placeOfSupply: place, intraState: place !== null && stateKey(storeState) !== '' && stateKey(storeState) === stateKey(deliveryState) };
}
