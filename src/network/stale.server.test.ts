import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkNetworkPort, replaceStaleNetwork } from './stale.server.ts';

let server: Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  server = null;
});

async function serve(body: unknown): Promise<number> {
  server = createServer((_req, res) => res.end(JSON.stringify(body)));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('who holds the seller network’s port', () => {
  it('knows a stale network of this data dir from another one and from another program', async () => {
    const port = await serve({ status: 'ok', pid: 4242, dataDir: '/srv/kirana' });
    expect(await checkNetworkPort(port, '/srv/kirana')).toEqual({ state: 'stale', pid: 4242 });
    expect(await checkNetworkPort(port, '/srv/other')).toMatchObject({ state: 'taken', detail: expect.stringContaining('/srv/kirana (pid 4242)') });
  });

  it('refuses in words to take a port another program holds', async () => {
    const port = await serve({ hello: 'world' });
    await expect(replaceStaleNetwork(port, '/srv/kirana')).rejects.toThrow(`port ${port} is held by another program`);
  });

  it('finds a free port free', async () => {
    const port = await serve({});
    await new Promise((resolve) => server!.close(resolve));
    server = null;
    expect(await checkNetworkPort(port, '/srv/kirana')).toEqual({ state: 'free' });
  });
});
