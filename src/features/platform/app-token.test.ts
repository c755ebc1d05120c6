import { createSign, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAppAuth } from './app-auth.server.ts';
import { CLOCK_SKEW_S, signAppTokenHs256, TEST_APP_AUTH_SECRET, verifyAppToken, type VerifyKeys } from './app-token.ts';

const SECRET = 'a-shop-secret-of-at-least-thirty-two-bytes!';
const NOW_MS = 1_800_000_000_000;
const now = NOW_MS / 1000;
const hsKeys: VerifyKeys = { secret: Buffer.from(SECRET), publicKeys: [], audience: null };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signed(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject): string {
  const input = `${b64(header)}.${b64(claims)}`;
  const signature = header['alg'] === 'EdDSA' ? sign(null, Buffer.from(input), key) : createSign('sha256').update(input).sign(key);
  return `${input}.${signature.toString('base64url')}`;
}

describe('issue 24: the userId cookie signs a user in only as a verified token', () => {
  it('HS256 with the shop secret: the sub is the user', () => {
    const token = signAppTokenHs256({ sub: 'asha_42', exp: now + 600, iat: now }, SECRET);
    expect(verifyAppToken(token, hsKeys, NOW_MS)).toEqual({ verified: true, userId: 'asha_42' });
  });

  it.each([
    ['a bare id (today’s cookie)', 'asha_42', 'not a signed token', 'asha_42'],
    ['another secret', signAppTokenHs256({ sub: 'asha_42', exp: now + 600 }, 'someone-else-secret-of-thirty-two-bytes'), 'bad signature', 'asha_42'],
    ['expired beyond the skew', signAppTokenHs256({ sub: 'asha_42', exp: now - CLOCK_SKEW_S - 1 }, SECRET), 'expired', 'asha_42'],
    ['no exp', signAppTokenHs256({ sub: 'asha_42' }, SECRET), 'no exp', 'asha_42'],
    ['nbf in the future', signAppTokenHs256({ sub: 'asha_42', exp: now + 600, nbf: now + 120 }, SECRET), 'not yet valid', 'asha_42'],
    ['issued in the future', signAppTokenHs256({ sub: 'asha_42', exp: now + 600, iat: now + 120 }, SECRET), 'issued in the future', 'asha_42'],
    ['alg none', `${b64({ alg: 'none' })}.${b64({ sub: 'asha_42', exp: now + 600 })}.x`, 'bad signature', 'asha_42'],
    ['a crit header', signAppTokenHs256({ sub: 'asha_42', exp: now + 600 }, SECRET, { crit: ['x'] }), 'unsupported header', 'asha_42'],
    ['a sub that is no user id', signAppTokenHs256({ sub: '../admin', exp: now + 600 }, SECRET), 'bad sub', null],
    ['garbage', 'a.b', 'not a JWT', null],
  ])('%s signs nobody in', (_name, token, reason, claimed) => {
    expect(verifyAppToken(token, hsKeys, NOW_MS)).toEqual({ verified: false, reason, claimed });
  });

  it('allows a small skew: just expired or a little early still verifies', () => {
    expect(verifyAppToken(signAppTokenHs256({ sub: 'u1', exp: now - 5, nbf: now + 5, iat: now + 5 }, SECRET), hsKeys, NOW_MS).verified).toBe(true);
  });

  it('an HS256 token is refused when only public keys are configured (no algorithm confusion)', () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const keys: VerifyKeys = { secret: null, publicKeys: [{ kid: 'k1', alg: 'EdDSA', key: publicKey }], audience: null };
    const pem = publicKey.export({ type: 'spki', format: 'pem' });
    expect(verifyAppToken(signAppTokenHs256({ sub: 'u1', exp: now + 600 }, pem), keys, NOW_MS)).toMatchObject({ verified: false, reason: 'bad signature' });
  });

  it('EdDSA and RS256 against the JWKS, by kid; another key pair is refused', () => {
    const ed = generateKeyPairSync('ed25519');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = generateKeyPairSync('ed25519');
    const dir = mkdtempSync(path.join(tmpdir(), 'jwks-'));
    const file = path.join(dir, 'jwks.json');
    writeFileSync(
      file,
      JSON.stringify({
        keys: [
          { ...ed.publicKey.export({ format: 'jwk' }), kid: 'ed-1', use: 'sig' },
          { ...rsa.publicKey.export({ format: 'jwk' }), kid: 'rsa-1', alg: 'RS256' },
        ],
      }),
    );
    const auth = readAppAuth({ APP_AUTH_JWKS: file, APP_AUTH_AUDIENCE: 'kirana' });
    const claims = { sub: 'meera', exp: now + 600, aud: 'kirana' };
    expect(verifyAppToken(signed({ alg: 'EdDSA', kid: 'ed-1' }, claims, ed.privateKey), auth, NOW_MS)).toEqual({ verified: true, userId: 'meera' });
    expect(verifyAppToken(signed({ alg: 'RS256', kid: 'rsa-1' }, claims, rsa.privateKey), auth, NOW_MS)).toEqual({ verified: true, userId: 'meera' });
    expect(verifyAppToken(signed({ alg: 'RS256' }, claims, rsa.privateKey), auth, NOW_MS).verified).toBe(true);
    expect(verifyAppToken(signed({ alg: 'EdDSA', kid: 'ed-1' }, claims, other.privateKey), auth, NOW_MS)).toMatchObject({
      verified: false,
      reason: 'bad signature',
    });
    expect(verifyAppToken(signed({ alg: 'EdDSA', kid: 'rsa-1' }, claims, ed.privateKey), auth, NOW_MS)).toMatchObject({
      verified: false,
      reason: 'bad signature',
    });
    expect(verifyAppToken(signed({ alg: 'EdDSA', kid: 'ed-1' }, { ...claims, aud: 'other-shop' }, ed.privateKey), auth, NOW_MS)).toMatchObject({
      verified: false,
      reason: 'wrong audience',
    });
  });
});

