import { describe, expect, it } from 'vitest';
import { finderFeePaise } from '#/ondc/finder-fee.ts';
import { orderLedger, sellerTotals, type LedgerInput } from './ledger.ts';

const THREE_PERCENT = { type: 'percent', value: '3' } as const;
const order = (overrides: Partial<LedgerInput> = {}): LedgerInput => ({
  collectedPaise: 50_000,
  ourDiscountPaise: 0,
  refundsPaise: 0,
  fee: THREE_PERCENT,
  withholdingPaise: 0,
  ...overrides,
});
const balances = (l: ReturnType<typeof orderLedger>) =>
  l.sharePaise + l.feePaise + l.tcsPaise + l.tdsPaise + l.refundsPaise === l.collectedPaise + l.ourDiscountPaise;
const ISN = { npType: 'ISN', gstPaise: 0, placedAt: new Date('2026-11-20T10:00:00Z') } as const;

describe('the buyer finder fee', () => {
  it('is the stated percentage of the sale', () => {
    expect(finderFeePaise(THREE_PERCENT, 50_000)).toBe(1_500);
    expect(finderFeePaise({ type: 'percent', value: '2.75' }, 40_000)).toBe(1_100);
  });

  it('rounds a fraction of a paisa half up, to the paisa', () => {
    // 3 % of ₹123.45 is 370.35 paise; of ₹0.50, 1.5 paise; of ₹0.49, 1.47 paise.
    expect(finderFeePaise(THREE_PERCENT, 12_345)).toBe(370);
    expect(finderFeePaise(THREE_PERCENT, 50)).toBe(2);
    expect(finderFeePaise(THREE_PERCENT, 49)).toBe(1);
    // 2.5 % of ₹0.99 is 2.475 paise.
    expect(finderFeePaise({ type: 'percent', value: '2.5' }, 99)).toBe(2);
  });

  it('is a fixed amount when stated as one, never more than the sale', () => {
    expect(finderFeePaise({ type: 'amount', value: '10' }, 50_000)).toBe(1_000);
    expect(finderFeePaise({ type: 'amount', value: '10' }, 600)).toBe(600);
  });

  it('is nothing on a sale of nothing', () => {
    expect(finderFeePaise(THREE_PERCENT, 0)).toBe(0);
    expect(finderFeePaise({ type: 'amount', value: '10' }, 0)).toBe(0);
  });

  it('stays exact on a large order', () => {
    expect(finderFeePaise({ type: 'percent', value: '3.33' }, 999_999_999)).toBe(33_300_000);
  });
});

