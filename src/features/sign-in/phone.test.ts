import { describe, expect, it } from 'vitest';
import { displayPhone, normaliseIndianMobile, phoneSchema } from './phone.ts';

describe('issue 29: an Indian mobile number, however the shopper writes it', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['0091 98765-43210', '9876543210'],
    ['09876543210', '9876543210'],
    ['(+91) 98765.43210', '9876543210'],
    ['  6000000000 ', '6000000000'],
    ['९८७६५४३२१०', '9876543210'],
    // Ten digits that begin with 91 are a number, not a prefix.
    ['9198765432', '9198765432'],
  ])('%s is %s', (input, phone) => {
    expect(normaliseIndianMobile(input)).toBe(phone);
  });

  it.each([
    ['a first digit below 6', '5876543210'],
    ['a Delhi landline with its STD code', '011 2345 6789'],
    ['nine digits', '987654321'],
    ['eleven digits', '98765432100'],
    ['another country', '+1 415 555 0100'],
    ['letters', '98765abcde'],
    ['+91 and then too few digits', '+91 98765'],
    ['empty', ''],
  ])('refuses %s', (_, input) => {
    expect(normaliseIndianMobile(input)).toBeNull();
  });

  it('the schema hands the ten digits on and refuses anything else with the message the page shows', () => {
    expect(phoneSchema.parse('+91 98765 43210')).toBe('9876543210');
    const refused = phoneSchema.safeParse('12345');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Enter a 10-digit Indian mobile number');
    expect(phoneSchema.safeParse(9876543210).success).toBe(false);
    expect(phoneSchema.safeParse('9'.repeat(40)).success).toBe(false);
  });

  it('is shown back as +91 and two groups of five', () => {
    expect(displayPhone('9876543210')).toBe('+91 98765 43210');
  });
});
