// The seller's own tax invoice page for an order: the link in `documents` (label Invoice) that
// an order message carries from pick-up on. Plain HTML, printable, nothing fetched.
import { paiseToRupees } from '#/lib/money.ts';
import type { StoreProfile } from './orders.ts';
import type { Quote } from './quote.ts';
import type { TaxClass } from './catalogue/tax.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TITLES: Record<string, string> = { delivery: 'Delivery', packing: 'Packing', tax: 'Tax', discount: 'Discount', misc: 'Convenience fee' };

export function invoiceHtml(
  orderId: string,
  store: StoreProfile,
  quote: Quote,
  issuedAt: string,
  taxOf: (itemId: string) => TaxClass | null = () => null,
): string {
  const rows = quote.lines
    .filter((line) => line.titleType !== 'item' || line.count > 0)
    .map((line) => {
      const taxClass = line.titleType === 'item' ? taxOf(line.itemId) : null;
      const classified = taxClass ? ` · HSN ${taxClass.hsn}, GST ${taxClass.ratePercent}%` : '';
      const title =
        line.titleType === 'item'
          ? `${line.title} × ${line.count}${classified}`
          : `${TITLES[line.titleType] ?? line.title}${line.titleType === 'tax' || line.titleType === 'discount' ? ` (${line.itemId})` : ''}`;
      return `<tr><td>${escapeHtml(title)}</td><td>₹${paiseToRupees(line.pricePaise)}</td></tr>`;
    })
    .join('');
  const total = quote.lines.reduce((sum, line) => sum + line.pricePaise, 0);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Tax invoice ${escapeHtml(orderId)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:720px;margin:24px auto;padding:0 16px;color:#1b1b1b}table{width:100%;border-collapse:collapse}td{padding:6px 0;border-bottom:1px solid #ddd}td+td{text-align:right}tfoot td{font-weight:700}</style></head>
<body><h1>Tax invoice</h1><p><strong>${escapeHtml(store.name)}</strong><br>${escapeHtml([store.street, store.locality, store.city, store.state, store.pincode].join(', '))}<br>GSTIN ${escapeHtml(store.taxNumber)}</p>
<p>Order ${escapeHtml(orderId)} · issued ${escapeHtml(issuedAt.slice(0, 10))}</p><table><tbody>${rows}</tbody><tfoot><tr><td>Total</td><td>₹${paiseToRupees(total)}</td></tr></tfoot></table></body></html>`;
}
