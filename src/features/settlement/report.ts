// The operator's settlement report (issue 26) as CSV, per order or per seller: rupees with two
// decimals, so a spreadsheet adds them up to the paisa.
import { z } from 'zod';
import { paiseToRupees } from '#/lib/money.ts';
import { sellerTotals, type Ledger } from './ledger.ts';

export const reportQuerySchema = z.object({ by: z.enum(['order', 'seller'], { message: 'by is order or seller' }).default('order') });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** One order's row as the report reads it (settlement.server.ts settlementReport). */
export type ReportRow = {
  orderId: string;
  sellerId: string;
  providerId: string | null;
  paymentId: string;
  status: string;
  settled: boolean;
  dueDate: string | null;
  recon: string;
  payout: string;
  ledger: Ledger;
};

const MONEY = ['collected', 'our_discount', 'refunds', 'sale', 'finder_fee', 'tcs', 'tds', 'withholding', 'seller_share'] as const;
const money = (l: Ledger) =>
  [l.collectedPaise, l.ourDiscountPaise, l.refundsPaise, l.salePaise, l.feePaise, l.tcsPaise, l.tdsPaise, l.withholdingPaise, l.sharePaise].map(paiseToRupees);

/** A CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused. */
function field(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const line = (values: readonly string[]) => values.map(field).join(',');

export function settlementCsv(rows: readonly ReportRow[], by: ReportQuery['by']): string {
  if (by === 'order') {
    const header = ['order_id', 'seller_id', 'provider_id', 'payment_id', 'status', 'settled', 'due_date', ...MONEY, 'recon', 'payout'];
    const body = rows.map((r) =>
      line([
        r.orderId,
        r.sellerId,
        r.providerId ?? '',
        r.paymentId,
        r.status,
        r.settled ? 'yes' : 'no',
        r.dueDate ?? '',
        ...money(r.ledger),
        r.recon,
        r.payout,
      ]),
    );
    return [line(header), ...body, ''].join('\r\n');
  }
  const header = ['seller_id', 'orders', ...MONEY, 'agreed', 'disagreed'];
  const body = sellers(rows).map((s) => line([s.sellerId, String(s.totals.orders), ...money(s.totals), String(s.agreed), String(s.disagreed)]));
  return [line(header), ...body, ''].join('\r\n');
}

/** Each seller's orders added up, with how many the seller agreed to and disputed. */
export function sellers(rows: readonly ReportRow[]) {
  const bySeller = new Map<string, ReportRow[]>();
  for (const row of rows) bySeller.set(row.sellerId, [...(bySeller.get(row.sellerId) ?? []), row]);
  return [...bySeller].map(([sellerId, own]) => ({
    sellerId,
    totals: sellerTotals(own.map((r) => r.ledger)),
    agreed: own.filter((r) => r.recon === 'agreed').length,
    disagreed: own.filter((r) => r.recon === 'disagreed').length,
  }));
}
