import { describe, expect, it } from 'vitest';
import { NOTICE_WINDOW_SECONDS, SIGNATURE_HEADER, signNotice, TIMESTAMP_HEADER, verifyNotice } from './webhook.ts';

const SECRET = 'a-shared-webhook-secret-of-32-bytes!';
const BODY = JSON.stringify({ id: 'n1', payment_id: '2f1c2e4e-8d1b-4a53-9a0e-6c0f4f2d9b11', status: 'PAID', amount_paise: 6_350 });
const NOW = Date.UTC(2026, 10, 25, 12);
const headersOf = (signed: Record<string, string>) => ({ timestamp: signed[TIMESTAMP_HEADER] ?? null, signature: signed[SIGNATURE_HEADER] ?? null });

describe('a payment notice is trusted only as the gateway signed it (issue 24)', () => {
  it('verifies the body as signed, at the time signed', () => {
    expect(verifyNotice(SECRET, headersOf(signNotice(SECRET, BODY, NOW)), BODY, NOW)).toMatchObject({ ok: true });
  });
  it('refuses a notice signed with another secret', () => {
    expect(verifyNotice(SECRET, headersOf(signNotice('not-the-gateway-but-also-32-bytes!!', BODY, NOW)), BODY, NOW)).toEqual({
      ok: false,
      message: 'The notice is not signed by the payment gateway',
    });
  });
  it('refuses a body changed after signing (another amount)', () => {
    expect(verifyNotice(SECRET, headersOf(signNotice(SECRET, BODY, NOW)), BODY.replace('6350', '100'), NOW).ok).toBe(false);
  });
  it('refuses a notice without its headers', () => {
    expect(verifyNotice(SECRET, { timestamp: null, signature: null }, BODY, NOW).ok).toBe(false);
  });
  it(`refuses a notice signed more than ${NOTICE_WINDOW_SECONDS} s before or after our clock`, () => {
    const early = headersOf(signNotice(SECRET, BODY, NOW - (NOTICE_WINDOW_SECONDS + 1) * 1000));
    const late = headersOf(signNotice(SECRET, BODY, NOW + (NOTICE_WINDOW_SECONDS + 1) * 1000));
    expect(verifyNotice(SECRET, early, BODY, NOW).ok).toBe(false);
    expect(verifyNotice(SECRET, late, BODY, NOW).ok).toBe(false);
    expect(verifyNotice(SECRET, headersOf(signNotice(SECRET, BODY, NOW - (NOTICE_WINDOW_SECONDS - 1) * 1000)), BODY, NOW).ok).toBe(true);
  });
  it('refuses a timestamp changed after signing', () => {
    const signed = headersOf(signNotice(SECRET, BODY, NOW));
    expect(verifyNotice(SECRET, { ...signed, timestamp: String(Number(signed.timestamp) + 1) }, BODY, NOW).ok).toBe(false);
  });
});
