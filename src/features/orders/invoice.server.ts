// The tax documents of one of the shopper's orders: the invoice (the quote as paid, the store's
// particulars from the order and the catalogue, the seller's own invoice document when it sent
// one) and a credit note for each refund, reversing the refunded lines and their tax. Numbers are
// given the first time a document is drawn (tax_documents), a consecutive serial per seller.
import type { Database } from '#/db/client.ts';
import { refundsOfOrder } from '#/features/payment/payment.server.ts';
import { issuesOfOrder } from '#/features/issues/issues.server.ts';
import { complaintRefundKey } from '#/features/issues/issues.ts';
import { itemTerms, storeListing } from '#/features/catalogue/catalogue.server.ts';
import { findOrderDetail, refundsDueOf, type OrderDetail } from './orders.server.ts';
import { findTransaction, sellerOrders } from '#/ondc/stored-messages.server.ts';
import { cityDisplayName } from '#/ondc/cities.ts';
import { rupeesToPaise } from '#/lib/money.ts';
import {
  complaintCreditNoteOf,
  creditNoteOf,
  documentNumber,
  fiscalYear,
  invoiceOf,
  supplyOf,
  type BreakupLine,
  type ComplaintItems,
  type Invoice,
  type Supply,
  type TaxClass,
  type TrailEntry,
} from './invoice.ts';

// Retail 1.2.0 writes tags as {code, list: [{code, value}]}; later versions as descriptor codes.
type Tag = { code?: string; descriptor?: { code?: string }; list?: Array<{ code?: string; descriptor?: { code?: string }; value?: string }> };
type Address = Record<string, string | undefined>;
type InvoiceOrder = {
  provider?: { id?: string };
  billing?: { name?: string; phone?: string; email?: string; address?: Address };
  quote?: { breakup?: BreakupLine[] };
  fulfillments?: Array<{
    id?: string;
    type?: string;
    start?: { location?: { address?: Address } };
    end?: { location?: { address?: Address }; person?: { name?: string } };
    tags?: Tag[];
  }>;
  tags?: Tag[];
  documents?: Array<{ url?: string; label?: string }>;
};

type Parties = {
  seller: { name: string; address: string | null; gstin: string | null; fssai: string | null };
  buyer: { name: string | null; address: string | null; phone: string | null };
  supply: Supply;
};

/** A credit note as the invoice lists it. */
type CreditNoteEntry = { reference: string; number: string; date: string; amountPaise: number; kind: 'Cancel' | 'Return' | 'RTO' | 'Complaint' };

type InvoiceView = Parties & {
  number: string;
  orderId: string;
  date: string;
  invoice: Invoice;
  creditNotes: CreditNoteEntry[];
  sellerDocumentUrl: string | null;
};

type CreditNoteView = Parties & {
  number: string;
  orderId: string;
  date: string;
  kind: CreditNoteEntry['kind'];
  invoiceNumber: string;
  invoiceDate: string;
  note: Invoice;
};

type Refused = { ok: false; status: 404 | 409; message: string };
export type InvoiceAnswer = { ok: true; view: InvoiceView } | Refused;
export type CreditNoteAnswer = { ok: true; view: CreditNoteView } | Refused;

const addressLine = (address: Address | undefined, withName: boolean) =>
  address
    ? [
        withName ? address['name'] : undefined,
        address['door'],
        address['building'],
        address['street'],
        address['locality'],
        address['city'] && cityDisplayName(address['city']),
        address['state'],
        address['area_code'],
      ]
        .filter(Boolean)
        .join(', ')
    : null;

const codeOf = (entry: { code?: string; descriptor?: { code?: string } }) => entry.code ?? entry.descriptor?.code;

function tagValue(tags: Tag[] | undefined, group: string, code: string): string | null {
  return tags?.find((t) => codeOf(t) === group)?.list?.find((l) => codeOf(l) === code)?.value ?? null;
}

