// Threat: one bad analytics event costs everyone's (issue 24). Before, an event with a lone
// surrogate was ACKed, and the 250 ms batch it was written in failed as a whole: every shopper's
// events of that moment were lost. Each event is now checked on its own before it is queued (a
// bad one refused by its index, the rest of its request kept), and a batch the database refuses
// is written row by row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopper } from '../support/http.ts';
import { startServer, type StartedServer } from '../support/server.ts';

const TOKEN = 'security-analytics-token';
let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ ANALYTICS_TOKEN: TOKEN, SELLER_NETWORK: 'off' }, { timeoutMs: 300_000 });
}, 320_000);
afterAll(async () => server?.stop());

async function storedNames(prefix: string): Promise<string[]> {
  const response = await fetch(`${server.url}/ops/analytics/events?since=1d`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => String(JSON.parse(line).name))
    .filter((name) => name.startsWith(prefix));
}

async function visitor() {
  const client = shopper(server.url);
  await client.get('/');
  return (path: string, body: unknown) =>
    fetch(server.url + path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', origin: server.url, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
}

describe('a mixed analytics batch', () => {
  it('keeps its good events and every other shopper’s events of the same moment; the bad ones are refused by index', async () => {
    const run = `mix${Date.now()}_`;
    const [asha, ravi, meena] = await Promise.all([visitor(), visitor(), visitor()]);
    // All within one 250 ms write batch of the server.
    const [mixed, others, log, tracking, badLog] = await Promise.all([
      asha('/ondc/hive', [
        { event_name: `${run}asha_1`, properties: { item: 'atta' } },
        { event_name: `${run}asha_bad_surrogate`, properties: { item: 'atta\ud800' } },
        { event_name: `${run}asha_bad_nul`, locality: 'HSR\u0000' },
        { event_name: `${run}asha_bad_shape`, pincode: 560102 },
        { event_name: `${run}asha_2`, city_name: 'bengaluru' },
      ]),
      ravi('/ondc/hive', [{ event_name: `${run}ravi_1` }, { event_name: `${run}ravi_2`, page_name: 'cart_page' }]),
      meena('/ondc/log', { event: `${run}meena_log`, type: 'info' }),
      meena('/ins-api', { id: 'ev-1', data: { eventName: `${run}meena_ins`, source: 'desktop', lob: 'mobility' } }),
      ravi('/ondc/log', { event: `${run}ravi_bad_log`, type: 'info', note: '\udc00' }),
    ]);
    expect(mixed.status).toBe(200);
    expect(await mixed.json()).toEqual({
      status: 'ACK',
      accepted: 2,
      refused: [
        { index: 1, message: expect.stringMatching(/surrogate/i) },
        { index: 2, message: expect.stringMatching(/NUL/) },
        { index: 3, message: expect.stringContaining('pincode') },
      ],
    });
    for (const answer of [others, log, tracking]) expect(answer.status).toBe(200);
    expect(badLog.status).toBe(400);
    expect((await badLog.json()).error.message).toMatch(/surrogate/i);

    const names = await storedNames(run);
    expect(names.sort()).toEqual([`${run}asha_1`, `${run}asha_2`, `${run}meena_ins`, `${run}meena_log`, `${run}ravi_1`, `${run}ravi_2`].sort());
  }, 60_000);

  it('a batch with no good event is a 400 that says why', async () => {
    const send = await visitor();
    const answer = await send('/ondc/hive', [{ event_name: 'x\ud800' }]);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      status: 'FAILURE',
      error: { message: expect.stringMatching(/surrogate/i), details: { refused: [{ index: 0 }] } },
    });
  });
});
