// The buyer finder fee as both sides of a sale work it out (ondc-notes §1: the buyer app states it
// in search, init and confirm; RSF 2.0's recon carries it as the commission): a percentage of the
// sale to two decimals, rounded half up to the paisa, or a fixed amount.
import { z } from 'zod';
import { rupeesToPaise } from '#/lib/money.ts';

const rupees = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'a rupee amount such as 3 or 10.50');

/** A finder fee as a buyer app states it (`@ondc/org/buyer_app_finder_fee_type` and `_amount`). */
const finderFeeSchema = z.object({ type: z.enum(['percent', 'amount']), value: rupees });
export type FinderFee = z.infer<typeof finderFeeSchema>;

/** The fee a payment object states, or null when it states none we can read. */
export function statedFinderFee(payment: Record<string, unknown> | null | undefined): FinderFee | null {
  const fee = finderFeeSchema.safeParse({ type: payment?.['@ondc/org/buyer_app_finder_fee_type'], value: payment?.['@ondc/org/buyer_app_finder_fee_amount'] });
  return fee.success ? fee.data : null;
}

/** a × b / c rounded half up, for non-negative integers, without floating point error. */
function mulDivRound(a: number, b: number, c: number): number {
  return Number((BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (BigInt(c) * 2n));
}

/** The fee on a sale: never more than the sale, nothing on a sale of nothing. */
export function finderFeePaise(fee: FinderFee, salePaise: number): number {
  if (salePaise <= 0) return 0;
  // The percentage in hundredths of a percent: '3' is 300, '2.75' is 275.
  if (fee.type === 'percent') return Math.min(salePaise, mulDivRound(salePaise, rupeesToPaise(fee.value), 10_000));
  return Math.min(salePaise, rupeesToPaise(fee.value));
}
