// Issue 29: the GST invoice and the credit notes of refunds, over the real protocol with the
// embedded sellers' clock fast (a network minute in 0.5 s), as the shopper reads them; another
// shopper never can.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '#/lib/money.ts';
import { providerItems } from '#/network/catalogue/generate.ts';
import { itemTaxClass } from '#/network/catalogue/tax.ts';
import { hasListingFlaw } from '#/network/listing-flaws.ts';
import { hasPriceDrift } from '#/network/price-drift.ts';
import { lines, placeOrder, refundsSettled, store, type Client } from '../support/checkout.ts';
import { shopper, until } from '../support/http.ts';
import { startServer, type StartedServer } from '../support/server.ts';

let server: StartedServer;
beforeAll(async () => {
  // A machine shared by many test runs has taken over 3 minutes to start a storefront.
  server = await startServer({ NETWORK_CLOCK_SPEED: '120' }, { timeoutMs: 400_000 });
}, 420_000);
afterAll(async () => server?.stop());

type Detail = { status: string; refunds: Array<{ amount: number }>; store_cancelled: unknown[] };
const detail = async (client: Client, orderId: string) => (await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json()) as Detail;
const numberOf = (html: string) => /data-document-number[^>]*>([^<]+)</.exec(html)?.[1];
const totalOf = (html: string) => /data-document-total[^>]*>([^<]+)</.exec(html)?.[1];
const creditLinks = (html: string) => [...html.matchAll(/credit_note=([A-Za-z0-9_.:-]+)/g)].map((m) => m[1]!);
const rupeesIn = (text: string | undefined) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);
/** Taxable value, CGST and SGST of every row of the GST summary, added up. */
const gstSummaryPaise = (html: string) => {
  const body = /<table[^>]*data-gst="intra"[^>]*>[\s\S]*?<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].reduce((sum, row) => {
    const cells = [...row[1]!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]!);
    return sum + cells.slice(1).reduce((n, cell) => n + rupeesIn(cell), 0);
  }, 0);
};

/** An item taxed above 0 %, one of which costs less than free delivery: the order pays for delivery. */
const taxedItem = [...providerItems(store.provider)].find(
  (i) =>
    i.kind === 'grocery' &&
    i.stock >= 20 &&
    !hasListingFlaw(i) &&
    !hasPriceDrift(i) &&
    (itemTaxClass(i)?.ratePercent ?? 0) > 0 &&
    store.provider.deliveryFeePaise > 0 &&
    (store.provider.freeDeliveryAbovePaise === null || i.pricePaise < store.provider.freeDeliveryAbovePaise),
)!;

