import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_APP_AUTH_SECRET, verifyAppToken } from '#/features/platform/app-token.ts';
import { readPhoneSignIn, signedInToken, SIGNED_IN_DAYS } from './settings.server.ts';
import { smsText } from './sign-in.server.ts';
import { createSimulatedSms, readSimulatedSms, simulatedSmsFile } from './sms.server.ts';

const SECRET = 'an operator secret of more than thirty-two bytes';
const PUBLIC = { APP_AUTH_SECRET: SECRET, PUBLIC_SITE_URL: 'https://shop.example.in' };

describe('issue 29: whether the shop signs shoppers in by phone, and through which gateway', () => {
  it('is off without APP_AUTH_SECRET (its sign-in is a token signed with it), or when told', () => {
    expect(readPhoneSignIn({})).toMatchObject({ mode: 'off', why: expect.stringMatching(/APP_AUTH_SECRET/) });
    expect(readPhoneSignIn({ APP_AUTH_SECRET: TEST_APP_AUTH_SECRET, PHONE_SIGN_IN: 'off' })).toMatchObject({ mode: 'off' });
  });

  it('sends to the simulator on a shop only this machine reaches', () => {
    expect(readPhoneSignIn({ APP_AUTH_SECRET: TEST_APP_AUTH_SECRET, HOST: '127.0.0.1' })).toMatchObject({ mode: 'on', via: 'simulator' });
  });

  it('refuses to start with the simulator where others can reach the shop, unless the operator allows it', () => {
    expect(() => readPhoneSignIn(PUBLIC)).toThrow(/SMS simulator/);
    expect(() => readPhoneSignIn({ APP_AUTH_SECRET: SECRET, HOST: '0.0.0.0' })).toThrow(/SMS simulator/);
    expect(readPhoneSignIn({ ...PUBLIC, SMS_SIMULATOR: 'allow' })).toMatchObject({ mode: 'on', via: 'simulator', host: 'shop.example.in' });
    expect(readPhoneSignIn({ ...PUBLIC, SMS_GATEWAY_URL: 'https://sms.example.in/send' })).toMatchObject({ mode: 'on', via: 'http' });
    expect(() => readPhoneSignIn({ ...PUBLIC, SMS_GATEWAY_URL: 'not a url' })).toThrow(/SMS_GATEWAY_URL/);
  });

  it('signs in with the token the native app uses: HS256 with APP_AUTH_SECRET, for 30 days, with the audience when one is set', () => {
    const settings = readPhoneSignIn({ ...PUBLIC, SMS_SIMULATOR: 'allow', APP_AUTH_AUDIENCE: 'kirana-shop' });
    if (settings.mode !== 'on') throw new Error('expected phone sign-in on');
    const now = Date.now();
    const token = signedInToken(settings, 'web-user-1', now);
    const keys = { secret: Buffer.from(SECRET), publicKeys: [], audience: 'kirana-shop' };
    expect(verifyAppToken(token, keys, now)).toEqual({ verified: true, userId: 'web-user-1' });
    expect(verifyAppToken(token, keys, now + (SIGNED_IN_DAYS * 24 * 3600 + 60) * 1000)).toMatchObject({ verified: false, reason: 'expired' });
    expect(verifyAppToken(token, { ...keys, secret: Buffer.from('x'.repeat(40)) }, now)).toMatchObject({ verified: false, reason: 'bad signature' });
  });
});

describe('issue 29: the SMS', () => {
  it("says the code in the shopper's words and ends with the line Android reads to offer it (WebOTP)", () => {
    expect(smsText('{code} is your Kirana sign-in code.', '042917', 'shop.example.in')).toBe('042917 is your Kirana sign-in code.\n\n@shop.example.in #042917');
  });

  it('the simulator keeps the last message to each phone in a file of its own, readable by the shop only', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kirana-sms-'));
    try {
      const sms = createSimulatedSms(dataDir);
      await sms.send('9876543210', 'first');
      await sms.send('9876543210', 'second');
      await sms.send('9123456780', 'other');
      expect(readSimulatedSms(dataDir, '9876543210')).toMatchObject({ to: '+919876543210', text: 'second' });
      expect(readSimulatedSms(dataDir, '9123456780')?.text).toBe('other');
      expect(readSimulatedSms(dataDir, '9000000000')).toBeNull();
      expect(statSync(simulatedSmsFile(dataDir, '9876543210')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
