import { describe, expect, it } from 'vitest';
import { countdownText, intentExpired, intentReference, paymentIdOfReference, secondsLeft, upiAmount, upiPayLink, upiPayLinkSchema } from './upi-intent.ts';

const PAYMENT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const payee = { vpa: 'kirana@simupi', name: 'Kirana' };

describe('the upi://pay link (NPCI UPI linking specification)', () => {
  it('names the payee, the amount, our reference, the note and INR, in that order', () => {
    expect(upiPayLink({ payee, amountPaise: 93225, paymentId: PAYMENT_ID, note: 'Kirana order' })).toBe(
      'upi://pay?pa=kirana%40simupi&pn=Kirana&am=932.25&tr=0f8fad5bd9cb469fa16570867728950e&tn=Kirana%20order&cu=INR',
    );
  });

  describe('am: rupees with two decimals, exact to the paisa', () => {
    it.each([
      [1, '0.01'],
      [10, '0.10'],
      [100, '1.00'],
      [93225, '932.25'],
      [100_000_00, '100000.00'],
      // 0.1 + 0.2 in rupees is not 0.3 in floating point; paise are whole numbers.
      [30, '0.30'],
    ])('%i paise is %s', (paise, am) => expect(upiAmount(paise)).toBe(am));

    it.each([0, -100, 12.5, Number.NaN])('refuses %s paise: nothing to pay is not a UPI payment', (paise) =>
      expect(() => upiAmount(paise)).toThrow(RangeError),
    );
  });

  it('percent-encodes every value (a space is %20, not +), so a name or note cannot add or change a field', () => {
    const link = upiPayLink({
      payee: { vpa: 'kirana@simupi', name: 'Kirana & Sons #1' },
      amountPaise: 500,
      paymentId: PAYMENT_ID,
      note: 'Order=1&am=1.00 किराना',
    });
    expect(link).toContain('pn=Kirana%20%26%20Sons%20%231&');
    expect(link).toContain('tn=Order%3D1%26am%3D1.00%20%E0%A4%95%E0%A4%BF%E0%A4%B0%E0%A4%BE%E0%A4%A8%E0%A4%BE&');
    expect(link).not.toContain('+');
    // Read back as an app reads it: the same values, and still the one amount.
    expect(upiPayLinkSchema.parse(link)).toEqual({
      payeeVpa: 'kirana@simupi',
      payeeName: 'Kirana & Sons #1',
      amountPaise: 500,
      paymentId: PAYMENT_ID,
      note: 'Order=1&am=1.00 किराना',
    });
  });

  it('tr is our payment id in at most 35 characters, and names it again', () => {
    expect(intentReference(PAYMENT_ID)).toHaveLength(32);
    expect(paymentIdOfReference(intentReference(PAYMENT_ID))).toBe(PAYMENT_ID);
    expect(paymentIdOfReference('ORDER-123')).toBeNull();
  });

  it.each([
    ['another scheme', `https://pay?pa=kirana@simupi&am=1.00&tr=${intentReference(PAYMENT_ID)}&cu=INR`],
    ['no amount', `upi://pay?pa=kirana@simupi&tr=${intentReference(PAYMENT_ID)}&cu=INR`],
    ['an amount with three decimals', `upi://pay?pa=kirana@simupi&am=1.005&tr=${intentReference(PAYMENT_ID)}&cu=INR`],
    ['a zero amount', `upi://pay?pa=kirana@simupi&am=0.00&tr=${intentReference(PAYMENT_ID)}&cu=INR`],
    ['a reference that is not ours', 'upi://pay?pa=kirana@simupi&am=1.00&tr=ORDER123&cu=INR'],
    ['another currency', `upi://pay?pa=kirana@simupi&am=1.00&tr=${intentReference(PAYMENT_ID)}&cu=USD`],
    ['a payee that is not a UPI id', `upi://pay?pa=kirana&am=1.00&tr=${intentReference(PAYMENT_ID)}&cu=INR`],
    ['not a link', 'pay me'],
  ])('is refused when it has %s', (_, link) => expect(upiPayLinkSchema.safeParse(link).success).toBe(false));
});

describe('an intent expires', () => {
  const expiresAt = new Date('2026-11-28T10:05:00Z');
  const at = (iso: string) => Date.parse(iso);

  it('is payable until its time, and not from it on', () => {
    expect(intentExpired(expiresAt, at('2026-11-28T10:04:59.999Z'))).toBe(false);
    expect(intentExpired(expiresAt, at('2026-11-28T10:05:00Z'))).toBe(true);
    expect(intentExpired(expiresAt.toISOString(), at('2026-11-28T10:06:00Z'))).toBe(true);
  });

  it('counts down in whole seconds to 0, never below', () => {
    expect(secondsLeft(expiresAt, at('2026-11-28T10:00:00Z'))).toBe(300);
    expect(secondsLeft(expiresAt, at('2026-11-28T10:04:59.001Z'))).toBe(1);
    expect(secondsLeft(expiresAt, at('2026-11-28T10:07:00Z'))).toBe(0);
  });

  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [61, '1:01'],
    [9, '0:09'],
    [0, '0:00'],
  ])('shows %i s as %s', (seconds, text) => expect(countdownText(seconds)).toBe(text));
});
