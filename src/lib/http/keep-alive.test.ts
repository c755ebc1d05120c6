import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createKeepAliveServer } from './keep-alive.ts';

describe('createKeepAliveServer', () => {
  it('keeps an idle connection past Node’s 5 s, yet closes as soon as the answers under way are out', async () => {
    const server = createKeepAliveServer((_req, res) => void setTimeout(() => res.end('ok'), 200));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // One connection kept alive by a first answer, then a second request under way on it.
    expect(await (await fetch(url)).text()).toBe('ok');
    const answer = fetch(url).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = Date.now();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    expect(await answer).toBe('ok');
    await closed;
    expect(Date.now() - closing).toBeLessThan(2_000);
  });
});
