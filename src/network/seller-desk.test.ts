import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildContext, type RequestAction } from '#/ondc/context.ts';
import { generateNetwork, providerItems } from './catalogue/generate.ts';
import { createNetworkClock } from './clock.ts';
import { hasPriceDrift } from './price-drift.ts';
import { hasListingFlaw } from './listing-flaws.ts';
import { isCancellable } from './catalogue/on-search.ts';
import { itemPath } from '#/ondc/catalog-rejection.ts';
import { parseRequest, type RequestOf, type SellerAction } from './requests.ts';
import { createSellerDesk, type SellerDesk } from './seller-desk.ts';
import { openStateStore, type StateStore } from './state.ts';

const network = generateNetwork();
const QUICK = 'quick-basket.sellers.kirana.local';
const STORE = 'bengaluru-quick-basket-store';
const LOCATION = `${STORE}-l1`;
const items = [...providerItems(network.sellers.flatMap((s) => s.providers).find((p) => p.id === STORE)!)];
const plenty = items.find((i) => i.kind === 'grocery' && i.stock >= 20 && !hasPriceDrift(i) && !hasListingFlaw(i) && i.pricePaise >= 10_000)!;
const scarce = items.find((i) => i.kind === 'grocery' && i.stock >= 2 && i.stock <= 5 && !hasPriceDrift(i) && isCancellable(i))!;
const address = {
  name: 'Asha Rao',
  building: '12, Lake View',
  locality: 'HSR Layout',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'IND',
  area_code: '560102',
};

let dir: string;
let realNow: number;
let desk: SellerDesk;
let state: StateStore;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kirana-desk-'));
  realNow = 0;
  // 12:00 IST on a Monday: every Bengaluru store is open.
  const clock = createNetworkClock({ start: new Date('2026-01-05T06:30:00.000Z'), realNow: () => realNow });
  state = openStateStore(path.join(dir, 'state.json'));
  desk = createSellerDesk({ network, state, clock, bppUriOf: (id) => `http://127.0.0.1:1/sellers/${id}` });
});
afterEach(async () => {
  await state.flush();
  rmSync(dir, { recursive: true, force: true });
});

function request<A extends SellerAction>(action: A & RequestAction, message: unknown, transactionId = 'T1'): RequestOf<A> {
  const context = buildContext({
    action,
    domain: 'ONDC:RET10',
    city: 'std:080',
    transactionId,
    bapId: 'buyer.example',
    bapUri: 'http://127.0.0.1:1/bap',
    bppId: QUICK,
  });
  const parsed = parseRequest(action, { context, message });
  if (!parsed.success) throw new Error(`${parsed.path}: ${parsed.message}`);
  return parsed.data;
}

function order(lines: Array<[string, number]>, extra: Record<string, unknown> = {}) {
  return {
    provider: { id: STORE, locations: [{ id: LOCATION }] },
    items: lines.map(([id, count]) => ({ id, quantity: { count } })),
    billing: { name: 'Asha Rao', address, phone: '9876543210' },
    fulfillments: [{ id: 'F1', type: 'Delivery', end: { location: { gps: '12.9121,77.6446', address }, contact: { phone: '9876543210' } } }],
    ...extra,
  };
}

function confirm(lines: Array<[string, number]>, id: string, transactionId: string) {
  const init = desk.init(QUICK, request('init', { order: order(lines) }, transactionId));
  const quote = (init.message.order as { quote: unknown }).quote;
  return desk.confirm(QUICK, request('confirm', { order: order(lines, { id, quote, payment: { type: 'ON-ORDER', status: 'PAID' } }) }, transactionId));
}

describe('which provider (ondc-notes §2: 30001, 30002)', () => {
  it('30001 for a provider of another seller or domain', () => {
    const answer = desk.select(QUICK, request('select', { order: { ...order([[plenty.id, 1]]), provider: { id: 'bengaluru-grocer-one-store' } } }));
    expect(answer.error?.code).toBe('30001');
  });

  it('30002 for a location the provider does not have', () => {
    const answer = desk.select(QUICK, request('select', { order: { ...order([[plenty.id, 1]]), provider: { id: STORE, locations: [{ id: 'elsewhere' }] } } }));
    expect(answer.error?.code).toBe('30002');
  });
});

