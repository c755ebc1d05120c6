import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { testDatabases } from '../../db/testing.ts';
import { buildContext } from '../../ondc/context.ts';
import type { BuyerApp } from '../../ondc/runtime.server.ts';
import { recordOrderMessage, resumeInterruptedOrders } from './orders.server.ts';

async function checkout(database: Database, id: string, state: string, ageSeconds: number, confirmMessageId: string | null = null, claimedBy: number | null = null) {
  await database.query("INSERT INTO ondc_transactions (transaction_id, shopper_key, domain, city, bpp_id, bpp_uri, expires_at) VALUES ($1, 'device:d1', 'ONDC:RET10', 'std:080', 'bpp', 'http://127.0.0.1:1/x', clock_timestamp() + interval '1 day')", [`T${id}`]);
  await database.query("INSERT INTO payments (payment_id, transaction_id, shopper_key, init_message_id, amount_paise, method, vpa, status) VALUES ($1, $2, 'device:d1', 'm', 1000, 'upi', 'asha@okaxis', 'PAID')", [`P${id}`, `T${id}`]);
  await database.query(
    `INSERT INTO orders (order_id, transaction_id, shopper_key, payment_id, total_paise, state, confirm_message_id, updated_at, claimed_by)
     VALUES ($1, $2, 'device:d1', $3, 1000, $4, $5, clock_timestamp() - make_interval(secs => $6), $7)`,
    [`O${id}`, `T${id}`, `P${id}`, state, confirmMessageId, ageSeconds, claimedBy],
  );
}

describe.each(testDatabases())('crash-only checkout on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database?.close());

  const resume = async () => {
    const confirmed: string[] = [];
    await resumeInterruptedOrders(database, {} as BuyerApp, async (_shopper, request) => void confirmed.push(request.transaction_id));
    return confirmed;
  };

  it('sends the confirm a stopped process claimed and never sent: a claim naming no holder (before migration 24) once it is 30 s old', async () => {
    await checkout(database, '1', 'SENDING', 120);
    await checkout(database, '2', 'SENDING', 2);
    expect(await resume()).toEqual(['T1']);
    await database.query("DELETE FROM orders WHERE order_id = 'O1'");
  });

  it('takes over at once a claim whose process is gone (a restart finds its predecessor’s)', async () => {
    // A boot number no session holds the lock of: the process that claimed it was killed.
    await checkout(database, '4', 'SENDING', 0, null, 1_234_567);
    expect(await resume()).toEqual(['T4']);
    await database.query("DELETE FROM orders WHERE order_id = 'O4'");
  });

  it('never takes a claim from a process still alive, however long it has held it', async () => {
    await checkout(database, '5', 'SENDING', 120, null, database.boot);
    expect(await resume()).toEqual([]);
  });

  it('takes the seller’s on_status as the order when its on_confirm never reached us', async () => {
    await checkout(database, '3', 'CONFIRMING', 120, 'confirm-3');
    const context = { ...buildContext({ action: 'status', domain: 'ONDC:RET10', city: 'std:080', transactionId: 'T3', bapId: 'bap', bapUri: 'http://127.0.0.1:1/bap' }), action: 'on_status' };
    const order = { id: 'O3', state: 'Accepted', fulfillments: [{ type: 'Delivery', state: { descriptor: { code: 'Pending' } } }], quote: { price: { currency: 'INR', value: '10.00' }, breakup: [] } };
    await recordOrderMessage(database, { context, message: { order } } as never, JSON.stringify({ context, message: { order } }));
    const [row] = await database.query<{ on_confirm: { id: string } | null; status: string }>("SELECT on_confirm, status FROM orders WHERE order_id = 'O3'");
    expect(row?.on_confirm?.id).toBe('O3');
    expect(row?.status).toBe('accepted');
  });
});
