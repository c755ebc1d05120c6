// Issue 29: rating a delivered order over ONDC rating / on_rating, on a storefront of its own with
// the sellers' clock fast (a network minute in 0.5 s), so an order is delivered within the test.
// Good and bad input through POST /ondc/order/rating as JSON and as the page's form, what the
// seller answers, and every rating message on the wire against ONDC 1.2.0's schema.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOf } from '#/ondc/conformance/validator-payload.ts';
import { ratingMessageProblems } from '#/ondc/rating.ts';
import { placeOrder, store, type Client } from '../support/checkout.ts';
import { shopper, until } from '../support/http.ts';
import { userIdCookieValue } from '../support/identity.ts';
import { startServer, type StartedServer } from '../support/server.ts';

let server: StartedServer;
let client: Client;
let orderId: string;
beforeAll(async () => {
  server = await startServer({ NETWORK_CLOCK_SPEED: '120', ONDC_LOG: '1' });
  client = signedIn(`rater-${Date.now()}`);
  ({ orderId } = await placeOrder(client, 'cod', [
    { sku_id: store.items[0]!.id, quantity: 2 },
    { sku_id: store.items[1]!.id, quantity: 1 },
  ]));
}, 200_000);
afterAll(async () => server?.stop());

function signedIn(userId: string): Client {
  const signed = shopper(server.url);
  signed.cookies.set('userId', userIdCookieValue(userId));
  return signed;
}

const rate = (who: Client, ratings: unknown[], id = orderId) => who.post('/ondc/order/rating', { order_id: id, ratings });
const order = (value: unknown, extra: Record<string, unknown> = {}) => ({ rating_category: 'Order', id: orderId, value, ...extra });
const statusOf = async () => ((await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json()) as { status: string }).status;
const page = async () => (await client.get(`/order-history?order_id=${orderId}`)).text();

