// Issue 24, threat "a signature or a message good for years": a callback signed by the right
// seller is taken only while it is fresh. A signature lives at most 300 s, its `created` may be
// 5 s ahead of our clock (a seller's clock a little fast is no reason to drop its message) and
// the context timestamp is read the same way; outside that, a 401 NACK (20001 Invalid Signature)
// or a 400 NACK (20002 Stale Request, 20006 for a timestamp ahead of us), and nothing is stored.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { placeOrder, plentifulItems } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { callbackContext, postSigned, reportedOrder, sellers, type Signature } from '../support/seller-callbacks.ts';

const [server] = inject('servers');
const url = server!.url;
const { owner } = sellers(server!.dataDir);

const YEAR = 365 * 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);

describe('signature lifetime and clock skew', () => {
  let transactionId = '';
  let orderId = '';
  beforeAll(async () => {
    // An item no other test empties: the shared storefront's shelves run down over the suite, and
    // a CI run found the default lines' store out of them at init.
    const [item] = await plentifulItems(url, 1, 50);
    ({ transactionId, orderId } = await placeOrder(shopper(url), 'cod', [{ sku_id: item!.id, quantity: 1 }]));
  }, 120_000);
  // The store repeats what it already said (the order is created, nothing has moved): a message
  // it may send at any time, so only its signature and timestamp decide.
  const statusPush = (timestamp?: Date) => ({
    context: callbackContext(url, { action: 'on_status', transactionId, messageId: crypto.randomUUID(), seller: owner, ...(timestamp ? { timestamp } : {}) }),
    message: {
      order: reportedOrder(orderId, { state: 'Created', fulfillments: [{ id: 'F1', type: 'Delivery', state: { descriptor: { code: 'Pending' } } }] }),
    },
  });
  const push = (signature: Signature, timestamp?: Date) => postSigned(url, 'on_status', statusPush(timestamp), owner, signature);

  it('takes a fresh signature, and one made up to 5 s ahead of our clock', async () => {
    expect((await push({})).status).toBe(200);
    const ahead = now() + 3;
    expect(await push({ created: ahead, expires: ahead + 60 })).toMatchObject({ status: 200, ack: 'ACK' });
  });

  it('refuses a signature good for 10 years, one made 5 years ago, and one made a minute ahead', async () => {
    const cases: Array<[string, Signature]> = [
      ['ten-year lifetime', { created: now(), expires: now() + 10 * YEAR }],
      ['created five years ago', { created: now() - 5 * YEAR, expires: now() + 10 * YEAR }],
      ['created a minute ahead', { created: now() + 60, expires: now() + 120 }],
    ];
    for (const [name, signature] of cases) {
      expect(await push(signature), name).toMatchObject({ status: 401, ack: 'NACK', error: { type: 'CONTEXT-ERROR', code: '20001' } });
    }
  });

  it('refuses a context timestamp an hour ahead or two days old', async () => {
    expect(await push({}, new Date(Date.now() + 3600_000))).toMatchObject({ status: 400, ack: 'NACK', error: { code: '20006' } });
    expect(await push({}, new Date(Date.now() - 2 * 86_400_000))).toMatchObject({ status: 400, ack: 'NACK', error: { code: '20002' } });
  });
});
