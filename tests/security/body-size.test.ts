// Threat: a body too large to hold (issue 24). Before, a 50 MB JSON body was read and parsed
// whole (7–10 s each); four at once took the storefront to 665 MB and another shopper's catalogue
// call to 9.7 s. Every body is now read against its route's limit before any route runs: a
// declared length over it is refused at once, a chunked body as soon as it passes it, with a 413
// JSON message, and what was sent past the limit is never kept.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitFor } from '#/lib/http/body-limits.ts';
import { startServer, type StartedServer } from '../support/server.ts';

const MB = 1024 * 1024;
const BODY_BYTES = 50 * MB;
const FIFTY_MB = Buffer.alloc(BODY_BYTES, 0x20);

// A storefront of its own, without the seller network: its memory is this test's alone.
let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ SELLER_NETWORK: 'off' }, { timeoutMs: 300_000 });
}, 320_000);
afterAll(async () => server?.stop());

const rssMb = () => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]) / 1024;

type Answer = { path: string; chunked: boolean; status: number; ms: number; body: string };

/**
 * Sends 50 MB to `path`, with a Content-Length or chunked, as fast as the socket takes it; the
 * answer as soon as it arrives (a client need not finish sending to read a refusal).
 */
function sendFiftyMb(path: string, chunked: boolean): Promise<Answer> {
  const target = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, ...(chunked ? {} : { 'content-length': BODY_BYTES }) },
      },
      (response) => {
        const ms = performance.now() - started;
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => {
          request.removeAllListeners('error');
          request.on('error', () => undefined);
          request.destroy();
          resolve({ path, chunked, status: response.statusCode ?? 0, ms, body });
        });
      },
    );
    // Once answered, the rest of the upload is cut: the error that makes on our side is expected.
    request.on('error', (error) => reject(error));
    if (!chunked) {
      request.end(FIFTY_MB);
      return;
    }
    let at = 0;
    const pump = () => {
      while (at < BODY_BYTES && !request.destroyed) {
        const more = request.write(FIFTY_MB.subarray(at, at + 64 * 1024));
        at += 64 * 1024;
        if (!more) return void request.once('drain', pump);
      }
      if (!request.destroyed) request.end();
    };
    pump();
  });
}

describe('50 MB bodies', () => {
  it('plain and chunked, four at a time on every kind of route: 413 JSON within 1 s, the storefront’s RSS grows < 10 MB', async () => {
    const paths = ['/ondc/select', '/bap/on_search', '/ondc/hive', '/ondc/order/return-photo', '/sync/unified/address', '/', '/no-such-page'];
    // Each route once with a small body first (its code loads on first use), then at rest: what
    // starting took is given back within a few seconds.
    for (const path of paths)
      await (
        await fetch(`${server.url}${path}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', origin: server.url } })
      ).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 10);
    const answers: Answer[] = [];
    try {
      for (const chunked of [false, true]) {
        for (let i = 0; i < paths.length; i += 4) answers.push(...(await Promise.all(paths.slice(i, i + 4).map((path) => sendFiftyMb(path, chunked)))));
      }
    } finally {
      clearInterval(sampler);
    }
    for (const answer of answers) {
      const where = `${answer.chunked ? 'chunked' : 'plain'} ${answer.path}`;
      expect(answer.status, where).toBe(413);
      expect(answer.ms, where).toBeLessThan(1000);
      const limit = bodyLimitFor(answer.path);
      expect(JSON.parse(answer.body), where).toEqual({
        status: 'FAILURE',
        error: { message: expect.stringContaining(limit >= MB ? `${limit / MB} MB` : `${limit / 1024} KB`) },
      });
    }
    console.log(
      `security body-size ${JSON.stringify({ requests: answers.length, slowestMs: Math.round(Math.max(...answers.map((a) => a.ms))), rssBeforeMb: Math.round(before), rssPeakMb: Math.round(peak) })}`,
    );
    expect(peak - before, `RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`).toBeLessThan(10);
    // The storefront is still there for everyone else.
    expect((await fetch(`${server.url}/healthz`)).status).toBeLessThan(500);
  }, 120_000);

  it('a body within its route’s limit still reaches the route (a 1.5 MB callback is not refused for its size)', async () => {
    const body = JSON.stringify({ context: { action: 'on_search' }, message: { pad: 'x'.repeat(1.5 * MB) } });
    const answer = await fetch(`${server.url}/bap/on_search`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(answer.status).not.toBe(413);
    const small = await fetch(`${server.url}/ondc/hive`, {
      method: 'POST',
      body: JSON.stringify([{ event_name: 'x'.repeat(70) }]).padEnd(65 * 1024, ' '),
      headers: { 'content-type': 'application/json', origin: server.url },
    });
    expect(small.status).toBe(413);
  }, 30_000);
});