describe('an order’s ledger', () => {
  it('a seller app that is the seller itself: TCS and TDS come off its share, and the books still balance', () => {
    const ledger = orderLedger(order({ tax: ISN }));
    expect(ledger).toMatchObject({ salePaise: 50_000, feePaise: 1_500, tcsPaise: 250, tdsPaise: 50, sharePaise: 48_200 });
    expect(balances(ledger)).toBe(true);
    // A marketplace keeps them from its stores itself.
    expect(orderLedger(order({ tax: { ...ISN, npType: 'MSN' } }))).toMatchObject({ tcsPaise: 0, tdsPaise: 0, sharePaise: 48_500 });
  });

  it('TCS and TDS are on what is left after refunds, TCS without the GST still on the bill', () => {
    // ₹525 with ₹25 of GST stated; ₹210 refunded: ₹315 sold, of it ₹15 GST. TCS 0.5 % of ₹300, TDS 0.1 % of ₹315.
    const ledger = orderLedger(order({ collectedPaise: 52_500, refundsPaise: 21_000, tax: { ...ISN, gstPaise: 2_500 } }));
    expect(ledger).toMatchObject({ salePaise: 31_500, feePaise: 945, tcsPaise: 150, tdsPaise: 32, sharePaise: 30_373 });
    expect(balances(ledger)).toBe(true);
    expect(orderLedger(order({ refundsPaise: 50_000, tax: ISN }))).toMatchObject({ tcsPaise: 0, tdsPaise: 0, sharePaise: 0 });
  });

  it('a delivered order: the seller gets what we collected less our fee', () => {
    const ledger = orderLedger(order());
    expect(ledger).toEqual({
      collectedPaise: 50_000,
      ourDiscountPaise: 0,
      refundsPaise: 0,
      salePaise: 50_000,
      feePaise: 1_500,
      tcsPaise: 0,
      tdsPaise: 0,
      withholdingPaise: 0,
      sharePaise: 48_500,
    });
    expect(balances(ledger)).toBe(true);
  });

  it('refunds come off the sale before the fee is taken', () => {
    const ledger = orderLedger(order({ collectedPaise: 45_099, refundsPaise: 12_050 }));
    expect(ledger.salePaise).toBe(33_049);
    expect(ledger.feePaise).toBe(991); // 991.47
    expect(ledger.sharePaise).toBe(32_058);
    expect(balances(ledger)).toBe(true);
  });

  it('an order refunded whole earns nobody anything', () => {
    const ledger = orderLedger(order({ refundsPaise: 50_000, ourDiscountPaise: 2_000 }));
    expect(ledger).toMatchObject({ salePaise: 0, feePaise: 0, sharePaise: 0, ourDiscountPaise: 0 });
    expect(balances(ledger)).toBe(true);
  });

  it('issue 29: the rider’s tip passes to the seller whole, free of our fee', () => {
    const ledger = orderLedger(order({ collectedPaise: 53_000, tipPaise: 3_000 }));
    expect(ledger).toMatchObject({ salePaise: 53_000, feePaise: 1_500, sharePaise: 51_500 });
    expect(balances(ledger)).toBe(true);
  });

  it('issue 29: a tip refunded with the whole order earns nobody anything; with part of it, it stays the rider’s', () => {
    expect(orderLedger(order({ collectedPaise: 53_000, refundsPaise: 53_000, tipPaise: 3_000 }))).toMatchObject({ salePaise: 0, feePaise: 0, sharePaise: 0 });
    const part = orderLedger(order({ collectedPaise: 53_000, refundsPaise: 10_000, tipPaise: 3_000 }));
    expect(part).toMatchObject({ salePaise: 43_000, feePaise: 1_200, sharePaise: 41_800 });
  });

  it('never counts more refunds than was collected', () => {
    expect(orderLedger(order({ refundsPaise: 70_000 })).refundsPaise).toBe(50_000);
  });

  it('our coupon and coins are ours to pay: the seller is owed its price', () => {
    const ledger = orderLedger(order({ collectedPaise: 45_000, ourDiscountPaise: 5_000, refundsPaise: 10_000 }));
    expect(ledger.salePaise).toBe(40_000);
    expect(ledger.feePaise).toBe(1_200);
    expect(ledger.sharePaise).toBe(38_800);
    expect(balances(ledger)).toBe(true);
  });

  it('holds back the withholding the terms name, out of the share and never more than it', () => {
    expect(orderLedger(order({ withholdingPaise: 1_000 }))).toMatchObject({ withholdingPaise: 1_000, sharePaise: 48_500 });
    expect(orderLedger(order({ refundsPaise: 49_500, withholdingPaise: 1_000 }))).toMatchObject({ sharePaise: 485, withholdingPaise: 485 });
  });

  it('balances to the paisa over many odd amounts', () => {
    for (let collected = 1; collected < 200_000; collected += 977) {
      for (const refunds of [0, 1, Math.floor(collected / 3), collected]) {
        for (const tax of [undefined, { ...ISN, gstPaise: Math.floor(collected / 7) }]) {
          const ledger = orderLedger(
            order({ collectedPaise: collected, refundsPaise: refunds, fee: { type: 'percent', value: '3.45' }, ...(tax ? { tax } : {}) }),
          );
          expect([ledger.feePaise, ledger.tcsPaise, ledger.tdsPaise, ledger.sharePaise].every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
          expect(balances(ledger)).toBe(true);
        }
      }
    }
  });
});

describe('a seller’s totals', () => {
  it('are sums of each order’s rounded paise', () => {
    const orders = [
      orderLedger(order({ collectedPaise: 12_345 })),
      orderLedger(order({ collectedPaise: 12_345 })),
      orderLedger(order({ collectedPaise: 10_000, refundsPaise: 10_000 })),
    ];
    const totals = sellerTotals(orders);
    expect(totals).toMatchObject({ orders: 3, collectedPaise: 34_690, refundsPaise: 10_000, feePaise: 740, sharePaise: 23_950 });
    expect(totals.sharePaise + totals.feePaise + totals.refundsPaise).toBe(totals.collectedPaise);
  });
});
