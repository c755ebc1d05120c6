// Rating a delivered order on each database (issue 29): one ONDC rating per thing rated, each once;
// a second submit or a double tap changes nothing; a rating written by a process that died before
// (or while) sending goes again under its own message id, once; the seller's on_rating is kept.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { buildContext } from '#/ondc/context.ts';
import type { CallbackEnvelope } from '#/ondc/message-store.server.ts';
import { ratingMessageProblems, type RatingMessage } from '#/ondc/rating.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { rateOrder, ratingsOf, recordRatingAnswer, resendRatings } from './ratings.server.ts';

const SELLER = 'seller.example';
const SHOPPER = 'device:asha';
type Sent = { action: string; body: { context: { message_id: string; transaction_id: string }; message: RatingMessage } };
const sent: Sent[] = [];
let reply: () => unknown = () => ({ ok: true, response: { message: { ack: { status: 'ACK' } } } });
const app = {
  identity: { subscriberId: 'bap.test' },
  bapUri: 'http://127.0.0.1:1/bap',
  client: {
    post: async (_url: string, action: string, body: Sent['body']) => {
      sent.push({ action, body });
      return reply();
    },
  },
} as unknown as BuyerApp;

/** A placed order of ours with the seller, as its on_confirm left it, at `status`. */
async function placeOrder(database: Database, orderId: string, status: string) {
  const txn = `T-${orderId}`;
  await database.query(
    "INSERT INTO ondc_transactions (transaction_id, shopper_key, domain, city, bpp_id, bpp_uri, expires_at) VALUES ($1, $2, 'ONDC:RET10', 'std:080', $3, 'http://127.0.0.1:1/bpp', clock_timestamp() + interval '1 day')",
    [txn, SHOPPER, SELLER],
  );
  await database.query(
    "INSERT INTO payments (payment_id, transaction_id, shopper_key, init_message_id, amount_paise, method, status) VALUES ($1, $2, $3, 'init-1', 25000, 'cod', 'ON-DELIVERY')",
    [`P-${orderId}`, txn, SHOPPER],
  );
  const onConfirm = {
    id: orderId,
    state: status === 'delivered' ? 'Completed' : 'Accepted',
    provider: { id: 'store-1', descriptor: { name: 'Quick Basket' } },
    items: [
      { id: 'atta', fulfillment_id: 'F1', quantity: { count: 1 } },
      { id: 'dal', fulfillment_id: 'F1', quantity: { count: 2 } },
    ],
    fulfillments: [{ id: 'F1', type: 'Delivery', state: { descriptor: { code: status === 'delivered' ? 'Order-delivered' : 'Pending' } } }],
    quote: {
      price: { currency: 'INR', value: '250.00' },
      breakup: [{ '@ondc/org/item_id': 'atta', '@ondc/org/title_type': 'item', title: 'Atta 5 kg', price: { currency: 'INR', value: '200.00' } }],
    },
  };
  await database.query(
    `INSERT INTO orders (order_id, transaction_id, shopper_key, payment_id, total_paise, state, status, status_at, on_confirm)
     VALUES ($1, $2, $3, $4, 25000, 'Completed', $5, clock_timestamp(), $6::jsonb)`,
    [orderId, txn, SHOPPER, `P-${orderId}`, status, JSON.stringify(onConfirm)],
  );
}

const stars = (
  orderId: string,
  ...ratings: Array<[category: 'Order' | 'Item' | 'Provider' | 'Agent' | 'Fulfillment', id: string, value: number, comment?: string]>
) => ({
  order_id: orderId,
  ratings: ratings.map(([rating_category, id, value, comment]) => ({ rating_category, id, value, ...(comment ? { comment } : {}) })),
});

/** The seller's on_rating to one of our ratings. */
function onRating(
  messageId: string,
  orderId: string,
  answer: { message?: Record<string, unknown>; error?: { type: 'DOMAIN-ERROR'; code: string; message: string } },
): CallbackEnvelope {
  const request = buildContext({
    action: 'rating',
    domain: 'ONDC:RET10',
    city: 'std:080',
    transactionId: `T-${orderId}`,
    messageId,
    bapId: 'bap.test',
    bapUri: 'http://127.0.0.1:1/bap',
    bppId: SELLER,
    bppUri: 'http://127.0.0.1:1/bpp',
  });
  return { context: { ...request, action: 'on_rating' }, ...answer } as CallbackEnvelope;
}

