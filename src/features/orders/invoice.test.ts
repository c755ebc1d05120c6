import { describe, expect, it } from 'vitest';
import {
  complaintCreditNoteOf,
  creditNoteOf,
  documentNumber,
  fiscalYear,
  invoiceOf,
  splitTax,
  supplyOf,
  taxableWithin,
  type BreakupLine,
  type TaxClass,
} from './invoice.ts';

const line = (type: string, itemId: string, value: string, extra: Partial<BreakupLine> = {}): BreakupLine => ({
  '@ondc/org/item_id': itemId,
  '@ondc/org/title_type': type,
  title: extra.title ?? type,
  price: { currency: 'INR', value } as { value: string },
  ...extra,
});

const restaurant: BreakupLine[] = [
  line('item', 'paneer', '360.00', { title: 'Paneer tikka', '@ondc/org/item_quantity': { count: 2 }, item: { price: { value: '180.00' } } }),
  line('item', 'naan', '45.00', { title: 'Butter naan', '@ondc/org/item_quantity': { count: 1 }, item: { price: { value: '45.00' } } }),
  line('discount', 'paneer', '-36.00'),
  line('tax', 'paneer', '16.20'),
  line('tax', 'naan', '2.25'),
  line('packing', 'F1', '20.00'),
  line('misc', 'F1', '5.00'),
  line('delivery', 'F1', '30.00'),
];
const SAC: TaxClass = { hsn: '996331', ratePercent: 5 };
const dishes = new Map([
  ['paneer', SAC],
  ['naan', SAC],
]);

const grocery: BreakupLine[] = [
  line('item', 'atta', '289.50', { title: 'Atta 5 kg', '@ondc/org/item_quantity': { count: 1 }, item: { price: { value: '289.50' } } }),
  line('item', 'cola', '80.00', { title: 'Cola 750 ml', '@ondc/org/item_quantity': { count: 2 }, item: { price: { value: '40.00' } } }),
  line('item', 'tomato', '33.00', { title: 'Tomato 500 g', '@ondc/org/item_quantity': { count: 1 }, item: { price: { value: '33.00' } } }),
  line('delivery', 'F1', '25.00'),
];
const goods = new Map<string, TaxClass>([
  ['atta', { hsn: '1101', ratePercent: 5 }],
  ['cola', { hsn: '2202', ratePercent: 40 }],
  ['tomato', { hsn: '0709', ratePercent: 0 }],
]);

const sumOf = (invoice: ReturnType<typeof invoiceOf>) =>
  invoice.lines.reduce((s, l) => s + l.totalPaise, 0) + invoice.charges.reduce((s, c) => s + c.totalPaise, 0) - invoice.buyerDiscountPaise;

