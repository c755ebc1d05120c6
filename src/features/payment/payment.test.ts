import { describe, expect, it } from 'vitest';
import { paymentIdentifierCookieLine, vpaFromCookie } from './payment.ts';

describe('SPEC §7.3 the payment-identifier cookie supplies the UPI id', () => {
  it('reads the UPI id it wrote', () => {
    const line = paymentIdentifierCookieLine('asha@okaxis');
    expect(line).toMatch(/^payment-identifier=asha%40okaxis; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(vpaFromCookie(`a=1; ${line.split(';')[0]}; b=2`)).toBe('asha@okaxis');
  });
  it('is null without the cookie', () => expect(vpaFromCookie('a=1')).toBeNull());
  it('is null when the value is not a UPI id', () => expect(vpaFromCookie('payment-identifier=%E0%A4')).toBeNull());
  it('is null for junk', () => expect(vpaFromCookie('payment-identifier=drop%20table')).toBeNull());
});
