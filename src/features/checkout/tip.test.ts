import { describe, expect, it } from 'vitest';
import { tipChoiceSchema } from './tip.ts';

describe('the tips a shopper picks from (issue 29)', () => {
  it('are ₹0, ₹20, ₹30 and ₹50, in paise once read', () => {
    expect([0, 20, 30, 50].map((rupees) => tipChoiceSchema.parse(rupees))).toEqual([0, 2000, 3000, 5000]);
  });
  it('are nothing else: no other amount, no negative, no fraction, no text', () => {
    for (const bad of [25, -20, 20.5, 5000, '20', null]) expect(tipChoiceSchema.safeParse(bad).success, String(bad)).toBe(false);
    expect(tipChoiceSchema.safeParse(25).error?.issues[0]?.message).toBe('A tip is one of ₹0, ₹20, ₹30, ₹50');
  });
});
