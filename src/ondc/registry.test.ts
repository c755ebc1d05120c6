import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from './fixtures/http-server.ts';
import type { TestServer } from './fixtures/http-server.ts';
import { createFileRegistry, createRemoteRegistry } from './registry.ts';
import type { Participant } from './registry.ts';
import { generateKeyPair, signRequest, verifyRequest } from './signing.ts';

function participant(overrides: Partial<Participant> = {}): Participant {
  return {
    subscriber_id: 'seller.example.in',
    unique_key_id: 'k1',
    signing_public_key: generateKeyPair().publicKey,
    type: 'BPP',
    subscriber_url: 'https://seller.example.in/ondc',
    domain: 'ONDC:RET10',
    city: 'std:080',
    ...overrides,
  };
}

describe('createFileRegistry', () => {
  let dir: string;
  let file: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kirana-registry-'));
    file = join(dir, 'registry.json');
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function writeRegistry(entries: unknown, mtimeSeconds: number): Promise<void> {
    await writeFile(file, JSON.stringify(entries));
    await utimes(file, mtimeSeconds, mtimeSeconds);
  }

  it('finds the key for exactly the subscriber and key id asked for', async () => {
    const seller = participant();
    await writeRegistry([seller, participant({ unique_key_id: 'k2' })], 1_000);
    const registry = createFileRegistry(file);
    expect(await registry.lookupPublicKey('seller.example.in', 'k1')).toBe(seller.signing_public_key);
    expect(await registry.lookupPublicKey('seller.example.in', 'k9')).toBeNull();
    expect(await registry.lookupPublicKey('other.example.in', 'k1')).toBeNull();
  });

  it('lists every entry of a subscriber, as BAP and as BPP', async () => {
    const bpp = participant();
    const bap = participant({ type: 'BAP', unique_key_id: 'k2' });
    await writeRegistry([bpp, bap, participant({ subscriber_id: 'other.example.in' })], 1_000);
    expect(await createFileRegistry(file).lookup('seller.example.in')).toEqual([bpp, bap]);
  });

  it('is empty while the file does not exist yet, and fills once it does', async () => {
    const registry = createFileRegistry(file);
    expect(await registry.lookup('seller.example.in')).toEqual([]);
    const seller = participant();
    await writeRegistry([seller], 1_000);
    expect(await registry.lookupPublicKey('seller.example.in', 'k1')).toBe(seller.signing_public_key);
  });

  it('picks up regenerated keys when the file changes', async () => {
    const before = participant();
    await writeRegistry([before], 1_000);
    const registry = createFileRegistry(file);
    expect(await registry.lookupPublicKey('seller.example.in', 'k1')).toBe(before.signing_public_key);

    const after = participant();
    await writeRegistry([after], 2_000);
    expect(await registry.lookupPublicKey('seller.example.in', 'k1')).toBe(after.signing_public_key);
  });

  it('does not re-read a file whose mtime and size are unchanged', async () => {
    const seller = participant();
    await writeRegistry([seller], 1_000);
    const registry = createFileRegistry(file);
    await registry.lookup('seller.example.in');

    // same length, same mtime: only a re-read would notice the different key
    await writeRegistry([{ ...seller, signing_public_key: generateKeyPair().publicKey }], 1_000);
    expect(await registry.lookupPublicKey('seller.example.in', 'k1')).toBe(seller.signing_public_key);
  });

  it.each([
    ['not an array', { participants: [] }],
    ['a public key of the wrong length', [participant({ signing_public_key: Buffer.alloc(16).toString('base64') })]],
    ['an unknown type', [{ ...participant(), type: 'BG' }]],
    ['a subscriber_url that is not a URL', [participant({ subscriber_url: 'seller' })]],
  ])('rejects a file with %s', async (_case, entries) => {
    await writeRegistry(entries, 1_000);
    await expect(createFileRegistry(file).lookup('seller.example.in')).rejects.toThrow();
  });
});

