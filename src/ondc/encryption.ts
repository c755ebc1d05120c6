// The encryption key ONDC's registry onboarding asks of every participant (ondc-notes §3, developer-docs
// registry/key-format-generation.md): X25519, the public key as base64 of its ASN.1 DER form
// (SubjectPublicKeyInfo, "MCowBQYDK2VuAyEA…"), the private key kept as base64 PKCS#8 DER. The
// registry's /on_subscribe challenge is AES-256-ECB (PKCS#7 padding) under the X25519 secret
// shared between its key and ours, base64 on the wire.
import { createCipheriv, createDecipheriv, createPrivateKey, createPublicKey, diffieHellman, generateKeyPairSync, type KeyObject } from 'node:crypto';

/** The DER header of an X25519 SubjectPublicKeyInfo; a bare 32-byte key is wrapped in it. */
const X25519_SPKI_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');

export type EncryptionKeyPair = {
  /** base64 PKCS#8 DER */
  privateKey: string;
  /** base64 SubjectPublicKeyInfo DER, as `encryption_public_key` / `encr_public_key` */
  publicKey: string;
};

export function generateEncryptionKeyPair(): EncryptionKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('x25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

function publicKeyObject(base64: string): KeyObject {
  const bytes = Buffer.from(base64, 'base64');
  const der = bytes.length === 32 ? Buffer.concat([X25519_SPKI_PREFIX, bytes]) : bytes;
  const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'x25519') throw new RangeError(`Expected an X25519 public key, got ${key.asymmetricKeyType ?? 'none'}`);
  return key;
}

function privateKeyObject(base64: string): KeyObject {
  const key = createPrivateKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'x25519') throw new RangeError(`Expected an X25519 private key, got ${key.asymmetricKeyType ?? 'none'}`);
  return key;
}

/** True when `base64` is an X25519 public key, DER or bare. */
export function isEncryptionPublicKey(base64: string): boolean {
  try {
    publicKeyObject(base64);
    return true;
  } catch {
    return false;
  }
}

/** The 32-byte secret our private key shares with their public key (both sides compute the same). */
export function sharedKey(ourPrivateKey: string, theirPublicKey: string): Buffer {
  return diffieHellman({ privateKey: privateKeyObject(ourPrivateKey), publicKey: publicKeyObject(theirPublicKey) });
}

export function encryptChallenge(plaintext: string, key: Buffer): string {
  const cipher = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
}

/**
 * The plaintext of a challenge, or null when it is not one under this key: not whole AES blocks,
 * bad padding, or not UTF-8 text. (ECB has no integrity check: a wrong key usually fails the
 * padding check, and when it happens to pass, the answer is garbage the registry refuses.)
 */
export function decryptChallenge(ciphertext: string, key: Buffer): string | null {
  const bytes = Buffer.from(ciphertext, 'base64');
  if (bytes.length === 0 || bytes.length % 16 !== 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-ecb', key, null);
    const plain = Buffer.concat([decipher.update(bytes), decipher.final()]);
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return null;
  }
}
