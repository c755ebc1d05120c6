import { describe, expect, it } from 'vitest';
import { payable } from './payable.ts';
import type { BreakupEntry, Quote } from './quote-check.ts';

const entry = (type: string, title: string, value: string, count?: number): BreakupEntry => ({
  title,
  price: { value },
  '@ondc/org/title_type': type,
  '@ondc/org/item_id': title,
  ...(count === undefined ? {} : { '@ondc/org/item_quantity': { count } }),
});
const quote = (total: string, ...breakup: BreakupEntry[]): Quote => ({ price: { value: total }, breakup });
const config = { OneCoinConversionRate: 1, coinBurnLimitInPercent: 10, coinBurnValue: 1, enableCoinsFeature: true };
const biryani = quote(
  '270.00',
  entry('item', 'Biryani', '240.00', 2),
  entry('delivery', 'Delivery charges', '20.00'),
  entry('packing', 'Packing charges', '10.00'),
);

describe('issue 23 payable(): one figure for the summary, the button and the charge', () => {
  it("is the seller's quote when nothing is taken off", () => {
    const due = payable({ quote: biryani, offer: null, coins: null });
    expect(due.totalPaise).toBe(27000);
    expect(due.quotePaise).toBe(27000);
    expect(due.lines.at(-1)).toMatchObject({ kind: 'total', amount: '₹270' });
  });
  it('takes the offer off first and burns coins on what is left (SPEC §5, one base)', () => {
    const due = payable({
      quote: biryani,
      offer: { code: 'FLAT50', discountPaise: 5000 },
      coins: { programme: 'Kirana Coins', config, balance: 100, burn: true },
    });
    // 10 % of ₹220 is 22 coins at ₹1.
    expect(due.coins).toEqual({ burnable: 22, burned: 22, discountPaise: 2200 });
    expect(due.totalPaise).toBe(27000 - 5000 - 2200);
    expect(due.lines.filter((l) => l.kind === 'discount').map((l) => l.label)).toEqual(['Kirana Coins discount', 'Discount', 'Total discount']);
  });
  it('offers coins without burning them until the shopper chooses to', () => {
    const due = payable({ quote: biryani, offer: null, coins: { programme: 'Kirana Coins', config, balance: 5, burn: false } });
    expect(due.coins).toEqual({ burnable: 5, burned: 0, discountPaise: 0 });
    expect(due.totalPaise).toBe(27000);
  });
  it("follows a seller's new delivery charge to the paisa", () => {
    const raised = quote(
      '290.50',
      entry('item', 'Biryani', '240.00', 2),
      entry('delivery', 'Delivery charges', '40.50'),
      entry('packing', 'Packing charges', '10.00'),
    );
    expect(payable({ quote: raised, offer: { code: 'SAVE10', discountPaise: 2400 }, coins: null }).totalPaise).toBe(29050 - 2400);
  });
});

describe('issue 29: the rider’s tip in what the shopper pays', () => {
  const tipped = quote(
    '290.00',
    entry('item', 'Biryani', '240.00', 2),
    entry('delivery', 'Delivery charges', '20.00'),
    entry('packing', 'Packing charges', '10.00'),
    entry('misc', 'Tip', '20.00'),
  );
  it('is the seller’s "Tip" line, on its own line and in the total', () => {
    const due = payable({ quote: tipped, offer: null, coins: null });
    expect(due.tipPaise).toBe(2000);
    expect(due.totalPaise).toBe(29000);
    expect(due.lines.filter((l) => l.kind === 'tip')).toEqual([{ kind: 'tip', label: 'Rider tip', amountPaise: 2000, amount: '₹20' }]);
    expect(due.lines.some((l) => l.kind === 'charge' && l.label === 'Tip')).toBe(false);
  });
  it('is never paid with coins or taken off by a discount: they burn on the order alone', () => {
    const due = payable({
      quote: tipped,
      offer: { code: 'FLAT50', discountPaise: 5000 },
      coins: { programme: 'Kirana Coins', config, balance: 100, burn: true },
    });
    // 10 % of the ₹220 left of the order after the offer, not of ₹240 with the tip.
    expect(due.coins).toEqual({ burnable: 22, burned: 22, discountPaise: 2200 });
    expect(due.totalPaise).toBe(29000 - 5000 - 2200);
    const everything = payable({ quote: tipped, offer: { code: 'BIG', discountPaise: 30000 }, coins: null });
    expect(everything.totalPaise).toBe(2000);
  });
  it('is nothing when the seller quotes none', () => {
    expect(payable({ quote: biryani, offer: null, coins: null }).tipPaise).toBe(0);
  });
});
