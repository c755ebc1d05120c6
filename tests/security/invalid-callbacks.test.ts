// Issue 24, threat "a seller's message breaks the order": the store that owns the order, signing
// correctly, reports states ONDC does not have, a quote that is not money, fulfillments that are
// null or a string, or moves its order where ONDC's state machines do not go. Each is refused
// before anything is written (400 NACK: JSON-SCHEMA-ERROR 20006, or DOMAIN-ERROR 20007 Invalid
// order state), never a 500; the order stays as it was and its pages answer 200.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { placeOrder, plentifulItems, store, type Client } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { callbackContext, postSigned, reportedOrder, sellers } from '../support/seller-callbacks.ts';

const [server] = inject('servers');
const url = server!.url;
const { owner } = sellers(server!.dataDir);

describe('callbacks are checked whole before they change an order', () => {
  let client: Client;
  let transactionId = '';
  let orderId = '';
  beforeAll(async () => {
    client = shopper(url);
    // An item no other test empties: the shared storefront's shelves run down over the suite.
    const [item] = await plentifulItems(url, 1, 50);
    ({ transactionId, orderId } = await placeOrder(client, 'upi', [{ sku_id: item!.id, quantity: 1 }]));
  }, 60_000);

  const push = (action: string, order: Record<string, unknown>) =>
    postSigned(
      url,
      action,
      { context: callbackContext(url, { action, transactionId, messageId: crypto.randomUUID(), seller: owner }), message: { order } },
      owner,
    );
  const detail = async () => (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json();

  async function expectUnchanged(before: { status: string; events: unknown[] }) {
    const after = await detail();
    expect(after.status).toBe(before.status);
    expect(after.events).toEqual(before.events);
    expect(after.refunds).toEqual([]);
    for (const page of [`/order-history?order_id=${orderId}`, '/order-history', `/tracking-details?order_id=${orderId}`]) {
      expect((await client.get(page)).status, page).toBe(200);
    }
    // No invoice before delivery (409), but never a server error.
    expect((await client.get(`/invoice?order_id=${orderId}`)).status).toBeLessThan(500);
  }

  it('refuses an unknown order state, an unknown fulfillment state and a quote that is not money', async () => {
    const before = await detail();
    const forged = reportedOrder(orderId, {
      state: 'Completed',
      fulfillments: [{ id: 'F1', type: 'Delivery', state: { descriptor: { code: 'Teleported' } } }],
      quote: { price: { currency: 'INR', value: 'lots' }, breakup: [] },
    });
    const reply = await push('on_status', forged);
    expect(reply).toMatchObject({ status: 400, ack: 'NACK', error: { type: 'JSON-SCHEMA-ERROR', code: '20006' } });
    expect((await push('on_status', { ...forged, quote: { price: { currency: 'INR', value: '63.00' } } })).error?.path).toBe(
      'message.order.fulfillments.0.state.descriptor.code',
    );
    expect((await push('on_status', { ...forged, state: 'Teleported', fulfillments: [] })).error?.path).toBe('message.order.state');
    await expectUnchanged(before);
  });

  it('refuses fulfillments that are null or a string with a 400, never a 500, and the order page still answers', async () => {
    const before = await detail();
    const cancel = await push(
      'on_cancel',
      reportedOrder(orderId, { state: 'Cancelled', cancellation: { cancelled_by: owner.id, reason: { id: '005' } }, fulfillments: null }),
    );
    expect(cancel).toMatchObject({ status: 400, ack: 'NACK', error: { type: 'JSON-SCHEMA-ERROR', path: 'message.order.fulfillments' } });
    const status = await push('on_status', reportedOrder(orderId, { fulfillments: 'Order-delivered' }));
    expect(status).toMatchObject({ status: 400, ack: 'NACK', error: { type: 'JSON-SCHEMA-ERROR', path: 'message.order.fulfillments' } });
    await expectUnchanged(before);
  });

  it('refuses moves the order state machine does not make: delivered straight after created, cancelled without a Cancel fulfillment, a refund for a return nobody asked for', async () => {
    const before = await detail();
    const jump = await push(
      'on_status',
      reportedOrder(orderId, { state: 'Completed', fulfillments: [{ id: 'F1', type: 'Delivery', state: { descriptor: { code: 'Order-delivered' } } }] }),
    );
    expect(jump).toMatchObject({ status: 400, ack: 'NACK', error: { type: 'DOMAIN-ERROR', code: '20007' } });
    const bareCancel = await push(
      'on_cancel',
      reportedOrder(orderId, {
        state: 'Cancelled',
        cancellation: { cancelled_by: owner.id, reason: { id: '005' } },
        fulfillments: [{ id: 'F1', type: 'Delivery', state: { descriptor: { code: 'Cancelled' } } }],
      }),
    );
    expect(bareCancel).toMatchObject({ status: 400, error: { code: '20007' } });
    const trail = {
      code: 'quote_trail',
      list: [
        { code: 'type', value: 'item' },
        { code: 'id', value: store.items[0]!.id },
        { code: 'currency', value: 'INR' },
        { code: 'value', value: '-111.00' },
      ],
    };
    const unasked = await push(
      'on_update',
      reportedOrder(orderId, {
        state: 'Accepted',
        fulfillments: [
          { id: 'F1', type: 'Delivery', state: { descriptor: { code: 'Pending' } } },
          { id: 'R1', type: 'Return', state: { descriptor: { code: 'Liquidated' } }, tags: [trail] },
        ],
      }),
    );
    expect(unasked).toMatchObject({ status: 400, error: { code: '20007' } });
    await expectUnchanged(before);
  });
});
