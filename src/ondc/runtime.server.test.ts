import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './fixtures/http-server.ts';
import { createKeyring, createRotatedKeySet, loadOrCreateKeys } from './identity.server.ts';
import { createFileRegistry } from './registry.ts';
import { createBuyerApp } from './runtime.server.ts';
import { parseAuthorizationHeader } from './signing.ts';

const SUBSCRIBER = 'kirana.example.in';
let dir: string;
let seller: TestServer;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kirana-runtime-'));
  seller = await startServer(() => ({ status: 200, body: JSON.stringify({ message: { ack: { status: 'ACK' } } }) }));
});

afterEach(async () => {
  await seller.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('our key rotation, as the buyer app signs', () => {
  it('keeps signing with the key in force until the next one’s valid_from, then with the next, without a restart', async () => {
    const identity = loadOrCreateKeys(path.join(dir, 'keys.json'), SUBSCRIBER);
    const keyring = createKeyring(dir, SUBSCRIBER);
    const app = createBuyerApp({
      identity,
      signingKeyAt: (now) => {
        const set = keyring.signingAt(now);
        return { uniqueKeyId: set.uniqueKeyId, privateKey: set.signing.privateKey };
      },
      bapUri: 'https://kirana.example.in/bap',
      taxNumber: '29AAACK0000K1Z5',
      gatewayUrl: seller.url,
      registry: createFileRegistry(path.join(dir, 'registry.json')),
      log: undefined,
      embeddedNetworkUrl: null,
    });
    const signedWith = async () => {
      await app.client.post(seller.url, 'status', { context: { transaction_id: 't', message_id: 'm' } });
      return parseAuthorizationHeader(seller.received.at(-1)?.headers.authorization ?? '')?.keyId.uniqueKeyId;
    };

    expect(await signedWith()).toBe(identity.uniqueKeyId);
    // Made while the app runs, as `npm run ondc:subscribe -- --rotate` does.
    const next = createRotatedKeySet(dir, { validFrom: new Date(Date.now() + 1_500), validUntil: new Date(Date.now() + 86_400_000) });
    expect(await signedWith()).toBe(identity.uniqueKeyId);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(await signedWith()).toBe(next.uniqueKeyId);
  });
});
