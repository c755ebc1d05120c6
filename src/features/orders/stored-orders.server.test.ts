// Issue 24: an order row or order message stored before callbacks were checked whole (a seller's
// fulfillments as a string, a quote that is not money) degrades what the order pages show; it
// never makes them fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { findOrderDetail, listOrders } from './orders.server.ts';

const SHOPPER = 'device:poisoned';
const confirmed = {
  id: 'OP1',
  state: 'Accepted',
  provider: { id: 'P1', descriptor: { name: 'Good Store' } },
  items: [{ id: 'I1', fulfillment_id: 'F1', quantity: { count: 1 } }],
  fulfillments: [{ id: 'F1', type: 'Delivery', state: { descriptor: { code: 'Pending' } } }],
  quote: {
    price: { currency: 'INR', value: '63.00' },
    breakup: [{ '@ondc/org/item_id': 'I1', '@ondc/org/title_type': 'item', title: 'Atta', price: { currency: 'INR', value: '63.00' } }],
  },
};

async function order(database: Database, id: string, onConfirm: unknown) {
  await database.query(
    "INSERT INTO ondc_transactions (transaction_id, shopper_key, domain, city, bpp_id, bpp_uri, expires_at) VALUES ($1, $2, 'ONDC:RET10', 'std:080', 'bpp', 'http://127.0.0.1:1/x', clock_timestamp() + interval '1 day')",
    [`T${id}`, SHOPPER],
  );
  await database.query(
    "INSERT INTO payments (payment_id, transaction_id, shopper_key, init_message_id, amount_paise, method, vpa, status) VALUES ($1, $2, $3, 'm', 6300, 'upi', 'asha@okaxis', 'PAID')",
    [`P${id}`, `T${id}`, SHOPPER],
  );
  await database.query(
    "INSERT INTO orders (order_id, transaction_id, shopper_key, payment_id, total_paise, state, on_confirm) VALUES ($1, $2, $3, $4, 6300, 'Accepted', $5::jsonb)",
    [id, `T${id}`, SHOPPER, `P${id}`, JSON.stringify(onConfirm)],
  );
}

async function stored(database: Database, transactionId: string, action: string, orderBody: unknown, digest: string) {
  const body = { context: { action, transaction_id: transactionId }, message: { order: orderBody } };
  await database.query(
    "INSERT INTO ondc_messages (transaction_id, message_id, action, direction, participant_id, body_digest, body) VALUES ($1, $2, $3, 'in', 'bpp', $4, $5::jsonb)",
    [transactionId, `m-${digest}`, action, digest, JSON.stringify(body)],
  );
}

describe.each(testDatabases())('stored orders that do not read as ONDC orders on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database?.close());

  it('shows the newest report that reads as an order, passing over a poisoned one', async () => {
    await order(database, 'OP1', confirmed);
    await stored(database, 'TOP1', 'on_confirm', confirmed, 'd1');
    await stored(database, 'TOP1', 'on_status', { ...confirmed, fulfillments: 'Order-delivered', quote: { price: { value: 'lots' } } }, 'd2');
    const detail = await findOrderDetail(database, SHOPPER, 'OP1');
    expect(detail?.storeName).toBe('Good Store');
    expect(detail?.currentOrder.fulfillments?.[0]?.type).toBe('Delivery');
  });

  it('lists and shows an order whose stored on_confirm is poisoned, by its id and total', async () => {
    await order(database, 'OP2', { ...confirmed, id: 'OP2', fulfillments: 'x', quote: { breakup: 'none' } });
    const { orders } = await listOrders(database, SHOPPER, 0);
    expect(orders.find((o) => o.orderId === 'OP2')).toMatchObject({ storeName: 'Store', totalPaise: 6300 });
    const detail = await findOrderDetail(database, SHOPPER, 'OP2');
    expect(detail).toMatchObject({ orderId: 'OP2', totalPaise: 6300, storeName: 'Store' });
  });
});
