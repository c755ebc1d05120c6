// Issue 23: what the server makes of the seller's answers to select and init, through the API
// alone (no browser), for answers the embedded sellers never give on their own:
// - the seller asked signs an on_select or on_init naming another of its providers, or another
//   location, than the one the shopper ordered from: signer and bpp_id agree, so only the
//   checkout's store check stands between it and the shopper. The poll reports SPEC §8's network
//   codes 20003 "Provider not found" / 20004 "Provider location not found", no quote is shown or
//   paid, and the store's genuine answer coming later is a second answer, refused (issue 24);
// - every SPEC §5 quote-check outcome, each from a quote shaped to reach it;
// - a seller that never answers: the SPEC §4 poll pace on the wall clock.
//
// The storefront's own seller network answers in milliseconds, so a test's answer could never be
// the first. Here the network stands apart and its callbacks reach the storefront through a proxy
// that can hold on_select/on_init a while (the test's answer lands first) or drop them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INIT_POLL, initStep, poll, SELECT_POLL, selectStep, type InitStatus, type SelectAnswer } from '#/features/checkout/poll.ts';
import { NO_QUOTE_TO_PAY_MESSAGE } from '#/features/payment/payment.ts';
import { fillCart, initBody, lines, pollFor, selectBody, store, type Client, type Line } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { freePort } from '../support/ports.ts';
import { startProxy, type StartedProxy } from '../support/proxy.ts';
import { callbackContext, postSigned, sellers, type SellerKey } from '../support/seller-callbacks.ts';
import { startNetwork, startServer, type StartedServer } from '../support/server.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'kirana-store-mismatch-'));
let network: Awaited<ReturnType<typeof startNetwork>>;
let proxy: StartedProxy;
let server: StartedServer;
let owner: SellerKey;
/** What the proxy does with the network's on_select and on_init: pass them, hold them a while, or drop them (a seller that never answers). */
let callbacks: 'pass' | 'hold' | 'drop' = 'pass';
const HOLD_MS = 3_000;

beforeAll(async () => {
  network = await startNetwork(dataDir);
  const port = await freePort();
  proxy = await startProxy([`http://127.0.0.1:${port}`], (req) => {
    if (!/^\/bap\/on_(select|init)\b/.test(req.url ?? '')) return undefined;
    return callbacks === 'hold' ? { delayMs: HOLD_MS } : callbacks === 'drop' ? { upstreams: [] } : undefined;
  });
  server = await startServer(
    {
      PORT: String(port),
      SELLER_NETWORK: 'off',
      ONDC_GATEWAY_URL: `${network.url}/gateway`,
      BAP_URI: `http://kirana.localhost:${new URL(proxy.url).port}/bap`,
    },
    { dataDir, keepDataDir: true },
  );
  ({ owner } = sellers(dataDir));
}, 300_000);
afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await network?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The store's answer as a seller writes it, naming `provider` and `location`. */
function quoteFrom(provider: string, location: string, items: Line[]) {
  const item = store.items.find((i) => i.id === items[0]!.sku_id)!;
  const value = ((item.pricePaise * items[0]!.quantity) / 100).toFixed(2);
  return {
    order: {
      provider: { id: provider, locations: [{ id: location }] },
      items: [{ id: item.id, location_id: location, fulfillment_id: 'F1', quantity: { count: items[0]!.quantity } }],
      fulfillments: [{ id: 'F1', type: 'Delivery', state: { descriptor: { code: 'Serviceable' } } }],
      quote: {
        price: { currency: 'INR', value },
        breakup: [
          {
            '@ondc/org/item_id': item.id,
            '@ondc/org/item_quantity': { count: items[0]!.quantity },
            '@ondc/org/title_type': 'item',
            title: item.name,
            price: { currency: 'INR', value },
          },
        ],
        ttl: 'P1D',
      },
    },
  };
}

async function select(client: Client, items: Line[]) {
  await fillCart(client, items);
  const sent = await client.post('/ondc/select', selectBody(items));
  expect(sent.status).toBe(200);
  const { data } = await sent.json();
  return { transactionId: data.transaction_id as string, messageId: data.message_id as string };
}

const otherLocation = () => store.provider.locations.find((l) => l.id !== store.location.id)?.id ?? `${store.location.id}-elsewhere`;

