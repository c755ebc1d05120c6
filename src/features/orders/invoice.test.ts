import { describe, expect, it } from 'vitest';
import { gstSplit, invoiceNumber, invoiceOf, type BreakupLine } from './invoice.ts';

const line = (type: string, itemId: string, value: string, extra: Partial<BreakupLine> = {}): BreakupLine => ({
  '@ondc/org/item_id': itemId,
  '@ondc/org/title_type': type,
  title: extra.title ?? type,
  price: { currency: 'INR', value } as { value: string },
  ...extra,
});

describe('invoiceOf', () => {
  it('puts a restaurant dish, its discount and its 5 % GST on one line, charges apart, and adds up to the paisa', () => {
    const invoice = invoiceOf(
      [
        line('item', 'paneer', '360.00', { title: 'Paneer tikka', '@ondc/org/item_quantity': { count: 2 }, item: { price: { value: '180.00' } } }),
        line('item', 'naan', '45.00', { title: 'Butter naan', '@ondc/org/item_quantity': { count: 1 }, item: { price: { value: '45.00' } } }),
        line('discount', 'paneer', '-36.00'),
        line('tax', 'paneer', '16.20'),
        line('tax', 'naan', '2.25'),
        line('packing', 'F1', '20.00'),
        line('misc', 'F1', '5.00'),
        line('delivery', 'F1', '30.00'),
      ],
      44245,
    );
    expect(invoice.lines).toEqual([
      { itemId: 'paneer', title: 'Paneer tikka', quantity: 2, unitPaise: 18000, taxablePaise: 32400, taxPaise: 1620, taxIncluded: false, totalPaise: 34020 },
      { itemId: 'naan', title: 'Butter naan', quantity: 1, unitPaise: 4500, taxablePaise: 4500, taxPaise: 225, taxIncluded: false, totalPaise: 4725 },
    ]);
    expect(invoice.charges).toEqual([
      { title: 'Packing', totalPaise: 2000 },
      { title: 'Convenience fee', totalPaise: 500 },
      { title: 'Delivery', totalPaise: 3000 },
    ]);
    expect(invoice.buyerDiscountPaise).toBe(0);
    const sum = invoice.lines.reduce((s, l) => s + l.totalPaise, 0) + invoice.charges.reduce((s, c) => s + c.totalPaise, 0) - invoice.buyerDiscountPaise;
    expect(sum).toBe(invoice.totalPaise);
  });

  it('keeps grocery prices as tax-inclusive and shows the buyer app’s coupon as its own discount', () => {
    const invoice = invoiceOf([line('item', 'atta', '289.50', { '@ondc/org/item_quantity': { count: 1 } }), line('delivery', 'F1', '25.00')], 26450);
    expect(invoice.lines[0]).toMatchObject({ taxablePaise: 28950, taxPaise: 0, taxIncluded: true, totalPaise: 28950 });
    expect(invoice.buyerDiscountPaise).toBe(5000);
    expect(invoice.totalPaise).toBe(26450);
  });

  it('refuses a quote worth less than was paid', () => {
    expect(() => invoiceOf([line('item', 'atta', '100.00')], 10001)).toThrow(RangeError);
  });
});

describe('invoiceNumber', () => {
  it('is stable for an order and carries its date', () => {
    expect(invoiceNumber('ord-9f1c2d3e4b5a6978', '2026-11-24T10:00:00.000Z')).toBe('KIR-20261124-2D3E4B5A6978');
  });
});

describe('issue 29 GST split and place of supply', () => {
  it('splits tax into CGST and SGST within the store’s state, the odd paisa to SGST', () => {
    expect(gstSplit('Karnataka', 'karnataka ', 1001)).toEqual({ placeOfSupply: { state: 'karnataka', code: '29' }, intraState: true, cgstPaise: 500, sgstPaise: 501, igstPaise: 0 });
  });
  it('is IGST across states, supplied where the delivery ends', () => {
    expect(gstSplit('Delhi', 'Haryana', 1800)).toEqual({ placeOfSupply: { state: 'Haryana', code: '06' }, intraState: false, cgstPaise: 0, sgstPaise: 0, igstPaise: 1800 });
  });
  it('reads "&" as "and" in state names, and keeps an unknown state without a code', () => {
    expect(gstSplit('Jammu & Kashmir', 'Jammu and Kashmir', 10)).toMatchObject({ intraState: true, placeOfSupply: { code: '01' } });
    expect(gstSplit('Karnataka', 'Atlantis', 10)).toMatchObject({ intraState: false, placeOfSupply: { state: 'Atlantis', code: null }, igstPaise: 10 });
  });
  it('has no place of supply without a delivery state, and never calls that intra-state', () => {
    expect(gstSplit('Karnataka', undefined, 10)).toMatchObject({ placeOfSupply: null, intraState: false, igstPaise: 10 });
    expect(gstSplit(null, null, 0)).toMatchObject({ intraState: false });
  });
});
