// What a prepaid order's money comes to between us and its seller (issue 26, RSF 2.0): we collect
// the shopper's money (collected_by BAP), keep our buyer finder fee, pay back what was refunded,
// and owe the seller the rest, of which the seller's terms let us hold back a withholding until
// the order is settled. Integer paise throughout; a fraction of a paisa rounds half up, once.
import { finderFeePaise, type FinderFee } from '../../ondc/finder-fee.ts';

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
};

export type Ledger = {
  collectedPaise: number;
  /** our discount while any of the order stands: nothing of it is owed on an order refunded whole */
  ourDiscountPaise: number;
  refundsPaise: number;
  /** what the seller sold, after refunds: the finder fee is taken on it */
  salePaise: number;
  feePaise: number;
  /** the part of the seller's share held back until the order settles (never more than the share) */
  withholdingPaise: number;
  sharePaise: number;
};

/**
 * One order's ledger. It always balances: share + fee + refunds = collected + our discount; with
 * no discount of ours, what the seller gets, what we keep and what went back is what we collected.
 */
export function orderLedger(input: LedgerInput): Ledger {
  const refundsPaise = Math.min(input.refundsPaise, input.collectedPaise);
  const ourDiscountPaise = refundsPaise >= input.collectedPaise ? 0 : input.ourDiscountPaise;
  const salePaise = input.collectedPaise + ourDiscountPaise - refundsPaise;
  const feePaise = finderFeePaise(input.fee, salePaise);
  const sharePaise = salePaise - feePaise;
  return {
    collectedPaise: input.collectedPaise,
    ourDiscountPaise,
    refundsPaise,
    salePaise,
    feePaise,
    withholdingPaise: Math.min(Math.max(0, input.withholdingPaise), sharePaise),
    sharePaise,
  };
}

export type SellerTotals = Omit<Ledger, 'salePaise'> & { salePaise: number; orders: number };

/** A seller's orders added up: each order is rounded on its own, so the totals are sums of paise. */
export function sellerTotals(ledgers: readonly Ledger[]): SellerTotals {
  const totals: SellerTotals = { orders: 0, collectedPaise: 0, ourDiscountPaise: 0, refundsPaise: 0, salePaise: 0, feePaise: 0, withholdingPaise: 0, sharePaise: 0 };
  for (const l of ledgers) {
    totals.orders += 1;
    totals.collectedPaise += l.collectedPaise;
    totals.ourDiscountPaise += l.ourDiscountPaise;
    totals.refundsPaise += l.refundsPaise;
    totals.salePaise += l.salePaise;
    totals.feePaise += l.feePaise;
    totals.withholdingPaise += l.withholdingPaise;
    totals.sharePaise += l.sharePaise;
  }
  return totals;
}