describe('key validity (rotation)', () => {
  let dir: string;
  let file: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kirana-registry-'));
    file = join(dir, 'registry.json');
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('accepts the old and the new key during their overlap, only the new after the old one ends, neither before valid_from', async () => {
    const old = participant({ unique_key_id: 'k1', valid_from: '2026-01-01T00:00:00.000Z', valid_until: '2026-06-01T00:00:00.000Z' });
    const next = participant({ unique_key_id: 'k2', valid_from: '2026-05-01T00:00:00.000Z', valid_until: '2027-05-01T00:00:00.000Z' });
    await writeFile(file, JSON.stringify([old, next]));
    let clock = Date.parse('2026-04-30T23:59:59.000Z');
    const registry = createFileRegistry(file, { now: () => clock });
    expect(await registry.lookupPublicKey('seller.example.in', 'k1')).toBe(old.signing_public_key);
    expect(await registry.lookupPublicKey('seller.example.in', 'k2')).toBeNull();
    clock = Date.parse('2026-05-15T00:00:00.000Z');
    expect(await registry.lookupPublicKey('seller.example.in', 'k1')).toBe(old.signing_public_key);
    expect(await registry.lookupPublicKey('seller.example.in', 'k2')).toBe(next.signing_public_key);
    clock = Date.parse('2026-06-01T00:00:00.000Z');
    expect(await registry.lookupPublicKey('seller.example.in', 'k1')).toBeNull();
    expect(await registry.lookupPublicKey('seller.example.in', 'k2')).toBe(next.signing_public_key);
    clock = Date.parse('2027-05-01T00:00:00.001Z');
    expect(await registry.lookupPublicKey('seller.example.in', 'k2')).toBeNull();
  });
});

