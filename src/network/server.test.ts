// The seller network over real sockets: a tiny buyer app (its own keys in the shared registry
// file, a node:http callback endpoint that verifies every signature) talks to the network
// started in-process on a free port.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupeesToPaise } from '#/lib/money.ts';
import { onSearchCatalogSchema } from '#/ondc/catalog.ts';
import { connectTarget, createOndcClient } from '#/ondc/client.ts';
import { buildContext, type RequestAction } from '#/ondc/context.ts';
import { registerParticipants } from '#/ondc/identity.server.ts';
import { createFileRegistry } from '#/ondc/registry.ts';
import { generateKeyPair, signRequest, verifyRequest } from '#/ondc/signing.ts';
import { generateNetwork, providerItems } from './catalogue/generate.ts';
import { hasPriceDrift } from './price-drift.ts';
import { startSellerNetwork, type SellerNetwork } from './server.ts';

// biome-ignore lint/suspicious/noExplicitAny: the message of any of the callbacks a test waits for, read field by field.
type Callback = { action: string; body: { context: Record<string, string>; message: any; error?: { code: string; message?: string } }; signer: string | null };

const QUICK = 'quick-basket.sellers.kirana.local';
const STORE = 'bengaluru-quick-basket-store';
const LOCATION = `${STORE}-l1`;
const generated = generateNetwork();
const storeItems = [...providerItems(generated.sellers.flatMap((s) => s.providers).find((p) => p.id === STORE)!)];
const [itemA, itemB] = storeItems.filter((i) => i.kind === 'grocery' && i.stock >= 20 && !hasPriceDrift(i) && i.pricePaise >= 5_000);

const address = {
  name: 'Asha Rao',
  building: 'Flat 4B, Lake View Apartments',
  locality: 'HSR Layout',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'IND',
  area_code: '560102',
};
const end = { location: { gps: '12.9121,77.6446', address }, contact: { phone: '9876543210' } };

let dataDir: string;
let registryFile: string;
let network: SellerNetwork;
let bapServer: Server;
let bapUri: string;
const received: Callback[] = [];
const bap = { subscriberId: 'test-bap.kirana.local', uniqueKeyId: 'tb1', ...generateKeyPair() };
const client = createOndcClient({ subscriberId: bap.subscriberId, uniqueKeyId: bap.uniqueKeyId, privateKey: bap.privateKey, retries: 0 });

async function startBap() {
  const registry = createFileRegistry(registryFile);
  bapServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const verified = await verifyRequest({ body: raw, header: req.headers.authorization, lookupPublicKey: (id, ukId) => registry.lookupPublicKey(id, ukId) });
      received.push({ action: (req.url ?? '').split('/').pop() ?? '', body: JSON.parse(raw), signer: verified.ok ? verified.subscriberId : null });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: { ack: { status: 'ACK' } } }));
    });
  });
  await new Promise<void>((resolve) => bapServer.listen(0, '127.0.0.1', resolve));
  bapUri = `http://127.0.0.1:${(bapServer.address() as AddressInfo).port}/bap`;
  registerParticipants(registryFile, [
    { subscriber_id: bap.subscriberId, unique_key_id: bap.uniqueKeyId, signing_public_key: bap.publicKey, type: 'BAP', subscriber_url: bapUri },
  ]);
}

function start() {
  // 120× : a network minute every half second, so a 10-minute delivery takes 5 s.
  return startSellerNetwork({ port: 0, dataDir, registryFile, clockSpeed: 120, tickMs: 100 });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'kirana-network-'));
  registryFile = path.join(dataDir, 'registry.json');
  await startBap();
  network = await start();
});

