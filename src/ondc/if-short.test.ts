import { describe, expect, it } from 'vitest';
import { honoursCancelIfShort, ifShortCatalogueValue, ifShortOfTags, ifShortTags } from './if-short.ts';

describe('what the shopper wants when something runs out (issue 29)', () => {
  it('is an order tag only when the shopper would rather have no order', () => {
    expect(ifShortTags('cancel_order')).toEqual([{ code: 'if_short', list: [{ code: 'choice', value: 'cancel_order' }] }]);
    expect(ifShortTags('leave_out')).toEqual([]);
  });
  it('reads back among the other order tags, and as leaving out when absent or unknown', () => {
    expect(ifShortOfTags([{ code: 'bap_terms', list: [] }, ...ifShortTags('cancel_order')])).toBe('cancel_order');
    expect(ifShortOfTags(undefined)).toBe('leave_out');
    expect(ifShortOfTags([{ code: 'if_short', list: [{ code: 'choice', value: 'replace' }] }])).toBe('leave_out');
    expect(ifShortOfTags([{ code: 'if_short', list: 'cancel_order' }])).toBe('leave_out');
  });
  it('is honoured by a store whose catalogue lists cancelling, and only then', () => {
    expect(honoursCancelIfShort(ifShortCatalogueValue(true))).toBe(true);
    expect(honoursCancelIfShort(ifShortCatalogueValue(false))).toBe(false);
    expect(honoursCancelIfShort(' leave_out , cancel_order ')).toBe(true);
    expect(honoursCancelIfShort(null)).toBe(false);
  });
});
