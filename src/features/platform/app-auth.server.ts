// How the native app's sign-in tokens are checked (issue 24, README "Security"), read from the
// environment once per process. src/serve.ts reads it at start so a bad setting stops the shop
// before it listens; the middleware reads the same settings for every request.
import { readFileSync } from 'node:fs';
import { publicKeyOf, TEST_APP_AUTH_SECRET, verifyAppToken, type Identity, type VerifyKeys } from './app-token.ts';

export type AppAuth = VerifyKeys & { mode: 'off' | 'test' | 'on' };

/** An HS256 secret shorter than this is guessable offline from one token (RFC 7518 §3.2). */
const MIN_SECRET_BYTES = 32;

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1|[^/]*\.localhost)$/i;

/** Whether only this machine can reach the shop: the test secret is allowed there and nowhere else. */
export function loopbackOnly(env: NodeJS.ProcessEnv): boolean {
  const host = env['HOST'] || 'localhost';
  const publicUrl = env['PUBLIC_SITE_URL'];
  let publicHost = 'localhost';
  if (publicUrl) {
    try {
      publicHost = new URL(publicUrl).hostname;
    } catch {
      return false;
    }
  }
  return LOOPBACK_HOSTS.test(host) && LOOPBACK_HOSTS.test(publicHost);
}

function readJwks(value: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new Error('APP_AUTH_JWKS is a JWKS document or the path of one: keys are never fetched from another host');
  }
  if (value.trimStart().startsWith('{')) return value;
  try {
    return readFileSync(value, 'utf8');
  } catch (error) {
    throw new Error(`APP_AUTH_JWKS: cannot read ${value}: ${(error as Error).message}`);
  }
}

/**
 * APP_AUTH_SECRET (HS256) and/or APP_AUTH_JWKS (EdDSA/RS256 public keys), APP_AUTH_AUDIENCE
 * optional. Throws, naming the setting, when the shop must not start: a short secret, a key it
 * cannot use, or the public test secret on a shop others can reach.
 */
export function readAppAuth(env: NodeJS.ProcessEnv = process.env): AppAuth {
  const secretText = env['APP_AUTH_SECRET'] || null;
  const jwksText = env['APP_AUTH_JWKS'] || null;
  const audience = env['APP_AUTH_AUDIENCE'] || null;
  const test = secretText === TEST_APP_AUTH_SECRET;
  if (test && !loopbackOnly(env)) {
    throw new Error(
      "APP_AUTH_SECRET is the public test secret, and this shop is reachable beyond loopback (HOST or PUBLIC_SITE_URL): anyone could sign in as anyone. Set the secret the app's backend signs with.",
    );
  }
  const secret = secretText === null ? null : Buffer.from(secretText, 'utf8');
  if (secret && secret.length < MIN_SECRET_BYTES) throw new Error(`APP_AUTH_SECRET must be at least ${MIN_SECRET_BYTES} bytes`);

  const publicKeys: AppAuth['publicKeys'][number][] = [];
  if (jwksText !== null) {
    let jwks: unknown;
    try {
      jwks = JSON.parse(readJwks(jwksText));
    } catch (error) {
      throw new Error(`APP_AUTH_JWKS is not JSON: ${(error as Error).message}`, { cause: error });
    }
    const keys = (jwks as { keys?: unknown } | null)?.keys;
    if (!Array.isArray(keys) || keys.length === 0) throw new Error('APP_AUTH_JWKS must be {"keys": [ … ]} with at least one key');
    for (const jwk of keys) {
      const key = jwk !== null && typeof jwk === 'object' ? publicKeyOf(jwk as Record<string, unknown>) : 'a key is not an object';
      if (typeof key === 'string') throw new Error(`APP_AUTH_JWKS: ${key}`);
      publicKeys.push(key);
    }
  }
  const mode = secret === null && publicKeys.length === 0 ? 'off' : test ? 'test' : 'on';
  return { secret, publicKeys, audience, mode };
}

/** The line the storefront logs at start, so an operator sees who can be signed in. */
export function describeAppAuth(auth: AppAuth): string {
  if (auth.mode === 'off') return 'App sign-in: off (no APP_AUTH_SECRET or APP_AUTH_JWKS): a userId cookie signs nobody in, every shopper is a device shopper';
  const how = [auth.secret ? 'HS256' : null, ...new Set(auth.publicKeys.map((k) => k.alg))].filter(Boolean).join(', ');
  return auth.mode === 'test' ? `App sign-in: TEST secret (${how}), loopback only` : `App sign-in: ${how} tokens in the userId cookie`;
}

// Once per process: the settings cannot change while it runs (readAppAuth threw at start if bad).
let cached: AppAuth | undefined;

/** Who the `userId` cookie says is signed in, checked against this process's settings. */
export function identityOf(cookieValue: string | undefined): Identity {
  cached ??= readAppAuth(process.env);
  return verifyAppToken(cookieValue, cached);
}
