// A participant's signing identity on the network: keys kept in a file so they survive restarts,
// and its entry in the registry file the embedded network shares (ondc-notes §3).
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
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

/** Reads the key pair kept at `file`, or makes one and keeps it (mode 0600: it is a secret). */
export function loadOrCreateKeys(file: string, subscriberId: string): SigningIdentity {
  if (!existsSync(file)) {
    const pair = generateKeyPair();
    const uniqueKeyId = `k${Date.now().toString(36)}`;
    mkdirSync(path.dirname(file), { recursive: true });
    // Storefront processes starting together on one DATA_DIR must end up with one identity: the
    // pair is written aside and linked into place, which fails for all but the first, and every
    // process then reads the one that won.
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, JSON.stringify({ unique_key_id: uniqueKeyId, private_key: pair.privateKey, public_key: pair.publicKey }), { mode: 0o600 });
    try {
      linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(aside);
    }
  }
  const keys = keyFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return { subscriberId, uniqueKeyId: keys.unique_key_id, privateKey: keys.private_key, publicKey: keys.public_key };
}

/**
 * Puts these participants in the registry file in place of any earlier entries for the same
 * subscribers, leaving everyone else's. Written to a temporary file and renamed, so a reader
 * never sees half a file.
 */
export function registerParticipants(registryFile: string, participants: Participant[]) {
  const ids = new Set(participants.map((p) => p.subscriber_id));
  const existing = existsSync(registryFile)
    ? registryFileSchema.parse(JSON.parse(readFileSync(registryFile, 'utf8')))
    : [];
  const next = [...existing.filter((p) => !ids.has(p.subscriber_id)), ...participants];
  mkdirSync(path.dirname(registryFile), { recursive: true });
  const tmp = `${registryFile}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(next, null, 2));
  renameSync(tmp, registryFile);
}
