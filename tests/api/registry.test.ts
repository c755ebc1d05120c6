// Registry onboarding end to end (issue 26): the embedded network plays ONDC's registry, the
// storefront serves its site verification page and answers the registry's challenge, and peers'
// keys are honoured only within their valid_from/valid_until.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptChallenge, generateEncryptionKeyPair, sharedKey } from '#/ondc/encryption.ts';
import { upsertParticipantKeys } from '#/ondc/identity.server.ts';
import { readSiteVerification } from '#/ondc/onboarding.ts';
import { EMBEDDED_ENTITY, prepareSubscribe, sendSubscribe } from '#/ondc/subscribe.server.ts';
import { generateKeyPair, signRequest, verifyText } from '#/ondc/signing.ts';
import { freePort } from '../support/ports.ts';
import { startServer, type StartedServer } from '../support/server.ts';

const BAP_ID = 'kirana.localhost';

let server: StartedServer;
let networkUrl: string;
let registryKey: string;
let bapUrl: string;
let spawned = 0;

beforeAll(async () => {
  const networkPort = await freePort();
  // Its own storefront: these tests subscribe, rotate and publish keys in its registry. The smallest
  // catalogue, since none is needed.
  server = await startServer(
    { NETWORK_PORT: String(networkPort), LOG_LEVEL: 'silent', CATALOGUE_SCALE: '1' },
    { timeoutMs: 240_000, onSpawn: (pid) => (spawned = pid) },
  );
  networkUrl = `http://127.0.0.1:${networkPort}`;
  bapUrl = `http://${BAP_ID}:${new URL(server.url).port}/bap`;
  registryKey = ((await (await fetch(`${networkUrl}/registry/encryption-public-key`)).json()) as { encryption_public_key: string }).encryption_public_key;
}, 300_000);

afterAll(async () => {
  if (server) await server.stop();
  else if (spawned) process.kill(spawned, 'SIGTERM');
});

function prepare(registryEncryptionPublicKey = registryKey, rotate?: { validFrom: Date }) {
  return prepareSubscribe({
    bapDir: path.join(server.dataDir, 'bap'),
    subscriberId: BAP_ID,
    subscriberUrl: bapUrl,
    env: 'embedded',
    registryEncryptionPublicKey,
    entity: EMBEDDED_ENTITY,
    ...(rotate ? { rotate } : {}),
  });
}

async function lookUp(signer: { uniqueKeyId: string; privateKey: string }, query: Record<string, string>) {
  const body = JSON.stringify(query);
  const response = await fetch(`${networkUrl}/registry/v2.0/lookup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: signRequest({ body, subscriberId: BAP_ID, ...signer }) },
    body,
  });
  return { status: response.status, entries: (await response.json()) as Array<Record<string, unknown>> };
}

describe('subscribing to the embedded registry', () => {
  it('verifies the site, answers the challenge, and is then looked up with its encryption key and window', async () => {
    const prepared = prepare();
    expect(prepared.request.context.operation.ops_no).toBe(1);
    expect(prepared.request.message.network_participant.every((p) => p.type === 'buyerApp')).toBe(true);

    const page = await fetch(`${server.url}/ondc-site-verification.html`);
    expect(page.status).toBe(200);
    const signed = readSiteVerification(await page.text());
    expect(signed && verifyText(prepared.attempt.request_id, signed, prepared.keys.signing.publicKey)).toBe(true);

    const sent = await sendSubscribe(`${networkUrl}/registry/subscribe`, prepared.request);
    expect(sent).toEqual({ status: 200, reply: expect.objectContaining({ message: { ack: { status: 'ACK' } } }) });

    const { status, entries } = await lookUp(
      { uniqueKeyId: prepared.keys.uniqueKeyId, privateKey: prepared.keys.signing.privateKey },
      { subscriber_id: BAP_ID },
    );
    expect(status).toBe(200);
    expect(entries).toContainEqual(
      expect.objectContaining({
        subscriber_id: BAP_ID,
        ukId: prepared.keys.uniqueKeyId,
        type: 'BAP',
        signing_public_key: prepared.keys.signing.publicKey,
        encr_public_key: prepared.keys.encryption.publicKey,
        valid_from: prepared.request.message.entity.key_pair.valid_from,
        valid_until: prepared.request.message.entity.key_pair.valid_until,
        subscriber_url: bapUrl,
      }),
    );
  });

  it('refuses an unsigned lookup', async () => {
    const response = await fetch(`${networkUrl}/registry/v2.0/lookup`, { method: 'POST', body: JSON.stringify({ subscriber_id: BAP_ID }) });
    expect(response.status).toBe(401);
  });
});

describe('a wrong challenge', () => {
  it('is refused by /on_subscribe with a 4xx JSON error, never answered', async () => {
    const prepared = prepare();
    const ours = prepared.keys.encryption.publicKey;
    const post = (body: unknown) =>
      fetch(`${server.url}/on_subscribe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });

    // encrypted by someone who is not the registry of this subscription
    const impostor = generateEncryptionKeyPair();
    const forged = encryptChallenge('let me in', sharedKey(impostor.privateKey, ours));
    const wrong = await post({ subscriber_id: BAP_ID, challenge: forged });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: { code: 'undecryptable-challenge', message: expect.any(String) } });

    for (const body of [
      'not json',
      { subscriber_id: BAP_ID },
      { subscriber_id: BAP_ID, challenge: '%%%' },
      { subscriber_id: 'someone.else.in', challenge: forged },
    ]) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect((await response.json()) as unknown).toMatchObject({ error: { message: expect.any(String) } });
    }

    // and the registry's own challenge still decrypts: the good path is untouched
    const registry = generateEncryptionKeyPair();
    prepare(registry.publicKey);
    const good = await post({ subscriber_id: BAP_ID, challenge: encryptChallenge('the registry asks', sharedKey(registry.privateKey, ours)) });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ answer: 'the registry asks' });
  });

  it('makes the registry refuse the subscribe when the storefront decrypts with the wrong registry key', async () => {
    const prepared = prepare(generateEncryptionKeyPair().publicKey);
    const sent = await sendSubscribe(`${networkUrl}/registry/subscribe`, prepared.request);
    expect(sent.status).toBe(400);
    expect(sent.reply).toMatchObject({
      message: { ack: { status: 'NACK' } },
      error: { type: 'POLICY-ERROR', code: '132', message: expect.stringMatching(/Encryption verification is failed/) },
    });
  });
});

