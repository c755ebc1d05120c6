import { describe, expect, it } from 'vitest';
import { promiseText } from '#/features/i18n/labels.ts';
import { storePromise } from './promise.ts';

describe('a store’s delivery promise (issue 29)', () => {
  it('is its TAT as SPEC §9 parts when it delivers to the shopper’s pincode', () => {
    expect(storePromise({ tat: 'PT45M', servesPincode: true })).toEqual({ days: 0, hours: 0, minutes: 45, seconds: 0 });
    expect(storePromise({ tat: 'P1DT2H', servesPincode: true })).toEqual({ days: 1, hours: 2, minutes: 0, seconds: 0 });
  });

  it('is nothing where the store does not deliver to the address', () => {
    expect(storePromise({ tat: 'PT45M', servesPincode: false })).toBeNull();
  });

  it('is nothing when the seller states no TAT, or one that is not an ISO duration', () => {
    expect(storePromise({ tat: null, servesPincode: true })).toBeNull();
    expect(storePromise({ tat: '45 minutes', servesPincode: true })).toBeNull();
  });
});

describe('the promise as the shopper reads it', () => {
  it('names the SPEC §9 duration in the page’s language', () => {
    expect(promiseText({ days: 0, hours: 0, minutes: 45, seconds: 0 }, 'en')).toBe('Delivery in 45 minutes');
    expect(promiseText({ days: 0, hours: 1, minutes: 30, seconds: 0 }, 'hi')).toBe('1 घंटा 30 मिनट में डिलीवरी');
  });
});
