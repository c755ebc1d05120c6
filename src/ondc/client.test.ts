import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOndcClient } from './client.ts';
import type { OndcClientOptions, ProtocolLogEntry } from './client.ts';
import { ack, buildContext, nack } from './context.ts';
import { startServer } from './fixtures/http-server.ts';
import type { ReceivedRequest, Reply, TestServer } from './fixtures/http-server.ts';
import { generateKeyPair, verifyRequest } from './signing.ts';

const BUYER = { subscriberId: 'kirana.example.in', uniqueKeyId: 'b1', ...generateKeyPair() };

const SELECT = {
  context: buildContext({
    action: 'select',
    domain: 'ONDC:RET10',
    city: 'std:080',
    transactionId: 'txn-7',
    messageId: 'msg-7',
    bapId: BUYER.subscriberId,
    bapUri: 'https://kirana.example.in/ondc',
    bppId: 'seller.example.in',
    bppUri: 'https://seller.example.in/ondc',
  }),
  message: { order: { provider: { id: 'P1' }, items: [{ id: 'I1', quantity: { count: 2 } }], note: 'ಕನ್ನಡ ₹' } },
};

function client(overrides: Partial<OndcClientOptions> = {}) {
  return createOndcClient({
    subscriberId: BUYER.subscriberId,
    uniqueKeyId: BUYER.uniqueKeyId,
    privateKey: BUYER.privateKey,
    retryDelayMs: 10,
    ...overrides,
  });
}

// A seller endpoint that checks the signature as a real BPP would (ondc-notes §3.4).
async function verifies(request: ReceivedRequest): Promise<boolean> {
  const result = await verifyRequest({
    body: request.body,
    header: request.headers.authorization,
    lookupPublicKey: async (id, ukId) => (id === BUYER.subscriberId && ukId === BUYER.uniqueKeyId ? BUYER.publicKey : null),
  });
  return result.ok;
}

async function sellerReply(request: ReceivedRequest): Promise<Reply> {
  if (!(await verifies(request))) {
    return { status: 401, body: JSON.stringify(nack({ type: 'POLICY-ERROR', code: '30016', message: 'Invalid Signature' })) };
  }
  return { status: 200, body: JSON.stringify(ack()) };
}

async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('createOndcClient', () => {
  let server: TestServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('POSTs the signed body to <url>/<action> and returns the ACK', async () => {
    server = await startServer(sellerReply);
    const result = await client().post(`${server.url}/ondc/`, 'select', SELECT);

    expect(result).toEqual({ ok: true, status: 200, response: { message: { ack: { status: 'ACK' } } } });
    const [received] = server.received;
    expect(received).toMatchObject({ method: 'POST', url: '/ondc/select', body: JSON.stringify(SELECT) });
    expect(received?.headers['content-type']).toBe('application/json');
    expect(received?.headers.authorization).toMatch(/^Signature keyId="kirana\.example\.in\|b1\|ed25519",/);
  });

  it('returns a NACK as the answer, without retrying, when the receiver rejects the signature', async () => {
    server = await startServer(sellerReply);
    const stranger = generateKeyPair();
    const result = await client({ privateKey: stranger.privateKey }).post(server.url, 'select', SELECT);

    expect(result).toEqual({
      ok: true,
      status: 401,
      response: {
        message: { ack: { status: 'NACK' } },
        error: { type: 'POLICY-ERROR', code: '30016', message: 'Invalid Signature' },
      },
    });
    expect(server.received).toHaveLength(1);
  });

  it('does not retry a NACK even when it comes with a 5xx status', async () => {
    server = await startServer(() => ({ status: 503, body: JSON.stringify(nack({ type: 'CORE-ERROR', code: '31001', message: 'Internal Error' })) }));
    const result = await client().post(server.url, 'init', SELECT);
    expect(result.ok && result.response.message.ack.status).toBe('NACK');
    expect(server.received).toHaveLength(1);
  });

  it('retries after a 503 with the same bytes, signed validly each time', async () => {
    server = await startServer(async (request, index) => (index === 0 ? { status: 503, body: 'busy' } : sellerReply(request)));
    const result = await client().post(server.url, 'select', SELECT);

    expect(result).toMatchObject({ ok: true, status: 200, response: { message: { ack: { status: 'ACK' } } } });
    expect(server.received).toHaveLength(2);
    expect(server.received[1]?.body).toBe(server.received[0]?.body);
    for (const request of server.received) expect(await verifies(request)).toBe(true);
  });

  it('gives up after the configured retries with a server-error', async () => {
    server = await startServer(() => ({ status: 502, body: '' }));
    const result = await client({ retries: 2 }).post(server.url, 'select', SELECT);
    expect(result).toEqual({ ok: false, error: { kind: 'server-error', status: 502, attempts: 3 } });
    expect(server.received).toHaveLength(3);
  });

  it('does not retry a 4xx that is not an ACK/NACK', async () => {
    server = await startServer(() => ({ status: 404, body: '<h1>Not Found</h1>' }));
    const result = await client().post(server.url, 'select', SELECT);
    expect(result).toEqual({ ok: false, error: { kind: 'invalid-response', status: 404, attempts: 1 } });
    expect(server.received).toHaveLength(1);
  });

  it('reports an unreachable receiver after retrying', async () => {
    const result = await client({ retries: 1 }).post(await closedPortUrl(), 'select', SELECT);
    expect(result).toMatchObject({ ok: false, error: { kind: 'unreachable', attempts: 2 } });
  });

  it('times out a receiver that never answers', async () => {
    server = await startServer(() => new Promise<Reply>(() => {}));
    const started = Date.now();
    const result = await client({ timeoutMs: 100, retries: 0 }).post(server.url, 'select', SELECT);
    expect(result).toEqual({ ok: false, error: { kind: 'timeout', attempts: 1 } });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('backs off between retries, doubling from the first delay', async () => {
    server = await startServer(() => ({ status: 503, body: '' }));
    const started = Date.now();
    await client({ retries: 2, retryDelayMs: 60 }).post(server.url, 'select', SELECT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(60 + 120 - 10);
  });

  it('caps a backoff at 2 s', async () => {
    server = await startServer(() => ({ status: 503, body: '' }));
    const started = Date.now();
    await client({ retries: 1, retryDelayMs: 10_000 }).post(server.url, 'select', SELECT);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1990);
    expect(elapsed).toBeLessThan(4000);
  });

  it('logs each message out and each reply in, with the ids from the context', async () => {
    server = await startServer(async (request, index) => (index === 0 ? { status: 503, body: 'busy' } : sellerReply(request)));
    const entries: ProtocolLogEntry[] = [];
    await client({ log: (entry) => entries.push(entry) }).post(server.url, 'select', SELECT);

    expect(entries.map((e) => [e.direction, e.attempt, e.status])).toEqual([
      ['out', 1, undefined],
      ['in', 1, 503],
      ['out', 2, undefined],
      ['in', 2, 200],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ url: `${server.url}/select`, action: 'select', transactionId: 'txn-7', messageId: 'msg-7' });
      expect(() => JSON.parse(JSON.stringify(entry))).not.toThrow();
    }
    expect(entries[0]?.body).toEqual(SELECT);
    expect(entries[1]?.body).toBe('busy');
    expect(entries[3]?.body).toEqual(ack());
  });
});