describe("peers' keys in time", () => {
  const PEER = 'rotating-seller.localhost';
  const registryFile = () => path.join(server.dataDir, 'registry.json');

  function publish(ukId: string, publicKey: string, validFrom: Date, validUntil: Date) {
    upsertParticipantKeys(registryFile(), [
      {
        subscriber_id: PEER,
        unique_key_id: ukId,
        signing_public_key: publicKey,
        type: 'BPP',
        subscriber_url: `http://${PEER}/ondc`,
        valid_from: validFrom.toISOString(),
        valid_until: validUntil.toISOString(),
      },
    ]);
  }

  /** A callback signed by the peer: 401 when the key is refused; past the signature, this empty body is a 400. */
  async function callback(ukId: string, privateKey: string) {
    const body = JSON.stringify({});
    const response = await fetch(`${server.url}/bap/on_status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: signRequest({ body, subscriberId: PEER, uniqueKeyId: ukId, privateKey }) },
      body,
    });
    const reply = (await response.json()) as { error?: { code?: string; message?: string } };
    return { status: response.status, code: reply.error?.code, message: reply.error?.message ?? '' };
  }

  it('refuses a key past its valid_until', async () => {
    const expired = generateKeyPair();
    const day = 24 * 60 * 60 * 1000;
    publish('expired', expired.publicKey, new Date(Date.now() - 30 * day), new Date(Date.now() - day));
    expect(await callback('expired', expired.privateKey)).toEqual({ status: 401, code: '20001', message: 'Invalid Signature: the registry has no such key' });
  });

  it('takes the old and the new key of a rotation during the overlap, and only the new one after it', async () => {
    const old = generateKeyPair();
    const next = generateKeyPair();
    const overlapEnds = new Date(Date.now() + 4_000);
    publish('old', old.publicKey, new Date(Date.now() - 60_000), overlapEnds);
    publish('new', next.publicKey, new Date(Date.now() - 1_000), new Date(Date.now() + 60 * 60_000));
    expect((await callback('old', old.privateKey)).status).toBe(400);
    expect((await callback('new', next.privateKey)).status).toBe(400);

    await new Promise((resolve) => setTimeout(resolve, overlapEnds.getTime() - Date.now() + 200));
    expect(await callback('old', old.privateKey)).toMatchObject({ status: 401, code: '20001' });
    expect((await callback('new', next.privateKey)).status).toBe(400);
  });
});

describe('our own key rotation', () => {
  it('subscribes the next key beside the one in force; both are listed, each with its window', async () => {
    const current = prepare();
    expect((await sendSubscribe(`${networkUrl}/registry/subscribe`, current.request)).status).toBe(200);
    const validFrom = new Date(Date.now() + 60 * 60_000);
    const rotated = prepare(registryKey, { validFrom });
    expect(rotated.keys.uniqueKeyId).not.toBe(current.keys.uniqueKeyId);
    expect(rotated.request.message.entity.key_pair.valid_from).toBe(validFrom.toISOString());
    expect((await sendSubscribe(`${networkUrl}/registry/subscribe`, rotated.request)).status).toBe(200);

    const { entries } = await lookUp({ uniqueKeyId: current.keys.uniqueKeyId, privateKey: current.keys.signing.privateKey }, { subscriber_id: BAP_ID });
    const ours = entries.filter((e) => e['type'] === 'BAP').map((e) => ({ ukId: e['ukId'], valid_from: e['valid_from'] }));
    expect(ours).toContainEqual({ ukId: current.keys.uniqueKeyId, valid_from: current.request.message.entity.key_pair.valid_from });
    expect(ours).toContainEqual({ ukId: rotated.keys.uniqueKeyId, valid_from: validFrom.toISOString() });
    // Until valid_from the new key is listed but not yet trusted: a lookup signed with it is refused.
    expect((await lookUp({ uniqueKeyId: rotated.keys.uniqueKeyId, privateKey: rotated.keys.signing.privateKey }, { subscriber_id: BAP_ID })).status).toBe(401);
  });
});