describe('init (ondc-notes §1 on_init)', () => {
  it('offers cash on delivery collected by the seller', () => {
    const answer = desk.init(QUICK, request('init', { order: order([[plenty.id, 2]], { payment: { type: 'ON-FULFILLMENT' } }) }));
    expect(answer.error).toBeUndefined();
    expect(answer.message.order).toMatchObject({ payment: { type: 'ON-FULFILLMENT', collected_by: 'BPP', status: 'NOT-PAID' } });
  });

  it('40004 for a payment type the seller does not take', () => {
    expect(desk.init(QUICK, request('init', { order: order([[plenty.id, 2]], { payment: { type: 'POST-FULFILLMENT' } }) })).error?.code).toBe('40004');
  });

  it('31002 for an address past the length rule or without a 6-digit pincode', () => {
    const long = order([[plenty.id, 2]]);
    long.billing.address = { ...address, building: 'x'.repeat(200) };
    expect(desk.init(QUICK, request('init', { order: long })).error?.code).toBe('31002');
  });
});

describe('confirm (ondc-notes §1 confirm)', () => {
  it('takes stock, so the next buyer finds less (40002)', () => {
    expect(confirm([[scarce.id, scarce.stock]], 'O1', 'T1').error).toBeUndefined();
    const next = desk.select(QUICK, request('select', { order: order([[scarce.id, 1]]) }, 'T2'));
    expect(next.error?.code).toBe('40002');
  });

  it('refuses a quote that is not the seller’s (30019)', () => {
    const answer = desk.confirm(
      QUICK,
      request('confirm', {
        order: order([[plenty.id, 1]], { id: 'O2', quote: { price: { currency: 'INR', value: '1.00' } }, payment: { type: 'ON-ORDER', status: 'PAID' } }),
      }),
    );
    expect(answer.error).toMatchObject({ code: '30019', message: expect.stringContaining('1.00') });
  });

  it('answers a repeated confirm with the same order and takes stock once', () => {
    const first = confirm([[scarce.id, 1]], 'O3', 'T3');
    const again = confirm([[scarce.id, 1]], 'O3', 'T3');
    expect(again.message).toEqual(first.message);
    const left = desk.select(QUICK, request('select', { order: order([[scarce.id, scarce.stock - 1]]) }, 'T4'));
    expect(left.error).toBeUndefined();
  });

  it('refuses an order id another transaction already used (30018)', () => {
    confirm([[plenty.id, 1]], 'O4', 'T5');
    expect(confirm([[plenty.id, 1]], 'O4', 'T6').error?.code).toBe('30018');
  });
});