/** The seller's invoice link from the latest order message that carries documents (on_status when delivered). */
async function sellerDocument(database: Database, transactionId: string): Promise<string | null> {
  const invoices = (await sellerOrders(database, transactionId)).flatMap((order) =>
    (Array.isArray(order['documents']) ? (order['documents'] as Array<{ url?: unknown; label?: unknown } | null>) : []).filter(
      (d) => d && (typeof d.label !== 'string' || d.label.toLowerCase().includes('invoice')),
    ),
  );
  const url = invoices[0]?.url;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
}

/** The order's items' HSN codes and GST rates as the seller's catalogue states them. */
async function taxClassesOf(database: Database, bppId: string, providerId: string, itemIds: string[]): Promise<Map<string, TaxClass>> {
  const rows = await itemTerms(database, { bppId, providerId }, itemIds);
  return new Map(rows.flatMap((r) => (r.hsn_code !== null && r.gst_rate !== null ? [[r.item_id, { hsn: r.hsn_code, ratePercent: Number(r.gst_rate) }]] : [])));
}

/**
 * The document's number: the one it was given, or the next of its seller's series for the
 * financial year of `at`. Two first draws at once both try the same serial; one wins, the other
 * reads the winner's number or takes the next serial.
 */
async function numberFor(
  database: Database,
  kind: 'invoice' | 'credit_note',
  orderId: string,
  reference: string,
  series: string,
  at: string,
): Promise<{ number: string; issuedAt: string }> {
  const year = fiscalYear(at);
  for (let attempt = 0; attempt < 5; attempt++) {
    const [given] = await database.query<{ number: string; issued_at: string | Date }>(
      'SELECT number, issued_at FROM tax_documents WHERE kind = $1 AND order_id = $2 AND reference = $3',
      [kind, orderId, reference],
    );
    if (given) return { number: given.number, issuedAt: new Date(given.issued_at).toISOString() };
    const [{ next } = { next: 1 }] = await database.query<{ next: number }>(
      'SELECT coalesce(max(serial), 0)::int + 1 AS next FROM tax_documents WHERE kind = $1 AND series = $2 AND fiscal_year = $3',
      [kind, series, year],
    );
    await database.query(
      'INSERT INTO tax_documents (kind, order_id, reference, series, fiscal_year, serial, number) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING',
      [kind, orderId, reference, series, year, next, documentNumber(kind, year, next)],
    );
  }
  throw new Error(`No ${kind} number could be given to order ${orderId}`);
}

type Drawn = {
  order: OrderDetail;
  seller: InvoiceOrder;
  parties: Parties;
  taxClasses: Map<string, TaxClass>;
  invoice: Invoice;
  series: string;
  refunds: Refund[];
};
/** A refund, and what it was for: what its fulfillment's quote_trail took out, or the items a complaint named. */
type Refund = { reference: string; amountPaise: number; at: string | null } & (
  | { kind: Exclude<CreditNoteEntry['kind'], 'Complaint'>; trail: TrailEntry[] }
  | { kind: 'Complaint'; items: ComplaintItems }
);

const REFUND_KINDS = new Set(['Cancel', 'Return', 'RTO']);

/**
 * The refunds of an order, each with what its fulfillment's quote_trail took out: for a prepaid
 * order the money the gateway sent back (capped at what was paid); for a delivered cash order the
 * goods the store cancelled before the door, which the rider did not collect.
 */
