import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import vector from './fixtures/x25519-aes-256-ecb.json' with { type: 'json' };
import { encryptChallenge, sharedKey } from './encryption.ts';
import { createKeyring, keyFiles, loadKeySets } from './identity.server.ts';
import { readSiteVerification, subscribeRequestSchema } from './onboarding.ts';
import { answerChallenge, ATTEMPT_ANSWERED_FOR_MS, createOnboarding, saveAttempt, siteVerificationPage } from './onboarding.server.ts';
import { verifyText } from './signing.ts';
import { EMBEDDED_ENTITY, prepareSubscribe } from './subscribe.server.ts';

const SUBSCRIBER = 'kirana.example.in';
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kirana-onboarding-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('our keys', () => {
  it('makes the encryption key beside the signing key once, and never again while it exists', () => {
    const first = loadKeySets(dir, SUBSCRIBER);
    expect(first).toHaveLength(1);
    expect(existsSync(keyFiles(dir).encryption)).toBe(true);
    const kept = readFileSync(keyFiles(dir).encryption, 'utf8');
    const again = loadKeySets(dir, SUBSCRIBER);
    expect(again[0]?.encryption).toEqual(first[0]?.encryption);
    expect(readFileSync(keyFiles(dir).encryption, 'utf8')).toBe(kept);
  });

  it('signs with the rotated key only from its valid_from, and reads it without a restart', () => {
    const keyring = createKeyring(dir, SUBSCRIBER);
    const first = keyring.signingAt(Date.now());
    const validFrom = new Date(Date.now() + 60_000);
    const prepared = prepareSubscribe({
      bapDir: dir,
      subscriberId: SUBSCRIBER,
      subscriberUrl: '/bap',
      env: 'preprod',
      registryEncryptionPublicKey: vector.registry_public_key,
      entity: EMBEDDED_ENTITY,
      rotate: { validFrom },
    });
    expect(keyring.signingAt(validFrom.getTime() - 1).uniqueKeyId).toBe(first.uniqueKeyId);
    expect(keyring.signingAt(validFrom.getTime()).uniqueKeyId).toBe(prepared.keys.uniqueKeyId);
    expect(keyring.find(first.uniqueKeyId)).not.toBeNull();
  });
});

describe('the subscribe request', () => {
  it('is a buyer app (ops_no 1) subscribe in the registry v2.0 shape, one participant entry per domain', () => {
    const now = new Date('2026-11-25T10:00:00.000Z');
    const { request, keys } = prepareSubscribe({
      bapDir: dir,
      subscriberId: SUBSCRIBER,
      subscriberUrl: '/bap',
      env: 'prod',
      registryEncryptionPublicKey: vector.registry_public_key,
      entity: EMBEDDED_ENTITY,
      now,
      validDays: 30,
    });
    expect(subscribeRequestSchema.parse(request)).toEqual(request);
    expect(request.context.operation.ops_no).toBe(1);
    expect(request.message.entity).toMatchObject({
      subscriber_id: SUBSCRIBER,
      unique_key_id: keys.uniqueKeyId,
      callback_url: '/',
      country: 'IND',
      key_pair: {
        signing_public_key: keys.signing.publicKey,
        encryption_public_key: keys.encryption.publicKey,
        valid_from: '2026-11-25T10:00:00.000Z',
        valid_until: '2026-12-25T10:00:00.000Z',
      },
    });
    expect(request.message.network_participant).toEqual([
      { subscriber_url: '/bap', domain: 'ONDC:RET10', type: 'buyerApp', msn: false, city_code: ['std:080'] },
      { subscriber_url: '/bap', domain: 'ONDC:RET11', type: 'buyerApp', msn: false, city_code: ['std:080'] },
    ]);
  });
});

describe('site verification and the challenge', () => {
  it('serves the request id signed with the key being subscribed, and nothing when no attempt is under way', () => {
    const onboarding = createOnboarding(dir, SUBSCRIBER);
    expect(siteVerificationPage(onboarding)).toBeNull();
    const { attempt, keys } = prepareSubscribe({
      bapDir: dir,
      subscriberId: SUBSCRIBER,
      subscriberUrl: '/bap',
      env: 'preprod',
      registryEncryptionPublicKey: vector.registry_public_key,
      entity: EMBEDDED_ENTITY,
    });
    const signed = readSiteVerification(siteVerificationPage(onboarding) ?? '');
    expect(signed).not.toBeNull();
    expect(verifyText(attempt.request_id, signed ?? '', keys.signing.publicKey)).toBe(true);
    expect(verifyText(`${attempt.request_id}x`, signed ?? '', keys.signing.publicKey)).toBe(false);
  });

  it('answers the OpenSSL vector challenge with our key from the fixture, and refuses it under another registry key', () => {
    const onboarding = createOnboarding(dir, SUBSCRIBER);
    const keys = onboarding.keyring.signingAt(Date.now());
    // Our stored key is random; the vector's registry side encrypts for it as the registry would.
    const challenge = encryptChallenge(vector.plaintext, sharedKey(vector.registry_private_key, keys.encryption.publicKey));
    saveAttempt(dir, {
      request_id: 'r1',
      unique_key_id: keys.uniqueKeyId,
      env: 'embedded',
      registry_encryption_public_key: vector.registry_public_key,
      started_at: new Date().toISOString(),
    });
    expect(answerChallenge(onboarding, { subscriber_id: SUBSCRIBER, challenge })).toEqual({ status: 200, body: { answer: vector.plaintext } });
    saveAttempt(dir, {
      request_id: 'r2',
      unique_key_id: keys.uniqueKeyId,
      env: 'embedded',
      registry_encryption_public_key: vector.our_public_key,
      started_at: new Date().toISOString(),
    });
    expect(answerChallenge(onboarding, { subscriber_id: SUBSCRIBER, challenge })).toMatchObject({
      status: 400,
      body: { error: { code: 'undecryptable-challenge' } },
    });
  });

  it('says no subscription is under way rather than guessing a key, and stops answering an hour after the subscribe', () => {
    const onboarding = createOnboarding(dir, SUBSCRIBER);
    expect(answerChallenge(onboarding, { subscriber_id: SUBSCRIBER, challenge: vector.ciphertext_base64 })).toMatchObject({
      status: 409,
      body: { error: { code: 'no-subscription' } },
    });
    const keys = onboarding.keyring.signingAt(Date.now());
    const startedAt = Date.parse('2026-11-25T10:00:00.000Z');
    saveAttempt(dir, {
      request_id: 'r1',
      unique_key_id: keys.uniqueKeyId,
      env: 'embedded',
      registry_encryption_public_key: vector.registry_public_key,
      started_at: new Date(startedAt).toISOString(),
    });
    const challenge = encryptChallenge('late', sharedKey(vector.registry_private_key, keys.encryption.publicKey));
    expect(answerChallenge(onboarding, { subscriber_id: SUBSCRIBER, challenge }, startedAt + ATTEMPT_ANSWERED_FOR_MS)).toMatchObject({ status: 200 });
    expect(answerChallenge(onboarding, { subscriber_id: SUBSCRIBER, challenge }, startedAt + ATTEMPT_ANSWERED_FOR_MS + 1)).toMatchObject({ status: 409 });
  });
});