describe('after confirm', () => {
  it('answers status, cancel and track only for the buyer app that placed the order', () => {
    confirm([[plenty.id, 1]], 'O5', 'T7');
    const stranger = request('status', { order_id: 'O5' });
    stranger.context.bap_id = 'someone.else';
    expect(desk.status(QUICK, stranger).error?.code).toBe('30018');
    expect(desk.status(QUICK, request('status', { order_id: 'O5' })).error).toBeUndefined();
  });

  it('puts a cancelled order back on the shelf', () => {
    confirm([[scarce.id, scarce.stock]], 'O6', 'T8');
    const cancelled = desk.cancel(QUICK, request('cancel', { order_id: 'O6', cancellation_reason_id: '003' }, 'T8'));
    expect(cancelled.message.order).toMatchObject({ state: 'Cancelled' });
    expect(desk.select(QUICK, request('select', { order: order([[scarce.id, scarce.stock]]) }, 'T9')).error).toBeUndefined();
  });

  it('refuses the buyer’s cancel of an order with an item its catalogue lists as not cancellable (50001): the order goes on', () => {
    const fixed = items.find((i) => i.kind === 'grocery' && i.stock >= 5 && !hasPriceDrift(i) && !hasListingFlaw(i) && !isCancellable(i))!;
    confirm(
      [
        [plenty.id, 1],
        [fixed.id, 1],
      ],
      'O8',
      'T11',
    );
    const refused = desk.cancel(QUICK, request('cancel', { order_id: 'O8', cancellation_reason_id: '003' }, 'T11'));
    expect(refused.error).toMatchObject({ code: '50001' });
    expect(refused.message.order).toMatchObject({ id: 'O8', state: 'Created' });
    expect(desk.status(QUICK, request('status', { order_id: 'O8' }, 'T11')).message.order).not.toMatchObject({ state: 'Cancelled' });
  });

  it('pushes each step once, in order, as the clock moves', () => {
    confirm([[plenty.id, 1]], 'O7', 'T10');
    realNow = 60 * 60_000;
    const due = desk.dueNotices();
    expect(due.map((d) => d.notice.kind === 'status' && d.notice.step)).toEqual([1, 2, 3, 4, 5]);
    expect(due.map((d) => desk.noticeMessage(d).action)).toEqual(['status', 'status', 'status', 'status', 'status']);
    for (const d of due) desk.markNotified(d);
    expect(desk.dueNotices()).toEqual([]);
  });

  it('refuses updates other than returns and refunds (40001), and a refund update without its settlement (30000)', () => {
    confirm([[plenty.id, 1]], 'O8', 'T11');
    expect(
      desk.update(QUICK, request('update', { update_target: 'fulfillment', order: { id: 'O8', fulfillments: [{ type: 'Return' }] } }, 'T11')).error?.code,
    ).toBe('40001');
    expect(
      desk.update(QUICK, request('update', { update_target: 'payment', order: { id: 'O8', fulfillments: [{ type: 'Return' }] } }, 'T11')).error?.code,
    ).toBe('30000');
  });

  it('keeps the buyer app’s refund settlement and says it back in the order’s payment', () => {
    confirm([[plenty.id, 1]], 'O10', 'T13');
    const refund = {
      settlement_counterparty: 'buyer',
      settlement_phase: 'refund',
      settlement_type: 'upi',
      settlement_amount: '12.00',
      settlement_timestamp: new Date().toISOString(),
    };
    const answer = desk.update(
      QUICK,
      request(
        'update',
        { update_target: 'payment', order: { id: 'O10', fulfillments: [{ id: 'C1', type: 'Cancel' }], payment: { '@ondc/org/settlement_details': [refund] } } },
        'T13',
      ),
    );
    expect(answer.error).toBeUndefined();
    expect((answer.message as { order: { payment: Record<string, unknown[]> } }).order.payment['@ondc/org/settlement_details']).toContainEqual(refund);
  });

  it('answers support with the store’s contacts, or the seller’s without an order', () => {
    confirm([[plenty.id, 1]], 'O9', 'T12');
    expect(desk.support(QUICK, request('support', { ref_id: 'O9' })).message).toMatchObject({ phone: expect.stringMatching(/^9\d{9}$/) });
    expect(desk.support(QUICK, request('support', { ref_id: 'nothing' })).message).toMatchObject({ phone: '18001020304', email: `support@${QUICK}` });
  });
});

describe('incremental catalogue refresh (ondc-notes §1 catalog_inc)', () => {
  const context = buildContext({
    action: 'search',
    domain: 'ONDC:RET10',
    city: '*',
    transactionId: 'TI',
    bapId: 'buyer.example',
    bapUri: 'http://127.0.0.1:1/bap',
  });
  const changed = (from: number, to: number) => [...desk.changedPages(QUICK, context, from, to)].flatMap((page) => page.items.map((i) => [i.id, i.stock]));

  it('lists an item an order sold out, with no stock left, and nothing outside the window', () => {
    const before = Date.now() - 1;
    expect(changed(before, Date.now() + 1000)).toEqual([]);
    confirm([[scarce.id, scarce.stock]], 'OI1', 'TI1');
    const after = Date.now() + 1000;
    expect(changed(before, after)).toEqual([[scarce.id, 0]]);
    expect(changed(after, after + 1000)).toEqual([]);
  });

  it('does not list an item still in stock after an order', () => {
    const before = Date.now() - 1;
    confirm([[plenty.id, 1]], 'OI2', 'TI2');
    expect(changed(before, Date.now() + 1000)).toEqual([]);
  });

  it('does not list an item that sold out and came back within the window, but lists each change across windows (ONDC validator: no item as in the full catalogue)', async () => {
    const shelf = items.find((i) => i.kind === 'grocery' && i.stock >= 5 && i !== plenty && i !== scarce && !hasListingFlaw(i))!;
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const start = Date.now() - 1;
    desk.countShelf(QUICK, shelf.id, 0);
    await tick();
    const soldOut = Date.now();
    await tick();
    desk.countShelf(QUICK, shelf.id, shelf.stock);
    const end = Date.now() + 1000;
    expect(changed(start, end)).toEqual([]);
    expect(changed(start, soldOut)).toEqual([[shelf.id, shelf.stock]]);
    expect(changed(soldOut, end)).toEqual([[shelf.id, shelf.stock]]);
  });

  it("lists only the seller's own providers in the search's domain", () => {
    const before = Date.now() - 1;
    confirm([[scarce.id, scarce.stock]], 'OI3', 'TI3');
    expect([...desk.changedPages('grocer-one.sellers.kirana.local', context, before, Date.now() + 1000)]).toEqual([]);
    expect([...desk.changedPages(QUICK, { ...context, domain: 'ONDC:RET11' }, before, Date.now() + 1000)]).toEqual([]);
  });
});