describe.each(testDatabases())('ratings on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    for (const id of ['KO-RATED', 'KO-TWICE', 'KO-ONWAY', 'KO-DYING', 'KO-AWAY', 'KO-ANSWERED'])
      await placeOrder(database, id, id === 'KO-ONWAY' ? 'out_for_delivery' : 'delivered');
  });
  beforeEach(() => {
    sent.length = 0;
    reply = () => ({ ok: true, response: { message: { ack: { status: 'ACK' } } } });
  });
  afterAll(async () => database?.close());

  it('sends one ONDC rating per thing rated, in the order’s transaction, each under its own message id', async () => {
    const outcome = await rateOrder(
      database,
      app,
      SHOPPER,
      stars('KO-RATED', ['Order', 'KO-RATED', 5, 'On time'], ['Item', 'atta', 3], ['Provider', 'store-1', 4], ['Agent', 'F1', 5]),
    );
    expect(outcome).toEqual({ ok: true, ratings: expect.arrayContaining([{ rating_category: 'Order', id: 'KO-RATED', value: 5, state: 'sent' }]) });
    expect(sent.map((s) => s.action)).toEqual(['rating', 'rating', 'rating', 'rating']);
    expect(sent.map((s) => s.body.message)).toEqual([
      {
        rating_category: 'Order',
        id: 'KO-RATED',
        value: 5,
        feedback_form: [expect.objectContaining({ id: 'comment' }), expect.objectContaining({ answer: 'On time', answer_type: 'text' })],
      },
      { rating_category: 'Item', id: 'atta', value: 3 },
      { rating_category: 'Provider', id: 'store-1', value: 4 },
      { rating_category: 'Agent', id: 'F1', value: 5 },
    ]);
    for (const s of sent) expect(ratingMessageProblems('rating', s.body.message)).toEqual([]);
    expect(new Set(sent.map((s) => s.body.context.message_id)).size).toBe(4);
    expect(sent.every((s) => s.body.context.transaction_id === 'T-KO-RATED')).toBe(true);
    expect((await ratingsOf(database, 'KO-RATED')).map((r) => [r.category, r.value, r.state])).toEqual([
      ['Agent', 5, 'SENT'],
      ['Item', 3, 'SENT'],
      ['Order', 5, 'SENT'],
      ['Provider', 4, 'SENT'],
    ]);
  });

  it('a second submit naming anything already rated changes nothing and says so; a double tap sends once', async () => {
    expect(await rateOrder(database, app, SHOPPER, stars('KO-RATED', ['Item', 'dal', 4], ['Order', 'KO-RATED', 1]))).toMatchObject({
      ok: false,
      status: 409,
      reason: 'already-rated',
    });
    expect(sent).toEqual([]);
    expect((await ratingsOf(database, 'KO-RATED')).find((r) => r.category === 'Order')?.value).toBe(5);
    const [first, second] = await Promise.all([
      rateOrder(database, app, SHOPPER, stars('KO-TWICE', ['Order', 'KO-TWICE', 4])),
      rateOrder(database, app, SHOPPER, stars('KO-TWICE', ['Order', 'KO-TWICE', 2])),
    ]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect(sent).toHaveLength(1);
    // Something not rated yet may still be rated.
    expect(await rateOrder(database, app, SHOPPER, stars('KO-TWICE', ['Item', 'dal', 2]))).toMatchObject({ ok: true });
  });

  it('refuses an order not delivered, another shopper’s, and a thing the order does not have, sending nothing', async () => {
    expect(await rateOrder(database, app, SHOPPER, stars('KO-ONWAY', ['Order', 'KO-ONWAY', 4]))).toMatchObject({
      ok: false,
      status: 409,
      reason: 'not-delivered',
    });
    expect(await rateOrder(database, app, 'device:someone-else', stars('KO-AWAY', ['Order', 'KO-AWAY', 4]))).toMatchObject({ ok: false, status: 404 });
    expect(await rateOrder(database, app, SHOPPER, stars('KO-AWAY', ['Item', 'sugar', 4]))).toMatchObject({
      ok: false,
      status: 400,
      message: 'Item sugar is not part of this order',
    });
    expect(sent).toEqual([]);
    expect(await ratingsOf(database, 'KO-AWAY')).toEqual([]);
  });

  it('a rating written by a process that died before it was sent goes again under its message id, once', async () => {
    // The ratings are written and claimed, then the holder dies (its boot lock gone) while sending.
    const dying = { ...app, client: { post: () => new Promise(() => undefined) } } as unknown as BuyerApp;
    void rateOrder({ ...database, boot: 2_000_000_000 }, dying, SHOPPER, stars('KO-DYING', ['Order', 'KO-DYING', 2], ['Item', 'atta', 1]));
    for (let i = 0; i < 100 && (await database.query("SELECT 1 FROM order_ratings WHERE order_id = 'KO-DYING'")).length < 2; i++)
      await new Promise((r) => setTimeout(r, 20));
    const written = await database.query<{ message_id: string }>(
      "SELECT message_id FROM order_ratings WHERE order_id = 'KO-DYING' AND state = 'SENDING' ORDER BY category",
    );
    expect(written).toHaveLength(2);
    expect(await resendRatings(database, app)).toBe(2);
    expect(sent.map((s) => s.body.context.message_id).sort()).toEqual(written.map((w) => w.message_id).sort());
    expect(await resendRatings(database, app)).toBe(0);
    expect(sent).toHaveLength(2);
    expect((await ratingsOf(database, 'KO-DYING')).map((r) => r.state)).toEqual(['SENT', 'SENT']);
  });

  it('a seller out of reach: the rating waits, and goes after a while under the same message id', async () => {
    reply = () => ({ ok: false, error: { kind: 'unreachable', message: 'refused', attempts: 3 } });
    expect(await rateOrder(database, app, SHOPPER, stars('KO-AWAY', ['Provider', 'store-1', 4]))).toMatchObject({ ok: true, ratings: [{ state: 'sending' }] });
    const messageId = sent[0]?.body.context.message_id;
    reply = () => ({ ok: true, response: { message: { ack: { status: 'ACK' } } } });
    // A live process is not raced: the sweep waits before taking up an unsent rating.
    expect(await resendRatings(database, app)).toBe(0);
    await database.query("UPDATE order_ratings SET updated_at = clock_timestamp() - interval '1 minute' WHERE order_id = 'KO-AWAY'");
    expect(await resendRatings(database, app)).toBe(1);
    expect(sent.map((s) => s.body.context.message_id)).toEqual([messageId, messageId]);
  });

  it('keeps the seller’s on_rating: recorded, or refused in its words, and one refused may be rated again', async () => {
    expect(await rateOrder(database, app, SHOPPER, stars('KO-ANSWERED', ['Order', 'KO-ANSWERED', 4], ['Item', 'atta', 5]))).toMatchObject({ ok: true });
    const [order, item] = sent.map((s) => s.body.context.message_id);
    await recordRatingAnswer(database, onRating(order!, 'KO-ANSWERED', { message: { rating_ack: true, feedback_ack: false } }));
    await recordRatingAnswer(
      database,
      onRating(item!, 'KO-ANSWERED', {
        message: { rating_ack: false },
        error: { type: 'DOMAIN-ERROR', code: '30004', message: 'Item atta is not in order KO-ANSWERED' },
      }),
    );
    // Another order's transaction cannot answer for this one.
    await recordRatingAnswer(database, onRating(order!, 'KO-RATED', { message: { rating_ack: false } }));
    expect((await ratingsOf(database, 'KO-ANSWERED')).map((r) => [r.category, r.state, r.error])).toEqual([
      ['Item', 'REFUSED', 'Item atta is not in order KO-ANSWERED'],
      ['Order', 'RECORDED', null],
    ]);
    expect(await rateOrder(database, app, SHOPPER, stars('KO-ANSWERED', ['Item', 'atta', 4]))).toMatchObject({ ok: true });
    expect(sent.at(-1)?.body.context.message_id).not.toBe(item);
    expect((await ratingsOf(database, 'KO-ANSWERED')).find((r) => r.category === 'Item')).toMatchObject({ value: 4, state: 'SENT', error: null });
  });
});