describe('invoiceOf', () => {
  it('puts a restaurant dish, its discount and its stated 5 % GST on one line with its SAC, split CGST + SGST within the state', () => {
    const invoice = invoiceOf(restaurant, 44245, { intraState: true, taxClasses: dishes });
    expect(invoice.lines).toEqual([
      {
        itemId: 'paneer',
        title: 'Paneer tikka',
        quantity: 2,
        unitPaise: 18000,
        hsn: '996331',
        ratePercent: 5,
        taxablePaise: 32400,
        taxPaise: 1620,
        cgstPaise: 810,
        sgstPaise: 810,
        igstPaise: 0,
        taxIncluded: false,
        totalPaise: 34020,
      },
      {
        itemId: 'naan',
        title: 'Butter naan',
        quantity: 1,
        unitPaise: 4500,
        hsn: '996331',
        ratePercent: 5,
        taxablePaise: 4500,
        taxPaise: 225,
        cgstPaise: 112,
        sgstPaise: 113,
        igstPaise: 0,
        taxIncluded: false,
        totalPaise: 4725,
      },
    ]);
    expect(invoice.charges).toEqual([
      // ₹20 shared 17.56 + 2.44 by taxable value (324 : 45); each share holds 5 %: 16.72 + 0.84, 2.32 + 0.12.
      { title: 'Packing', totalPaise: 2000, taxed: true, ratePercent: 5, taxablePaise: 1904, taxPaise: 96, cgstPaise: 48, sgstPaise: 48, igstPaise: 0 },
      { title: 'Convenience fee', totalPaise: 500, taxed: true, ratePercent: 5, taxablePaise: 476, taxPaise: 24, cgstPaise: 11, sgstPaise: 13, igstPaise: 0 },
      { title: 'Delivery', totalPaise: 3000, taxed: true, ratePercent: 5, taxablePaise: 2858, taxPaise: 142, cgstPaise: 70, sgstPaise: 72, igstPaise: 0 },
    ]);
    expect(invoice).toMatchObject({ buyerDiscountPaise: 0, cgstPaise: 922 + 129, sgstPaise: 923 + 133, igstPaise: 0 });
    expect(invoice.hsnSummary).toEqual([
      { hsn: '996331', ratePercent: 5, taxablePaise: 36900 + 1904 + 476 + 2858, cgstPaise: 1051, sgstPaise: 1056, igstPaise: 0 },
    ]);
    expect(sumOf(invoice)).toBe(invoice.totalPaise);
    // The GST summary adds up to what was paid: taxable value plus tax.
    const summed = invoice.hsnSummary.reduce((n, row) => n + row.taxablePaise + row.cgstPaise + row.sgstPaise + row.igstPaise, 0);
    expect(summed).toBe(invoice.totalPaise);
  });

  it('issue 29: names the seller’s "Tip" line as the rider’s tip, not a convenience fee', () => {
    const invoice = invoiceOf(
      [line('item', 'atta', '289.50', { '@ondc/org/item_quantity': { count: 1 } }), line('misc', 'F1', '5.00'), line('misc', 'F1', '20.00', { title: 'Tip' })],
      31450,
    );
    expect(invoice.charges).toEqual([
      // The atta's rate is not known here, so neither is the GST in the fee; the tip holds none.
      { title: 'Convenience fee', totalPaise: 500, taxed: false },
      { title: 'Rider tip', totalPaise: 2000, taxed: false },
    ]);
    expect(invoice.buyerDiscountPaise).toBe(0);
  });

  it('issue 29: a tip is no supply of the store’s and holds no GST, beside a fee that does', () => {
    const invoice = invoiceOf([line('item', 'atta', '105.00'), line('misc', 'F1', '21.00'), line('misc', 'F1', '20.00', { title: 'Tip' })], 14600, {
      intraState: true,
      taxClasses: new Map([['atta', { hsn: '1101', ratePercent: 5 }]]),
    });
    expect(invoice.charges).toEqual([
      {
        title: 'Convenience fee',
        totalPaise: 2100,
        taxed: true,
        ratePercent: 5,
        taxablePaise: 2000,
        taxPaise: 100,
        cgstPaise: 50,
        sgstPaise: 50,
        igstPaise: 0,
      },
      { title: 'Rider tip', totalPaise: 2000, taxed: false },
    ]);
    expect(invoice.hsnSummary).toEqual([{ hsn: '1101', ratePercent: 5, taxablePaise: 10000 + 2000, cgstPaise: 250 + 50, sgstPaise: 250 + 50, igstPaise: 0 }]);
  });

  it('takes the GST out of an MRP price at the catalogue rate, across states as IGST, and still adds up to the paisa paid', () => {
    const invoice = invoiceOf(grocery, 37750, { intraState: false, taxClasses: goods });
    expect(invoice.lines.map((l) => [l.hsn, l.ratePercent, l.taxablePaise, l.taxPaise, l.igstPaise, l.cgstPaise, l.totalPaise])).toEqual([
      // 289.50 × 100 / 105 = 275.714… → 275.71; the tax is the rest.
      ['1101', 5, 27571, 1379, 1379, 0, 28950],
      // 80.00 × 100 / 140 = 57.142… → 57.14.
      ['2202', 40, 5714, 2286, 2286, 0, 8000],
      ['0709', 0, 3300, 0, 0, 0, 3300],
    ]);
    expect(invoice.lines.every((l) => l.taxIncluded)).toBe(true);
    // Delivery ₹25 shared by taxable value, 18.84 + 3.90 + 2.26, each share at its goods' rate:
    // 17.94 at 5 %, 2.79 at 40 %, 2.26 at 0 %; several rates, so none is named for the charge.
    expect(invoice.charges).toEqual([
      { title: 'Delivery', totalPaise: 2500, taxed: true, ratePercent: null, taxablePaise: 2299, taxPaise: 201, cgstPaise: 0, sgstPaise: 0, igstPaise: 201 },
    ]);
    expect(invoice.hsnSummary.map((row) => [row.hsn, row.taxablePaise, row.igstPaise])).toEqual([
      ['1101', 27571 + 1794, 1379 + 90],
      ['2202', 5714 + 279, 2286 + 111],
      ['0709', 3300 + 226, 0],
    ]);
    expect(invoice).toMatchObject({ igstPaise: 3665 + 201, cgstPaise: 0, sgstPaise: 0, buyerDiscountPaise: 5000 });
    expect(sumOf(invoice)).toBe(37750);
  });

  it('leaves an item the catalogue does not classify as tax-inclusive without HSN, never inventing a rate', () => {
    const invoice = invoiceOf([line('item', 'atta', '289.50', { '@ondc/org/item_quantity': { count: 1 } }), line('delivery', 'F1', '25.00')], 26450);
    expect(invoice.lines[0]).toMatchObject({ hsn: null, ratePercent: null, taxablePaise: 28950, taxPaise: 0, taxIncluded: true, totalPaise: 28950 });
    expect(invoice.buyerDiscountPaise).toBe(5000);
  });

  it('shares a tax line that names the fulfillment (retail 1.2.5) over the dishes as their stated GST, never as a charge on top', () => {
    // The restaurant's quote with its GST stated once for the whole delivery, as 1.2.5 names it.
    const perFulfillment = [...restaurant.filter((l) => l['@ondc/org/title_type'] !== 'tax'), line('tax', 'F1', '18.45', { title: 'Tax' })];
    const invoice = invoiceOf(perFulfillment, 44245, { intraState: true, taxClasses: dishes });
    // ₹18.45 over 324 : 45 of value: 16.20 and 2.25, the same 5 % the item-level lines stated.
    expect(invoice.lines.map((l) => [l.itemId, l.taxablePaise, l.taxPaise, l.taxIncluded, l.ratePercent])).toEqual([
      ['paneer', 32400, 1620, false, 5],
      ['naan', 4500, 225, false, 5],
    ]);
    expect(invoice.charges.map((c) => c.title)).toEqual(['Packing', 'Convenience fee', 'Delivery']);
    expect(invoice).toMatchObject({ buyerDiscountPaise: 0, cgstPaise: 922 + 129, sgstPaise: 923 + 133 });
    expect(sumOf(invoice)).toBe(invoice.totalPaise);
  });

  it('takes a discount that names the fulfillment (retail 1.2.5) off the dishes by value, before their GST', () => {
    // Our 1.2.5 restaurant's quote: the offer shared by value over both dishes, then 5 % on what is left.
    const itemLevel = [
      ...restaurant.filter((l) => !['discount', 'tax'].includes(l['@ondc/org/title_type'] ?? '')),
      line('discount', 'paneer', '-32.00'),
      line('discount', 'naan', '-4.00'),
      line('tax', 'paneer', '16.40'),
      line('tax', 'naan', '2.05'),
    ];
    const perFulfillment = [
      ...restaurant.filter((l) => !['discount', 'tax'].includes(l['@ondc/org/title_type'] ?? '')),
      line('discount', 'F1', '-36.00', { title: 'Discount' }),
      line('tax', 'F1', '18.45', { title: 'Tax' }),
    ];
    const shape = (breakup: BreakupLine[]) => {
      const invoice = invoiceOf(breakup, 44245, { intraState: true, taxClasses: dishes });
      expect(sumOf(invoice)).toBe(invoice.totalPaise);
      return { lines: invoice.lines.map((l) => [l.itemId, l.taxablePaise, l.taxPaise]), charges: invoice.charges.map((c) => c.title) };
    };
    expect(shape(perFulfillment)).toEqual(shape(itemLevel));
    expect(shape(perFulfillment).lines).toEqual([
      ['paneer', 32800, 1640],
      ['naan', 4100, 205],
    ]);
    expect(shape(perFulfillment).charges).toEqual(['Packing', 'Convenience fee', 'Delivery']);
  });

  it('keeps a tax line it cannot place on any goods as a charge, so the invoice still adds up', () => {
    const invoice = invoiceOf([line('delivery', 'F1', '30.00'), line('tax', 'F1', '1.50', { title: 'Tax' })], 3150);
    expect(invoice.charges.map((c) => [c.title, c.totalPaise])).toEqual([
      ['Delivery', 3000],
      ['Tax', 150],
    ]);
    expect(sumOf(invoice)).toBe(3150);
  });

  it('refuses a quote worth less than was paid', () => {
    expect(() => invoiceOf([line('item', 'atta', '100.00')], 10001)).toThrow(RangeError);
  });
});