describe('issue 24: sign-in settings', () => {
  it('no secret and no keys: nobody can be signed in', () => {
    const auth = readAppAuth({});
    expect(auth.mode).toBe('off');
    expect(verifyAppToken(signAppTokenHs256({ sub: 'u1', exp: now + 600 }, TEST_APP_AUTH_SECRET), auth, NOW_MS).verified).toBe(false);
  });
  it('the test secret on loopback only', () => {
    expect(readAppAuth({ APP_AUTH_SECRET: TEST_APP_AUTH_SECRET, HOST: '127.0.0.1' }).mode).toBe('test');
    expect(readAppAuth({ APP_AUTH_SECRET: TEST_APP_AUTH_SECRET, PUBLIC_SITE_URL: 'http://kirana.localhost:4321' }).mode).toBe('test');
    expect(() => readAppAuth({ APP_AUTH_SECRET: TEST_APP_AUTH_SECRET, PUBLIC_SITE_URL: 'https://shop.example.in' })).toThrow(/public test secret/);
    expect(() => readAppAuth({ APP_AUTH_SECRET: TEST_APP_AUTH_SECRET, HOST: '0.0.0.0' })).toThrow(/public test secret/);
  });
  it('refuses a short secret, a fetched JWKS, a private key, a small RSA key', () => {
    expect(() => readAppAuth({ APP_AUTH_SECRET: 'short' })).toThrow(/at least 32 bytes/);
    expect(() => readAppAuth({ APP_AUTH_JWKS: 'https://evil.example/jwks.json' })).toThrow(/never fetched/);
    const ed = generateKeyPairSync('ed25519');
    expect(() => readAppAuth({ APP_AUTH_JWKS: JSON.stringify({ keys: [ed.privateKey.export({ format: 'jwk' })] }) })).toThrow(/private key/);
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(() => readAppAuth({ APP_AUTH_JWKS: JSON.stringify({ keys: [small.publicKey.export({ format: 'jwk' })] }) })).toThrow(/2048 bits/);
  });
});