describe('the GST invoice and credit notes (issue 29)', () => {
  it('units the store cut from a prepaid order: the invoice with HSN and CGST + SGST, and a credit note for the refund to the paisa; another shopper is refused', async () => {
    const client = shopper(server.url);
    const rival = shopper(server.url);
    const { orderId, totalPaise } = await placeOrder(client, 'upi', [...lines(), { sku_id: store.scarce.id, quantity: 2 }], {
      beforePayment: () => placeOrder(rival, 'upi', [{ sku_id: store.scarce.id, quantity: store.scarce.stock - 1 }]),
    });
    const cut = await until(
      () => detail(client, orderId),
      (o) => o.refunds.length === 1 && o.status === 'delivered',
      90,
    );
    const refundPaise = Math.round(cut.refunds[0]!.amount * 100);

    const invoice = await client.get(`/invoice?order_id=${orderId}`);
    expect(invoice.status).toBe(200);
    const html = await invoice.text();
    const number = numberOf(html);
    expect(number).toMatch(/^KI\/\d{2}-\d{2}\/\d{6}$/);
    expect(html).toMatch(/GSTIN: \d{2}[A-Z0-9]{13}/);
    expect(html).toContain('Place of supply: Karnataka (29)');
    // Each item says its HSN and rate as the seller's catalogue states them.
    for (const item of [store.items[0]!, store.items[1]!, store.scarce]) {
      const taxClass = itemTaxClass(item)!;
      expect(html).toContain(`HSN ${taxClass.hsn} · GST ${taxClass.ratePercent}%`);
    }
    // Within the store's state: CGST and SGST, no IGST; the total is what was paid.
    expect(html).toContain('data-gst="intra"');
    expect(html).toMatch(/data-cgst[^>]*>₹/);
    expect(html).not.toContain('data-igst');
    expect(totalOf(html)).toBe(formatRupees(totalPaise));
    expect(numberOf(await (await client.get(`/invoice?order_id=${orderId}`)).text()), 'the number never changes').toBe(number);

    const [reference] = creditLinks(html);
    expect(creditLinks(html)).toHaveLength(1);
    const note = await client.get(`/invoice?order_id=${orderId}&credit_note=${reference}`);
    expect(note.status).toBe(200);
    const noteHtml = await note.text();
    expect(noteHtml).toMatch(/<h1[^>]*>Credit note<\/h1>/);
    expect(numberOf(noteHtml)).toMatch(/^KC\/\d{2}-\d{2}\/\d{6}$/);
    expect(noteHtml).toMatch(new RegExp(`data-invoice-number[^>]*>${number!.replaceAll('/', '\\/')}<`));
    expect(noteHtml).toContain('Items cancelled');
    expect(noteHtml).toContain(store.scarce.name);
    expect(noteHtml).not.toContain(store.items[0]!.name);
    // The refund to the paisa, the scarce item's tax reversed within the state.
    expect(totalOf(noteHtml)).toBe(formatRupees(refundPaise));
    const cgst = rupeesIn(/data-cgst[^>]*>([^<]+)</.exec(noteHtml)?.[1]);
    const sgst = rupeesIn(/data-sgst[^>]*>([^<]+)</.exec(noteHtml)?.[1]);
    const rate = itemTaxClass(store.scarce)!.ratePercent;
    expect(cgst + sgst).toBe(refundPaise - Math.floor((refundPaise * 10_000 * 2 + (10_000 + rate * 100)) / (2 * (10_000 + rate * 100))));
    expect(sgst - cgst).toBeGreaterThanOrEqual(0);
    expect(sgst - cgst).toBeLessThanOrEqual(1);

    // In Hindi too.
    const hindi = shopper(server.url);
    for (const [name, value] of client.cookies) hindi.cookies.set(name, value);
    hindi.cookies.set('locale', 'hi');
    const hindiNote = await (await hindi.get(`/invoice?order_id=${orderId}&credit_note=${reference}`)).text();
    expect(hindiNote).toMatch(/<h1[^>]*>क्रेडिट नोट<\/h1>/);
    expect(hindiNote).toContain('वापस की गई रकम');

    // Another shopper: neither the invoice nor the credit note, and nothing of them shown.
    const stranger = shopper(server.url);
    await stranger.get('/');
    const refused = await stranger.get(`/invoice?order_id=${orderId}&credit_note=${reference}`);
    expect(refused.status).toBe(404);
    const refusedHtml = await refused.text();
    expect(refusedHtml).not.toContain(numberOf(noteHtml)!);
    expect(refusedHtml).not.toContain(store.scarce.name);
    expect((await stranger.get(`/invoice?order_id=${orderId}`)).status).toBe(404);

    // Bad input: a reference that cannot be a fulfillment id is a 400; one that is not this order's refund, a 404.
    for (const bad of ['%3Cscript%3E', '', 'C1%20OR%201%3D1', 'x'.repeat(65)]) {
      const answer = await client.get(`/invoice?order_id=${orderId}&credit_note=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(await answer.text()).toContain('That is not a credit note of this order.');
    }
    expect((await client.get(`/invoice?order_id=${orderId}&credit_note=C9`)).status).toBe(404);
    expect((await client.get(`/invoice?order_id=not-an-order&credit_note=${reference}`)).status).toBe(404);
  }, 240_000);

  it('a prepaid order cancelled before shipping: its invoice and a credit note for the whole payment, the delivery charge’s GST in both', async () => {
    const client = shopper(server.url);
    const { orderId, totalPaise } = await placeOrder(client, 'upi', [{ sku_id: taxedItem.id, quantity: 1 }]);
    // Not delivered, no refund: no invoice yet.
    expect((await client.get(`/invoice?order_id=${orderId}`)).status).toBe(409);
    expect((await client.post('/ondc/order/update', { type: 'cancel', order_id: orderId, reason_id: '006' })).status).toBe(200);
    await until(
      () => detail(client, orderId),
      (o) => o.status === 'cancelled' && refundsSettled(o),
      30,
    );
    const page = await (await client.get(`/order-history?order_id=${orderId}`)).text();
    expect(page).toContain('Invoice and credit note');
    const html = await (await client.get(`/invoice?order_id=${orderId}`)).text();
    expect(totalOf(html)).toBe(formatRupees(totalPaise));
    const [reference] = creditLinks(html);
    const note = await (await client.get(`/invoice?order_id=${orderId}&credit_note=${reference}`)).text();
    expect(totalOf(note)).toBe(formatRupees(totalPaise));
    expect(note).toContain(taxedItem.name);
    // Delivery holds GST at its goods' rate (CGST Act s.15(2)(c)), so each document's GST summary
    // (taxable value plus CGST and SGST by HSN) accounts for every rupee: no coupon, coins or tip here.
    const rate = itemTaxClass(taxedItem)!.ratePercent;
    for (const document of [html, note]) {
      expect(document).toMatch(
        new RegExp(`<tr data-charge-gst[^>]*>\\s*<th scope="row"[^>]*>Delivery<span class="tax-doc__hsn"[^>]*>GST ${rate}%, as the goods<`),
      );
      expect(gstSummaryPaise(document)).toBe(totalPaise);
    }
  }, 120_000);

  it('a delivered cash order with nothing refunded has an invoice and no credit note', async () => {
    const client = shopper(server.url);
    const { orderId } = await placeOrder(client, 'cod');
    await until(
      () => detail(client, orderId),
      (o) => o.status === 'delivered',
      90,
    );
    const html = await (await client.get(`/invoice?order_id=${orderId}`)).text();
    expect(creditLinks(html)).toEqual([]);
    const none = await client.get(`/invoice?order_id=${orderId}&credit_note=C1`);
    expect(none.status).toBe(404);
    expect(await none.text()).toContain('Credit note not found');
  }, 120_000);
});
