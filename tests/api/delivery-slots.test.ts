// Issue 29: a store that delivers in windows offers them at checkout; the shopper's pick goes to the
// seller in a second select, init and confirm name it, and the seller's order keeps its range
// unchanged, as the protocol log shows; the order pages promise the window. A pick the store no
// longer has, another delivery at init than the quote's, and a malformed id are refused.
import { describe, expect, inject, it } from 'vitest';
import { orderMessageProblems } from '#/ondc/order-schemas.ts';
import { cartOfOne, checkoutAddress, pollFor, quoteWindowStore, windowStorePlace, type Client, type WindowOption } from '../support/checkout.ts';
import { slottedGroceryStore } from '../support/fixtures.ts';
import { shopper } from '../support/http.ts';
import { wireOf } from '../support/protocol-log.ts';

const store = slottedGroceryStore();
const item = store.items[0]!;
const servers = inject('servers');
// The PGlite storefront writes the protocol log.
const [logged] = servers;

type Checkout = { fulfillmentId: string | null; delivery: { chosen: string; options: WindowOption[] } | null; payable: { totalPaise: number } | null };

const fillCart = (client: Client) => cartOfOne(client, store, item);

const place = { ...windowStorePlace, address: { area_code: store.location.pincode } };

async function quote(client: Client, extra: Record<string, unknown> = {}) {
  const { transactionId, answer } = await quoteWindowStore(client, extra);
  return { transactionId, answer, checkout: answer['checkout'] as Checkout };
}

const address = checkoutAddress({ area_code: store.location.pincode });
const initBody = (transactionId: string, fulfillmentId: string) => {
  const { address: _pin, ...rest } = place;
  return {
    ...rest,
    transaction_id: transactionId,
    customer_details: { name: 'Asha Rao', phone: '9876543210' },
    billing_address: address,
    delivery_address: address,
    fulfillment_id: fulfillmentId,
    payment_type: 'ON-FULFILLMENT',
  };
};

type Fulfillment = { id: string; type?: string; end?: { time?: { range?: { start: string; end: string } } } };
const deliveryOf = (order: Record<string, unknown> | undefined) => (order?.['fulfillments'] as Fulfillment[] | undefined)?.find((f) => f.type === 'Delivery');

describe.each(servers)('issue 29: delivery windows on $name', ({ url }) => {
  it('offers the soonest and each window, quotes for the one picked, and places the order for it', async () => {
    const client = shopper(url);
    await fillCart(client);
    const first = await quote(client);
    expect(first.checkout.fulfillmentId).toBe('F1');
    const options = first.checkout.delivery?.options ?? [];
    expect(first.checkout.delivery?.chosen).toBe('F1');
    expect(options[0]).toEqual({ id: 'F1', label: 'As soon as possible: 45 minutes', start: null, end: null });
    expect(options.length).toBeGreaterThan(1);
    const window = options[1]!;
    // Two hours, worded in Indian time. On the wire a window is real time: the test sellers' clock,
    // started at noon, puts it on the hour of their day, not of the real one.
    expect(Date.parse(window.end!) - Date.parse(window.start!)).toBe(2 * 60 * 60_000);
    expect(window.label).toMatch(/^(Today|Tomorrow), \d{1,2}:\d{2} [ap]m – \d{1,2}:\d{2} [ap]m$/);

    const picked = await quote(client, { transaction_id: first.transactionId, fulfillment_id: window.id });
    expect(picked.transactionId).toBe(first.transactionId);
    expect(picked.checkout.fulfillmentId).toBe(window.id);
    expect(picked.checkout.delivery?.chosen).toBe(window.id);
    // A window costs what the soonest does at this store.
    expect(picked.checkout.payable?.totalPaise).toBe(first.checkout.payable?.totalPaise);

    // An init for another delivery than the latest quote's places nothing.
    const stale = await client.post('/ondc/init', initBody(first.transactionId, 'F1'));
    expect(stale.status).toBe(409);
    expect((await stale.json()).error).toMatchObject({ code: 'DELIVERY_CHANGED' });

    const init = await (await client.post('/ondc/init', initBody(first.transactionId, window.id))).json();
    const initStatus = await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
    expect(initStatus.order_status).toBe('CREATED');
    const payment = await (
      await client.post('/ondc/payment', { method: 'cod', transaction_id: first.transactionId, init_message_id: init.data.message_id })
    ).json();
    const confirmed = await (await client.post('/ondc/confirm', { transaction_id: first.transactionId, payment_id: payment.data.payment_id })).json();
    const placed = await pollFor(client, `/ondc/status?type=confirm&message_id=${confirmed.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
    expect(placed.order_status).toBe('CONFIRMED');

    // The order pages promise the window, not the store's 45 minutes.
    for (const page of [`/order-confirmation?order_id=${placed.order_id}`, `/order-history?order_id=${placed.order_id}`]) {
      const html = await (await client.get(page)).text();
      expect(html, page).toMatch(new RegExp(`data-delivery-window="${window.start}"[^>]*>Delivery in the time you chose: ${window.label}</p>`));
    }

    if (url !== logged?.url) return;
    const sent = wireOf(logged.dataDir, first.transactionId);
    const range = { start: window.start, end: window.end };
    const last = (action: string) => sent.filter((m) => m.action === action).at(-1);
    // The second select names the window; its on_select maps the items to it.
    expect(deliveryOf(last('select')?.message.order)?.id).toBe(window.id);
    const selected = (last('on_select')?.message.order?.['items'] ?? []) as Array<{ fulfillment_id: string }>;
    expect(selected.length).toBe(1);
    expect(selected.every((i) => i.fulfillment_id === window.id)).toBe(true);
    for (const action of ['init', 'confirm']) {
      expect(deliveryOf(last(action)?.message.order)?.id, action).toBe(window.id);
      expect(orderMessageProblems(action as 'init' | 'confirm', last(action)?.message), action).toEqual([]);
    }
    for (const action of ['on_init', 'on_confirm']) {
      expect(deliveryOf(last(action)?.message.order), action).toMatchObject({ id: window.id, end: { time: { range } } });
    }
  }, 90_000);

  it('a window the store no longer has: the store quotes its soonest and says why', async () => {
    const client = shopper(url);
    await fillCart(client);
    // 8 am on 1 Jan 2026 is long gone.
    const gone = await quote(client, { fulfillment_id: 'S2026010108' });
    expect(gone.answer['error']).toMatchObject({ code: '30013' });
    expect(gone.checkout.fulfillmentId).toBe('F1');
    expect(gone.checkout.delivery?.chosen).toBe('F1');
  }, 60_000);

  it('a malformed delivery id is a 400 that names the field, and nothing goes to the store', async () => {
    const client = shopper(url);
    await fillCart(client);
    for (const body of [
      { ...place, fulfillment_id: 'S 2026; DROP' },
      { ...place, fulfillment_id: '' },
      { ...place, fulfillment_id: 'x'.repeat(65) },
    ]) {
      const answer = await client.post('/ondc/select', body);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(await answer.json())).toContain('fulfillment_id');
    }
  });
});