describe('createRemoteRegistry', () => {
  let server: TestServer;
  let answer: unknown[];

  function lookupEntry(p: Participant, extra: Record<string, unknown> = {}): Record<string, unknown> {
    const { unique_key_id, ...rest } = p;
    return { ...rest, ukId: unique_key_id, br_id: 'br-1', status: 'SUBSCRIBED', ...extra };
  }

  beforeEach(async () => {
    answer = [];
    server = await startServer(() => ({ status: 200, body: JSON.stringify(answer) }));
  });

  afterEach(async () => {
    await server.close();
  });

  it('POSTs the /v2.0/lookup body and maps ukId to unique_key_id', async () => {
    const seller = participant();
    answer = [lookupEntry(seller)];
    const registry = createRemoteRegistry(`${server.url}/v2.0/lookup`);
    expect(await registry.lookupPublicKey('seller.example.in', 'k1')).toBe(seller.signing_public_key);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({ method: 'POST', url: '/v2.0/lookup' });
    expect(server.received[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.received[0]?.body ?? '')).toEqual({ subscriber_id: 'seller.example.in', ukId: 'k1' });
  });

  it('asks by subscriber alone for lookup() and drops roles other than BAP and BPP', async () => {
    const seller = participant();
    answer = [lookupEntry(seller), lookupEntry(participant({ unique_key_id: 'g1' }), { type: 'BG' })];
    const registry = createRemoteRegistry(server.url);
    expect(await registry.lookup('seller.example.in')).toEqual([seller]);
    expect(JSON.parse(server.received[0]?.body ?? '')).toEqual({ subscriber_id: 'seller.example.in' });
  });

  it('does not hand out a key registered under another key id', async () => {
    answer = [lookupEntry(participant({ unique_key_id: 'k2' }))];
    expect(await createRemoteRegistry(server.url).lookupPublicKey('seller.example.in', 'k1')).toBeNull();
  });

  it('reuses an answer within the cache window and asks again after it', async () => {
    answer = [lookupEntry(participant())];
    let clock = 0;
    const registry = createRemoteRegistry(server.url, { cacheMs: 60_000, now: () => clock });
    await registry.lookupPublicKey('seller.example.in', 'k1');
    clock = 59_999;
    await registry.lookupPublicKey('seller.example.in', 'k1');
    expect(server.received).toHaveLength(1);
    clock = 60_000;
    await registry.lookupPublicKey('seller.example.in', 'k1');
    expect(server.received).toHaveLength(2);
  });

  it('shares one lookup among concurrent callers', async () => {
    answer = [lookupEntry(participant())];
    const registry = createRemoteRegistry(server.url);
    await Promise.all([1, 2, 3].map(() => registry.lookupPublicKey('seller.example.in', 'k1')));
    expect(server.received).toHaveLength(1);
  });

  it('signs the exact lookup body when given an authorizer', async () => {
    const keys = generateKeyPair();
    const registry = createRemoteRegistry(server.url, {
      authorize: (body) => signRequest({ body, subscriberId: 'kirana.example.in', uniqueKeyId: 'b1', privateKey: keys.privateKey }),
    });
    await registry.lookup('seller.example.in');
    const request = server.received[0];
    const verified = await verifyRequest({
      body: request?.body ?? '',
      header: request?.headers.authorization,
      lookupPublicKey: async () => keys.publicKey,
    });
    expect(verified).toEqual({ ok: true, subscriberId: 'kirana.example.in', uniqueKeyId: 'b1' });
  });

  it('does not cache a failed lookup', async () => {
    const seller = participant();
    await server.close();
    server = await startServer((_request, index) => (index < 2 ? { status: 500, body: '{}' } : { status: 200, body: JSON.stringify([lookupEntry(seller)]) }));
    const registry = createRemoteRegistry(server.url);
    await expect(registry.lookupPublicKey('seller.example.in', 'k1')).rejects.toThrow();
    expect(await registry.lookupPublicKey('seller.example.in', 'k1')).toBe(seller.signing_public_key);
  });

  it('answers from the last good lookup while the registry fails, and stops once that is too old', async () => {
    const seller = participant();
    await server.close();
    let up = true;
    server = await startServer(() => (up ? { status: 200, body: JSON.stringify([lookupEntry(seller)]) } : { status: 503, body: '{}' }));
    let clock = 0;
    const stale: string[] = [];
    const registry = createRemoteRegistry(server.url, { cacheMs: 1_000, maxStaleMs: 60_000, now: () => clock, onStale: (id) => stale.push(id) });
    expect(await registry.lookupPublicKey('seller.example.in', 'k1')).toBe(seller.signing_public_key);
    up = false;
    clock = 30_000;
    expect(await registry.lookupPublicKey('seller.example.in', 'k1')).toBe(seller.signing_public_key);
    expect(stale).toEqual(['seller.example.in']);
    clock = 60_001;
    await expect(registry.lookupPublicKey('seller.example.in', 'k1')).rejects.toThrow();
  });

  it('asks again soon for a key it did not find, so a key just published is picked up', async () => {
    answer = [lookupEntry(participant())];
    let clock = 0;
    const registry = createRemoteRegistry(server.url, { cacheMs: 300_000, notFoundCacheMs: 30_000, now: () => clock });
    expect(await registry.lookupPublicKey('seller.example.in', 'k2')).toBeNull();
    const next = participant({ unique_key_id: 'k2' });
    answer = [lookupEntry(participant()), lookupEntry(next)];
    clock = 29_999;
    expect(await registry.lookupPublicKey('seller.example.in', 'k2')).toBeNull();
    clock = 30_000;
    expect(await registry.lookupPublicKey('seller.example.in', 'k2')).toBe(next.signing_public_key);
  });

  it('refuses a key the registry lists past its valid_until', async () => {
    answer = [lookupEntry(participant({ valid_from: '2020-01-01T00:00:00.000Z', valid_until: '2021-01-01T00:00:00.000Z' }))];
    expect(await createRemoteRegistry(server.url).lookupPublicKey('seller.example.in', 'k1')).toBeNull();
  });
});
