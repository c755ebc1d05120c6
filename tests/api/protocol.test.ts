import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { openGroceryStore, unservedPincode } from '../support/fixtures.ts';
import { shopper } from '../support/http.ts';
import { fillCart, lines as cartLines } from '../support/checkout.ts';

const store = openGroceryStore();

function selectBody(areaCode: string | null, quantity = 1) {
  return {
    categoryDomain: 'ONDC:RET10',
    ondcCity: 'bengaluru',
    bpp: { bpp_id: store.seller.id },
    provider: { id: store.provider.id, locations: [store.location.id] },
    items: store.items.slice(0, 2).map((item) => ({ sku_id: item.id, quantity, location_id: store.location.id })),
    lat_long: `${store.location.lat},${store.location.lng}`,
    ...(areaCode ? { address: { area_code: areaCode } } : {}),
  };
}

/** SPEC §4: poll every 1 s, at most 20 times. */
async function pollSelect(client: ReturnType<typeof shopper>, messageId: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await client.get(`/ondc/fetchMessage?type=select&message_id=${messageId}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    if (body.status !== 'PENDING') return body;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('no on_select within 20 polls');
}

describe.each(inject('servers'))('ONDC protocol through the storefront on $name', ({ name, url, dataDir }) => {
  it('learned the embedded catalogue at start', async () => {
    const health = await (await fetch(`${url}/healthz`)).json();
    expect(health).toMatchObject({ status: 'ok', network: { ok: true, embedded: true } });
    expect(health.catalogue.sellers).toBeGreaterThanOrEqual(5);
    expect(health.catalogue.providers).toBeGreaterThanOrEqual(40);
    expect(health.catalogue.items).toBeGreaterThan(4000);
  });

  it('round-trips a select: ACK, then the signed on_select is stored and fetchMessage returns it', async () => {
    const client = shopper(url);
    await fillCart(client, cartLines());
    const response = await client.post('/ondc/select', selectBody(store.location.pincode));
    expect(response.status).toBe(200);
    const ack = await response.json();
    expect(ack).toMatchObject({ status: 'ACK', data: { message_id: expect.any(String) } });

    const answer = await pollSelect(client, ack.data.message_id);
    expect(answer.status).toBe('SUCCESS');
    expect(answer.message.ack.status).toBe('ACK');
    expect(answer.context).toMatchObject({ action: 'on_select', bpp_id: store.seller.id, message_id: ack.data.message_id });
    const quote = answer.message.order.quote;
    const sum = quote.breakup.reduce((total: number, line: { price: { value: string } }) => total + Math.round(Number(line.price.value) * 100), 0);
    expect(Math.round(Number(quote.price.value) * 100)).toBe(sum);

    const stranger = shopper(url);
    await stranger.get('/');
    expect((await stranger.get(`/ondc/fetchMessage?type=select&message_id=${ack.data.message_id}`)).status).toBe(404);
  });

  it('answers a pincode no seller serves with 30009 and a message', async () => {
    const client = shopper(url);
    await fillCart(client, cartLines());
    const ack = await (await client.post('/ondc/select', selectBody(unservedPincode()))).json();
    const answer = await pollSelect(client, ack.data.message_id);
    expect(answer.error.code).toBe('30009');
    expect(answer.error.message).toBeTruthy();
    expect(answer.message.order.fulfillments[0].state.descriptor.code).toMatch(/non-serviceable/i);
  });

  it('NACKs an unsigned callback with 401 and stores nothing', async () => {
    const client = shopper(url);
    await fillCart(client, cartLines());
    const ack = await (await client.post('/ondc/select', selectBody(store.location.pincode))).json();
    const forged = {
      context: {
        domain: 'ONDC:RET10',
        country: 'IND',
        city: 'std:080',
        action: 'on_select',
        core_version: '1.2.0',
        bap_id: 'kirana-storefront.local',
        bap_uri: `${url}/bap`,
        bpp_id: store.seller.id,
        bpp_uri: 'http://127.0.0.1:1/x',
        transaction_id: ack.data.transaction_id,
        message_id: ack.data.message_id,
        timestamp: new Date().toISOString(),
      },
      message: { order: { quote: { price: { currency: 'INR', value: '0.01' }, breakup: [] } } },
    };
    const response = await fetch(`${url}/bap/on_select`, { method: 'POST', body: JSON.stringify(forged), headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: { ack: { status: 'NACK' } } });
    const answer = await pollSelect(client, ack.data.message_id);
    expect(answer.message.order.quote.price.value).not.toBe('0.01');
  });

  it('refuses bad select input with a clear 4xx, before any network call', async () => {
    const client = shopper(url);
    await fillCart(client, cartLines());
    const noAddress = await client.post('/ondc/select', selectBody(null));
    expect(noAddress.status).toBe(400);
    expect((await noAddress.json()).error.message).toBe('No address found. Please add address first');

    const malformed = await client.post('/ondc/select', '{"items": [');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.message).toMatch(/JSON/);

    const fractional = await client.post('/ondc/select', selectBody(store.location.pincode, 1.5));
    expect(fractional.status).toBe(400);

    // Items other than the server cart's (issue 23: the cart is what is ordered).
    const unknown = await client.post('/ondc/select', {
      ...selectBody(store.location.pincode),
      items: [{ sku_id: 'no-such-item', quantity: 1, location_id: store.location.id }],
    });
    expect(unknown.status).toBe(409);
    expect((await unknown.json()).error.code).toBe('CART_CHANGED');

    const badQuery = await client.get('/ondc/fetchMessage?type=bogus&message_id=x');
    expect(badQuery.status).toBe(400);
  });

  it.runIf(name === 'pglite')('writes every message in and out as JSON lines with ONDC_LOG=1', async () => {
    const client = shopper(url);
    await fillCart(client, cartLines());
    const ack = await (await client.post('/ondc/select', selectBody(store.location.pincode))).json();
    await pollSelect(client, ack.data.message_id);
    await new Promise((r) => setTimeout(r, 300));
    const dir = path.join(dataDir, 'ondc-log');
    const lines = readdirSync(dir)
      .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
      .map((line) => JSON.parse(line) as { direction: string; action: string; messageId?: string; body: unknown });
    expect(lines.some((l) => l.direction === 'out' && l.action === 'select' && l.messageId === ack.data.message_id)).toBe(true);
    expect(lines.some((l) => l.direction === 'in' && l.action === 'on_select' && JSON.stringify(l.body).includes(ack.data.message_id))).toBe(true);
  });

  it.runIf(name === 'pglite')('answers a seller’s callback with an ACK that echoes its context, and sends gps with six decimals (Pramaan)', async () => {
    const client = shopper(url);
    await fillCart(client, cartLines());
    const ack = await (await client.post('/ondc/select', selectBody(store.location.pincode))).json();
    await pollSelect(client, ack.data.message_id);
    await new Promise((r) => setTimeout(r, 300));
    const dir = path.join(dataDir, 'ondc-log');
    const lines = readdirSync(dir)
      .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
      // biome-ignore lint/suspicious/noExplicitAny: a logged ONDC message, read field by field below.
      .map((line) => JSON.parse(line) as { direction: string; action: string; messageId?: string; body: Record<string, any> });
    const received = lines.find((l) => l.direction === 'in' && l.action === 'on_select' && l.body['request']?.context?.message_id === ack.data.message_id);
    expect(received?.body['reply']).toEqual({ context: received?.body['request'].context, message: { ack: { status: 'ACK' } } });
    const sent = lines.find((l) => l.direction === 'out' && l.action === 'select' && l.messageId === ack.data.message_id);
    expect(JSON.stringify(sent?.body)).toMatch(/"gps":"-?\d+\.\d{6},-?\d+\.\d{6}"/);
  });

  it('refuses a callback whose signature fails with 401, the scheme it wants, and a NACK echoing its context (Pramaan)', async () => {
    const context = {
      domain: 'ONDC:RET10',
      country: 'IND',
      city: 'std:080',
      action: 'on_status',
      core_version: '1.2.0',
      bap_id: 'kirana.localhost',
      bap_uri: `${url}/bap`,
      bpp_id: store.seller.id,
      bpp_uri: 'http://127.0.0.1:1/x',
      transaction_id: crypto.randomUUID(),
      message_id: crypto.randomUUID(),
      timestamp: new Date().toISOString(),
    };
    const response = await fetch(`${url}/bap/on_status`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Signature keyId="nobody|k1|ed25519",algorithm="ed25519",created="1",expires="2",headers="(created) (expires) digest",signature="AAAA"',
      },
      body: JSON.stringify({ context, message: { order: { id: 'O1' } } }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Signature realm="[^"]+",headers="\(created\) \(expires\) digest"$/);
    expect(await response.json()).toEqual({
      context,
      message: { ack: { status: 'NACK' } },
      error: { type: 'CONTEXT-ERROR', code: '20001', message: expect.stringMatching(/^Invalid Signature/) },
    });
  });
});
