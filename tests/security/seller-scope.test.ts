// Issue 24, threat "a seller answers for another seller's transaction": a real seller of the
// network, signing with its own key, answers the select, init and confirm we sent to another
// seller, and pushes on_status/on_cancel/on_update about that seller's order. Each is refused
// (403 NACK, ONDC 20006) and the shopper sees, pays and keeps what the store they chose said.
import { describe, expect, inject, it } from 'vitest';
import { initBody, lines, placeOrder, pollFor, selectAndQuote, store } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { callbackContext, postSigned, reportedOrder, sellers } from '../support/seller-callbacks.ts';

const [server] = inject('servers');
const url = server!.url;
const { owner, rogue } = sellers(server!.dataDir);

const cheapQuote = (value: string) => ({
  price: { currency: 'INR', value },
  breakup: [{ '@ondc/org/item_id': store.items[0]!.id, '@ondc/org/title_type': 'item', title: 'ROGUE STORE', price: { currency: 'INR', value } }],
  ttl: 'P1D',
});
const offer = (value: string) => ({
  order: {
    provider: { id: store.provider.id, descriptor: { name: 'ROGUE STORE' } },
    items: [{ id: store.items[0]!.id, fulfillment_id: 'F1', quantity: { count: 1 } }],
    fulfillments: [{ id: 'F1', type: 'Delivery', state: { descriptor: { code: 'Serviceable' } } }],
    quote: cheapQuote(value),
  },
});

function expectRefusedAsAnotherSeller(reply: Awaited<ReturnType<typeof postSigned>>) {
  expect(reply.status).toBe(403);
  expect(reply.ack).toBe('NACK');
  expect(reply.error).toMatchObject({ type: 'CONTEXT-ERROR', code: '20006' });
}

describe('a seller speaks only for its own transactions', () => {
  it('another seller’s on_select and on_init are refused; the shopper is quoted and charged the store’s price', async () => {
    const client = shopper(url);
    const { transactionId, messageId, answer } = await selectAndQuote(client, lines());
    const onSelect = { context: callbackContext(url, { action: 'on_select', transactionId, messageId, seller: rogue }), message: offer('1.00') };
    expectRefusedAsAnotherSeller(await postSigned(url, 'on_select', onSelect, rogue));
    const after = await (await client.get(`/ondc/fetchMessage?type=select&message_id=${messageId}`)).json();
    expect(after.message.order.quote).toEqual((answer as { message: { order: { quote: unknown } } }).message.order.quote);
    expect(after.context.bpp_id).toBe(store.seller.id);

    const init = await (await client.post('/ondc/init', initBody(transactionId, lines()))).json();
    await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
    const onInit = {
      context: callbackContext(url, { action: 'on_init', transactionId, messageId: init.data.message_id, seller: rogue }),
      message: offer('1.00'),
    };
    expectRefusedAsAnotherSeller(await postSigned(url, 'on_init', onInit, rogue));
    const payment = await (
      await client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: init.data.message_id, vpa: 'asha@okaxis' })
    ).json();
    expect(Number(payment.data.amount)).toBeGreaterThan(1);
  }, 60_000);

  it('another seller’s on_confirm for our confirm is refused', async () => {
    const client = shopper(url);
    const { transactionId } = await selectAndQuote(client, lines());
    const init = await (await client.post('/ondc/init', initBody(transactionId, lines()))).json();
    await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
    const payment = await (
      await client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: init.data.message_id, vpa: 'asha@okaxis' })
    ).json();
    const confirmed = await (await client.post('/ondc/confirm', { transaction_id: transactionId, payment_id: payment.data.payment_id })).json();
    const placed = await pollFor(client, `/ondc/status?type=confirm&message_id=${confirmed.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
    const orderId = placed['order_id'] as string;
    const onConfirm = {
      context: callbackContext(url, { action: 'on_confirm', transactionId, messageId: confirmed.data.message_id, seller: rogue }),
      message: {
        order: reportedOrder(orderId, { state: 'Cancelled', provider: { id: 'rogue', descriptor: { name: 'ROGUE STORE' } }, quote: cheapQuote('1.00') }),
      },
    };
    expectRefusedAsAnotherSeller(await postSigned(url, 'on_confirm', onConfirm, rogue));
    const again = await (await client.get(`/ondc/status?type=confirm&message_id=${confirmed.data.message_id}`)).json();
    expect(again).toMatchObject({ order_status: 'CONFIRMED', order_id: orderId });
    const detail = await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json();
    expect(detail.status).not.toBe('cancelled');
  }, 60_000);

  it('another seller’s pushed on_status, on_cancel and on_update about our order are refused: not delivered, not cancelled, nothing refunded', async () => {
    const client = shopper(url);
    const { transactionId, orderId } = await placeOrder(client, 'upi');
    const push = (action: string, order: Record<string, unknown>, seller = rogue) =>
      postSigned(url, action, { context: callbackContext(url, { action, transactionId, messageId: crypto.randomUUID(), seller }), message: { order } }, seller);
    const at = new Date().toISOString();
    const delivered = reportedOrder(orderId, {
      state: 'Completed',
      fulfillments: [
        {
          id: 'F1',
          type: 'Delivery',
          state: { descriptor: { code: 'Order-delivered' } },
          start: { time: { timestamp: at } },
          end: { time: { timestamp: at } },
        },
      ],
    });
    const trail = {
      code: 'quote_trail',
      list: [
        { code: 'type', value: 'item' },
        { code: 'id', value: store.items[0]!.id },
        { code: 'currency', value: 'INR' },
        { code: 'value', value: '-66.00' },
      ],
    };
    const cancelled = reportedOrder(orderId, {
      state: 'Cancelled',
      cancellation: { cancelled_by: rogue.id, reason: { id: '005' } },
      fulfillments: [
        { id: 'F1', type: 'Delivery', state: { descriptor: { code: 'Cancelled' } } },
        { id: 'C1', type: 'Cancel', state: { descriptor: { code: 'Cancelled' } }, tags: [trail] },
      ],
    });
    const liquidated = reportedOrder(orderId, {
      state: 'Completed',
      fulfillments: [
        {
          id: 'F1',
          type: 'Delivery',
          state: { descriptor: { code: 'Order-delivered' } },
          start: { time: { timestamp: at } },
          end: { time: { timestamp: at } },
        },
        { id: 'R1', type: 'Return', state: { descriptor: { code: 'Liquidated' } }, tags: [trail] },
      ],
    });
    expectRefusedAsAnotherSeller(await push('on_status', delivered));
    expectRefusedAsAnotherSeller(await push('on_cancel', cancelled));
    expectRefusedAsAnotherSeller(await push('on_update', liquidated));
    await new Promise((r) => setTimeout(r, 300));
    const detail = await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json();
    expect(detail.status).not.toBe('delivered');
    expect(detail.status).not.toBe('cancelled');
    expect(detail.refunds).toEqual([]);
    expect(detail.return_state).toBeNull();

    // The store that owns the order is heard: the refusals above were about who signed.
    expect((await push('on_status', delivered, owner)).status).toBe(200);
    const owned = await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json();
    expect(owned.status).toBe('delivered');
  }, 60_000);
});
