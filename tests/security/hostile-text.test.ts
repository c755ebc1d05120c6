// Threat: text that is not text (issue 24). A lone UTF-16 surrogate ("\ud800" in JSON) or a NUL
// in any string field of any endpoint's body, query, form or cookie, and in every field of a
// correctly signed seller callback. Before issue 24, 102 of 1,349 such requests got HTML 500s
// (/ondc/select, /ondc/init, /save/unified/address, /sync/unified/address, signed /bap/on_status).
// Every one must be refused with a 4xx JSON answer (or taken, where the text is harmless), never 5xx.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { signRequest } from '#/ondc/signing.ts';
import { initBody, selectAndQuote, selectBody, store, type Client } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { userIdCookieValue } from '../support/identity.ts';

const [server] = inject('servers');
const url = server!.url;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Call = { method: 'POST' | 'DELETE' | 'GET'; path: string; body?: Json };

/** Text that cannot be stored: a lone high or low surrogate, and NUL (already refused before issue 24). */
const BAD_TEXT = ['\ud800', '\udfff', '\u0000'] as const;

/** Every string leaf of a JSON value, by its path. */
function stringPaths(value: Json, at: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((child, i) => stringPaths(child, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => stringPaths(child, [...at, key]));
  return [];
}

function withText(value: Json, at: Array<string | number>, bad: string): Json {
  const copy = structuredClone(value) as Record<string | number, Json>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = at.at(-1)!;
  node[last] = `${node[last] as string}${bad}`;
  return copy;
}

/** The body with each string field in turn carrying each bad text, and once with a bad key. */
function variants(body: Json): string[] {
  const out = stringPaths(body).flatMap((at) => BAD_TEXT.map((bad) => JSON.stringify(withText(body, at, bad))));
  if (body && typeof body === 'object' && !Array.isArray(body)) out.push(JSON.stringify({ ...body, ['k\ud800']: 'x' }));
  return out;
}

/** SPEC §7 bodies, valid as a shopper's page sends them, so the bad text gets as deep as it can. */
function sampleCalls(transactionId: string, messageId: string): Call[] {
  const address = {
    id: 'home-1',
    name: 'Asha Rao',
    address: '12 Lake View Apartments, Indiranagar',
    address_line1: '12 Lake View',
    address_line2: 'Indiranagar',
    house_number: '12',
    building: 'Lake View',
    street: '2nd Cross',
    landmark: 'Near the temple',
    locality: 'Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    pin_code: store.location.pincode,
    area_code: store.location.pincode,
    latitude: 12.97,
    longitude: 77.64,
    address_type: 'HOME',
    source: 'map',
  };
  const filters = [{ type: 'TERM_EQ', field: 'brandName', value: 'Amul' }];
  const init = initBody(transactionId, [{ sku_id: store.items[0]!.id, quantity: 1 }]) as unknown as Json;
  return [
    { method: 'POST', path: '/ondc/select', body: { ...selectBody([{ sku_id: store.items[0]!.id, quantity: 1 }]), transaction_id: transactionId } },
    { method: 'POST', path: '/ondc/init', body: init },
    { method: 'POST', path: '/ondc/confirm', body: { transaction_id: transactionId, payment_id: 'pay-0000000000' } },
    { method: 'POST', path: '/ondc/payment', body: { method: 'upi', transaction_id: transactionId, init_message_id: messageId, vpa: 'asha@okaxis' } },
    { method: 'POST', path: '/ondc/offer/apply', body: { transactionId, messageId, cityName: 'bengaluru', manualCoupon: 'SAVE20' } },
    {
      method: 'POST',
      path: '/ondc/cart',
      body: {
        action: 'UPDATE_ITEM',
        sku_id: store.items[0]!.id,
        quantity: 1,
        cart_metadata: { bpp_id: store.seller.id, provider_id: store.provider.id },
        item_metadata: { itemId: store.items[0]!.id, name: store.items[0]!.name, providerId: store.provider.id, locationId: store.location.id },
      },
    },
    { method: 'POST', path: '/ondc/clear-cart', body: { action: 'CLEAR_CART', cart_reference_id: '7f1d3c2e-9a4b-4c5d-8e6f-1a2b3c4d5e6f' } },
    { method: 'POST', path: '/save/unified/address', body: address },
    { method: 'POST', path: '/sync/unified/address', body: [address, { ...address, id: 'work-1', address_type: 'WORK' }] },
    { method: 'POST', path: '/ondc/landing-page?type=static', body: { widget: 'default', cityName: 'bengaluru' } },
    {
      method: 'POST',
      path: '/ondc/landing-page?type=provider',
      body: { widget: 'default', filters, sort: 'nearest', limit: 20, page: 0, cityName: 'bengaluru' },
    },
    { method: 'POST', path: '/ondc/search', body: { searchText: 'atta', searchType: 'provider', filters, page: 0 } },
    { method: 'POST', path: '/ondc/curated/list', body: { url: 'deals', payload: { page: 0 } } },
    {
      method: 'POST',
      path: '/ondc/provider/categorymap',
      body: { provider_id: store.provider.id, location_id: store.location.id, categories: [{ id: '101' }], filters },
    },
    { method: 'POST', path: '/ondc/provider/fetch/items/batch', body: { provider_id: store.provider.id, location_id: store.location.id, filters, limit: 20 } },
    { method: 'POST', path: '/ondc/provider/fetch/offer/tray', body: { provider_id: store.provider.id, location_id: store.location.id, filters, limit: 20 } },
    { method: 'POST', path: '/ondc/fetch/variants', body: { providerId: store.provider.id, locationId: store.location.id, variantId: store.items[0]!.id } },
    {
      method: 'POST',
      path: '/ondc/fetch/grocery/items',
      body: { providerId: store.provider.id, locationId: store.location.id, filters, searchText: 'atta', searchType: 'ITEM', page: 0 },
    },
    {
      method: 'POST',
      path: '/ondc/fetch/grocery/filters',
      body: { providerId: store.provider.id, locationId: store.location.id, filters, searchText: 'atta', selectedFilterFieldName: 'brandName' },
    },
    { method: 'POST', path: '/ondc/order/update', body: { type: 'cancel', order_id: 'order-0001', reason_id: '001' } },
    {
      method: 'POST',
      path: '/ondc/order/update',
      body: { type: 'return', order_id: 'order-0001', reason_id: '003', items: [{ item_id: store.items[0]!.id, quantity: 1 }], photo_ids: [] },
    },
    { method: 'POST', path: '/ondc/hive', body: [{ event_name: 'home_page_loaded', session_id: 's-1', city_name: 'bengaluru', properties: { item: 'x' } }] },
    { method: 'POST', path: '/ondc/log', body: { event: 'home_page_loaded', type: 'info', page_name: 'home' } },
    {
      method: 'POST',
      path: '/ins-api',
      body: { id: 'ev-1', data: { eventName: 'home_loaded', page_source: 'home', source: 'android_mweb', lob: 'mobility' } },
    },
    {
      method: 'POST',
      path: '/insttttruummeenttt',
      body: { id: 'ev-2', metadata: { a: 'b' }, data: { eventName: 'home_loaded', source: 'app', lob: 'electric' } },
    },
  ];
}

/** SPEC §7 reads, each parameter in turn carrying bytes that decode to no character (and %00). */
const QUERIES = [
  '/get/serviceability?pincode=560102',
  '/get/unified/address?userId=u',
  '/kong-api/reverse-geocode?lat=12.91&lng=77.64',
  '/ondc/search-suggestion?q=atta',
  '/ondc/search-dropdown-data?searchText=atta',
  `/ondc/provider?provider_id=${store.provider.id}&location_id=${store.location.id}&search_text=atta&city=bengaluru`,
  `/ondc/provider-serviceablity?provider_id=${store.provider.id}`,
  '/ondc/cart?cityName=bengaluru&offer=1',
  '/ondc/offer/list?transactionId=txn-00000000&cityName=bengaluru',
  '/ondc/fetchMessage?type=select&message_id=msg-0000',
  '/ondc/status?type=init&message_id=msg-0000',
  '/ondc/v2/user-conscent?transaction_id=txn-00000000',
  '/kong-api/package_api/v3/payment/getInstrumentDetails?instrumentType=upi_account',
  '/ondc/order/eligiblity?order_id=o-1&type=cancel',
  '/ondc/order/get-provider-support-details?order_id=o-1',
  '/ondc/order/detail?order_id=o-1',
  '/ondc/order/track?order_id=o-1',
  '/ondc/payment/status?payment_id=pay-0000000000',
  `/ondc/customisations?item_id=${store.items[0]!.id}`,
  '/media?src=http://x.example/a.svg',
  '/grocery-search?q=atta',
  '/search?q=atta',
  '/brand?brandName=Amul',
  '/grocery-category?categoryId=101',
  '/invoice?order_id=o-1',
  '/tracking-details?order_id=o-1',
  '/address-map?lat=12.9&lng=77.6',
];

function queryVariants(address: string): string[] {
  const target = new URL(address, url);
  const names = [...target.searchParams.keys()];
  const out = [`${target.pathname}/%ED%A0%80`, `${target.pathname}%ED%A0%80`];
  for (const name of names) {
    for (const bad of ['%ED%A0%80', '%ED%BF%BF', '%00', '%uD800']) {
      const raw = target.search.replace(new RegExp(`([?&]${name}=[^&]*)`), `$1${bad}`);
      out.push(`${target.pathname}${raw}`);
    }
  }
  return out;
}

type Outcome = { request: string; status: number; body: string };

async function send(client: Client, request: string, init: RequestInit): Promise<Outcome> {
  const headers = new Headers(init.headers);
  headers.set('origin', url);
  headers.set('cookie', [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  const response = await fetch(`${url}${request.split(' ').at(-1)}`, { ...init, headers, redirect: 'manual' });
  return { request: `${request} ${String(init.body ?? '').slice(0, 120)}`, status: response.status, body: await response.text() };
}

async function inBatches<T>(tasks: Array<() => Promise<T>>, size = 6): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < tasks.length; i += size) results.push(...(await Promise.all(tasks.slice(i, i + size).map((task) => task()))));
  return results;
}

/** A signed-in shopper (address sync needs the native app's user id) with a live transaction. */
async function signedInShopper() {
  const client = shopper(url);
  await client.get('/');
  client.cookies.set('userId', userIdCookieValue(`hostile-text-${Date.now()}`));
  const { transactionId, messageId } = await selectAndQuote(client, [{ sku_id: store.items[0]!.id, quantity: 1 }]);
  return { client, transactionId, messageId };
}

function expectNo5xx(outcomes: Outcome[]) {
  const failures = outcomes.filter((o) => o.status >= 500).map((o) => `${o.status} ${o.request} → ${o.body.slice(0, 200)}`);
  expect(failures.slice(0, 15), `${failures.length} of ${outcomes.length} answered 5xx`).toEqual([]);
}

describe('lone surrogates and NUL in every string field of every endpoint', () => {
  it('JSON bodies of every SPEC §7 call: refused with a 4xx JSON message or taken, never a 5xx', async () => {
    const { client, transactionId, messageId } = await signedInShopper();
    const tasks = sampleCalls(transactionId, messageId).flatMap((call) =>
      variants(call.body ?? null).map(
        (body) => () => send(client, `${call.method} ${call.path}`, { method: call.method, body, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const outcomes = await inBatches(tasks);
    expect(outcomes.length).toBeGreaterThan(300);
    expectNo5xx(outcomes);
    // Refusals say why, as JSON (not an HTML error page).
    const surrogate = outcomes.find((o) => o.request.startsWith('POST /ondc/select') && o.request.includes('\\ud800'));
    expect(surrogate?.status).toBe(400);
    expect(JSON.parse(surrogate!.body)).toMatchObject({ error: { message: expect.stringMatching(/surrogate/i) } });
    // The same calls with good text still work: the refusal is the bad text's, not the call's.
    const good = await send(client, 'POST /sync/unified/address', {
      method: 'POST',
      body: JSON.stringify(sampleCalls(transactionId, messageId).find((c) => c.path === '/sync/unified/address')!.body),
      headers: { 'content-type': 'application/json' },
    });
    expect(good.status).toBe(200);
    const emoji = await send(client, 'POST /ondc/log', {
      method: 'POST',
      body: JSON.stringify({ event: 'home_page_loaded', type: 'info', note: 'ok \ud83d\ude00' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(emoji.status).toBe(200);
  }, 180_000);

  it('queries, paths, forms and cookies: never a 5xx', async () => {
    const { client } = await signedInShopper();
    const tasks: Array<() => Promise<Outcome>> = QUERIES.flatMap((address) =>
      queryVariants(address).map((request) => () => send(client, `GET ${request}`, {})),
    );
    for (const form of ['/cart/add', '/cart/update', '/address-map']) {
      for (const bad of ['%ED%A0%80', '%00']) {
        const body = `city=bengaluru&bppId=${store.seller.id}&providerId=${store.provider.id}&locationId=${store.location.id}&itemId=${store.items[0]!.id}${bad}&quantity=1&lat=12.9&lng=77.6&label=x${bad}`;
        tasks.push(() => send(client, `POST ${form}`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
      }
    }
    const label = (text: string) => encodeURIComponent(JSON.stringify({ label: text, city: 'bengaluru', pincode: '560102', lat: 12.91, lng: 77.64 }));
    for (const bad of BAD_TEXT) {
      for (const page of ['/', '/stores', '/cart', '/ondc/cart?cityName=bengaluru', '/grocery-category?categoryId=101']) {
        tasks.push(() => send({ ...client, cookies: new Map([...client.cookies, ['deliveryLocation', label(`HSR${bad}`)]]) }, `GET ${page}`, {}));
      }
    }
    const outcomes = await inBatches(tasks);
    expectNo5xx(outcomes);
  }, 180_000);

  it('correctly signed seller callbacks (every action): NACKed with an ONDC error, never a 5xx; signatures still verify', async () => {
    const { transactionId, messageId } = await signedInShopper();
    const keys = JSON.parse(readFileSync(path.join(server!.dataDir, 'network', 'keys', `${store.seller.id}.json`), 'utf8')) as {
      unique_key_id: string;
      private_key: string;
    };
    const order = {
      id: 'order-hostile-1',
      state: 'Accepted',
      provider: { id: store.provider.id, locations: [{ id: store.location.id }] },
      items: [{ id: store.items[0]!.id, fulfillment_id: 'F1', quantity: { count: 1 } }],
      fulfillments: [{ id: 'F1', type: 'Delivery', state: { descriptor: { code: 'Pending' } }, tracking: false }],
      quote: {
        price: { currency: 'INR', value: '63.00' },
        breakup: [
          { '@ondc/org/item_id': store.items[0]!.id, '@ondc/org/title_type': 'item', title: store.items[0]!.name, price: { currency: 'INR', value: '63.00' } },
        ],
        ttl: 'PT15M',
      },
      payment: { type: 'ON-ORDER', status: 'PAID', collected_by: 'BAP' },
    };
    const messages: Record<string, Json> = {
      on_search: {
        catalog: {
          'bpp/descriptor': { name: 'Store' },
          'bpp/providers': [
            {
              id: store.provider.id,
              descriptor: { name: 'Shop' },
              items: [{ id: 'i-1', descriptor: { name: 'Atta' }, price: { currency: 'INR', value: '10.00' } }],
            },
          ],
        },
      },
      on_select: { order },
      on_init: { order },
      on_confirm: { order },
      on_status: { order },
      on_cancel: { order: { ...order, state: 'Cancelled' } },
      on_update: { order },
      on_track: { tracking: { status: 'active', url: 'https://track.example/1' } },
      on_support: { phone: '9876543210', email: 'help@example.com', uri: 'https://help.example' },
      on_rating: { rating_ack: true, feedback_ack: false },
    };
    const tasks = Object.entries(messages).flatMap(([action, message]) => {
      const envelope: Json = {
        context: {
          domain: 'ONDC:RET10',
          country: 'IND',
          city: 'std:080',
          action,
          core_version: '1.2.0',
          bap_id: 'kirana.localhost',
          bap_uri: `${url}/bap`,
          bpp_id: store.seller.id,
          bpp_uri: `http://sellers.localhost:1/sellers/${store.seller.id}`,
          transaction_id: transactionId,
          message_id: action === 'on_select' ? messageId : `m-${action}`,
          timestamp: new Date().toISOString(),
          ttl: 'PT30S',
        },
        message,
      };
      return variants(envelope).map(
        (body) => () =>
          send(shopper(url), `POST /bap/${action}`, {
            method: 'POST',
            body,
            headers: {
              'content-type': 'application/json',
              authorization: signRequest({ body, subscriberId: store.seller.id, uniqueKeyId: keys.unique_key_id, privateKey: keys.private_key }),
            },
          }),
      );
    });
    const outcomes = await inBatches(tasks);
    expect(outcomes.length).toBeGreaterThan(200);
    expectNo5xx(outcomes);
    // The signature verified (not 401): the refusal is the text's, as an ONDC NACK.
    const refused = outcomes.filter((o) => o.request.includes('\\ud800'));
    expect(
      refused.every((o) => o.status === 400),
      refused
        .filter((o) => o.status !== 400)
        .slice(0, 3)
        .map((o) => `${o.status} ${o.request} ${o.body.slice(0, 200)}`)
        .join('\n'),
    ).toBe(true);
    expect(JSON.parse(refused[0]!.body)).toMatchObject({
      message: { ack: { status: 'NACK' } },
      error: { code: '20006', message: expect.stringMatching(/surrogate/i) },
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  }, 180_000);
});
