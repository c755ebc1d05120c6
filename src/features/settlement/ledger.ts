// What a prepaid order's money comes to between us and its seller (issue 26, RSF 2.0): we collect
// the shopper's money (collected_by BAP), keep our buyer finder fee, pay back what was refunded,
// and owe the seller the rest, of which the seller's terms let us hold back a withholding until
// the order is settled, less the TCS and TDS we keep back when we are the one paying the seller
// (ondc/tax-withholding.ts). Integer paise throughout; a fraction of a paisa rounds half up, once.
import { finderFeePaise, type FinderFee } from '#/ondc/finder-fee.ts';
import { gstOfSale, taxWithholding, type SellerNpType } from '#/ondc/tax-withholding.ts';

export type LedgerInput = {
  /** what the shopper paid us for this order */
  collectedPaise: number;
  /** our coupon and coins on it: we pay the seller that part of its price ourselves */
  ourDiscountPaise: number;
  /** every refund written for the order (cancels, returns, complaint resolutions) */
  refundsPaise: number;
  fee: FinderFee;
  /** `@ondc/org/withholding_amount` of the seller's terms */
  withholdingPaise: number;
  /** Issue 29: the rider's tip in what was collected, passed to the seller free of our fee */
  tipPaise?: number;
  /** what decides TCS and TDS: the seller app's np_type, the GST its bill states, the day it was placed (none: no tax kept) */
  tax?: { npType: SellerNpType | null; gstPaise: number; placedAt: Date };
};

export type Ledger = {
  collectedPaise: number;
  /** our discount while any of the order stands: nothing of it is owed on an order refunded whole */
  ourDiscountPaise: number;
  refundsPaise: number;
  /** what the seller sold, after refunds: the finder fee is taken on it */
  salePaise: number;
  feePaise: number;
  /** GST TCS and income-tax TDS kept from the seller for the government */
  tcsPaise: number;
  tdsPaise: number;
  /** the part of the seller's share held back until the order settles (never more than the share) */
  withholdingPaise: number;
  sharePaise: number;
};

/**
 * One order's ledger. It always balances: share + fee + TCS + TDS + refunds = collected + our
 * discount; with no discount of ours, what the seller gets, what we keep (for us and for the
 * government) and what went back is what we collected.
 */
export function orderLedger(input: LedgerInput): Ledger {
  const refundsPaise = Math.min(input.refundsPaise, input.collectedPaise);
  const ourDiscountPaise = refundsPaise >= input.collectedPaise ? 0 : input.ourDiscountPaise;
  const salePaise = input.collectedPaise + ourDiscountPaise - refundsPaise;
  // An order refunded whole gave the tip back too; while any of it stands, the tip is the rider's.
  const tipPaise = refundsPaise >= input.collectedPaise ? 0 : Math.min(input.tipPaise ?? 0, salePaise);
  // The tip is no sale of the seller's: neither our fee nor the taxes kept at source are on it.
  const goodsPaise = salePaise - tipPaise;
  const feePaise = finderFeePaise(input.fee, goodsPaise);
  const pricePaise = input.collectedPaise + input.ourDiscountPaise - (input.tipPaise ?? 0);
  const { tcsPaise, tdsPaise } = input.tax
    ? taxWithholding({
        npType: input.tax.npType,
        salePaise: goodsPaise,
        gstPaise: gstOfSale(input.tax.gstPaise, pricePaise, goodsPaise),
        availablePaise: salePaise - feePaise,
        placedAt: input.tax.placedAt,
      })
    : { tcsPaise: 0, tdsPaise: 0 };
  const sharePaise = salePaise - feePaise - tcsPaise - tdsPaise;
  return {
    collectedPaise: input.collectedPaise,
    ourDiscountPaise,
    refundsPaise,
    salePaise,
    feePaise,
    tcsPaise,
    tdsPaise,
    withholdingPaise: Math.min(Math.max(0, input.withholdingPaise), sharePaise),
    sharePaise,
  };
}

export type SellerTotals = Omit<Ledger, 'salePaise'> & { salePaise: number; orders: number };

/** A seller's orders added up: each order is rounded on its own, so the totals are sums of paise. */
export function sellerTotals(ledgers: readonly Ledger[]): SellerTotals {
  const totals: SellerTotals = {
    orders: 0,
    collectedPaise: 0,
    ourDiscountPaise: 0,
    refundsPaise: 0,
    salePaise: 0,
    feePaise: 0,
    tcsPaise: 0,
    tdsPaise: 0,
    withholdingPaise: 0,
    sharePaise: 0,
  };
  for (const l of ledgers) {
    totals.orders += 1;
    totals.collectedPaise += l.collectedPaise;
    totals.ourDiscountPaise += l.ourDiscountPaise;
    totals.refundsPaise += l.refundsPaise;
    totals.salePaise += l.salePaise;
    totals.feePaise += l.feePaise;
    totals.tcsPaise += l.tcsPaise;
    totals.tdsPaise += l.tdsPaise;
    totals.withholdingPaise += l.withholdingPaise;
    totals.sharePaise += l.sharePaise;
  }
  return totals;
}
