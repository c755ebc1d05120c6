import { describe, it, expect } from 'vitest';
import {
  CANCELLATION_REASONS,
  INIT_ITEM_ERROR_CODES,
  NETWORK_ERROR_CODES,
  RETURN_REASONS,
  SERVICEABILITY_CODES,
  errorMessage,
  refusedOrderMessage,
} from './error-codes.ts';
import { en } from '#/features/i18n/en.ts';

describe('network error-code table (ONDC-RFC-001, ondc-notes §2)', () => {
  it('holds all 124 codes, 10000 to 66005', () => {
    const codes = [...NETWORK_ERROR_CODES.keys()].map(Number).sort((a, b) => a - b);
    expect(codes).toHaveLength(124);
    expect(codes[0]).toBe(10000);
    expect(codes.at(-1)).toBe(66005);
  });

  it('includes the codes the older RET-Spec list lacks', () => {
    for (const code of ['40012', '41002', '61002', '61003', '61004', '62512', '62513', '65005']) {
      expect(NETWORK_ERROR_CODES.has(code)).toBe(true);
    }
  });

  it.each([
    ['10002', 'gateway', 'Invalid City Code'],
    ['20009', 'buyer-app', 'Timeout'],
    ['22503', 'buyer-app', 'Cancellation unacceptable'],
    ['27501', 'buyer-app', 'Terms and Conditions unacceptable'],
    ['30005', 'seller-app', 'Invalid return request'],
    ['30009', 'seller-app', 'Location Serviceability error'],
    ['40002', 'seller-app', 'Item quantity unavailable'],
    ['50008', 'seller-app', 'Fulfillment cannot be updated'],
    ['60003', 'logistics-provider', 'Location Serviceability Error'],
    ['61004', 'logistics-provider', 'LSP Requests LBNP for Support Callback'],
    ['66005', 'logistics-provider', 'Quote unavailable'],
    ['62513', 'logistics-buyer', 'Delivery status rejected'],
    ['64002', 'logistics-buyer', 'Order validation failure'],
  ])('%s is %s: %s', (code, group, message) => {
    expect(NETWORK_ERROR_CODES.get(code)).toEqual({ code, group, message });
  });

  it('puts each code range in its group', () => {
    const groupOf = (code: number): string => {
      if (code < 20000) return 'gateway';
      if (code < 30000) return 'buyer-app';
      if (code < 60000) return 'seller-app';
      if (code >= 62500 && code < 65000) return 'logistics-buyer';
      return 'logistics-provider';
    };
    for (const entry of NETWORK_ERROR_CODES.values()) {
      expect([entry.code, entry.group]).toEqual([entry.code, groupOf(Number(entry.code))]);
    }
  });
});

describe('errorMessage (SPEC §8 network error-code table)', () => {
  it('says the location is not serviceable for 30008-30010 and 60001-60003', () => {
    for (const code of ['30008', '30009', '30010', '60001', '60002', '60003']) {
      expect(errorMessage(code, { appType: 'retail' })).toBe('Your location is not serviceable');
    }
  });

  it('says there are no delivery partners for 30011 and 60004', () => {
    expect(errorMessage('30011', { appType: 'retail' })).toBe('No delivery partners are available right now');
    expect(errorMessage(60004, { appType: 'food' })).toBe('No delivery partners are available right now');
  });

  it('says the restaurant is not taking orders, or the store for retail', () => {
    expect(errorMessage('30017', { appType: 'food' })).toBe('The restaurant is not taking orders right now');
    expect(errorMessage('30017', { appType: 'retail' })).toBe('The store is not taking orders right now');
  });

  it('uses the network Message for other known codes', () => {
    expect(errorMessage('30023', { appType: 'retail' })).toBe('Minimum order value error');
    expect(errorMessage(40002, { appType: 'retail' })).toBe('Item quantity unavailable');
  });

  it('says a refused order was not taken because something ran out (issue 29), in the words the Hindi catalogue translates', () => {
    expect(refusedOrderMessage('40002', { appType: 'retail' })).toBe(en.spec.orderRefusedShort);
    expect(refusedOrderMessage(40002, { appType: 'food' })).toBe(en.spec.orderRefusedShortFood);
    expect(refusedOrderMessage('30017', { appType: 'retail' })).toBe(errorMessage('30017', { appType: 'retail' }));
  });

  it('says something went wrong, with the code, for an unknown code', () => {
    expect(errorMessage('99999', { appType: 'retail' })).toBe('Something went wrong (99999)');
    expect(errorMessage(31004, { appType: 'food' })).toBe('Something went wrong (31004)');
  });
});

describe('code sets (SPEC §8 serviceability and init errors)', () => {
  it('SERVICEABILITY_CODES are exactly the eight location and partner codes', () => {
    expect([...SERVICEABILITY_CODES].sort()).toEqual(['30008', '30009', '30010', '30011', '60001', '60002', '60003', '60004']);
  });

  it('INIT_ITEM_ERROR_CODES are exactly the five item codes', () => {
    expect([...INIT_ITEM_ERROR_CODES].sort()).toEqual(['20005', '21002', '21003', '30004', '40002']);
  });

  it('every code in both sets is in the network table', () => {
    for (const code of [...SERVICEABILITY_CODES, ...INIT_ITEM_ERROR_CODES]) {
      expect(NETWORK_ERROR_CODES.has(code)).toBe(true);
    }
  });
});

describe('cancellation reasons (SPEC §8 reasons)', () => {
  it('are 001, 003, 006, 009, 010 and 999', () => {
    expect(CANCELLATION_REASONS.map((reason) => reason.id)).toEqual(['001', '003', '006', '009', '010', '999']);
  });

  it('offer the shopper all but 999, which the app keeps for a failed confirm', () => {
    expect(CANCELLATION_REASONS.filter((reason) => !reason.shopperSelectable).map((reason) => reason.id)).toEqual(['999']);
  });

  it('carry the network texts', () => {
    expect(CANCELLATION_REASONS.find((reason) => reason.id === '006')?.text).toBe('Order / fulfillment not received as per buyer app TAT SLA');
  });
});

describe('return reasons (SPEC §8 reasons)', () => {
  it('are 001 to 005', () => {
    expect(RETURN_REASONS.map((reason) => reason.id)).toEqual(['001', '002', '003', '004', '005']);
  });

  it('allow only damaged, wrong quantity and wrong product for non-returnable items', () => {
    expect(RETURN_REASONS.filter((reason) => reason.allowedWhenNonReturnable).map((reason) => reason.id)).toEqual(['003', '004', '005']);
  });
});