describe('catalog_rejection (ONDC item errors) and the seller’s corrections', () => {
  const mislisted = items.find((i) => hasListingFlaw(i))!;
  const rejection = (code: string, itemId = mislisted.id) => [{ type: 'ITEM-ERROR' as const, code, path: itemPath(STORE, itemId), message: 'x' }];

  it('moves a mislisted photo on one step per rejection for it: leaflet, then HEIC, then the web photo', () => {
    expect(desk.photoStage(mislisted)).toBe('first');
    desk.catalogRejected(QUICK, rejection('91011'));
    expect(desk.photoStage(mislisted)).toBe('heic');
    desk.catalogRejected(QUICK, rejection('91011'));
    expect(desk.photoStage(mislisted)).toBe('web');
    desk.catalogRejected(QUICK, rejection('91011'));
    expect(desk.photoStage(mislisted)).toBe('web');
  });

  it('lists each correction in the next incremental refresh', () => {
    const before = Date.now() - 1;
    desk.catalogRejected(QUICK, rejection('91011'));
    const context = buildContext({
      action: 'search',
      domain: 'ONDC:RET10',
      city: '*',
      transactionId: 'TI',
      bapId: 'buyer.example',
      bapUri: 'http://127.0.0.1:1/bap',
    });
    expect([...desk.changedPages(QUICK, context, before, Date.now() + 1000)].flatMap((p) => p.items.map((i) => i.id))).toEqual([mislisted.id]);
  });

  it('ignores a rejection for another reason, of an item listed right, or of another seller’s item', () => {
    desk.catalogRejected(QUICK, rejection('91010'));
    desk.catalogRejected(QUICK, rejection('91011', plenty.id));
    desk.catalogRejected('grocer-one.sellers.kirana.local', rejection('91011'));
    expect(desk.photoStage(mislisted)).toBe('first');
    expect(desk.photoStage(plenty)).toBeNull();
  });
});
describe('the store’s desk (shelf counts and its own cancels)', () => {
  it('a confirm for more than the shelf holds is taken for what is there; the rest is cut (002) and told after on_confirm', () => {
    const init = desk.init(
      QUICK,
      request(
        'init',
        {
          order: order([
            [scarce.id, 2],
            [plenty.id, 1],
          ]),
        },
        'T20',
      ),
    );
    expect(desk.countShelf(QUICK, scarce.id, 1)).toEqual({ itemId: scarce.id, left: 1 });
    const quote = (init.message.order as { quote: unknown }).quote;
    const answer = desk.confirm(
      QUICK,
      request(
        'confirm',
        {
          order: order(
            [
              [scarce.id, 2],
              [plenty.id, 1],
            ],
            { id: 'O20', quote, payment: { type: 'ON-ORDER', status: 'PAID' } },
          ),
        },
        'T20',
      ),
    );
    expect(answer.error).toBeUndefined();
    // on_confirm is the order as confirmed; the shelf gave one unit, and the cut is due as an on_update.
    expect((answer.message as { order: { state: string } }).order.state).toBe('Created');
    expect(state.stockTaken(scarce.id)).toBe(scarce.stock);
    const due = desk.dueNotices().filter((d) => d.order.id === 'O20');
    expect(due.map((d) => d.notice.kind)).toEqual(['partCancel']);
    expect(desk.noticeMessage(due[0]!).action).toBe('update');
    // Cancelled before pickup, only the unit it held goes back on the shelf.
    expect(desk.sellerCancel(QUICK, 'O20', '005')).toMatchObject({ order: { cancellation: { reasonId: '005', rto: false } } });
    expect(stockLeftOf(scarce.id)).toBe(1);
  });

  it('a shopper who asked for no order unless whole (issue 29) gets none: the confirm is refused (40002) and nothing leaves the shelf', () => {
    const lines: Array<[string, number]> = [
      [scarce.id, 2],
      [plenty.id, 1],
    ];
    const tags = [{ code: 'if_short', list: [{ code: 'choice', value: 'cancel_order' }] }];
    const paid = (id: string, transactionId: string) => {
      const init = desk.init(QUICK, request('init', { order: order(lines, { tags }) }, transactionId));
      expect(init.error).toBeUndefined();
      const quote = (init.message.order as { quote: unknown }).quote;
      return () =>
        desk.confirm(QUICK, request('confirm', { order: order(lines, { id, quote, payment: { type: 'ON-ORDER', status: 'PAID' }, tags }) }, transactionId));
    };
    const short = paid('O22', 'T22');
    desk.countShelf(QUICK, scarce.id, 1);
    const plentyLeft = stockLeftOf(plenty.id);
    const refused = short();
    expect(refused.error).toMatchObject({ code: '40002', message: expect.stringContaining(scarce.id) });
    expect((refused.message as { order: { state: string } }).order.state).toBe('Cancelled');
    expect(desk.dueNotices().filter((d) => d.order.id === 'O22')).toEqual([]);
    expect(stockLeftOf(scarce.id)).toBe(1);
    expect(stockLeftOf(plenty.id)).toBe(plentyLeft);

    // Whole on the shelf, the same choice changes nothing: the order is taken.
    desk.countShelf(QUICK, scarce.id, 2);
    const whole = paid('O23', 'T23')();
    expect(whole.error).toBeUndefined();
    expect((whole.message as { order: { state: string } }).order.state).toBe('Created');
    expect(stockLeftOf(scarce.id)).toBe(0);
  });

  it('refuses a shelf count for an item the seller does not list, and a cancel reason a seller may not give', () => {
    expect(desk.countShelf(QUICK, 'no-such-item', 1)).toBeNull();
    confirm([[plenty.id, 1]], 'O21', 'T21');
    expect(desk.sellerCancel(QUICK, 'O21', '010')).toMatchObject({ error: { code: '30012' } });
    expect(desk.sellerCancel('another.seller', 'O21', '005')).toMatchObject({ error: { code: '30018' } });
  });
});

