import { describe, expect, it } from 'vitest';
import { deliveryAddress, deliveryInstructions, deliveryPromise, paysOnDelivery, riderTipPaise, windowPromise } from './order-view.ts';

const order = (tat?: string) => ({
  fulfillments: [
    {
      type: 'Delivery',
      ...(tat ? { '@ondc/org/TAT': tat } : {}),
      end: {
        person: { name: 'Asha Rao' },
        location: { address: { door: '12', building: 'Lake View Apartments', locality: 'Indiranagar', city: 'std:080', area_code: '560038' } },
      },
    },
  ],
  payment: { type: 'ON-FULFILLMENT', status: 'NOT-PAID' },
});

describe('issue 29 delivery promise (SPEC §9 time estimate)', () => {
  it('is the seller’s TAT counted from when the order was placed', () => {
    const promise = deliveryPromise(order('PT45M'), '2026-11-28T06:00:00.000Z');
    expect(promise?.within).toEqual({ days: 0, hours: 0, minutes: 45, seconds: 0 });
    expect(promise?.expectedBy.toISOString()).toBe('2026-11-28T06:45:00.000Z');
  });
  it('falls back to the store’s listed TAT when the order names none', () => {
    expect(deliveryPromise(order(), '2026-11-28T06:00:00.000Z', 'PT1H30M')?.expectedBy.toISOString()).toBe('2026-11-28T07:30:00.000Z');
  });
  it('promises nothing without a readable TAT', () => {
    expect(deliveryPromise(order('soon'), '2026-11-28T06:00:00.000Z')).toBeNull();
    expect(deliveryPromise(order(), '2026-11-28T06:00:00.000Z')).toBeNull();
    expect(deliveryPromise(null, '2026-11-28T06:00:00.000Z', 'PT30M')).not.toBeNull();
  });
});

describe('issue 29 a delivery window chosen', () => {
  const window = { start: '2026-12-07T12:30:00.000Z', end: '2026-12-07T14:30:00.000Z' };
  it('is the promise until it has ended, started or not', () => {
    expect(windowPromise(window, new Date('2026-12-07T10:00:00.000Z'))).toEqual(window);
    expect(windowPromise(window, new Date('2026-12-07T13:00:00.000Z'))).toEqual(window);
    expect(windowPromise(window, new Date('2026-12-07T14:30:00.000Z'))).toBeNull();
    expect(windowPromise(null, new Date('2026-12-07T10:00:00.000Z'))).toBeNull();
  });
});

describe('issue 29 delivery address and payment mode', () => {
  it('reads the address as one line, the city by name, for whom', () => {
    expect(deliveryAddress(order(), (c) => (c === 'std:080' ? 'Bengaluru' : c))).toEqual({
      name: 'Asha Rao',
      line: '12, Lake View Apartments, Indiranagar, Bengaluru, 560038',
    });
    expect(deliveryAddress({ fulfillments: [] })).toBeNull();
  });
  it('is cash on delivery for ONDC ON-FULFILLMENT only', () => {
    expect(paysOnDelivery(order())).toBe(true);
    expect(paysOnDelivery({ payment: { type: 'ON-ORDER' } })).toBe(false);
    expect(paysOnDelivery(null)).toBe(false);
  });
});

describe('issue 29 delivery instructions on the order', () => {
  const withInstructions = (instructions: unknown) => ({ fulfillments: [{ type: 'Delivery', end: { instructions } as never }] });

  it('are the delivery end’s instructions as the seller’s order carries them', () => {
    expect(deliveryInstructions(withInstructions({ name: 'Delivery instructions', long_desc: 'Ring twice' }))).toBe('Ring twice');
  });

  it('are nothing when the order carries none, or no text', () => {
    expect(deliveryInstructions(order('PT45M'))).toBeNull();
    expect(deliveryInstructions(withInstructions({ long_desc: '  ' }))).toBeNull();
    expect(deliveryInstructions(withInstructions({ long_desc: 42 }))).toBeNull();
    expect(deliveryInstructions(null)).toBeNull();
  });
});

describe('issue 29: the rider’s tip in the confirmed order', () => {
  const line = (title: string, type: string, value: unknown) => ({ title, '@ondc/org/title_type': type, price: { value } });
  it('is the seller’s "Tip" line, in paise', () => {
    expect(riderTipPaise({ quote: { breakup: [line('Atta', 'item', '100.00'), line('Convenience Fee', 'misc', '5.00'), line('Tip', 'misc', '30.00')] } })).toBe(
      3_000,
    );
  });
  it('is nothing without one, or with one that is no amount', () => {
    expect(riderTipPaise({ quote: { breakup: [line('Atta', 'item', '100.00')] } })).toBe(0);
    expect(riderTipPaise({ quote: { breakup: [line('Tip', 'misc', 'thirty'), line('Tip', 'misc', 30)] } })).toBe(0);
    expect(riderTipPaise(null)).toBe(0);
  });
});
