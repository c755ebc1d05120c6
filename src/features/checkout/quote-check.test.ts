import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkQuote, PRICE_UPDATE_MESSAGE, quoteSchema, storeMismatch, type BreakupEntry, type CheckedLine, type Quote } from './quote-check.ts';

const line: CheckedLine = { itemId: 'atta-5kg', name: 'Atta', quantity: 2, unitPricePaise: 24550 };

function entry(overrides: { count?: number; available?: number; maximum?: number; unit?: string; info?: boolean } = {}): BreakupEntry {
  const { count = 2, available = 10, maximum = 5, unit = '245.50', info = true } = overrides;
  return {
    title: 'Atta',
    price: { value: '491.00' },
    '@ondc/org/title_type': 'item',
    '@ondc/org/item_id': 'atta-5kg',
    '@ondc/org/item_quantity': { count },
    ...(info ? { item: { quantity: { available: { count: available }, maximum: { count: maximum } }, price: { value: unit } } } : {}),
  };
}
const quote = (...breakup: BreakupEntry[]): Quote => ({ price: { value: '491.00' }, breakup });

describe('SPEC §5 a quote that matches the cart', () => {
  it('has no problems and no events', () => {
    expect(checkQuote([line], quote(entry()))).toEqual({ problems: [], events: [], priceChanged: false });
  });
  it('reads counts sent as strings, as ONDC does', () => {
    const wire = { ...entry(), item: { quantity: { available: { count: '10' }, maximum: { count: '5' } }, price: { value: '245.50' } } };
    expect(checkQuote([line], { price: { value: '491.00' }, breakup: [wire as unknown as BreakupEntry] }).problems).toEqual([]);
  });
});

describe('SPEC §5 an item is unavailable', () => {
  it('without item info (INFO_NOT_FOUND)', () => {
    expect(checkQuote([line], quote(entry({ info: false }))).problems).toEqual([{ itemId: 'atta-5kg', code: 'INFO_NOT_FOUND', message: 'Item unavailable' }]);
  });
  it('when the available count is zero', () => {
    expect(checkQuote([line], quote(entry({ available: 0 }))).problems[0]).toMatchObject({ code: 'ITEM_UNAVAILABLE', message: 'Item unavailable' });
  });
  it('when the maximum count is 0', () => {
    expect(checkQuote([line], quote(entry({ maximum: 0 }))).problems[0]).toMatchObject({ code: 'ITEM_UNAVAILABLE', message: 'Item unavailable' });
  });
  it('when the quote quantity is 0', () => {
    expect(checkQuote([line], quote(entry({ count: 0 }))).problems[0]).toMatchObject({ code: 'ITEM_UNAVAILABLE', message: 'Item unavailable' });
  });
  it('when it is missing from the quote', () => {
    expect(checkQuote([line], quote()).problems[0]).toMatchObject({ code: 'ITEM_UNAVAILABLE', message: 'Item unavailable' });
  });
});

describe('SPEC §5 quote quantity against the cart quantity', () => {
  it('a cart quantity above the quote count reads "Only {n} available"', () => {
    expect(checkQuote([{ ...line, quantity: 3 }], quote(entry({ count: 1 }))).problems[0]).toMatchObject({
      code: 'ONLY_X_AVAILABLE',
      message: 'Only 1 available',
    });
  });
  it('any other difference reads "Issue with item"', () => {
    expect(checkQuote([{ ...line, quantity: 1 }], quote(entry({ count: 2 }))).problems[0]).toMatchObject({
      code: 'ITEM_QUANTITY_MISMATCH',
      message: 'Issue with item',
    });
  });
});

describe('SPEC §5 available and maximum counts', () => {
  it('a cart quantity above available reads "Only {n} {title} available"', () => {
    expect(checkQuote([line], quote(entry({ available: 1 }))).problems[0]).toMatchObject({ code: 'ONLY_X_AVAILABLE', message: 'Only 1 Atta available' });
  });
  it('a cart quantity above the maximum reads "Max {n} {title} can be ordered"', () => {
    expect(checkQuote([line], quote(entry({ maximum: 1 }))).problems[0]).toMatchObject({ code: 'MAX_LIMIT_REACHED', message: 'Max 1 Atta can be ordered' });
  });
});

describe('SPEC §5 price change', () => {
  it('flags "Issue with item" and logs ITEM_PRICE_MISMATCH with cart_price, on_select_price, item_name, item_id', () => {
    const result = checkQuote([line], quote(entry({ unit: '257.80' })));
    expect(result.problems[0]).toMatchObject({ code: 'ITEM_PRICE_CHANGED', message: 'Issue with item' });
    expect(result.events).toEqual([{ label: 'ITEM_PRICE_MISMATCH', cart_price: '245.50', on_select_price: '257.80', item_name: 'Atta', item_id: 'atta-5kg' }]);
    expect(result.priceChanged).toBe(true);
    expect(PRICE_UPDATE_MESSAGE).toBe('There is an update in price. Please check order summary');
  });
  it('compares to 2 decimals: 245.5 equals 245.50', () => {
    expect(checkQuote([line], quote(entry({ unit: '245.5' }))).priceChanged).toBe(false);
  });
});