describe('ratings (ONDC 1.2.0 rating → on_rating)', () => {
  const rate = (message: Record<string, unknown>, transactionId: string, messageId: string) => {
    const rated = request('rating', message, transactionId);
    return desk.rating(QUICK, { ...rated, context: { ...rated.context, message_id: messageId } });
  };

  it('keeps one rating per thing of the order, kept across a restart; the same message again changes nothing, a new one is the newest word', async () => {
    confirm([[plenty.id, 1]], 'O30', 'T30');
    expect(rate({ rating_category: 'Item', id: plenty.id, value: 4 }, 'T30', 'M1')).toEqual({ message: { rating_ack: true, feedback_ack: false } });
    expect(rate({ rating_category: 'Item', id: plenty.id, value: 4 }, 'T30', 'M1')).toEqual({ message: { rating_ack: true, feedback_ack: false } });
    expect(state.rating(`O30|Item|${plenty.id}`)).toMatchObject({ value: 4, messageId: 'M1' });
    rate({ rating_category: 'Item', id: plenty.id, value: 2 }, 'T30', 'M2');
    await state.flush();
    expect(openStateStore(path.join(dir, 'state.json')).rating(`O30|Item|${plenty.id}`)).toMatchObject({ value: 2, messageId: 'M2' });
  });

  it('answers refusals in the on_rating, and rates only its own buyer’s order in that transaction', () => {
    confirm([[plenty.id, 1]], 'O31', 'T31');
    expect(rate({ rating_category: 'Order', id: 'O31', value: 7 }, 'T31', 'M3')).toMatchObject({ message: { rating_ack: false }, error: { code: '30015' } });
    expect(rate({ rating_category: 'Support', id: 'O31', value: 3 }, 'T31', 'M4')).toMatchObject({ message: { rating_ack: false }, error: { code: '50003' } });
    expect(rate({ rating_category: 'Order', id: 'O31', value: 3 }, 'T-unknown', 'M5')).toMatchObject({ error: { code: '30018' } });
    expect(state.rating('O31|Order|O31')).toBeUndefined();
  });
});

function stockLeftOf(itemId: string): number {
  const item = items.find((i) => i.id === itemId)!;
  return item.stock - state.stockTaken(itemId);
}
