// The invoice of one of the shopper's delivered orders: the quote as paid, the store's particulars
// from the order and the catalogue, and the seller's own invoice document when it sent one.
import type { Database } from '../../db/client.ts';
import { findOrderDetail } from './orders.server.ts';
import { cityDisplayName } from '../../ondc/cities.ts';
import { gstSplit, invoiceNumber, invoiceOf, type BreakupLine, type GstSplit, type Invoice } from './invoice.ts';

// Retail 1.2.0 writes tags as {code, list: [{code, value}]}; later versions as descriptor codes.
type Tag = { code?: string; descriptor?: { code?: string }; list?: Array<{ code?: string; descriptor?: { code?: string }; value?: string }> };
type Address = Record<string, string | undefined>;
type InvoiceOrder = {
  provider?: { id?: string };
  billing?: { name?: string; phone?: string; email?: string; address?: Address };
  quote?: { breakup?: BreakupLine[] };
  fulfillments?: Array<{ type?: string; start?: { location?: { address?: Address } }; end?: { location?: { address?: Address }; person?: { name?: string } } }>;
  tags?: Tag[];
  documents?: Array<{ url?: string; label?: string }>;
};

type InvoiceView = {
  number: string;
  orderId: string;
  date: string;
  seller: { name: string; address: string | null; gstin: string | null; fssai: string | null };
  buyer: { name: string | null; address: string | null; phone: string | null };
  invoice: Invoice;
  /** The items' stated GST as CGST + SGST or IGST, and where it is supplied (issue 29). */
  gst: GstSplit;
  sellerDocumentUrl: string | null;
};

export type InvoiceAnswer = { ok: true; view: InvoiceView } | { ok: false; status: 404 | 409; message: string };

const addressLine = (address: Address | undefined, withName: boolean) =>
  address ? [withName ? address['name'] : undefined, address['door'], address['building'], address['street'], address['locality'], address['city'] && cityDisplayName(address['city']), address['state'], address['area_code']].filter(Boolean).join(', ') : null;

function tagValue(tags: Tag[] | undefined, group: string, code: string): string | null {
  const codeOf = (entry: { code?: string; descriptor?: { code?: string } }) => entry.code ?? entry.descriptor?.code;
  return tags?.find((t) => codeOf(t) === group)?.list?.find((l) => codeOf(l) === code)?.value ?? null;
}

/** The seller's invoice link from the latest order message that carries documents (on_status when delivered). */
async function sellerDocument(database: Database, transactionId: string): Promise<string | null> {
  const [row] = await database.query<{ url: string | null }>(
    `SELECT d->>'url' AS url FROM ondc_messages m, jsonb_array_elements(m.body->'message'->'order'->'documents') d
     WHERE m.transaction_id = $1 AND m.direction = 'in' AND jsonb_typeof(m.body->'message'->'order'->'documents') = 'array'
       AND (d->>'label' IS NULL OR lower(d->>'label') LIKE '%invoice%')
     ORDER BY m.created_at DESC LIMIT 1`,
    [transactionId],
  );
  const url = row?.url ?? null;
  return url && /^https?:\/\//.test(url) ? url : null;
}

/** The invoice of a delivered order of this shopper's; another shopper's order is not found. */
export async function invoiceFor(database: Database, shopper: string, orderId: string): Promise<InvoiceAnswer> {
  const order = await findOrderDetail(database, shopper, orderId);
  if (!order) return { ok: false, status: 404, message: 'No such order' };
  if (order.status !== 'delivered') return { ok: false, status: 409, message: 'The invoice is ready once the order is delivered' };
  const seller = order.sellerOrder as InvoiceOrder;
  const [provider] = await database.query<{ name: string; fssai_licence: string | null }>(
    `SELECT p.name, p.fssai_licence FROM catalogue_providers p JOIN ondc_transactions t ON t.bpp_id = p.bpp_id
     WHERE t.transaction_id = $1 AND p.provider_id = $2`,
    [order.transactionId, seller.provider?.id ?? ''],
  );
  const delivery = seller.fulfillments?.find((f) => f.type === 'Delivery');
  // A seller's clock may run ahead of ours: an invoice is never dated in the future.
  const deliveredAt = order.events.find((e) => e.status === 'delivered')?.sellerAt ?? order.placedAt;
  const date = new Date(Math.min(Date.parse(deliveredAt), Date.now())).toISOString();
  const invoice = invoiceOf(seller.quote?.breakup ?? [], order.totalPaise);
  const taxPaise = invoice.lines.reduce((sum, line) => sum + line.taxPaise, 0);
  const gst = gstSplit(delivery?.start?.location?.address?.['state'], (delivery?.end?.location?.address ?? seller.billing?.address)?.['state'], taxPaise);
  return {
    ok: true,
    view: {
      number: invoiceNumber(order.orderId, order.placedAt),
      orderId: order.orderId,
      date,
      seller: {
        name: provider?.name ?? order.storeName,
        address: addressLine(delivery?.start?.location?.address, true),
        gstin: tagValue(seller.tags, 'bpp_terms', 'tax_number'),
        fssai: provider?.fssai_licence ?? null,
      },
      buyer: {
        name: seller.billing?.name ?? delivery?.end?.person?.name ?? null,
        address: addressLine(seller.billing?.address ?? delivery?.end?.location?.address, false),
        phone: seller.billing?.phone ?? null,
      },
      invoice,
      gst,
      sellerDocumentUrl: await sellerDocument(database, order.transactionId),
    },
  };
}