async function refundsOf(database: Database, order: OrderDetail): Promise<Refund[]> {
  const current = order.currentOrder as InvoiceOrder;
  const trailOf = (fulfillmentId: string): TrailEntry[] =>
    (current.fulfillments?.find((f) => f.id === fulfillmentId)?.tags ?? [])
      .filter((t) => codeOf(t) === 'quote_trail')
      .map((t) => ({
        type: tagValue([t], codeOf(t) ?? '', 'type') ?? 'misc',
        itemId: tagValue([t], codeOf(t) ?? '', 'id') ?? '',
        value: tagValue([t], codeOf(t) ?? '', 'value') ?? '',
      }))
      .filter((e) => /^-?\d+(\.\d{1,2})?$/.test(e.value))
      .map((e) => ({ type: e.type, itemId: e.itemId, valuePaise: rupeesToPaise(e.value) }));
  const kindOf = (fulfillmentId: string) => current.fulfillments?.find((f) => f.id === fulfillmentId)?.type ?? '';
  if (order.cashDuePaise === null) {
    const fulfilled = (await refundsOfOrder(database, order.orderId)).flatMap((r): Refund[] =>
      r.fulfillment_id !== null && REFUND_KINDS.has(kindOf(r.fulfillment_id)) && r.amount_paise > 0
        ? [
            {
              reference: r.fulfillment_id,
              kind: kindOf(r.fulfillment_id) as 'Cancel' | 'Return' | 'RTO',
              trail: trailOf(r.fulfillment_id),
              amountPaise: r.amount_paise,
              at: new Date(r.created_at).toISOString(),
            },
          ]
        : [],
    );
    return [...fulfilled, ...(await complaintRefundsOf(database, order.orderId))].sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
  }
  // Cash is paid only at the door: an order that never got there was never paid for.
  if (order.status !== 'delivered') return [];
  let left = order.totalPaise;
  return refundsDueOf(order.orderId, order.currentOrder)
    .filter((due) => due.fulfillment?.type === 'Cancel')
    .flatMap((due) => {
      const amountPaise = Math.min(due.amountPaise, left);
      left -= amountPaise;
      const id = due.fulfillment?.id ?? '';
      return amountPaise > 0 ? [{ reference: id, kind: 'Cancel' as const, trail: trailOf(id), amountPaise, at: null }] : [];
    });
}

/**
 * The refunds complaints settled (the store's resolution or our grievance officer's, each keyed
 * by complaintRefundKey), each named by its complaint, with the items the complaint named and how
 * many.
 */
async function complaintRefundsOf(database: Database, orderId: string): Promise<Refund[]> {
  const issues = await issuesOfOrder(database, orderId);
  const rows = (await refundsOfOrder(database, orderId)).flatMap((refund) => {
    const complaint =
      refund.fulfillment_id === null && refund.amount_paise > 0
        ? issues.find((i) =>
            [complaintRefundKey(orderId, i.issue_id, 'store'), complaintRefundKey(orderId, i.issue_id, 'grievance')].includes(refund.refund_id),
          )
        : undefined;
    return complaint ? [{ ...complaint, amount_paise: refund.amount_paise, created_at: refund.created_at }] : [];
  });
  return rows.map((row) => ({
    reference: row.issue_id,
    kind: 'Complaint',
    items: row.issue.refs
      .filter((ref) => ref.ref_type === 'ITEM')
      .map((ref) => {
        const count = Number(ref.tags?.flatMap((tag) => tag.list ?? []).find((entry) => entry.descriptor.code === 'quantity.selected.count')?.value);
        return { itemId: ref.ref_id, quantity: Number.isInteger(count) && count > 0 ? count : null };
      }),
    amountPaise: row.amount_paise,
    at: new Date(row.created_at).toISOString(),
  }));
}

async function draw(database: Database, shopper: string, orderId: string): Promise<Drawn | Refused> {
  const order = await findOrderDetail(database, shopper, orderId);
  if (!order) return { ok: false, status: 404, message: 'No such order' };
  const refunds = await refundsOf(database, order);
  // Goods delivered are invoiced; so is an order money was taken for and given back, so that
  // each credit note has the invoice it reverses.
  if (order.status !== 'delivered' && refunds.length === 0) return { ok: false, status: 409, message: 'The invoice is ready once the order is delivered' };
  const seller = order.sellerOrder as InvoiceOrder;
  const providerId = seller.provider?.id ?? '';
  const bppId = (await findTransaction(database, order.transactionId))?.bppId ?? '';
  const provider = await storeListing(database, { bppId, providerId });
  const delivery = seller.fulfillments?.find((f) => f.type === 'Delivery');
  const supply = supplyOf(delivery?.start?.location?.address?.['state'], (delivery?.end?.location?.address ?? seller.billing?.address)?.['state']);
  const breakup = seller.quote?.breakup ?? [];
  const itemIds = breakup.filter((b) => b['@ondc/org/title_type'] === 'item').map((b) => b['@ondc/org/item_id'] ?? '');
  const taxClasses = await taxClassesOf(database, bppId, providerId, itemIds);
  const gstin = tagValue(seller.tags, 'bpp_terms', 'tax_number');
  const parties: Parties = {
    seller: {
      name: provider?.name ?? order.storeName,
      address: addressLine(delivery?.start?.location?.address, true),
      gstin,
      fssai: provider?.fssai_licence ?? null,
    },
    buyer: {
      name: seller.billing?.name ?? delivery?.end?.person?.name ?? null,
      address: addressLine(seller.billing?.address ?? delivery?.end?.location?.address, false),
      phone: seller.billing?.phone ?? null,
    },
    supply,
  };
  const invoice = invoiceOf(breakup, order.totalPaise, { intraState: supply.intraState, taxClasses });
  return { order, seller, parties, taxClasses, invoice, series: gstin ?? `${provider?.bpp_id ?? 'seller'}/${providerId}`, refunds };
}

