import { describe, expect, it } from 'vitest';
import { paiseToRupees } from '#/lib/money.ts';
import { onReconMessageSchema, type ReconMessage } from '#/ondc/rsf.ts';
import { minutesIn as at, orderOf, providerById, steadyItems } from './fixtures/orders.ts';
import type { IssueRecord } from './issue-desk.ts';
import { cancelOrder, quoteAt, type OrderRecord } from './orders.ts';
import { sumPaise } from './quote.ts';
import { answerRecon, complaintRefundsPaise, sellerFigures } from './recon.ts';

const quick = providerById('bengaluru-quick-basket-store');
const [tea, rice] = steadyItems(quick);
const FEE = { '@ondc/org/buyer_app_finder_fee_type': 'percent', '@ondc/org/buyer_app_finder_fee_amount': '3', '@ondc/org/withholding_amount': '0.00' };
const placed = (): OrderRecord => {
  const order = orderOf(quick, [
    [tea!, 3],
    [rice!, 1],
  ]);
  return { ...order, payment: { ...order.payment, ...FEE } };
};
const fee = (sale: number) => Math.floor((sale * 3 * 2 + 100) / 200);

/** A complaint the store resolved with the refund the buyer accepted. */
function refundedComplaint(orderId: string, rupees: string): IssueRecord {
  const at = '2026-01-05T08:00:00.000Z';
  const action = (id: string, code: string, extra: Record<string, unknown> = {}) => ({
    id,
    descriptor: { code, short_desc: code },
    updated_at: at,
    action_by: 'x',
    actor_details: { name: 'x' },
    ...extra,
  });
  return {
    id: 'ISS1',
    sellerId: quick.sellerId,
    orderId,
    buyerAt: at,
    sellerAt: at,
    issue: {
      actions: [
        action('A1B', 'OPEN'),
        action('A2S', 'RESOLUTION_PROPOSED'),
        action('A3B', 'RESOLUTION_ACCEPTED', { ref_id: 'R1' }),
        action('A4S', 'RESOLVED', { ref_id: 'R1' }),
      ],
      resolutions: [
        {
          id: 'R1',
          descriptor: { code: 'REFUND', short_desc: 'Refund' },
          updated_at: at,
          proposed_by: 'x',
          tags: [{ descriptor: { code: 'RESOLUTION_DETAILS' }, list: [{ descriptor: { code: 'REFUND_AMOUNT' }, value: rupees }] }],
        },
      ],
    },
  };
}

/** The recon a buyer app would send of `order`, with these figures (rupees). */
function reconOf(order: OrderRecord, amount: number, commission: number): ReconMessage {
  const inr = (paise: number) => ({ currency: 'INR' as const, value: paiseToRupees(paise) });
  return {
    orders: [
      {
        id: order.id,
        amount: inr(amount),
        settlements: [
          {
            id: 'STL-1',
            payment_id: 'P1',
            status: 'PENDING',
            amount: inr(amount),
            commission: inr(commission),
            withholding_amount: inr(0),
            tcs: inr(0),
            tds: inr(0),
            updated_at: '2026-01-05T09:00:00.000Z',
          },
        ],
      },
    ],
  };
}

const answer = (order: OrderRecord, recon: ReconMessage, issues: IssueRecord[] = [], bapId = order.bapId) =>
  answerRecon({ sellerId: order.sellerId, bapId, recon, orderOf: (id) => (id === order.id ? order : undefined), issuesOf: () => issues, atMs: at(600) });

describe('a seller’s own settlement figures', () => {
  it('a delivered order: its price less the fee the buyer app stated', () => {
    const order = placed();
    const price = sumPaise(order.quote.lines);
    expect(sellerFigures(order, [], at(600))).toEqual({
      amountPaise: price - fee(price),
      commissionPaise: fee(price),
      withholdingPaise: 0,
      tcsPaise: 0,
      tdsPaise: 0,
    });
  });

  it('a cancelled order: nothing is due to anybody', () => {
    const order = cancelOrder(placed(), { reasonId: '006', by: 'buyer.example', at: new Date(at(5)) });
    expect(sellerFigures(order, [], at(600))).toMatchObject({ amountPaise: 0, commissionPaise: 0 });
  });

  it('a complaint refunded: its amount comes off the sale before the fee', () => {
    const order = placed();
    const price = sumPaise(order.quote.lines);
    expect(complaintRefundsPaise([refundedComplaint(order.id, '40.50')])).toBe(4_050);
    expect(sellerFigures(order, [refundedComplaint(order.id, '40.50')], at(600))).toMatchObject({
      amountPaise: price - 4_050 - fee(price - 4_050),
      commissionPaise: fee(price - 4_050),
    });
  });
});

