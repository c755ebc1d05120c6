import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { buildContext } from '#/ondc/context.ts';
import { startPayment } from '#/features/payment/payment.server.ts';
import { initStatus } from './init.server.ts';
import { payableFor } from './session.server.ts';

const SHOPPER = 'device:store-check';
const quote = {
  price: { currency: 'INR', value: '120.00' },
  breakup: [{ title: 'Atta', price: { value: '120.00' }, '@ondc/org/title_type': 'item', '@ondc/org/item_id': 'I1' }],
  ttl: 'P1D',
};

/** An init we sent to provider P1 at location L1, and the seller's on_init for `answered`. */
async function answeredInit(database: Database, id: string, answered: { provider: Record<string, unknown>; items?: unknown[] }) {
  const transactionId = `T-${id}`;
  await database.query(
    "INSERT INTO ondc_transactions (transaction_id, shopper_key, domain, city, bpp_id, bpp_uri, expires_at) VALUES ($1, $2, 'ONDC:RET10', 'std:080', 'bpp', 'http://127.0.0.1:1/x', clock_timestamp() + interval '1 day')",
    [transactionId, SHOPPER],
  );
  const asked = { message: { order: { provider: { id: 'P1', locations: [{ id: 'L1' }] }, items: [{ id: 'I1', location_id: 'L1', quantity: { count: 1 } }] } } };
  await database.query(
    "INSERT INTO ondc_messages (transaction_id, message_id, action, direction, body_digest, body, ack_status) VALUES ($1, $2, 'init', 'out', $3, $4::jsonb, 'ACK')",
    [transactionId, `init-${id}`, `out-${id}`, JSON.stringify(asked)],
  );
  const context = {
    ...buildContext({
      action: 'init',
      domain: 'ONDC:RET10',
      city: 'std:080',
      transactionId,
      bapId: 'bap.test',
      bapUri: 'http://127.0.0.1:1/bap',
      messageId: `init-${id}`,
    }),
    action: 'on_init',
  };
  const onInit = {
    context,
    message: { order: { ...answered, items: answered.items ?? [], billing: {}, fulfillments: [], payment: { type: 'ON-ORDER' }, quote } },
  };
  await database.query(
    "INSERT INTO ondc_messages (transaction_id, message_id, action, direction, body_digest, body) VALUES ($1, $2, 'on_init', 'in', $3, $4::jsonb)",
    [transactionId, `init-${id}`, `in-${id}`, JSON.stringify(onInit)],
  );
  return { transactionId, messageId: `init-${id}` };
}

describe.each(testDatabases())('issue 23: a quote for another store is refused, never charged, on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database?.close());

  it('an on_init for the store asked is a quote to pay', async () => {
    const { transactionId, messageId } = await answeredInit(database, 'same', {
      provider: { id: 'P1', locations: [{ id: 'L1' }] },
      items: [{ id: 'I1', location_id: 'L1' }],
    });
    expect(await initStatus(database, SHOPPER, messageId, 0)).toMatchObject({ order_status: 'CREATED', error: null });
    expect((await payableFor(database, SHOPPER, transactionId, { messageId, action: 'init' }, false))?.totalPaise).toBe(12000);
  });

  it('an on_init naming another provider fails with "Provider not found" (20003), and no payment is taken for it', async () => {
    const { transactionId, messageId } = await answeredInit(database, 'provider', { provider: { id: 'P2', locations: [{ id: 'L1' }] } });
    expect(await initStatus(database, SHOPPER, messageId, 0)).toMatchObject({
      order_status: 'FAILED',
      error: { code: '20003', message: 'Provider not found' },
      order: null,
    });
    expect(await payableFor(database, SHOPPER, transactionId, { messageId, action: 'init' }, false)).toBeNull();
    const paid = await startPayment(database, SHOPPER, {
      method: 'upi',
      transaction_id: transactionId,
      init_message_id: messageId,
      vpa: 'asha@okaxis',
      burn_coins: false,
    });
    expect(paid).toMatchObject({ ok: false, status: 404 });
    expect(await database.query('SELECT 1 FROM payments WHERE transaction_id = $1', [transactionId])).toHaveLength(0);
  });

  it('an on_init from another location of the store fails with "Provider location not found" (20004)', async () => {
    const { messageId } = await answeredInit(database, 'location', {
      provider: { id: 'P1', locations: [{ id: 'L9' }] },
      items: [{ id: 'I1', location_id: 'L9' }],
    });
    expect(await initStatus(database, SHOPPER, messageId, 0)).toMatchObject({
      order_status: 'FAILED',
      error: { code: '20004', message: 'Provider location not found' },
    });
  });
});