describe('SPEC §5 customised lines', () => {
  it('match the quote line of the same parent_item_id', () => {
    const a = { ...entry(), item: { parent_item_id: 'L1', quantity: { available: { count: 10 }, maximum: { count: 5 } }, price: { value: '245.50' } } };
    const b = {
      ...entry({ count: 1 }),
      item: { parent_item_id: 'L2', quantity: { available: { count: 10 }, maximum: { count: 5 } }, price: { value: '245.50' } },
    };
    const result = checkQuote(
      [
        { ...line, parentItemId: 'L1' },
        { ...line, parentItemId: 'L2', quantity: 1 },
      ],
      quote(a, b),
    );
    expect(result.problems).toEqual([]);
  });
});

describe('issue 23: the quote is for the store asked (SPEC §8 network codes 20003, 20004)', () => {
  const asked = { providerId: 'P1', locationIds: ['L1'] };
  it('accepts the provider and location asked, and a location left out', () => {
    expect(storeMismatch(asked, { provider: { id: 'P1', locations: [{ id: 'L1' }] }, items: [{ location_id: 'L1' }] })).toBeNull();
    expect(storeMismatch(asked, { provider: { id: 'P1' }, items: [{}] })).toBeNull();
  });
  it('refuses another provider, or none, as "Provider not found"', () => {
    expect(storeMismatch(asked, { provider: { id: 'P2', locations: [{ id: 'L1' }] } })).toEqual({ code: '20003', message: 'Provider not found' });
    expect(storeMismatch(asked, {})).toEqual({ code: '20003', message: 'Provider not found' });
  });
  it('refuses another location, the provider\'s or an item\'s, as "Provider location not found"', () => {
    expect(storeMismatch(asked, { provider: { id: 'P1', locations: [{ id: 'L2' }] } })).toEqual({ code: '20004', message: 'Provider location not found' });
    expect(storeMismatch(asked, { provider: { id: 'P1', locations: [{ id: 'L1' }] }, items: [{ location_id: 'L2' }] })).toEqual({
      code: '20004',
      message: 'Provider location not found',
    });
  });
});

// Issue 25, liberal receiver: the checkout reads the quote of every on_select and on_init ONDC
// publishes for 1.2.0 (tests/fixtures/ondc-1.2.0: RET-Spec examples, Workbench mock seller).
describe("the quotes of ONDC's published on_select and on_init", () => {
  type Published = { from: string; body: { context: { action: string }; message?: { order?: { quote?: unknown } } } };
  const quotes = ['ret-spec', 'workbench'].flatMap((name) =>
    (
      JSON.parse(readFileSync(path.join(import.meta.dirname, `../../../tests/fixtures/ondc-1.2.0/${name}.json`), 'utf8')) as { payloads: Published[] }
    ).payloads.filter((p) => ['on_select', 'on_init'].includes(p.body.context.action) && p.body.message?.order?.quote !== undefined),
  );

  it('reads every one', () => {
    expect(quotes.length).toBeGreaterThan(30);
    expect(quotes.filter((p) => !quoteSchema.safeParse(p.body.message?.order?.quote).success).map((p) => p.from)).toEqual([]);
  });

  it('reads a charge written as a number as rupees, and leaves out a line that carries no price', () => {
    const read = quoteSchema.parse({
      price: { value: '100.00' },
      breakup: [
        { '@ondc/org/item_id': 'I1', title: 'Plain Atta', '@ondc/org/title_type': 'item', price: { value: '100.00' } },
        { '@ondc/org/item_id': 'F1', title: 'Delivery charges', '@ondc/org/title_type': 'delivery', price: { value: 0 } },
        { '@ondc/org/item_id': 'FREEBIE', '@ondc/org/item_quantity': { count: 1 } },
        { '@ondc/org/item_id': 'F1', '@ondc/org/title_type': 'packing', price: { value: 12.5 } },
      ],
    });
    expect(read.breakup.map((l) => [l.title, l.price.value])).toEqual([
      ['Plain Atta', '100.00'],
      ['Delivery charges', '0.00'],
      ['packing', '12.50'],
    ]);
    expect(
      quoteSchema.safeParse({ price: { value: '1.00' }, breakup: [{ title: 'Tax', '@ondc/org/title_type': 'tax', price: { value: 0.125 } }] }).success,
    ).toBe(false);
  });
});