describe('a quote for another store than the one asked, signed by the seller asked', () => {
  it('an on_select naming another provider: "Provider not found" (20003), no quote, and the store’s own later answer is refused', async () => {
    callbacks = 'hold';
    const client = shopper(server.url);
    const items = [{ sku_id: store.items[0]!.id, quantity: 1 }];
    const { transactionId, messageId } = await select(client, items);
    const forged = {
      context: callbackContext(server.url, { action: 'on_select', transactionId, messageId, seller: owner }),
      message: quoteFrom(`${store.provider.id}-elsewhere`, store.location.id, items),
    };
    expect(await postSigned(server.url, 'on_select', forged, owner)).toMatchObject({ status: 200, ack: 'ACK' });

    const answer = await pollFor(client, `/ondc/fetchMessage?type=select&message_id=${messageId}`, (b) => b['status'] !== 'PENDING', 5);
    expect(answer.error).toEqual({ code: '20003', message: 'Provider not found' });
    expect(answer.message).not.toHaveProperty('order');
    expect(answer.checkout).toBeNull();
    // The island stops on it with the network's words, as for any seller error without a quote.
    expect(selectStep(answer as SelectAnswer, 1, 'retail')).toMatchObject({ kind: 'failed' });

    // The genuine on_select, held until now, is a second answer: the refusal stands.
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS + 1_500));
    const after = await (await client.get(`/ondc/fetchMessage?type=select&message_id=${messageId}`)).json();
    expect(after.error).toEqual({ code: '20003', message: 'Provider not found' });
    // Nothing to show or pay: the summary has no quote.
    expect((await client.get(`/ondc/checkout/summary?transaction_id=${transactionId}`)).status).toBe(409);
  }, 60_000);

  it('an on_init from another location: "Provider location not found" (20004), and no payment is taken for it', async () => {
    callbacks = 'pass';
    const client = shopper(server.url);
    const items = [{ sku_id: store.items[0]!.id, quantity: 1 }];
    const { transactionId, messageId } = await select(client, items);
    await pollFor(client, `/ondc/fetchMessage?type=select&message_id=${messageId}`, (b) => b['status'] !== 'PENDING', 10);

    callbacks = 'hold';
    const init = await (await client.post('/ondc/init', initBody(transactionId, items))).json();
    const initMessageId = init.data.message_id as string;
    const forged = {
      context: callbackContext(server.url, { action: 'on_init', transactionId, messageId: initMessageId, seller: owner }),
      message: quoteFrom(store.provider.id, otherLocation(), items),
    };
    expect(await postSigned(server.url, 'on_init', forged, owner)).toMatchObject({ status: 200, ack: 'ACK' });

    const status = await pollFor(client, `/ondc/status?type=init&message_id=${initMessageId}`, (b) => b['order_status'] !== 'PENDING', 5);
    expect(status).toMatchObject({
      order_status: 'FAILED',
      error: { code: '20004', message: 'Provider location not found' },
      onInitTotalPrice: null,
      order: null,
    });
    const pay = () => client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: initMessageId, vpa: 'asha@okaxis' });
    const refused = await pay();
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.message).toBe(NO_QUOTE_TO_PAY_MESSAGE);

    await new Promise((resolve) => setTimeout(resolve, HOLD_MS + 1_500));
    expect((await (await client.get(`/ondc/status?type=init&message_id=${initMessageId}`)).json()).order_status).toBe('FAILED');
    expect((await pay()).status).toBe(404);
  }, 60_000);
});

