// A participant's signing identity on the network: keys kept in a file so they survive restarts,
// and its entry in the registry file the embedded network shares (ondc-notes §3). Beside the
// Ed25519 signing key sits the X25519 encryption key registry onboarding asks for, and any keys
// made by a rotation (README "ONDC registry onboarding").
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { generateEncryptionKeyPair, type EncryptionKeyPair } from './encryption.ts';
import { registryFileSchema, type Participant } from './registry.ts';
import { generateKeyPair } from './signing.ts';

const keyFileSchema = z.object({
  unique_key_id: z.string().min(1),
  private_key: z.string().min(1),
  public_key: z.string().min(1),
});

export interface SigningIdentity {
  subscriberId: string;
  uniqueKeyId: string;
  privateKey: string;
  publicKey: string;
}

/**
 * Writes `contents` to `file` unless the file exists, and never over one: processes starting
 * together on one DATA_DIR must end up with one key, so the contents are written aside and linked
 * into place, which fails for all but the first, and every process then reads the one that won.
 * A crash leaves either no file or a whole one (mode 0600: these are secrets).
 */
function createOnce(file: string, contents: () => string) {
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, contents(), { mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(aside);
  }
}

/** Reads the key pair kept at `file`, or makes one and keeps it. */
export function loadOrCreateKeys(file: string, subscriberId: string): SigningIdentity {
  createOnce(file, () => {
    const pair = generateKeyPair();
    return JSON.stringify({ unique_key_id: `k${Date.now().toString(36)}`, private_key: pair.privateKey, public_key: pair.publicKey });
  });
  const keys = keyFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return { subscriberId, uniqueKeyId: keys.unique_key_id, privateKey: keys.private_key, publicKey: keys.public_key };
}

const encryptionKeyFileSchema = z.object({
  encryption_private_key: z.string().min(1),
  encryption_public_key: z.string().min(1),
});

/** The X25519 pair kept at `file` (beside the signing key), made at first start. */
export function loadOrCreateEncryptionKeys(file: string): EncryptionKeyPair {
  createOnce(file, () => {
    const pair = generateEncryptionKeyPair();
    return JSON.stringify({ encryption_private_key: pair.privateKey, encryption_public_key: pair.publicKey });
  });
  const keys = encryptionKeyFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return { privateKey: keys.encryption_private_key, publicKey: keys.encryption_public_key };
}

/** One generation of our keys: what a subscribe publishes under one unique_key_id. */
export type KeySet = {
  uniqueKeyId: string;
  signing: { privateKey: string; publicKey: string };
  encryption: EncryptionKeyPair;
  /** ISO times; null for the first keys, which hold from the start */
  validFrom: string | null;
  validUntil: string | null;
};

const rotatedKeyFileSchema = keyFileSchema.extend(encryptionKeyFileSchema.shape).extend({
  valid_from: z.iso.datetime({ offset: true }),
  valid_until: z.iso.datetime({ offset: true }),
});

/** Where a participant's keys live: `<dir>/keys.json`, `encryption-keys.json`, `rotated-keys/<ukId>.json`. */
export function keyFiles(dir: string) {
  return {
    signing: path.join(dir, 'keys.json'),
    encryption: path.join(dir, 'encryption-keys.json'),
    rotated: path.join(dir, 'rotated-keys'),
  };
}

/**
 * Every key set kept in `dir`, oldest first: the first keys (made at first start) and each made by
 * a rotation. Files are written once and never changed, so a crash mid-rotation leaves the keys in
 * force untouched.
 */
export function loadKeySets(dir: string, subscriberId: string): KeySet[] {
  const files = keyFiles(dir);
  const first = loadOrCreateKeys(files.signing, subscriberId);
  const sets: KeySet[] = [
    {
      uniqueKeyId: first.uniqueKeyId,
      signing: { privateKey: first.privateKey, publicKey: first.publicKey },
      encryption: loadOrCreateEncryptionKeys(files.encryption),
      validFrom: null,
      validUntil: null,
    },
  ];
  const names = existsSync(files.rotated) ? readdirSync(files.rotated).filter((name) => name.endsWith('.json')) : [];
  for (const name of names) {
    const keys = rotatedKeyFileSchema.parse(JSON.parse(readFileSync(path.join(files.rotated, name), 'utf8')));
    sets.push({
      uniqueKeyId: keys.unique_key_id,
      signing: { privateKey: keys.private_key, publicKey: keys.public_key },
      encryption: { privateKey: keys.encryption_private_key, publicKey: keys.encryption_public_key },
      validFrom: keys.valid_from,
      validUntil: keys.valid_until,
    });
  }
  return sets.sort((a, b) => Date.parse(a.validFrom ?? '1970-01-01T00:00:00Z') - Date.parse(b.validFrom ?? '1970-01-01T00:00:00Z'));
}

