import { describe, it, expect } from 'vitest';
import { blake512Digest, generateKeyPair, parseAuthorizationHeader, signingString, signRequest, verifyRequest } from './signing.ts';

// Published vector: ONDC-Official/developer-docs registry/signing-verification.md
// (commit 3c8fc0b6). The doc's prose drops spaces from the signing string; the spaced form
// reproduces its signature exactly (ondc-notes §3.2).
const VECTOR = {
  body: '{"context":{"domain":"nic2004:60212","country":"IND","city":"Kochi","action":"search","core_version":"0.9.1","bap_id":"bap.stayhalo.in","bap_uri":"https://8f9f-49-207-209-131.ngrok.io/protocol/","transaction_id":"e6d9f908-1d26-4ff3-a6d1-3af3d3721054","message_id":"a2fe6d52-9fe4-4d1a-9d0b-dccb8b48522d","timestamp":"2022-01-04T09:17:55.971Z","ttl":"P1M"},"message":{"intent":{"fulfillment":{"start":{"location":{"gps":"10.108768, 76.347517"}},"end":{"location":{"gps":"10.102997, 76.353480"}}}}}}',
  publicKey: 'awGPjRK6i/Vg/lWr+0xObclVxlwZXvTjWYtlu6NeOHk=',
  privateKey: 'lP3sHA+9gileOkXYJXh4Jg8tK0gEEMbf9yCPnFpbldhrAY+NErqL9WD+Vav7TE5tyVXGXBle9ONZi2W7o144eQ==',
  subscriberId: 'example-bap.com',
  uniqueKeyId: 'bap1234',
  created: 1641287875,
  expires: 1641291475,
  digest: 'b6lf6lRgOweajukcvcLsagQ2T60+85kRh/Rd2bdS+TG/5ALebOEgDJfyCrre/1+BMu5nA94o4DT3pTFXuUg7sw==',
  signature: 'cjbhP0PFyrlSCNszJM1F/YmHDVAWsZqJUPzojnE/7TJU3fJ/rmIlgaUHEr5E0/2PIyf0tpSnWtT6cyNNlpmoAQ==',
};

const INSIDE_WINDOW = new Date((VECTOR.created + 60) * 1000);

function vectorHeader(overrides: { created?: number; expires?: number } = {}): string {
  return signRequest({
    body: VECTOR.body,
    subscriberId: VECTOR.subscriberId,
    uniqueKeyId: VECTOR.uniqueKeyId,
    privateKey: VECTOR.privateKey,
    created: overrides.created ?? VECTOR.created,
    expires: overrides.expires ?? VECTOR.expires,
  });
}

async function vectorKey(subscriberId: string, uniqueKeyId: string): Promise<string | null> {
  return subscriberId === VECTOR.subscriberId && uniqueKeyId === VECTOR.uniqueKeyId ? VECTOR.publicKey : null;
}

describe('digest (ondc-notes §3.1)', () => {
  it('matches the published BLAKE-512 digest of the example body', () => {
    expect(blake512Digest(VECTOR.body)).toBe(VECTOR.digest);
  });

  it('gives the same digest for the body as string or as UTF-8 bytes', () => {
    const body = '{"name":"Kāju ₹"}';
    expect(blake512Digest(new TextEncoder().encode(body))).toBe(blake512Digest(body));
  });
});

describe('signing string (ondc-notes §3.2)', () => {
  it('is three LF-separated spaced lines with no trailing newline', () => {
    expect(signingString({ created: VECTOR.created, expires: VECTOR.expires, digest: VECTOR.digest })).toBe(
      `(created): 1641287875\n(expires): 1641291475\ndigest: BLAKE-512=${VECTOR.digest}`,
    );
  });
});

