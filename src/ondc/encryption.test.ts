import { describe, expect, it } from 'vitest';
import vector from './fixtures/x25519-aes-256-ecb.json' with { type: 'json' };
import { decryptChallenge, encryptChallenge, generateEncryptionKeyPair, isEncryptionPublicKey, sharedKey } from './encryption.ts';

// The vector was made with OpenSSL, not with this code (see `made_with` in the fixture).
describe('X25519 + AES-256-ECB against an OpenSSL vector', () => {
  it('derives the shared key OpenSSL derived, from either side', () => {
    expect(sharedKey(vector.our_private_key, vector.registry_public_key).toString('hex')).toBe(vector.shared_key_hex);
    expect(sharedKey(vector.registry_private_key, vector.our_public_key).toString('hex')).toBe(vector.shared_key_hex);
  });

  it('decrypts the challenge OpenSSL encrypted, and encrypts to the same bytes', () => {
    const key = sharedKey(vector.our_private_key, vector.registry_public_key);
    expect(decryptChallenge(vector.ciphertext_base64, key)).toBe(vector.plaintext);
    expect(encryptChallenge(vector.plaintext, key)).toBe(vector.ciphertext_base64);
  });

  it('takes a bare 32-byte public key as well as the DER form', () => {
    const bare = Buffer.from(vector.registry_public_key, 'base64').subarray(-32).toString('base64');
    expect(sharedKey(vector.our_private_key, bare).toString('hex')).toBe(vector.shared_key_hex);
  });
});

describe('challenges', () => {
  it('refuses a challenge under another key, a truncated one and one that is not base64 blocks', () => {
    const other = sharedKey(generateEncryptionKeyPair().privateKey, vector.registry_public_key);
    expect(decryptChallenge(vector.ciphertext_base64, other)).toBeNull();
    const key = Buffer.from(vector.shared_key_hex, 'hex');
    expect(decryptChallenge(vector.ciphertext_base64.slice(0, 20), key)).toBeNull();
    expect(decryptChallenge('', key)).toBeNull();
    expect(decryptChallenge('not a challenge at all', key)).toBeNull();
  });

  it('round-trips between two fresh key pairs', () => {
    const ours = generateEncryptionKeyPair();
    const registry = generateEncryptionKeyPair();
    expect(ours.publicKey).toMatch(/^MCowBQYDK2VuAyEA/);
    const challenge = encryptChallenge('a fresh challenge', sharedKey(registry.privateKey, ours.publicKey));
    expect(decryptChallenge(challenge, sharedKey(ours.privateKey, registry.publicKey))).toBe('a fresh challenge');
  });

  it('tells an X25519 public key from anything else', () => {
    expect(isEncryptionPublicKey(vector.registry_public_key)).toBe(true);
    expect(isEncryptionPublicKey('MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=')).toBe(false);
    expect(isEncryptionPublicKey('')).toBe(false);
  });
});
