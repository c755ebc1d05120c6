import { describe, expect, it } from 'vitest';
import { needsPhotos, returnableLines, returnRequestProblem, sniffImageType, type OrderLine } from './returns.ts';

const HOUR = 3600 * 1000;
const delivered = Date.parse('2026-11-24T10:00:00Z');
const atta: OrderLine = { itemId: 'atta', title: 'Atta 5 kg', count: 2, returnable: true, returnWindow: 'P1D', alreadyReturned: 0 };
const tomato: OrderLine = { itemId: 'tomato', title: 'Tomato 1 kg', count: 1, returnable: false, returnWindow: 'P0D', alreadyReturned: 0 };

describe('what may go back (SPEC §8 return reasons)', () => {
  it('takes back a returnable item for any reason within its window, a non-returnable one only damaged or wrong', () => {
    const lines = returnableLines([atta, tomato], delivered, delivered + 2 * HOUR);
    expect(lines).toEqual([
      { itemId: 'atta', title: 'Atta 5 kg', quantity: 2, reasons: ['001', '002', '003', '004', '005'] },
      { itemId: 'tomato', title: 'Tomato 1 kg', quantity: 1, reasons: ['003', '004', '005'] },
    ]);
  });
  it('closes with the windows, and counts what already went back', () => {
    expect(returnableLines([atta, tomato], delivered, delivered + 25 * HOUR)).toEqual([
      { itemId: 'atta', title: 'Atta 5 kg', quantity: 2, reasons: [] },
      { itemId: 'tomato', title: 'Tomato 1 kg', quantity: 1, reasons: [] },
    ]);
    expect(returnableLines([{ ...atta, alreadyReturned: 2 }], delivered, delivered + HOUR)).toEqual([]);
  });
  it('needs photos for damaged, wrong-quantity and wrong-product returns only', () => {
    expect(['001', '002', '003', '004', '005'].map((r) => needsPhotos(r as never))).toEqual([false, false, true, true, true]);
  });
});

describe('a return request', () => {
  const lines = returnableLines([atta, tomato], delivered, delivered + HOUR);
  const request = (overrides: object) => ({
    type: 'return' as const,
    order_id: 'O1',
    reason_id: '003' as const,
    items: [{ item_id: 'atta', quantity: 1 }],
    photo_ids: ['p'.repeat(20)],
    ...overrides,
  });
  it('passes when every item may go back for the reason, in that quantity, with its photos', () => {
    expect(returnRequestProblem(request({}), lines)).toBeNull();
  });
  it('names what is wrong', () => {
    expect(returnRequestProblem(request({ items: [{ item_id: 'atta', quantity: 3 }] }), lines)).toBe('At most 2 of Atta 5 kg can be returned');
    expect(returnRequestProblem(request({ reason_id: '001', items: [{ item_id: 'tomato', quantity: 1 }] }), lines)).toBe(
      'Tomato 1 kg cannot be returned for this reason',
    );
    expect(returnRequestProblem(request({ photo_ids: [] }), lines)).toBe('Add a photo of the item for this reason');
    expect(returnRequestProblem(request({ reason_id: '001', photo_ids: [] }), lines)).toBeNull();
    expect(returnRequestProblem(request({ items: [{ item_id: 'milk', quantity: 1 }] }), lines)).toBe('That item cannot be returned');
  });
});

describe('return photos', () => {
  it('are known by their first bytes, not by what the upload says', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe('image/png');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
  });
});
