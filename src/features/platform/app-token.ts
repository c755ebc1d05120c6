// Issue 24: the native app's user id reaches us only as a proof we can check. The `userId` cookie
// holds a JWT (RFC 7519) the app's backend signs: HS256 with a shared secret, or EdDSA (Ed25519) /
// RS256 with keys whose public half we are given as a JWKS (never fetched). Anything else in the
// cookie (a bare id, an expired or badly signed token) signs nobody in. node:crypto only.
import { createHmac, createPublicKey, timingSafeEqual, verify, type JsonWebKey, type KeyObject } from 'node:crypto';

/** The user ids the rest of the shop keys data by (addresses, carts, the SPEC §6 blacklist). */
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The secret tests, e2e journeys and benchmarks mint tokens with. Public by construction: the
 * storefront refuses to start with it unless it is reachable on loopback only (app-auth.server.ts).
 */
export const TEST_APP_AUTH_SECRET = 'kirana-test-only-app-auth-secret-never-in-production';

/** Clocks of the app's backend and ours may differ by this much (seconds) either way. */
export const CLOCK_SKEW_S = 30;

/** A token longer than this is refused before any parsing (a cookie holds 4 KB at most). */
const MAX_TOKEN_CHARS = 4096;

export type VerifyKeys = {
  secret: Buffer | null;
  /** Public keys from the JWKS, with the algorithm each verifies. */
  publicKeys: ReadonlyArray<{ kid: string | null; alg: 'EdDSA' | 'RS256'; key: KeyObject }>;
  audience: string | null;
};

export type Identity =
  | { verified: true; userId: string }
  /** `claimed`: the id the value names, unproven (analytics may keep it, marked unverified). */
  | { verified: false; claimed: string | null; reason: string };

const SEGMENT = /^[A-Za-z0-9_-]+$/;

function decodeJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

function hs256(signingInput: string, secret: Buffer): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

function signatureHolds(alg: string, header: Record<string, unknown>, signingInput: string, signature: Buffer, keys: VerifyKeys): boolean {
  if (alg === 'HS256') {
    if (!keys.secret) return false;
    const expected = hs256(signingInput, keys.secret);
    return signature.length === expected.length && timingSafeEqual(signature, expected);
  }
  if (alg !== 'EdDSA' && alg !== 'RS256') return false;
  const kid = typeof header['kid'] === 'string' ? header['kid'] : null;
  const candidates = keys.publicKeys.filter((k) => k.alg === alg && (kid === null || k.kid === kid));
  const data = Buffer.from(signingInput);
  return candidates.some((k) => {
    try {
      return verify(alg === 'EdDSA' ? null : 'sha256', data, k.key, signature);
    } catch {
      return false;
    }
  });
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Reads the `userId` cookie: a verified user id, or why it signs nobody in. */
export function verifyAppToken(value: string | undefined, keys: VerifyKeys, nowMs = Date.now()): Identity {
  if (!value) return { verified: false, claimed: null, reason: 'no token' };
  // An app that still sends a bare id: nobody is signed in, the id may feed analytics only.
  if (USER_ID.test(value)) return { verified: false, claimed: value, reason: 'not a signed token' };
  const parts = value.length <= MAX_TOKEN_CHARS ? value.split('.') : [];
  if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) return { verified: false, claimed: null, reason: 'not a JWT' };
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  const header = decodeJson(headerPart);
  const claims = decodeJson(payloadPart);
  if (!header || !claims) return { verified: false, claimed: null, reason: 'not a JWT' };
  const sub = claims['sub'];
  const claimed = typeof sub === 'string' && USER_ID.test(sub) ? sub : null;
  const refuse = (reason: string): Identity => ({ verified: false, claimed, reason });

  const alg = header['alg'];
  // `crit` names extensions we would have to understand (RFC 7515 §4.1.11): we understand none.
  if (typeof alg !== 'string' || 'crit' in header) return refuse('unsupported header');
  if (!signatureHolds(alg, header, `${headerPart}.${payloadPart}`, Buffer.from(signaturePart, 'base64url'), keys)) return refuse('bad signature');

  const now = nowMs / 1000;
  if (!isTime(claims['exp'])) return refuse('no exp');
  if (now >= claims['exp'] + CLOCK_SKEW_S) return refuse('expired');
  if ('nbf' in claims && (!isTime(claims['nbf']) || now < claims['nbf'] - CLOCK_SKEW_S)) return refuse('not yet valid');
  if ('iat' in claims && (!isTime(claims['iat']) || claims['iat'] > now + CLOCK_SKEW_S)) return refuse('issued in the future');
  if (keys.audience !== null) {
    const aud = claims['aud'];
    const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
    if (!audiences.includes(keys.audience)) return refuse('wrong audience');
  }
  if (claimed === null) return refuse('bad sub');
  return { verified: true, userId: claimed };
}

/** An HS256 JWT over `claims` (tests and benchmarks sign in with TEST_APP_AUTH_SECRET through it). */
export function signAppTokenHs256(claims: Record<string, unknown>, secret: string | Buffer, header: Record<string, unknown> = {}): string {
  const signingInput = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', ...header }))}.${base64url(JSON.stringify(claims))}`;
  return `${signingInput}.${hs256(signingInput, Buffer.from(secret)).toString('base64url')}`;
}

/** A JWK from APP_AUTH_JWKS as a verifying key, or why it cannot be one. */
export function publicKeyOf(jwk: Record<string, unknown>): { kid: string | null; alg: 'EdDSA' | 'RS256'; key: KeyObject } | string {
  const kid = typeof jwk['kid'] === 'string' ? jwk['kid'] : null;
  const name = kid ?? '(no kid)';
  if (jwk['use'] !== undefined && jwk['use'] !== 'sig') return `key ${name}: use is not "sig"`;
  if ('d' in jwk) return `key ${name} is a private key: give the public half only`;
  let key: KeyObject;
  try {
    key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
  } catch (error) {
    return `key ${name}: ${(error as Error).message}`;
  }
  if (key.asymmetricKeyType === 'ed25519' && (jwk['alg'] === undefined || jwk['alg'] === 'EdDSA' || jwk['alg'] === 'Ed25519'))
    return { kid, alg: 'EdDSA', key };
  if (key.asymmetricKeyType === 'rsa' && (jwk['alg'] === undefined || jwk['alg'] === 'RS256')) {
    // NIST and RFC 7518 §3.3: RSA keys for RS256 are 2048 bits or more.
    if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) return `key ${name}: RSA keys must be 2048 bits or more`;
    return { kid, alg: 'RS256', key };
  }
  return `key ${name}: only Ed25519 (EdDSA) and RSA (RS256) keys are accepted`;
}