afterAll(async () => {
  await network.stop();
  bapServer.closeAllConnections();
  await new Promise((resolve) => bapServer.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

// Sellers name themselves under .localhost (RFC 6761) on loopback, as subscriber URLs need a host name.
const bppUri = (seller = QUICK) => `${network.url.replace('127.0.0.1', 'sellers.localhost')}/sellers/${seller}`;

function envelope(action: RequestAction, message: unknown, options: { transactionId?: string; seller?: string | null; city?: string } = {}) {
  const seller = options.seller === undefined ? QUICK : options.seller;
  const context = buildContext({
    action,
    domain: 'ONDC:RET10',
    city: options.city ?? 'std:080',
    transactionId: options.transactionId ?? randomUUID(),
    bapId: bap.subscriberId,
    bapUri,
    ...(seller ? { bppId: seller, bppUri: bppUri(seller) } : {}),
  });
  return { context, message };
}

async function waitFor(test: (callback: Callback) => boolean, timeoutMs = 10_000): Promise<Callback> {
  const started = Date.now();
  for (;;) {
    const found = received.find(test);
    if (found) return found;
    if (Date.now() - started > timeoutMs) throw new Error('no such callback arrived');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sends a signed request, expects the ACK, and returns its on_<action>. */
async function ask(action: RequestAction, message: unknown, options: Parameters<typeof envelope>[2] = {}) {
  const body = envelope(action, message, options);
  const sent = await client.post(bppUri(), action, body);
  expect(sent).toMatchObject({ ok: true, status: 200, response: { context: body.context, message: { ack: { status: 'ACK' } } } });
  return waitFor((c) => c.action === `on_${action}` && c.body.context.message_id === body.context.message_id);
}

function selectOrder(pincode: string, lines: Array<[string, number]>) {
  return {
    order: {
      provider: { id: STORE, locations: [{ id: LOCATION }] },
      items: lines.map(([id, count]) => ({ id, location_id: LOCATION, quantity: { count } })),
      fulfillments: [{ end: { location: { gps: end.location.gps, address: { area_code: pincode } } } }],
    },
  };
}

function quoteSumPaise(quote: { price: { value: string }; breakup: Array<{ price: { value: string } }> }) {
  return { price: rupeesToPaise(quote.price.value), sum: quote.breakup.reduce((n, line) => n + rupeesToPaise(line.price.value), 0) };
}

describe('signatures (ondc-notes §3)', () => {
  it('refuses an unsigned select with 401, the scheme it wants, and a NACK echoing the context', async () => {
    const body = envelope('select', selectOrder('560102', [[itemA!.id, 1]]));
    const response = await fetch(connectTarget(`${bppUri()}/select`), {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Signature realm="${QUICK}",headers="(created) (expires) digest"`);
    expect(await response.json()).toEqual({
      context: body.context,
      message: { ack: { status: 'NACK' } },
      error: { type: 'CONTEXT-ERROR', code: '30016', message: 'Invalid Signature (missing-header)' },
    });
  });

  it('refuses a signature by a key the registry does not know, or an expired one', async () => {
    const body = JSON.stringify(envelope('select', selectOrder('560102', [[itemA!.id, 1]])));
    const stranger = generateKeyPair();
    const headers = [
      signRequest({ body, subscriberId: bap.subscriberId, uniqueKeyId: bap.uniqueKeyId, privateKey: stranger.privateKey }),
      signRequest({
        body,
        subscriberId: bap.subscriberId,
        uniqueKeyId: bap.uniqueKeyId,
        privateKey: bap.privateKey,
        created: 1_700_000_000,
        expires: 1_700_000_060,
      }),
    ];
    for (const authorization of headers) {
      const response = await fetch(connectTarget(`${bppUri()}/select`), { method: 'POST', body, headers: { Authorization: authorization } });
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe('30016');
    }
  });

  it('refuses a signed body that is not a select with 400 and code 30000, echoing its context', async () => {
    const body = envelope('select', { order: { items: [] } });
    const result = await client.post(bppUri(), 'select', body);
    expect(result).toMatchObject({
      ok: true,
      status: 400,
      response: { context: body.context, message: { ack: { status: 'NACK' } }, error: { code: '30000', message: expect.any(String) } },
    });
  });
});

describe('select (ondc-notes §1 on_select)', () => {
  it('ACKs, then sends a signed on_select whose quote adds up', async () => {
    const answer = await ask(
      'select',
      selectOrder('560102', [
        [itemA!.id, 2],
        [itemB!.id, 1],
      ]),
    );
    expect(answer.signer).toBe(QUICK);
    expect(answer.body.context).toMatchObject({ action: 'on_select', bpp_id: QUICK, bpp_uri: bppUri() });
    expect(answer.body.error).toBeUndefined();
    const { order } = answer.body.message;
    expect(order.fulfillments[0].state.descriptor.code).toBe('Serviceable');
    const { price, sum } = quoteSumPaise(order.quote);
    expect(price).toBe(sum);
    expect(price).toBeGreaterThanOrEqual(itemA!.pricePaise * 2 + itemB!.pricePaise);
  });

  it('answers a pincode the store does not serve with 30009 and Non-serviceable', async () => {
    const answer = await ask('select', selectOrder('560064', [[itemA!.id, 1]]));
    expect(answer.body.error).toMatchObject({ code: '30009' });
    expect(answer.body.message.order.fulfillments[0].state.descriptor.code).toBe('Non-serviceable');
  });
});

describe('gateway search (ondc-notes §1 on_search)', () => {
  it('has every grocery store of the city answer, signed, with the search message_id', async () => {
    const body = envelope('search', { intent: { fulfillment: { type: 'Delivery' } } }, { seller: null });
    const sent = await client.post(`${network.url}/gateway`, 'search', body);
    expect(sent).toMatchObject({ ok: true, response: { message: { ack: { status: 'ACK' } } } });
    const expected = generated.sellers.flatMap((s) => s.providers).filter((p) => p.cityCode === 'std:080' && p.domain === 'ONDC:RET10');
    const started = Date.now();
    let answers: Callback[] = [];
    while (answers.length < expected.length && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answers = received.filter((c) => c.action === 'on_search' && c.body.context.message_id === body.context.message_id);
    }
    expect(answers.map((a) => a.body.message.catalog['bpp/providers'][0].id).sort()).toEqual(expected.map((p) => p.id).sort());
    for (const answer of answers) {
      expect(answer.signer).toBe(answer.body.context.bpp_id);
      expect(onSearchCatalogSchema.safeParse(answer.body.message.catalog).success).toBe(true);
    }
  });
});

describe('an order from select to delivery (ondc-notes §1)', () => {
  const transactionId = randomUUID();
  const orderId = `O${Date.now()}`;
  const lines: Array<[string, number]> = [
    [itemA!.id, 2],
    [itemB!.id, 1],
  ];
  const initOrder = () => ({
    ...selectOrder('560102', lines).order,
    billing: {
      name: 'Asha Rao',
      address,
      phone: '9876543210',
      email: 'asha@example.com',
      created_at: '2026-01-05T06:30:00.000Z',
      updated_at: '2026-01-05T06:30:00.000Z',
    },
    fulfillments: [{ id: 'F1', type: 'Delivery', end }],
    payment: { type: 'ON-ORDER' },
  });
  let initQuote: { price: { currency: string; value: string } };

  it('init answers the full quote, payment terms and bpp_terms (no cancellation terms: ONDC has not enabled them)', async () => {
    const answer = await ask('init', { order: initOrder() }, { transactionId });
    expect(answer.body.error).toBeUndefined();
    const { order } = answer.body.message;
    expect(order.payment).toMatchObject({ type: 'ON-ORDER', collected_by: 'BAP', status: 'NOT-PAID' });
    expect(order.cancellation_terms).toBeUndefined();
    expect(order.tags[0].code).toBe('bpp_terms');
    initQuote = order.quote;
  });

  it('init refuses an address whose name is its locality (31002)', async () => {
    const bad = { ...initOrder(), billing: { ...initOrder().billing, address: { ...address, name: 'HSR Layout' } } };
    const answer = await ask('init', { order: bad });
    expect(answer.body.error?.code).toBe('31002');
  });

  it('confirm refuses an unpaid prepaid order', async () => {
    const answer = await ask('confirm', { order: { ...initOrder(), id: `${orderId}x`, quote: initQuote, payment: { type: 'ON-ORDER', status: 'NOT-PAID' } } });
    expect(answer.body.error?.code).toBe('30019');
    expect(answer.body.message.order.state).toBe('Cancelled');
  });

  it('confirm creates the order once, however often it is sent', async () => {
    const confirm = {
      order: { ...initOrder(), id: orderId, state: 'Created', quote: initQuote, payment: { type: 'ON-ORDER', status: 'PAID', collected_by: 'BAP' } },
    };
    const first = await ask('confirm', confirm, { transactionId });
    expect(first.body.error).toBeUndefined();
    expect(first.body.message.order).toMatchObject({ id: orderId, state: 'Created', fulfillments: [{ state: { descriptor: { code: 'Pending' } } }] });
    const again = await ask('confirm', { order: { ...confirm.order, id: `${orderId}b` } }, { transactionId });
    expect(again.body.message.order.id).toBe(orderId);
    expect(again.body.message.order.created_at).toBe(first.body.message.order.created_at);
  });

  it('refuses a cancel reason a buyer may not give (30012)', async () => {
    const answer = await ask('cancel', { order_id: orderId, cancellation_reason_id: '002' }, { transactionId });
    expect(answer.body.error?.code).toBe('30012');
  });

  it('tracks and supports the order', async () => {
    const tracked = await ask('track', { order_id: orderId }, { transactionId });
    expect(tracked.body.message.tracking).toMatchObject({ url: `${bppUri()}/track/${orderId}`, status: expect.stringMatching(/^(active|inactive)$/) });
    expect((await fetch(connectTarget(tracked.body.message.tracking.url))).status).toBe(200);
    const support = await ask('support', { ref_id: orderId }, { transactionId });
    expect(support.body.message).toMatchObject({
      phone: expect.stringMatching(/^9\d{9}$/),
      email: expect.stringContaining('@'),
      uri: expect.stringMatching(/^tel:/),
    });
  });

  it('pushes on_status as the clock moves it on, and status answers Completed', async () => {
    const delivered = await waitFor(
      (c) => c.action === 'on_status' && c.body.message.order?.id === orderId && c.body.message.order.state === 'Completed',
      15_000,
    );
    expect(delivered.signer).toBe(QUICK);
    expect(delivered.body.context.transaction_id).toBe(transactionId);
    const pushed = received
      .filter((c) => c.action === 'on_status' && c.body.message.order?.id === orderId)
      .map((c) => c.body.message.order.fulfillments[0].state.descriptor.code);
    expect(pushed).toEqual(['Pending', 'Packed', 'Order-picked-up', 'Out-for-delivery', 'Order-delivered']);
    const status = await ask('status', { order_id: orderId }, { transactionId });
    expect(status.body.message.order.state).toBe('Completed');
  });

  it('takes a return of a delivered item (on_update Return_Initiated)', async () => {
    const returnRequest = {
      update_target: 'item',
      order: {
        id: orderId,
        fulfillments: [
          {
            type: 'Return',
            tags: [
              {
                code: 'return_request',
                list: [
                  { code: 'id', value: 'R1' },
                  { code: 'item_id', value: itemA!.id },
                  { code: 'item_quantity', value: '1' },
                  { code: 'reason_id', value: '003' },
                ],
              },
            ],
          },
        ],
      },
    };
    const answer = await ask('update', returnRequest, { transactionId });
    expect(answer.body.error).toBeUndefined();
    const ret = answer.body.message.order.fulfillments.find((f: { type: string }) => f.type === 'Return');
    expect(ret.state.descriptor.code).toBe('Return_Initiated');
  });

  it('rates the delivered order: ACK, then a signed on_rating; 30015 and 50003 travel in the on_rating, an unreadable rating is NACKed', async () => {
    const rated = await ask(
      'rating',
      {
        rating_category: 'Agent',
        id: 'F1',
        value: 5,
        feedback_form: [
          { id: 'q', question: 'Anything?' },
          { id: 'a', parent_id: 'q', answer: 'Kind rider', answer_type: 'text' },
        ],
      },
      { transactionId },
    );
    expect(rated.signer).toBe(QUICK);
    expect(rated.body).toMatchObject({ context: { action: 'on_rating', transaction_id: transactionId }, message: { rating_ack: true, feedback_ack: true } });
    expect(rated.body.error).toBeUndefined();
    const tooMany = await ask('rating', { rating_category: 'Order', id: orderId, value: 6 }, { transactionId });
    expect(tooMany.body).toMatchObject({ message: { rating_ack: false }, error: { type: 'DOMAIN-ERROR', code: '30015' } });
    const support = await ask('rating', { rating_category: 'Support', id: orderId, value: 4 }, { transactionId });
    expect(support.body).toMatchObject({ message: { rating_ack: false }, error: { type: 'POLICY-ERROR', code: '50003' } });
    const unreadable = await client.post(bppUri(), 'rating', envelope('rating', { rating_category: 'Order', value: 4 }, { transactionId }));
    expect(unreadable).toMatchObject({
      ok: true,
      status: 400,
      response: { message: { ack: { status: 'NACK' } }, error: { code: '30000', path: 'message.id' } },
    });
  });

  it('remembers the order across a restart', async () => {
    await network.stop();
    network = await start();
    const status = await ask('status', { order_id: orderId }, { transactionId });
    expect(status.body.message.order).toMatchObject({ id: orderId, state: 'Completed' });
  });
});

describe('cancel (ondc-notes §1 cancel)', () => {
  it('cancels an order still in the store, with a Cancel fulfillment and the refund as quote_trail', async () => {
    const transactionId = randomUUID();
    const orderId = `C${Date.now()}`;
    const order = {
      ...selectOrder('560102', [[itemB!.id, 1]]).order,
      billing: { name: 'Asha Rao', address, phone: '9876543210' },
      fulfillments: [{ id: 'F1', type: 'Delivery', end }],
    };
    const init = await ask('init', { order }, { transactionId });
    await ask(
      'confirm',
      { order: { ...order, id: orderId, quote: init.body.message.order.quote, payment: { type: 'ON-ORDER', status: 'PAID' } } },
      { transactionId },
    );
    const answer = await ask('cancel', { order_id: orderId, cancellation_reason_id: '001' }, { transactionId });
    expect(answer.body.error).toBeUndefined();
    const cancelled = answer.body.message.order;
    expect(cancelled.state).toBe('Cancelled');
    const cancel = cancelled.fulfillments.find((f: { type: string }) => f.type === 'Cancel');
    const delivery = cancelled.fulfillments.find((f: { type: string }) => f.type === 'Delivery');
    expect(delivery.tags[0]).toEqual({
      code: 'cancel_request',
      list: [
        { code: 'reason_id', value: '001' },
        { code: 'initiated_by', value: bap.subscriberId },
      ],
    });
    expect(cancel.tags.some((t: { code: string }) => t.code === 'quote_trail')).toBe(true);
    expect(cancelled.quote.price.value).toBe('0.00');
  });
});

describe('catalogue refresh and rejection over the wire (flows 1, 7, 9)', () => {
  it('ACKs a signed catalog_rejection and refuses one without errors (400)', async () => {
    const { context } = envelope('catalog_rejection', {}, { city: '*' });
    const errors = [
      { type: 'ITEM-ERROR', code: '91011', path: `/message/catalog/bpp/providers/${STORE}/items/${itemA!.id}`, message: 'Incorrect Image File Format' },
    ];
    const accepted = await client.post(bppUri(), 'catalog_rejection', { context, errors });
    expect(accepted).toMatchObject({ ok: true, status: 200, response: { message: { ack: { status: 'ACK' } } } });
    const refused = await client.post(bppUri(), 'catalog_rejection', { context: { ...context, message_id: randomUUID() }, errors: [] });
    expect(refused).toMatchObject({ ok: true, status: 400, response: { message: { ack: { status: 'NACK' } } } });
  });

  it('answers an incremental search with nothing when nothing changed in its window', async () => {
    const now = new Date();
    const body = envelope(
      'search',
      {
        intent: {
          tags: [
            {
              code: 'catalog_inc',
              list: [
                { code: 'start_time', value: new Date(now.getTime() - 2000).toISOString() },
                { code: 'end_time', value: new Date(now.getTime() - 1000).toISOString() },
              ],
            },
          ],
        },
      },
      { city: '*', seller: null },
    );
    const sent = await client.post(`${network.url}/gateway`, 'search', body);
    expect(sent).toMatchObject({ ok: true, status: 200 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received.filter((c) => c.action === 'on_search' && c.body.context.message_id === body.context.message_id)).toEqual([]);
  });

  it('asked to push (catalog_inc mode start), answers the changes so far and pushes later ones in the search’s transaction with message ids of their own, until stop', async () => {
    const shelf = (count: number) =>
      fetch(`${network.url}/sellers/${QUICK}/desk/items/${itemA!.id}/stock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ count }),
      });
    const incTag = (list: Array<{ code: string; value: string }>) => ({ intent: { tags: [{ code: 'catalog_inc', list }] } });
    const listsItem = (c: Callback, count: string) =>
      JSON.stringify(c.body.message?.catalog ?? {}).includes(`"id":"${itemA!.id}"`) &&
      JSON.stringify(c.body.message.catalog).includes(`"available":{"count":"${count}"}`);
    expect((await shelf(0)).ok).toBe(true);
    const start = envelope(
      'search',
      incTag([
        { code: 'mode', value: 'start' },
        { code: 'start_time', value: new Date(Date.now() - 60_000).toISOString() },
      ]),
      { city: '*', seller: null },
    );
    expect(await client.post(`${network.url}/gateway`, 'search', start)).toMatchObject({ ok: true, status: 200 });
    const transaction = (c: Callback) => c.action === 'on_search' && c.body.context.transaction_id === start.context.transaction_id;
    // The sell-out before the search is its answer (the search's own message id) ...
    await waitFor((c) => transaction(c) && c.body.context.message_id === start.context.message_id && listsItem(c, '0'));
    // ... the restock after it, a push within a network minute (half a second here).
    expect((await shelf(99)).ok).toBe(true);
    const pushed = await waitFor((c) => transaction(c) && c.body.context.message_id !== start.context.message_id && listsItem(c, '99'));
    expect(pushed.body.context).toMatchObject({ action: 'on_search', city: '*', bpp_id: QUICK });
    const stop = envelope('search', incTag([{ code: 'mode', value: 'stop' }]), { city: '*', seller: null, transactionId: start.context.transaction_id });
    expect(await client.post(`${network.url}/gateway`, 'search', stop)).toMatchObject({ ok: true, status: 200 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = received.filter(transaction).length;
    expect((await shelf(0)).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received.filter(transaction).length).toBe(before);
    await shelf(99);
  });

  it('a restarted network goes on pushing to the buyer apps that asked', async () => {
    const shelf = (count: number) =>
      fetch(`${network.url}/sellers/${QUICK}/desk/items/${itemB!.id}/stock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ count }),
      });
    const listsItem = (c: Callback, count: string) =>
      JSON.stringify(c.body.message?.catalog ?? {}).includes(`"id":"${itemB!.id}"`) &&
      JSON.stringify(c.body.message.catalog).includes(`"available":{"count":"${count}"}`);
    const asked = envelope(
      'search',
      {
        intent: {
          tags: [
            {
              code: 'catalog_inc',
              list: [
                { code: 'mode', value: 'start' },
                { code: 'start_time', value: new Date().toISOString() },
              ],
            },
          ],
        },
      },
      { city: '*', seller: null },
    );
    expect(await client.post(`${network.url}/gateway`, 'search', asked)).toMatchObject({ ok: true, status: 200 });
    const transaction = (c: Callback) => c.action === 'on_search' && c.body.context.transaction_id === asked.context.transaction_id;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await network.stop();
    network = await start();
    expect((await shelf(0)).ok).toBe(true);
    const pushed = await waitFor((c) => transaction(c) && listsItem(c, '0'));
    expect(pushed.body.context).toMatchObject({ action: 'on_search', bap_id: bap.subscriberId, bpp_id: QUICK });
    const stop = envelope(
      'search',
      { intent: { tags: [{ code: 'catalog_inc', list: [{ code: 'mode', value: 'stop' }] }] } },
      { city: '*', seller: null, transactionId: asked.context.transaction_id },
    );
    expect(await client.post(`${network.url}/gateway`, 'search', stop)).toMatchObject({ ok: true, status: 200 });
    await shelf(99);
  });
});
