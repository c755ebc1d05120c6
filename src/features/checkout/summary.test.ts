import { describe, expect, it } from 'vitest';
import type { BreakupEntry, Quote } from './quote-check.ts';
import { orderSummary, type SummaryLine } from './summary.ts';

const line = (type: string, title: string, value: string, count?: number): BreakupEntry => ({
  title,
  price: { value },
  '@ondc/org/title_type': type,
  '@ondc/org/item_id': title,
  ...(count === undefined ? {} : { '@ondc/org/item_quantity': { count } }),
});
const quote = (...breakup: BreakupEntry[]): Quote => ({ price: { value: '0' }, breakup });
const find = (lines: SummaryLine[], kind: SummaryLine['kind']) => lines.filter((l) => l.kind === kind);

describe('SPEC §9 item lines', () => {
  it('one per quoted item with its count and amount in ₹', () => {
    const lines = orderSummary({ quote: quote(line('item', 'Atta', '491.00', 2), line('item', 'Milk', '30.00', 1)) });
    expect(find(lines, 'item')).toEqual([
      { kind: 'item', label: 'Atta', count: 2, amountPaise: 49100, amount: '₹491' },
      { kind: 'item', label: 'Milk', count: 1, amountPaise: 3000, amount: '₹30' },
    ]);
  });
});

describe('SPEC §9 "Delivery charges"', () => {
  it("the seller's fee when nothing is waived", () => {
    const [delivery] = find(orderSummary({ quote: quote(line('item', 'Atta', '100.00', 1), line('delivery', 'Delivery charges', '25.00')) }), 'delivery');
    expect(delivery).toMatchObject({ label: 'Delivery charges', amount: '₹25', struck: null, benefit: null });
  });
  it('strikes the seller fee through when the final fee is lower', () => {
    const [delivery] = find(orderSummary({ quote: quote(), delivery: { sellerFeePaise: 4000, finalFeePaise: 1500 } }), 'delivery');
    expect(delivery).toMatchObject({ amount: '₹15', struck: '₹40', benefit: null });
  });
  it('names the benefit "Free delivery" when the final fee is 0', () => {
    const [delivery] = find(orderSummary({ quote: quote(), delivery: { sellerFeePaise: 4000, finalFeePaise: 0 } }), 'delivery');
    expect(delivery).toMatchObject({ amount: '₹0', struck: '₹40', benefit: 'Free delivery' });
  });
});

describe('SPEC §9 "Platform fee" with its tax', () => {
  it('shows the fee and its tax; the tax counts in "Taxes & other charges"', () => {
    const lines = orderSummary({ quote: quote(line('item', 'Atta', '100.00', 1)), platformFee: { feePaise: 500, taxPaise: 90 } });
    expect(find(lines, 'platform-fee')).toEqual([{ kind: 'platform-fee', label: 'Platform fee', amountPaise: 500, amount: '₹5', tax: '₹0.90' }]);
    expect(find(lines, 'taxes')[0]).toMatchObject({ amountPaise: 90 });
    expect(find(lines, 'total')[0]).toMatchObject({ amountPaise: 10590, amount: '₹105.90' });
  });
  it('is absent when not applicable', () => expect(find(orderSummary({ quote: quote() }), 'platform-fee')).toEqual([]));
});

describe('SPEC §9 "Taxes & other charges"', () => {
  it('sums tax, packing and other fees into one line', () => {
    const lines = orderSummary({
      quote: quote(
        line('item', 'Biryani', '200.00', 1),
        line('tax', 'Tax', '10.00'),
        line('packing', 'Packing charges', '10.00'),
        line('misc', 'Convenience Fee', '5.00'),
      ),
    });
    expect(find(lines, 'taxes')).toEqual([{ kind: 'taxes', label: 'Taxes & other charges', amountPaise: 2500, amount: '₹25' }]);
  });
  it('issue 28: itemises each charge by its ONDC title under it, one line per title', () => {
    const lines = orderSummary({
      quote: quote(
        line('item', 'Biryani', '200.00', 1),
        line('tax', 'Tax', '10.00'),
        line('packing', 'Packing charges', '10.00'),
        line('tax', 'Tax', '2.50'),
        line('misc', 'Convenience Fee', '5.00'),
      ),
    });
    expect(lines.filter((l) => l.kind === 'taxes' || l.kind === 'charge').map((l) => [l.label, l.amount])).toEqual([
      ['Taxes & other charges', '₹27.50'],
      ['Tax', '₹12.50'],
      ['Packing charges', '₹10'],
      ['Convenience Fee', '₹5'],
    ]);
    expect(find(lines, 'total')[0]).toMatchObject({ amountPaise: 22750 });
  });
  it("issue 28: the platform fee's tax is named among them", () => {
    const lines = orderSummary({ quote: quote(line('item', 'Atta', '100.00', 1)), platformFee: { feePaise: 500, taxPaise: 90 } });
    expect(find(lines, 'charge')).toEqual([{ kind: 'charge', label: 'Tax on platform fee', amountPaise: 90, amount: '₹0.90' }]);
  });
});

describe('SPEC §9 discount lines and the total', () => {
  const lines = orderSummary({
    quote: quote(line('item', 'Atta', '500.00', 1), line('discount', 'Discount', '-50.00'), line('delivery', 'Delivery charges', '30.00')),
    couponDiscountPaise: 4000,
    coins: { programme: 'Kirana Coins', discountPaise: 1250 },
  });
  it('"<programme> discount", "Discount", "Store discount", "Total discount" in that order', () => {
    expect(find(lines, 'discount').map((l) => [l.label, l.amount])).toEqual([
      ['Kirana Coins discount', '-₹12.50'],
      ['Discount', '-₹40'],
      ['Store discount', '-₹50'],
      ['Total discount', '-₹102.50'],
    ]);
  });
  it('the total in ₹ is items + delivery + charges − discounts', () => {
    expect(find(lines, 'total')).toEqual([{ kind: 'total', label: 'Total', amountPaise: 42750, amount: '₹427.50' }]);
  });
  it('issue 28: one discount source is one line, never repeated as "Total discount"', () => {
    const coupon = orderSummary({ quote: quote(line('item', 'Atta', '500.00', 1)), couponDiscountPaise: 5000 });
    expect(find(coupon, 'discount').map((l) => [l.label, l.amount])).toEqual([['Discount', '-₹50']]);
    expect(find(coupon, 'total')[0]).toMatchObject({ amount: '₹450' });
  });
  it('no discount lines without discounts', () => expect(find(orderSummary({ quote: quote(line('item', 'Atta', '500.00', 1)) }), 'discount')).toEqual([]));
  it('the total never goes below ₹0', () => {
    expect(find(orderSummary({ quote: quote(line('item', 'Atta', '20.00', 1)), couponDiscountPaise: 5000 }), 'total')[0]).toMatchObject({ amountPaise: 0 });
  });
});
