// SPEC §7.5 analytics endpoints (issue 12) on a storefront of their own with an operator token:
// what is sent is stored as sent (a mobile number only hashed), what is malformed or too big is
// refused with a clean 4xx and stores nothing, and a flood gets 429 with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopper } from '../support/http.ts';
import { startServer, type StartedServer } from '../support/server.ts';

const TOKEN = 'analytics-test-token';
let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ ANALYTICS_TOKEN: TOKEN });
}, 200_000);
afterAll(async () => server?.stop());

async function stored(name?: string): Promise<Array<Record<string, unknown>>> {
  const response = await fetch(`${server.url}/ops/analytics/events?since=1d${name ? `&name=${name}` : ''}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

const raw = (client: ReturnType<typeof shopper>, path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(server.url + path, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...headers },
  });

describe('analytics endpoints (SPEC §7.5)', () => {
  it("shows /test, the status page, to the operator's token only (issue 28)", async () => {
    const operator = await fetch(`${server.url}/test`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(operator.status).toBe(200);
    expect(await operator.text()).toContain('Storefront status');
    const shopperAsks = await fetch(`${server.url}/test`);
    expect(shopperAsks.status).toBe(401);
    expect(await shopperAsks.text()).not.toContain('Storefront status');
  });

  it('POST /ondc/hive stores each event with its §7.5 fields; headers fill what an event leaves out', async () => {
    const client = shopper(server.url);
    await client.get('/');
    const events = [
      {
        event_name: 'hive_test_a',
        session_id: 's-1',
        pincode: '560102',
        city_name: 'bengaluru',
        page_name: 'cart_page',
        utm_source: 'sms',
        properties: { item_id: 'x1', quantity: 2 },
      },
      { event_name: 'hive_test_b', event_id: 'e-2' },
    ];
    const answer = await raw(client, '/ondc/hive', JSON.stringify(events), { session_id: 'from-header', pincode: '560001' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ACK', accepted: 2 });
    const [a] = await stored('hive_test_a');
    expect(a).toMatchObject({
      endpoint: 'hive',
      session_id: 's-1',
      pincode: '560102',
      city_name: 'bengaluru',
      page: 'cart_page',
      utm_source: 'sms',
      attributes: { properties: { item_id: 'x1', quantity: 2 } },
    });
    const [b] = await stored('hive_test_b');
    expect(b).toMatchObject({ session_id: 'from-header', pincode: '560001', event_id: 'e-2' });
  });

  it('POST /ondc/log stores one event with event and type', async () => {
    const client = shopper(server.url);
    expect((await raw(client, '/ondc/log', JSON.stringify({ event: 'log_test', type: 'info', customer_engagement_service_loaded: true }))).status).toBe(200);
    expect(await stored('log_test')).toEqual([
      expect.objectContaining({ endpoint: 'log', attributes: { type: 'info', customer_engagement_service_loaded: true } }),
    ]);
  });

  it('tracking events at /ins-api and /insttttruummeenttt keep the mobile number hashed, never in clear', async () => {
    const client = shopper(server.url);
    const event = (id: string) =>
      JSON.stringify({
        id,
        metadata: { screen: 'cart' },
        data: { eventName: 'ins_test', page_source: 'cart_page', source: 'android_mweb', lob: 'mobility', identifier: '9876543210' },
      });
    expect((await raw(client, '/ins-api', event('i-1'))).status).toBe(200);
    expect((await raw(client, '/insttttruummeenttt', event('i-2'))).status).toBe(200);
    const rows = await stored('ins_test');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        endpoint: 'ins',
        source: 'android_mweb',
        lob: 'mobility',
        page: 'cart_page',
        identifier_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(JSON.stringify(row)).not.toContain('9876543210');
    }
    expect(rows[0]!['identifier_hash']).toBe(rows[1]!['identifier_hash']);
  });

  it('refuses bad input with a clean 4xx and stores nothing of it', async () => {
    const client = shopper(server.url);
    const cases: Array<[string, string, number]> = [
      ['/ondc/hive', '{"event_name":', 400],
      ['/ondc/hive', JSON.stringify({ event_name: 'bad_not_array' }), 400],
      ['/ondc/hive', JSON.stringify([{ event_name: 'bad_wrong_type', pincode: 560102 }]), 400],
      ['/ondc/hive', JSON.stringify([{ event_name: 'bad_unknown_field', password: 'x' }]), 400],
      ['/ondc/hive', JSON.stringify(Array.from({ length: 10_000 }, () => ({ event_name: 'bad_too_many' }))), 413],
      ['/ondc/hive', JSON.stringify([{ event_name: 'bad_big', locality: 'x'.repeat(100) }]).padEnd(1024 * 1024, ' '), 413],
      ['/ondc/log', JSON.stringify({ type: 'info' }), 400],
      ['/ins-api', JSON.stringify({ id: 'x', data: { eventName: 'bad_ins', source: 'tv', lob: 'mobility' } }), 400],
      ['/ins-api', JSON.stringify({ id: 'x', data: { eventName: 'bad_ins', source: 'app', lob: 'mobility', identifier: 'asha@example.com' } }), 400],
    ];
    for (const [path, body, status] of cases) {
      const answer = await raw(client, path, body);
      expect(answer.status, `${path} ${body.slice(0, 60)}`).toBe(status);
      expect((await answer.json()).error.message).toEqual(expect.any(String));
    }
    const names = (await stored()).map((row) => row['name']);
    expect(names.filter((name) => String(name).startsWith('bad_'))).toEqual([]);
  });

  it('answers a flood with 429 and Retry-After', async () => {
    const client = shopper(server.url);
    await client.get('/');
    const batch = JSON.stringify(Array.from({ length: 100 }, () => ({ event_name: 'flood' })));
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 8; i++) {
      const answer = await raw(client, '/ondc/hive', batch);
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter = answer.headers.get('retry-after');
    }
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('records page views where pages are made (no script needed), and home_page_loaded', async () => {
    const client = shopper(server.url);
    await client.get('/?utm_source=whatsapp&utm_campaign=diwali');
    await client.get('/privacy-policy');
    const views = (await stored('page_view')).filter((row) => row['utm_source'] === 'whatsapp' || row['page'] === 'privacy-policy_page');
    expect(views.map((row) => row['page'])).toEqual(expect.arrayContaining(['home_page', 'privacy-policy_page']));
    expect(views.find((row) => row['page'] === 'home_page')).toMatchObject({
      utm_source: 'whatsapp',
      utm_campaign: 'diwali',
      source: 'desktop',
      lob: 'mobility',
    });
    expect((await stored('home_page_loaded')).length).toBeGreaterThan(0);
  });

  it('keeps the operator side closed without the token', async () => {
    expect((await fetch(`${server.url}/ops/analytics/events?since=1d`)).status).toBe(401);
    expect((await fetch(`${server.url}/ops/analytics/funnel?since=1d`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    const funnel = await (await fetch(`${server.url}/ops/analytics/funnel?since=1d`, { headers: { authorization: `Bearer ${TOKEN}` } })).json();
    expect(funnel.steps).toEqual(['home', 'listing', 'cart', 'checkout', 'order']);
    expect(funnel.days[0].home).toBeGreaterThan(0);
  });
});