/** The invoice's date: the delivery (a seller's clock may run ahead of ours: never in the future), else the order's confirmation. */
function invoiceDate(order: OrderDetail): string {
  const deliveredAt = order.events.find((e) => e.status === 'delivered')?.sellerAt ?? order.placedAt;
  return new Date(Math.min(Date.parse(deliveredAt), Date.now())).toISOString();
}

async function creditNotesOf(database: Database, drawn: Drawn): Promise<CreditNoteEntry[]> {
  const entries: CreditNoteEntry[] = [];
  for (const refund of drawn.refunds) {
    const given = await numberFor(database, 'credit_note', drawn.order.orderId, refund.reference, drawn.series, refund.at ?? new Date().toISOString());
    entries.push({ reference: refund.reference, number: given.number, date: refund.at ?? given.issuedAt, amountPaise: refund.amountPaise, kind: refund.kind });
  }
  return entries;
}

/** The invoice of one of this shopper's orders; another shopper's order is not found. */
export async function invoiceFor(database: Database, shopper: string, orderId: string): Promise<InvoiceAnswer> {
  const drawn = await draw(database, shopper, orderId);
  if ('ok' in drawn) return drawn;
  const date = invoiceDate(drawn.order);
  const { number } = await numberFor(database, 'invoice', orderId, '', drawn.series, date);
  return {
    ok: true,
    view: {
      ...drawn.parties,
      number,
      orderId,
      date,
      invoice: drawn.invoice,
      creditNotes: await creditNotesOf(database, drawn),
      sellerDocumentUrl: await sellerDocument(database, drawn.order.transactionId),
    },
  };
}

/** The credit note of one refund (named by its fulfillment) of this shopper's order. */
export async function creditNoteFor(database: Database, shopper: string, orderId: string, reference: string): Promise<CreditNoteAnswer> {
  const drawn = await draw(database, shopper, orderId);
  if ('ok' in drawn) return drawn;
  const refund = drawn.refunds.find((r) => r.reference === reference);
  if (!refund) return { ok: false, status: 404, message: 'No such credit note' };
  const invoiceAt = invoiceDate(drawn.order);
  const invoice = await numberFor(database, 'invoice', orderId, '', drawn.series, invoiceAt);
  const entry = (await creditNotesOf(database, drawn)).find((c) => c.reference === reference);
  if (!entry) return { ok: false, status: 404, message: 'No such credit note' };
  // A seller whose later message took less out than was refunded: no honest note, and no 500.
  let note: Invoice;
  try {
    note =
      refund.kind === 'Complaint'
        ? complaintCreditNoteOf(drawn.invoice, refund.items, refund.amountPaise, drawn.taxClasses)
        : creditNoteOf(refund.trail, refund.amountPaise, drawn.invoice, drawn.taxClasses);
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, status: 409, message: 'The credit note is not ready yet' };
    throw error;
  }
  return {
    ok: true,
    view: {
      ...drawn.parties,
      number: entry.number,
      orderId,
      date: entry.date,
      kind: refund.kind,
      invoiceNumber: invoice.number,
      invoiceDate: invoiceAt,
      note,
    },
  };
}