describe('Authorization header (ondc-notes §3.3)', () => {
  it('reproduces the published signature and header layout', () => {
    expect(vectorHeader()).toBe(
      'Signature keyId="example-bap.com|bap1234|ed25519",algorithm="ed25519",' +
        'created="1641287875",expires="1641291475",headers="(created) (expires) digest",' +
        `signature="${VECTOR.signature}"`,
    );
  });

  it('signs identically with the bare 32-byte seed', () => {
    const seed = Buffer.from(VECTOR.privateKey, 'base64').subarray(0, 32).toString('base64');
    const header = signRequest({ ...VECTOR, privateKey: seed });
    expect(parseAuthorizationHeader(header)?.signature).toBe(VECTOR.signature);
  });

  it('defaults expires to a short window after created', () => {
    const header = signRequest({
      body: '{}',
      subscriberId: 's',
      uniqueKeyId: 'k',
      privateKey: VECTOR.privateKey,
      created: 1000,
    });
    expect(parseAuthorizationHeader(header)).toMatchObject({ created: 1000, expires: 1060 });
  });

  it('takes a configurable ttl', () => {
    const header = signRequest({
      body: '{}',
      subscriberId: 's',
      uniqueKeyId: 'k',
      privateKey: VECTOR.privateKey,
      created: 1000,
      ttlSeconds: 3600,
    });
    expect(parseAuthorizationHeader(header)).toMatchObject({ created: 1000, expires: 4600 });
  });

  it('rejects a private key of the wrong length', () => {
    expect(() => signRequest({ ...VECTOR, privateKey: Buffer.alloc(16).toString('base64') })).toThrow(RangeError);
  });
});