/** The key set to sign with at `now`: the newest whose valid_from has come. */
function signingKeySetAt(sets: readonly KeySet[], now: number): KeySet {
  const due = sets.filter((set) => set.validFrom === null || Date.parse(set.validFrom) <= now);
  const chosen = due.at(-1) ?? sets[0];
  if (!chosen) throw new Error('No keys');
  return chosen;
}

/** Makes the next key set, to come into force at validFrom (a rotation); kept before it is published. */
export function createRotatedKeySet(dir: string, window: { validFrom: Date; validUntil: Date }): KeySet {
  const signing = generateKeyPair();
  const encryption = generateEncryptionKeyPair();
  const uniqueKeyId = `k${Date.now().toString(36)}`;
  const validFrom = window.validFrom.toISOString();
  const validUntil = window.validUntil.toISOString();
  createOnce(path.join(keyFiles(dir).rotated, `${uniqueKeyId}.json`), () =>
    JSON.stringify({
      unique_key_id: uniqueKeyId,
      private_key: signing.privateKey,
      public_key: signing.publicKey,
      encryption_private_key: encryption.privateKey,
      encryption_public_key: encryption.publicKey,
      valid_from: validFrom,
      valid_until: validUntil,
    }),
  );
  return { uniqueKeyId, signing, encryption, validFrom, validUntil };
}

/**
 * Our key sets as the storefront sees them while it runs: read again when a rotation adds one
 * (the directory changes), so the switch at valid_from needs no restart.
 */
export function createKeyring(dir: string, subscriberId: string) {
  let loaded: { version: string; sets: KeySet[] } | null = null;
  const rotated = keyFiles(dir).rotated;
  function sets(): KeySet[] {
    const version = existsSync(rotated) ? `${statSync(rotated).mtimeMs}:${readdirSync(rotated).length}` : 'none';
    if (loaded?.version !== version) loaded = { version, sets: loadKeySets(dir, subscriberId) };
    return loaded.sets;
  }
  return {
    sets,
    signingAt: (now: number) => signingKeySetAt(sets(), now),
    find: (uniqueKeyId: string) => sets().find((set) => set.uniqueKeyId === uniqueKeyId) ?? null,
  };
}
export type Keyring = ReturnType<typeof createKeyring>;

/**
 * Puts these participants in the registry file in place of any earlier entries for the same
 * subscribers, leaving everyone else's. Written to a temporary file and renamed, so a reader
 * never sees half a file.
 */
export function registerParticipants(registryFile: string, participants: Participant[]) {
  const ids = new Set(participants.map((p) => p.subscriber_id));
  const existing = existsSync(registryFile) ? registryFileSchema.parse(JSON.parse(readFileSync(registryFile, 'utf8'))) : [];
  const next = [...existing.filter((p) => !ids.has(p.subscriber_id)), ...participants];
  mkdirSync(path.dirname(registryFile), { recursive: true });
  const tmp = `${registryFile}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(next, null, 2));
  renameSync(tmp, registryFile);
}

/**
 * Adds or updates these keys in the registry file, one entry per subscriber, key id and role, keeping
 * the subscriber's other keys (a rotation publishes a second key beside the first) and the fields a
 * subscribe set (validity, encryption key) that the caller does not give again.
 */
export function upsertParticipantKeys(registryFile: string, participants: Participant[]) {
  const existing = existsSync(registryFile) ? registryFileSchema.parse(JSON.parse(readFileSync(registryFile, 'utf8'))) : [];
  const same = (a: Participant, b: Participant) => a.subscriber_id === b.subscriber_id && a.unique_key_id === b.unique_key_id && a.type === b.type;
  const next = existing.map((entry) => {
    const update = participants.find((p) => same(p, entry));
    return update ? { ...entry, ...update } : entry;
  });
  for (const p of participants) if (!existing.some((entry) => same(p, entry))) next.push(p);
  mkdirSync(path.dirname(registryFile), { recursive: true });
  const tmp = `${registryFile}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(next, null, 2));
  renameSync(tmp, registryFile);
}