describe('tax split rules', () => {
  it('rounds the taxable value inside a price to the nearest paisa, a half paisa up', () => {
    expect(taxableWithin(10500, 5)).toBe(10000);
    expect(taxableWithin(28950, 5)).toBe(27571);
    // 0.21 / 1.05 = 0.2 exactly; 0.01 / 1.18 = 0.0084… → 0.01; 0.03 / 1.2 = 0.025 → 0.03 (half up).
    expect(taxableWithin(21, 5)).toBe(20);
    expect(taxableWithin(1, 18)).toBe(1);
    expect(taxableWithin(3, 20)).toBe(3);
    expect(taxableWithin(5000, 0)).toBe(5000);
    expect(taxableWithin(-10500, 5)).toBe(-10000);
  });
  it('halves tax into CGST and SGST within the state, the odd paisa to SGST, and is all IGST across states', () => {
    expect(splitTax(1001, true)).toEqual({ cgstPaise: 500, sgstPaise: 501, igstPaise: 0 });
    expect(splitTax(1001, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 1001 });
    expect(splitTax(0, true)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });
  it('supplies where the delivery ends: intra-state only when both states are known and the same', () => {
    expect(supplyOf('Karnataka', 'karnataka ')).toEqual({ placeOfSupply: { state: 'karnataka', code: '29' }, intraState: true });
    expect(supplyOf('Delhi', 'Haryana')).toEqual({ placeOfSupply: { state: 'Haryana', code: '06' }, intraState: false });
    expect(supplyOf('Jammu & Kashmir', 'Jammu and Kashmir')).toMatchObject({ intraState: true, placeOfSupply: { code: '01' } });
    expect(supplyOf('Karnataka', 'Atlantis')).toEqual({ placeOfSupply: { state: 'Atlantis', code: null }, intraState: false });
    expect(supplyOf('Karnataka', undefined)).toEqual({ placeOfSupply: null, intraState: false });
    expect(supplyOf(null, null).intraState).toBe(false);
  });
});

describe('creditNoteOf', () => {
  it('reverses the units a store cut with the tax they carried, and matches the refund to the paisa', () => {
    const invoice = invoiceOf(grocery, 37750, { intraState: true, taxClasses: goods });
    const note = creditNoteOf([{ type: 'item', itemId: 'cola', valuePaise: -4000 }], 4000, invoice, goods);
    expect(note.lines).toEqual([
      {
        itemId: 'cola',
        title: 'Cola 750 ml',
        quantity: 1,
        unitPaise: 4000,
        hsn: '2202',
        ratePercent: 40,
        taxablePaise: 2857,
        taxPaise: 1143,
        cgstPaise: 571,
        sgstPaise: 572,
        igstPaise: 0,
        taxIncluded: true,
        totalPaise: 4000,
      },
    ]);
    expect(note.totalPaise).toBe(4000);
    expect(sumOf(note)).toBe(4000);
  });

  it('reverses a restaurant line with its discount and stated tax, and shows the coupon kept when the refund is capped at what was paid', () => {
    const invoice = invoiceOf(restaurant, 40000, { intraState: false, taxClasses: dishes });
    const trail = [
      { type: 'item', itemId: 'paneer', valuePaise: -36000 },
      { type: 'discount', itemId: 'paneer', valuePaise: 3600 },
      { type: 'tax', itemId: 'paneer', valuePaise: -1620 },
      { type: 'packing', itemId: 'F1', valuePaise: -2000 },
    ];
    const note = creditNoteOf(trail, 35000, invoice, dishes);
    expect(note.lines[0]).toMatchObject({ quantity: 2, hsn: '996331', taxablePaise: 32400, taxPaise: 1620, igstPaise: 1620, totalPaise: 34020 });
    // The packing given back holds its GST as it was charged: shared over the invoice's dishes.
    expect(note.charges).toEqual([
      { title: 'Packing', totalPaise: 2000, taxed: true, ratePercent: 5, taxablePaise: 1904, taxPaise: 96, cgstPaise: 0, sgstPaise: 0, igstPaise: 96 },
    ]);
    expect(note.igstPaise).toBe(1620 + 96);
    expect(note.buyerDiscountPaise).toBe(1020);
    expect(sumOf(note)).toBe(35000);
  });

  it('refuses a refund larger than what its trail took out', () => {
    const invoice = invoiceOf(grocery, 37750, { intraState: true, taxClasses: goods });
    expect(() => creditNoteOf([{ type: 'item', itemId: 'cola', valuePaise: -4000 }], 4001, invoice, goods)).toThrow(RangeError);
  });
});

describe('document numbers', () => {
  it('runs by India’s financial year, April to March in IST', () => {
    expect(fiscalYear('2026-11-24T10:00:00.000Z')).toBe('26-27');
    expect(fiscalYear('2027-03-31T18:29:59.000Z')).toBe('26-27');
    expect(fiscalYear('2027-03-31T18:30:00.000Z')).toBe('27-28');
    expect(fiscalYear('2100-01-01T00:00:00.000Z')).toBe('99-00');
  });
  it('is a serial within CGST rule 46’s 16 characters of letters, digits, - and /, invoices and credit notes apart', () => {
    expect(documentNumber('invoice', '26-27', 42)).toBe('KI/26-27/000042');
    expect(documentNumber('credit_note', '26-27', 1)).toBe('KC/26-27/000001');
    expect(documentNumber('invoice', '26-27', 999_999)).toMatch(/^[A-Z0-9/-]{1,16}$/);
    expect(() => documentNumber('invoice', '26-27', 0)).toThrow(RangeError);
  });
});

describe('complaintCreditNoteOf', () => {
  it('reverses a complaint’s refund over the items it named, by their totals, each share holding GST at its line’s rate', () => {
    const invoice = invoiceOf(grocery, 37750, { intraState: true, taxClasses: goods });
    // ₹80 back for the two colas (40 % GST): all of it on the cola line, 57.14 taxable and 22.86 tax.
    const note = complaintCreditNoteOf(invoice, [{ itemId: 'cola', quantity: 2 }], 8000, goods);
    expect(note.lines).toEqual([
      {
        itemId: 'cola',
        title: 'Cola 750 ml',
        quantity: 2,
        unitPaise: null,
        hsn: '2202',
        ratePercent: 40,
        taxablePaise: 5714,
        taxPaise: 2286,
        cgstPaise: 1143,
        sgstPaise: 1143,
        igstPaise: 0,
        taxIncluded: true,
        totalPaise: 8000,
      },
    ]);
    expect(note).toMatchObject({ totalPaise: 8000, buyerDiscountPaise: 0, charges: [] });
    expect(sumOf(note)).toBe(8000);
  });

  it('shares a refund for the order as a whole over every line, to the paisa', () => {
    const invoice = invoiceOf(grocery, 37750, { intraState: false, taxClasses: goods });
    const note = complaintCreditNoteOf(invoice, [], 1500, goods);
    // ₹15 by 289.50 : 80.00 : 33.00 → 10.7888… + 2.9813… + 1.2298…: 10.79 + 2.98 + 1.23 (largest remainder).
    expect(note.lines.map((l) => [l.itemId, l.totalPaise, l.taxablePaise, l.igstPaise])).toEqual([
      ['atta', 1079, 1028, 51],
      ['cola', 298, 213, 85],
      ['tomato', 123, 123, 0],
    ]);
    expect(note.igstPaise).toBe(51 + 85);
    expect(sumOf(note)).toBe(1500);
  });

  it('refuses a refund it has nothing to share over', () => {
    expect(() => complaintCreditNoteOf(invoiceOf([], 0), [], 100)).toThrow(RangeError);
  });
});
