import { describe, expect, it } from 'vitest';
import { newTransactionId } from '#/features/checkout/transaction.ts';
import { readUiConfig } from './ui-config.ts';

describe('SPEC §3 uiConfig from the environment', () => {
  it('defaults to no KCS prefix and coins on', () => {
    expect(readUiConfig({})).toEqual({ isKcs: false, enableCoinsFeature: true });
  });
  it('reads UI_IS_KCS and UI_ENABLE_COINS', () => {
    expect(readUiConfig({ UI_IS_KCS: '1', UI_ENABLE_COINS: 'false' })).toEqual({ isKcs: true, enableCoinsFeature: false });
  });
  it('gives kcs- transaction ids on the KCS channel (SPEC §9)', () => {
    expect(newTransactionId(readUiConfig({ UI_IS_KCS: 'true' }), () => 'abc')).toBe('kcs-abc');
    expect(newTransactionId(readUiConfig({}), () => 'abc')).toBe('abc');
  });
});