describe('SPEC §5 quote checks: every outcome reached through the API', () => {
  type Info = { available?: number; maximum?: number } | null;
  /** An on_select quoting `quoted` of `item` with the item info given (null: none). */
  function quoteOf(item: (typeof store.items)[number], quoted: number, info: Info) {
    const unit = (item.pricePaise / 100).toFixed(2);
    const total = ((item.pricePaise * quoted) / 100).toFixed(2);
    const entry = {
      '@ondc/org/item_id': item.id,
      '@ondc/org/item_quantity': { count: quoted },
      '@ondc/org/title_type': 'item',
      title: item.name,
      price: { currency: 'INR', value: total },
      ...(info
        ? {
            item: {
              price: { currency: 'INR', value: unit },
              quantity: { available: { count: String(info.available ?? 99) }, maximum: { count: String(info.maximum ?? 99) } },
            },
          }
        : {}),
    };
    return {
      order: {
        provider: { id: store.provider.id, locations: [{ id: store.location.id }] },
        items: [{ id: item.id, location_id: store.location.id, fulfillment_id: 'F1', quantity: { count: quoted } }],
        fulfillments: [{ id: 'F1', type: 'Delivery', state: { descriptor: { code: 'Serviceable' } } }],
        quote: { price: { currency: 'INR', value: total }, breakup: [entry], ttl: 'P1D' },
      },
    };
  }

  it('a line missing from the quote, without item info, none available, quoted more than asked, above what is available, above the maximum', async () => {
    callbacks = 'hold';
    const item = store.items[1]!;
    const cases: Array<[string, ReturnType<typeof quoteOf>, { code: string; message: string }]> = [
      // The store quotes another of its items instead.
      ['missing from the quote', quoteOf(store.items[0]!, 2, {}), { code: 'ITEM_UNAVAILABLE', message: 'Item unavailable' }],
      ['no item info', quoteOf(item, 2, null), { code: 'INFO_NOT_FOUND', message: 'Item unavailable' }],
      ['none available', quoteOf(item, 2, { available: 0 }), { code: 'ITEM_UNAVAILABLE', message: 'Item unavailable' }],
      ['quoted more than asked', quoteOf(item, 3, {}), { code: 'ITEM_QUANTITY_MISMATCH', message: 'Issue with item' }],
      ['above what is available', quoteOf(item, 2, { available: 1 }), { code: 'ONLY_X_AVAILABLE', message: `Only 1 ${item.name} available` }],
      ['above the maximum', quoteOf(item, 2, { maximum: 1 }), { code: 'MAX_LIMIT_REACHED', message: `Max 1 ${item.name} can be ordered` }],
    ];
    const client = shopper(server.url);
    for (const [name, message, problem] of cases) {
      const { transactionId, messageId } = await select(client, [{ sku_id: item.id, quantity: 2 }]);
      const answer = { context: callbackContext(server.url, { action: 'on_select', transactionId, messageId, seller: owner }), message };
      expect(await postSigned(server.url, 'on_select', answer, owner), name).toMatchObject({ status: 200, ack: 'ACK' });
      const polled = await pollFor(client, `/ondc/fetchMessage?type=select&message_id=${messageId}`, (b) => b['status'] !== 'PENDING', 5);
      expect(polled.checkout.problems, name).toEqual([{ itemId: item.id, ...problem }]);
    }
  }, 120_000);

  it('an item whose shelf is empty is quoted at none, and reads "Item unavailable"', async () => {
    callbacks = 'pass';
    const item = store.items[2]!;
    const emptied = await fetch(`${network.url}/sellers/${encodeURIComponent(store.seller.id)}/desk/items/${encodeURIComponent(item.id)}/stock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 0 }),
    });
    expect(emptied.status).toBe(200);
    const client = shopper(server.url);
    const { messageId } = await select(client, [{ sku_id: item.id, quantity: 1 }]);
    const polled = await pollFor(client, `/ondc/fetchMessage?type=select&message_id=${messageId}`, (b) => b['status'] !== 'PENDING', 10);
    expect(polled.error?.code).toBe('40002');
    expect(polled.checkout.problems).toEqual([{ itemId: item.id, code: 'ITEM_UNAVAILABLE', message: 'Item unavailable' }]);
  }, 60_000);
});

describe('SPEC §4 poll pace on the wall clock, with a seller that never answers', () => {
  /** The island's own poll loop (poll.ts) over real requests: each one held by the server. */
  async function timedPoll<S extends { kind: string }>(
    client: Client,
    path: string,
    options: { intervalMs: number; maxAttempts: number },
    step: (answer: never, attempt: number) => S,
  ) {
    const held: number[] = [];
    const started = Date.now();
    const outcome = await poll(
      async () => {
        const at = Date.now();
        const answer = await (await client.get(path)).json();
        held.push(Date.now() - at);
        return answer as never;
      },
      step,
      options,
    );
    return { outcome, elapsedMs: Date.now() - started, held };
  }
  // Each attempt is one server hold (1 s) and its request; the loop adds no sleep on top. Before
  // issue 23 an attempt was the hold plus a 1 s sleep: 20 select attempts took ~39 s, 5 init ~10 s.
  // The SPEC's 21 s and 6 s, plus what a loaded two-core machine adds to each request (measured
  // up to ~150 ms here): the bound an old two-second attempt could never meet.
  const TRANSIT_MS = 150;

  it('20 select attempts end within 21 s, 5 init attempts within 6 s', async () => {
    callbacks = 'pass';
    const client = shopper(server.url);
    const items = lines();
    const quoted = await select(client, items);
    await pollFor(client, `/ondc/fetchMessage?type=select&message_id=${quoted.messageId}`, (b) => b['status'] !== 'PENDING', 10);

    callbacks = 'drop';
    const init = await (await client.post('/ondc/init', initBody(quoted.transactionId, items))).json();
    const initPace = await timedPoll(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, INIT_POLL, (answer: InitStatus, n) =>
      initStep(answer, n, 'retail'),
    );
    expect(initPace.outcome).toMatchObject({ kind: 'failed', orderStatus: 'FAILED_TO_PROCEED_WITH_PAYMENT' });
    expect(initPace.held).toHaveLength(5);
    for (const ms of initPace.held) expect(ms).toBeGreaterThanOrEqual(950);
    expect(initPace.elapsedMs).toBeLessThanOrEqual(6_000 + 5 * TRANSIT_MS);

    const again = await select(client, items);
    const selectPace = await timedPoll(client, `/ondc/fetchMessage?type=select&message_id=${again.messageId}`, SELECT_POLL, (answer: SelectAnswer, n) =>
      selectStep(answer, n, 'retail'),
    );
    expect(selectPace.outcome).toMatchObject({ kind: 'failed', label: 'ON_SELECT_POLL_COUNT_EXCEEDED' });
    expect(selectPace.held).toHaveLength(20);
    expect(selectPace.elapsedMs).toBeLessThanOrEqual(21_000 + 20 * TRANSIT_MS);
    console.log(
      `poll pace: 5 init attempts ${initPace.elapsedMs} ms, 20 select attempts ${selectPace.elapsedMs} ms (longest request ${Math.max(...initPace.held, ...selectPace.held)} ms)`,
    );
  }, 90_000);
});