/** The page's form, posted as a browser without JavaScript posts it (same origin, this shopper's cookies), or by its script (`accept`). */
function postForm(who: Client, fields: Record<string, string>, accept = 'text/html') {
  return fetch(`${server.url}/ondc/order/rating`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept,
      origin: server.url,
      cookie: [...who.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

function protocolLog(): Array<{ direction?: string; action?: string; body?: unknown }> {
  const dir = path.join(server.dataDir, 'ondc-log');
  return readdirSync(dir)
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

describe('rating a delivered order (ONDC rating / on_rating)', () => {
  it('not before it is delivered: 409, and the order page offers no stars', async () => {
    const early = await rate(client, [order(5)]);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ status: 'NACK', error: { reason: 'not-delivered' } });
    expect(await page()).not.toContain('action="/ondc/order/rating"');
    await until(statusOf, (status) => status === 'delivered', 60);
  }, 90_000);

  it('refuses bad input with a 400 naming it, never a 500, and stores nothing', async () => {
    const bad: Array<[unknown, RegExp]> = [
      [{ order_id: orderId, ratings: [order(0)] }, /Invalid rating value/],
      [{ order_id: orderId, ratings: [order(6)] }, /Invalid rating value/],
      [{ order_id: orderId, ratings: [order(4.5)] }, /Invalid rating value/],
      [{ order_id: orderId, ratings: [order('5')] }, /Invalid rating value/],
      [{ order_id: orderId, ratings: [{ rating_category: 'Support', id: orderId, value: 4 }] }, /Unsupported rating category/],
      [{ order_id: orderId, ratings: [] }, /Choose at least one star rating/],
      [{ order_id: orderId, ratings: [order(4, { comment: 'x'.repeat(201) })] }, /A comment is at most 200 characters/],
      [{ order_id: orderId, ratings: [order(4), order(5)] }, /Each thing is rated once/],
      [{ ratings: [order(4)] }, /order_id/],
      ['{"order_id":', /./],
    ];
    for (const [body, message] of bad) {
      const answer = await client.post('/ondc/order/rating', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(((await answer.json()) as { error?: { message?: string }; message?: string }).error?.message ?? '', JSON.stringify(body)).toMatch(message);
    }
    // Something the order does not have.
    const stray = await rate(client, [{ rating_category: 'Item', id: 'not-in-this-order', value: 4 }]);
    expect(stray.status).toBe(400);
    expect(await stray.json()).toMatchObject({ error: { message: 'Item not-in-this-order is not part of this order' } });
    expect(await page()).not.toContain('data-rated=');
  });

  it('another shopper’s order is not found, signed in or not', async () => {
    expect((await rate(signedIn(`stranger-${Date.now()}`), [order(1)])).status).toBe(404);
    const anonymous = shopper(server.url);
    expect((await rate(anonymous, [order(1)])).status).toBe(404);
    expect((await postForm(signedIn(`stranger-form-${Date.now()}`), { order_id: orderId, [`Order:${orderId}`]: '1' })).status).toBe(404);
  });

  it('rates the order, the store, the rider and an item; the seller records each; a second rating changes nothing', async () => {
    const answer = await rate(client, [
      order(5, { comment: 'Quick and polite' }),
      { rating_category: 'Provider', id: store.provider.id, value: 4 },
      { rating_category: 'Agent', id: 'F1', value: 5 },
      { rating_category: 'Item', id: store.items[0]!.id, value: 3 },
    ]);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      status: 'ACK',
      data: {
        order_id: orderId,
        ratings: [
          { rating_category: 'Order', id: orderId, value: 5, state: 'sent' },
          { rating_category: 'Provider', id: store.provider.id, value: 4, state: 'sent' },
          { rating_category: 'Agent', id: 'F1', value: 5, state: 'sent' },
          { rating_category: 'Item', id: store.items[0]!.id, value: 3, state: 'sent' },
        ],
      },
    });
    // The seller's on_rating comes back for each: recorded.
    const recorded = await until(page, (html) => (html.match(/data-rating-state="RECORDED"/g) ?? []).length === 4, 20);
    expect(recorded).toContain('Quick and polite');

    const again = await rate(client, [order(1)]);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ status: 'NACK', error: { message: 'You have already rated this', reason: 'already-rated' } });
    expect((await page()).match(/data-rating-state=/g)).toHaveLength(4);
  }, 60_000);

  it('the page’s form without JavaScript: 303 back to the order, saying thanks, or already rated', async () => {
    const item = store.items[1]!.id;
    const posted = await postForm(client, { order_id: orderId, [`Item:${item}`]: '2' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/order-history?order_id=${orderId}&notice=rated#rating`);
    const thanked = await (await client.get(`/order-history?order_id=${orderId}&notice=rated`)).text();
    expect(thanked).toContain('Thank you! Your rating is with');
    // Everything of the order is rated: no stars left to give.
    expect(thanked).not.toContain('action="/ondc/order/rating"');
    const twice = await postForm(client, { order_id: orderId, [`Item:${item}`]: '5' });
    expect(twice.headers.get('location')).toBe(`/order-history?order_id=${orderId}&notice=already-rated#rating`);
    // The page's script posts the same fields asking for JSON, and is answered in JSON.
    const scripted = await postForm(client, { order_id: orderId, [`Item:${item}`]: '5' }, 'application/json');
    expect(scripted.status).toBe(409);
    expect(await scripted.json()).toMatchObject({ status: 'NACK', error: { reason: 'already-rated' } });
    // Hindi: the same page in Hindi.
    expect(await (await client.get(`/order-history?order_id=${orderId}&notice=rated&lang=hi`)).text()).toContain('धन्यवाद! आपकी रेटिंग');
  });

  it('every rating and on_rating on the wire passes ONDC’s 1.2.0 schema, one on_rating for each rating', () => {
    const problems: string[] = [];
    const ids = { rating: new Set<string>(), on_rating: new Set<string>() };
    for (const line of protocolLog()) {
      const m = messageOf(line);
      const action = m?.context.action;
      if (!m || (action !== 'rating' && action !== 'on_rating')) continue;
      ids[action].add(m.context.message_id);
      for (const problem of ratingMessageProblems(action, m.message)) problems.push(`${action} ${m.context.message_id}: ${problem}`);
    }
    expect(problems).toEqual([]);
    expect(ids.rating.size).toBe(5);
    expect([...ids.on_rating].sort()).toEqual([...ids.rating].sort());
  });
});
