// A seller app as the receiver of RSF 2.0.0 (ondc/rsf.ts): the buyer app that collected the
// money sends `recon` with its figures for our orders; we work out our own from what we hold (the
// order's price as confirmed, the cancels and returns we made, the complaint refunds we granted,
// the finder fee and withholding of the confirm's payment terms) and answer `on_recon`: agreed
// when every figure matches to the paisa, otherwise our figures with how far each is from theirs.
import { finderFeePaise, statedFinderFee } from '#/ondc/finder-fee.ts';
import { refundAmountOf, type IgmIssue } from '#/ondc/igm.ts';
import { rupeesToPaise } from '#/lib/money.ts';
import { answerSettlement, inr, type OnReconMessage, type OnReconOrder, type ReconMessage, type ReconOrder, type SettlementFigures } from '#/ondc/rsf.ts';
import type { IssueRecord } from './issue-desk.ts';
import { quoteAt, type OrderRecord } from './orders.ts';
import { sumPaise } from './quote.ts';
import { TIP_TITLE } from '#/ondc/tip.ts';
import { gstOfSale, taxWithholding } from '#/ondc/tax-withholding.ts';
import { NP_TYPE } from './catalogue/on-search.ts';

/** What this seller granted back on complaints about the order: each resolved refund, once. */
export function complaintRefundsPaise(issues: readonly IssueRecord[]): number {
  let total = 0;
  for (const record of issues) {
    const issue = record.issue as IgmIssue;
    const resolved = issue.actions.filter((a) => a.descriptor.code === 'RESOLVED').at(-1);
    const chosen = resolved?.ref_id ? issue.resolutions?.find((r) => r.id === resolved.ref_id) : undefined;
    const amount = chosen?.descriptor.code === 'REFUND' ? refundAmountOf(chosen) : null;
    if (amount) total += rupeesToPaise(amount);
  }
  return total;
}

function withholdingOf(payment: Record<string, unknown>): number {
  const value = payment['@ondc/org/withholding_amount'];
  try {
    return typeof value === 'string' ? Math.max(0, rupeesToPaise(value)) : 0;
  } catch {
    return 0;
  }
}

/** Our figures for an order as of `atMs`: the share due to us, the fee and withholding kept from it. */
export function sellerFigures(order: OrderRecord, issues: readonly IssueRecord[], atMs: number): SettlementFigures {
  const pricePaise = sumPaise(order.quote.lines);
  const view = quoteAt(order, atMs);
  const taken = [...view.partCancelRefunds.values(), ...view.returnRefunds.values(), ...(view.cancelRefund ? [view.cancelRefund] : [])].reduce(
    (n, r) => n + r.totalPaise,
    0,
  );
  const salePaise = Math.max(0, pricePaise - Math.min(pricePaise, taken + complaintRefundsPaise(issues)));
  const fee = statedFinderFee(order.payment);
  // Issue 29: the rider's tip passes through whole, free of the finder fee and of the taxes kept at
  // source, while it stands (a cancelled order refunds it).
  const quotedTipPaise = sumPaise(order.quote.lines.filter((line) => line.titleType === 'misc' && line.title === TIP_TITLE));
  const tipPaise = view.cancelRefund ? 0 : Math.min(quotedTipPaise, salePaise);
  const goodsPaise = salePaise - tipPaise;
  const commissionPaise = fee ? finderFeePaise(fee, goodsPaise) : 0;
  // TCS and TDS as the buyer app keeps them from a seller app of our np_type (ondc/tax-withholding.ts).
  const gstPaise = gstOfSale(sumPaise(order.quote.lines.filter((l) => l.titleType === 'tax')), pricePaise - quotedTipPaise, goodsPaise);
  const placedAt = new Date(order.buyerCreatedAt && !Number.isNaN(Date.parse(order.buyerCreatedAt)) ? order.buyerCreatedAt : order.createdAt);
  const { tcsPaise, tdsPaise } = taxWithholding({ npType: NP_TYPE, salePaise: goodsPaise, gstPaise, availablePaise: salePaise - commissionPaise, placedAt });
  const amountPaise = salePaise - commissionPaise - tcsPaise - tdsPaise;
  return { amountPaise, commissionPaise, withholdingPaise: Math.min(withholdingOf(order.payment), amountPaise), tcsPaise, tdsPaise };
}

/** The answer to one order of a recon: ours, or refused (null) when it is not an order of ours with that buyer app. */
function answerOrder(
  order: OrderRecord | undefined,
  theirs: ReconOrder,
  mine: (order: OrderRecord) => SettlementFigures,
  sellerId: string,
  bapId: string,
): OnReconOrder | null {
  if (!order || order.sellerId !== sellerId || order.bapId !== bapId) return null;
  const figures = mine(order);
  // One payout per order: the first settlement carries our figures, any others we know nothing of.
  const answered = theirs.settlements.map((s, i) =>
    answerSettlement(s, i === 0 ? figures : { amountPaise: 0, commissionPaise: 0, withholdingPaise: 0, tcsPaise: 0, tdsPaise: 0 }),
  );
  const agrees = answered.every((a) => a.agrees);
  const settlements = answered.map((a) => a.settlement);
  const total = settlements.reduce((n, s) => n + rupeesToPaise(s.amount.value), 0);
  const stated = rupeesToPaise(theirs.amount.value);
  return {
    id: theirs.id,
    amount: { ...inr(total), ...(total === stated ? {} : { diff_value: inr(Math.abs(total - stated)).value }) },
    recon_accord: agrees,
    settlements,
  };
}

export type ReconAnswer = { message: OnReconMessage } | { unknownOrder: string };

/** This seller's on_recon to a buyer app's recon; an order that is not ours with that buyer app refuses the whole. */
export function answerRecon(input: {
  sellerId: string;
  bapId: string;
  recon: ReconMessage;
  orderOf: (orderId: string) => OrderRecord | undefined;
  issuesOf: (orderId: string) => IssueRecord[];
  atMs: number;
}): ReconAnswer {
  const orders: OnReconOrder[] = [];
  for (const theirs of input.recon.orders) {
    const answered = answerOrder(
      input.orderOf(theirs.id),
      theirs,
      (order) => sellerFigures(order, input.issuesOf(order.id), input.atMs),
      input.sellerId,
      input.bapId,
    );
    if (!answered) return { unknownOrder: theirs.id };
    orders.push(answered);
  }
  return { message: { orders } };
}
