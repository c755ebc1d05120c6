import { describe, expect, it } from 'vitest';
import { newTransactionId } from './transaction.ts';

describe('SPEC §9 transaction id', () => {
  it("is prefixed 'kcs-' when uiConfig.isKcs is set", () => expect(newTransactionId({ isKcs: true }, () => 'abc')).toBe('kcs-abc'));
  it('is the bare id otherwise', () => expect(newTransactionId({ isKcs: false }, () => 'abc')).toBe('abc'));
  it('is a fresh UUID each time', () => {
    const a = newTransactionId({});
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(newTransactionId({})).not.toBe(a);
  });
  it('fits the select request transaction_id rule', () => expect(newTransactionId({ isKcs: true })).toMatch(/^[A-Za-z0-9-]{8,64}$/));
});