describe('issue 29: the rider’s tip in the seller’s figures', () => {
  const tipped = (): OrderRecord => {
    const order = orderOf(
      quick,
      [
        [tea!, 3],
        [rice!, 1],
      ],
      { tipPaise: 3_000 },
    );
    return { ...order, payment: { ...order.payment, ...FEE } };
  };

  it('is paid to the seller whole: the fee is on the sale without it', () => {
    const order = tipped();
    const price = sumPaise(order.quote.lines);
    expect(order.quote.lines.filter((l) => l.title === 'Tip')).toEqual([{ titleType: 'misc', itemId: 'F1', title: 'Tip', pricePaise: 3_000 }]);
    expect(sellerFigures(order, [], at(600))).toMatchObject({ amountPaise: price - fee(price - 3_000), commissionPaise: fee(price - 3_000) });
  });

  it('goes back to the shopper with the rest of a cancelled order', () => {
    const order = cancelOrder(tipped(), { reasonId: '006', by: 'buyer.example', at: new Date(at(5)) });
    const view = quoteAt(order, at(600));
    expect(view.cancelRefund?.totalPaise).toBe(sumPaise(tipped().quote.lines));
    expect(view.cancelRefund?.trail).toContainEqual({ titleType: 'misc', itemId: 'F1', pricePaise: -3_000 });
    expect(sellerFigures(order, [], at(600))).toMatchObject({ amountPaise: 0, commissionPaise: 0 });
  });
});

describe('the seller’s on_recon', () => {
  it('agrees when the buyer app’s figures are its own to the paisa', () => {
    const order = placed();
    const price = sumPaise(order.quote.lines);
    const reply = answer(order, reconOf(order, price - fee(price), fee(price)));
    expect('message' in reply && onReconMessageSchema.safeParse(reply.message).success).toBe(true);
    if (!('message' in reply)) throw new Error('refused');
    expect(reply.message.orders[0]).toMatchObject({ id: order.id, recon_accord: true, amount: { value: paiseToRupees(price - fee(price)) } });
    expect(reply.message.orders[0]?.settlements[0]?.amount).toEqual({ currency: 'INR', value: paiseToRupees(price - fee(price)) });
  });

  it('disagrees over a refund it does not know of, stating its own figures and how far each is', () => {
    const order = placed();
    const price = sumPaise(order.quote.lines);
    // The buyer app counts ₹10 refunded that the store never granted.
    const theirSale = price - 1_000;
    const reply = answer(order, reconOf(order, theirSale - fee(theirSale), fee(theirSale)));
    if (!('message' in reply)) throw new Error('refused');
    const [answered] = reply.message.orders;
    expect(answered?.recon_accord).toBe(false);
    expect(answered?.settlements[0]?.amount).toEqual({
      currency: 'INR',
      value: paiseToRupees(price - fee(price)),
      diff_value: paiseToRupees(price - fee(price) - (theirSale - fee(theirSale))),
    });
    expect(answered?.settlements[0]?.commission.diff_value).toBe(paiseToRupees(fee(price) - fee(theirSale)));
    expect(answered?.settlements[0]?.tcs).toEqual({ currency: 'INR', value: '0.00' });
  });

  it('refuses a recon naming an order that is not its own with that buyer app', () => {
    const order = placed();
    expect(answer(order, { orders: [{ ...reconOf(order, 100, 3).orders[0]!, id: 'SOMEONE-ELSES' }] })).toEqual({ unknownOrder: 'SOMEONE-ELSES' });
    expect(answer(order, reconOf(order, 100, 3), [], 'another-buyer.example')).toEqual({ unknownOrder: order.id });
  });
});