describe('parseAuthorizationHeader', () => {
  it('splits keyId into subscriber, key and algorithm', () => {
    expect(parseAuthorizationHeader(vectorHeader())).toEqual({
      keyId: { subscriberId: 'example-bap.com', uniqueKeyId: 'bap1234', algorithm: 'ed25519' },
      algorithm: 'ed25519',
      created: VECTOR.created,
      expires: VECTOR.expires,
      signature: VECTOR.signature,
    });
  });

  it('accepts the value without the "Signature" scheme and with spaces after commas', () => {
    const header = vectorHeader()
      .replace(/^Signature /, '')
      .replaceAll('",', '", ');
    expect(parseAuthorizationHeader(header)?.keyId.subscriberId).toBe('example-bap.com');
  });

  it.each([
    ['empty', ''],
    ['not key="value" pairs', 'Signature keyId=example-bap.com'],
    ['keyId without three parts', vectorHeader().replace('bap1234|ed25519', 'ed25519')],
    ['non-numeric created', vectorHeader().replace('created="1641287875"', 'created="soon"')],
    ['missing signature', vectorHeader().replace(/,signature="[^"]*"/, '')],
    ['signature not base64', vectorHeader().replace(/signature="[^"]*"/, 'signature="%%%"')],
  ])('returns null when %s', (_case, header) => {
    expect(parseAuthorizationHeader(header)).toBeNull();
  });
});

describe('verifyRequest (ondc-notes §3.4)', () => {
  it('accepts the published example inside its validity window', async () => {
    const result = await verifyRequest({
      body: VECTOR.body,
      header: vectorHeader(),
      lookupPublicKey: vectorKey,
      now: INSIDE_WINDOW,
    });
    expect(result).toEqual({ ok: true, subscriberId: 'example-bap.com', uniqueKeyId: 'bap1234' });
  });

  it('accepts at exactly created and at exactly expires', async () => {
    for (const second of [VECTOR.created, VECTOR.expires]) {
      const result = await verifyRequest({
        body: VECTOR.body,
        header: vectorHeader(),
        lookupPublicKey: vectorKey,
        now: new Date(second * 1000),
      });
      expect(result.ok).toBe(true);
    }
  });

  it('fails a tampered body', async () => {
    const result = await verifyRequest({
      body: VECTOR.body.replace('Kochi', 'Delhi'),
      header: vectorHeader(),
      lookupPublicKey: vectorKey,
      now: INSIDE_WINDOW,
    });
    expect(result).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('fails a header whose expires was pushed out after signing', async () => {
    const header = vectorHeader().replace('expires="1641291475"', 'expires="1641291999"');
    const result = await verifyRequest({ body: VECTOR.body, header, lookupPublicKey: vectorKey, now: INSIDE_WINDOW });
    expect(result).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('fails a header whose signature was altered', async () => {
    const forged = Buffer.from(VECTOR.signature, 'base64');
    forged[0] = (forged[0] ?? 0) ^ 1;
    const header = vectorHeader().replace(VECTOR.signature, forged.toString('base64'));
    const result = await verifyRequest({ body: VECTOR.body, header, lookupPublicKey: vectorKey, now: INSIDE_WINDOW });
    expect(result).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('fails once expired', async () => {
    const result = await verifyRequest({
      body: VECTOR.body,
      header: vectorHeader(),
      lookupPublicKey: vectorKey,
      now: new Date((VECTOR.expires + 1) * 1000),
    });
    expect(result).toEqual({ ok: false, reason: 'expired' });
  });

  it('fails when created is in the future', async () => {
    const result = await verifyRequest({
      body: VECTOR.body,
      header: vectorHeader(),
      lookupPublicKey: vectorKey,
      now: new Date((VECTOR.created - 1) * 1000),
    });
    expect(result).toEqual({ ok: false, reason: 'not-yet-valid' });
  });

  it('fails an unknown key and asks the registry for the keyId it was given', async () => {
    const asked: string[] = [];
    const result = await verifyRequest({
      body: VECTOR.body,
      header: vectorHeader(),
      lookupPublicKey: async (subscriberId, uniqueKeyId) => {
        asked.push(`${subscriberId}|${uniqueKeyId}`);
        return null;
      },
      now: INSIDE_WINDOW,
    });
    expect(result).toEqual({ ok: false, reason: 'unknown-key' });
    expect(asked).toEqual(['example-bap.com|bap1234']);
  });

  it('fails a key that is registered for someone else', async () => {
    const other = generateKeyPair();
    const result = await verifyRequest({
      body: VECTOR.body,
      header: vectorHeader(),
      lookupPublicKey: async () => other.publicKey,
      now: INSIDE_WINDOW,
    });
    expect(result).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it.each([
    ['algorithm parameter', (h: string) => h.replace('algorithm="ed25519"', 'algorithm="rsa-sha256"')],
    ['keyId algorithm', (h: string) => h.replace('bap1234|ed25519', 'bap1234|x25519')],
  ])('fails a wrong %s', async (_case, alter) => {
    const result = await verifyRequest({
      body: VECTOR.body,
      header: alter(vectorHeader()),
      lookupPublicKey: vectorKey,
      now: INSIDE_WINDOW,
    });
    expect(result).toEqual({ ok: false, reason: 'algorithm-mismatch' });
  });

  it('fails a missing or malformed header', async () => {
    const common = { body: VECTOR.body, lookupPublicKey: vectorKey, now: INSIDE_WINDOW };
    expect(await verifyRequest({ ...common, header: undefined })).toEqual({ ok: false, reason: 'missing-header' });
    expect(await verifyRequest({ ...common, header: 'Bearer abc' })).toEqual({ ok: false, reason: 'malformed-header' });
  });

  it('lets a registry failure propagate instead of calling it a bad signature', async () => {
    const failing = verifyRequest({
      body: VECTOR.body,
      header: vectorHeader(),
      lookupPublicKey: async () => {
        throw new Error('registry down');
      },
      now: INSIDE_WINDOW,
    });
    await expect(failing).rejects.toThrow('registry down');
  });
});

describe('generateKeyPair', () => {
  it('gives a 64-byte seed‖public private key and a 32-byte public key', () => {
    const keys = generateKeyPair();
    const privateBytes = Buffer.from(keys.privateKey, 'base64');
    expect(privateBytes).toHaveLength(64);
    expect(privateBytes.subarray(32).toString('base64')).toBe(keys.publicKey);
    expect(Buffer.from(keys.publicKey, 'base64')).toHaveLength(32);
  });

  it('gives a new key each time', () => {
    expect(generateKeyPair().privateKey).not.toBe(generateKeyPair().privateKey);
  });

  it('round-trips: a request signed with a generated key verifies with its public key', async () => {
    const keys = generateKeyPair();
    const body = JSON.stringify({ context: { action: 'search' }, message: {} });
    const header = signRequest({ body, subscriberId: 'kirana.local', uniqueKeyId: 'k1', privateKey: keys.privateKey });
    const result = await verifyRequest({
      body,
      header,
      lookupPublicKey: async (id, ukId) => (id === 'kirana.local' && ukId === 'k1' ? keys.publicKey : null),
    });
    expect(result).toEqual({ ok: true, subscriberId: 'kirana.local', uniqueKeyId: 'k1' });
  });
});
