import { describe, expect, it } from 'vitest';
import { findProviderItem } from './catalogue/generate.ts';
import { MINUTE, minutesIn as at, orderOf, providerById, steadyItems } from './fixtures/orders.ts';
import { RETURN_STEP, RTO_STEP, STEP } from './order-clock.ts';
import {
  addReturn,
  cancellationError,
  cancelOrder,
  cancelShortUnits,
  deliveryStepOf,
  dueNotices,
  finalReturnStep,
  isSettled,
  markNotified,
  quoteAt,
  recordSettlements,
  returnError,
  returnStepOf,
  rtoStepOf,
  sellerCancellation,
  timelineOf,
} from './orders.ts';
import { sumPaise } from './quote.ts';

const quick = providerById('bengaluru-quick-basket-store');
const pizza = providerById('bengaluru-dine-two-pizza');
const [tea, rice] = steadyItems(quick);

// The store's offer (TREAT20: 20 % off from ₹399) applies: 8 units of items over ₹50 reach it.
const groceryOrder = () =>
  orderOf(
    quick,
    [
      [tea!, 6],
      [rice!, 2],
    ],
    { offer: quick.offers[0]!.code },
  );

describe('cancel (ondc-notes §1 cancel, §2 reasons)', () => {
  it('accepts the buyer reasons 001, 003, 006, 009, 010 while the order is in the store', () => {
    for (const reason of ['001', '003', '006', '009', '010']) expect(cancellationError(groceryOrder(), reason, at(10), () => true)).toBeNull();
  });

  it('refuses any other reason with 30012', () => {
    for (const reason of ['002', '005', '999', 'x']) expect(cancellationError(groceryOrder(), reason, at(10), () => true)?.code).toBe('30012');
  });

  it('refuses once the order is out for delivery (50001)', () => {
    const order = groceryOrder();
    expect(deliveryStepOf(order, at(30))).toBe(STEP.outForDelivery);
    expect(cancellationError(order, '001', at(30), () => true)).toMatchObject({ type: 'POLICY-ERROR', code: '50001' });
  });

  it('refuses an order with an item the store lists as not cancellable (50001), whatever the reason, while other orders may go', () => {
    const order = groceryOrder();
    const error = cancellationError(order, '001', at(10), (itemId) => itemId !== rice!.id);
    expect(error).toMatchObject({ type: 'POLICY-ERROR', code: '50001' });
    expect(error?.message).toContain(rice!.name);
    expect(cancellationError(order, '001', at(10), (itemId) => itemId !== 'another-item')).toBeNull();
  });

  it('freezes the fulfillment where it was and refunds every line', () => {
    const order = cancelOrder(groceryOrder(), { reasonId: '001', by: 'buyer.example', at: new Date(at(21)) });
    expect(order.cancellation).toMatchObject({ reasonId: '001', step: STEP.packed });
    expect(deliveryStepOf(order, at(60))).toBe(STEP.packed);
    const view = quoteAt(order, at(22));
    expect(sumPaise(view.quote.lines)).toBe(0);
    expect(view.quote.lines.every((l) => l.titleType === 'item' && l.count === 0)).toBe(true);
    expect(view.cancelRefund?.totalPaise).toBe(sumPaise(order.quote.lines));
    expect(cancellationError(order, '001', at(23), () => true)).toBeNull();
  });
});

describe('returns (ondc-notes §1 update, §2 return reasons)', () => {
  const delivered = at(46);

  it('waits for delivery (50002) and closes a day later (30005)', () => {
    const request = { itemId: tea!.id, quantity: 1, reasonId: '003' };
    expect(returnError(groceryOrder(), request, true, at(30))?.code).toBe('50002');
    expect(returnError(groceryOrder(), request, true, delivered)).toBeNull();
    expect(returnError(groceryOrder(), request, true, at(45 + 24 * 60 + 1))?.code).toBe('30005');
  });

  it('takes reasons 001–005 only, and only 003–005 for a non-returnable item', () => {
    expect(returnError(groceryOrder(), { itemId: tea!.id, quantity: 1, reasonId: '006' }, true, delivered)?.code).toBe('30005');
    expect(returnError(groceryOrder(), { itemId: tea!.id, quantity: 1, reasonId: '001' }, false, delivered)?.code).toBe('30005');
    expect(returnError(groceryOrder(), { itemId: tea!.id, quantity: 1, reasonId: '004' }, false, delivered)).toBeNull();
  });

  it('refuses more units than were delivered and not yet returned', () => {
    const once = addReturn(groceryOrder(), { itemId: tea!.id, quantity: 2, reasonId: '003' }, new Date(delivered));
    expect(returnError(once, { itemId: tea!.id, quantity: 5, reasonId: '003' }, true, delivered)?.code).toBe('30005');
    expect(returnError(once, { itemId: tea!.id, quantity: 4, reasonId: '003' }, true, delivered)).toBeNull();
    expect(returnError(once, { itemId: 'nothing', quantity: 1, reasonId: '003' }, true, delivered)?.code).toBe('30005');
  });

  it('takes the units out of the quote once approved, and the refund is what left it', () => {
    const order = addReturn(groceryOrder(), { itemId: tea!.id, quantity: 1, reasonId: '003' }, new Date(delivered));
    const before = quoteAt(order, delivered + MINUTE);
    expect(before.returnRefunds.size).toBe(0);
    expect(sumPaise(before.quote.lines)).toBe(sumPaise(order.quote.lines));

    const after = quoteAt(order, delivered + 11 * MINUTE);
    const refund = after.returnRefunds.get('R1');
    expect(refund?.trail[0]).toEqual({ titleType: 'item', itemId: tea!.id, pricePaise: -tea!.pricePaise });
    expect(refund?.trail.some((l) => l.titleType === 'discount')).toBe(true);
    expect(sumPaise(after.quote.lines) + (refund?.totalPaise ?? 0)).toBe(sumPaise(order.quote.lines));
    expect(after.quote.lines.find((l) => l.titleType === 'item' && l.itemId === tea!.id)).toMatchObject({ count: 5 });
  });

  it('returns a dish with the add-ons made with it', () => {
    const [margherita, regular, classic] = ['d1', 'c1', 'c4'].map((s) => findProviderItem(pizza, `${pizza.id}-${s}`)!);
    const order = orderOf(pizza, [
      [margherita!, 2, 'P1'],
      [regular!, 2, 'P1'],
      [classic!, 2, 'P1'],
    ]);
    const returned = addReturn(order, { itemId: margherita!.id, parentItemId: 'P1', quantity: 1, reasonId: '003' }, new Date(delivered));
    const view = quoteAt(returned, delivered + 11 * MINUTE);
    const counts = view.quote.lines.flatMap((l) => (l.titleType === 'item' ? [l.count] : []));
    expect(counts).toEqual([1, 1, 1]);
    expect(sumPaise(view.quote.lines) + (view.returnRefunds.get('R1')?.totalPaise ?? 0)).toBe(sumPaise(order.quote.lines));
  });
});

describe('unsolicited updates (on_status, on_update)', () => {
  it('lists each delivery step reached since the last one told, oldest first', () => {
    const order = groceryOrder();
    const timeline = timelineOf(order);
    expect(dueNotices(order, at(0))).toEqual([]);
    expect(dueNotices(order, at(21)).map((n) => n.kind === 'status' && n.step)).toEqual([STEP.accepted, STEP.packed]);
    const told = markNotified(markNotified(order, { kind: 'status', step: STEP.accepted, atMs: timeline[1]! }), {
      kind: 'status',
      step: STEP.packed,
      atMs: timeline[2]!,
    });
    expect(dueNotices(told, at(21))).toEqual([]);
    expect(dueNotices(told, at(60)).map((n) => n.kind === 'status' && n.step)).toEqual([STEP.pickedUp, STEP.outForDelivery, STEP.delivered]);
  });

  it('lists return steps, and settles when everything is told', () => {
    let order = groceryOrder();
    for (const notice of dueNotices(order, at(46))) order = markNotified(order, notice);
    expect(isSettled(order)).toBe(true);
    order = addReturn(order, { itemId: rice!.id, quantity: 1, reasonId: '005' }, new Date(at(50)));
    expect(isSettled(order)).toBe(false);
    const notices = dueNotices(order, at(200));
    expect(notices.map((n) => n.kind === 'return' && n.step)).toEqual([RETURN_STEP.approved, RETURN_STEP.picked, RETURN_STEP.delivered]);
    for (const notice of notices) order = markNotified(order, notice);
    expect(isSettled(order)).toBe(true);
  });

  it('tells nothing more once cancelled', () => {
    const order = cancelOrder(groceryOrder(), { reasonId: '003', by: 'buyer.example', at: new Date(at(5)) });
    expect(dueNotices(order, at(100))).toEqual([]);
    expect(isSettled(order)).toBe(true);
  });
});

describe('the store cancels (ondc-notes §2 seller reasons)', () => {
  it('before pickup for what the store cannot do; after pickup only with an RTO reason, and never once delivered', () => {
    const order = groceryOrder();
    expect(sellerCancellation(order, '005', at(5))).toEqual({ rto: false });
    expect(sellerCancellation(order, '011', at(5))).toMatchObject({ error: { code: '30012' } });
    const pickedUp = timelineOf(order)[STEP.pickedUp]!;
    expect(sellerCancellation(order, '011', pickedUp)).toEqual({ rto: true });
    expect(sellerCancellation(order, '005', pickedUp)).toMatchObject({ error: { code: '30012' } });
    expect(sellerCancellation(order, '011', at(46))).toMatchObject({ error: { code: '50001' } });
  });

  it('an RTO refunds every line and is told once more when the goods are back at the store', () => {
    const order = groceryOrder();
    const onTheWay = timelineOf(order)[STEP.outForDelivery]!;
    let cancelled = cancelOrder(order, { reasonId: '011', by: quick.sellerId, at: new Date(onTheWay), rto: true });
    expect(deliveryStepOf(cancelled, at(100))).toBe(STEP.outForDelivery);
    expect(rtoStepOf(cancelled, onTheWay)).toBe(RTO_STEP.initiated);
    expect(quoteAt(cancelled, onTheWay).cancelRefund?.totalPaise).toBe(sumPaise(order.quote.lines));
    for (const notice of dueNotices(cancelled, onTheWay)) cancelled = markNotified(cancelled, notice);
    expect(isSettled(cancelled)).toBe(false);
    const back = dueNotices(cancelled, onTheWay + 31 * MINUTE);
    expect(back).toEqual([{ kind: 'rto', step: RTO_STEP.done, atMs: onTheWay + 30 * MINUTE }]);
    expect(isSettled(markNotified(cancelled, back[0]!))).toBe(true);
  });
});

describe('part cancel: units the shelf could not supply (reason 002)', () => {
  it('takes the units out of the quote with their share of tax and discount, refunded by the Cancel fulfillment', () => {
    const order = groceryOrder();
    const teaLine = order.quote.lines.findIndex((l) => l.titleType === 'item' && l.itemId === tea!.id);
    const cut = cancelShortUnits(order, new Map([[teaLine, 2]]), new Date(at(0)));
    expect(cut.partCancels).toEqual([{ id: 'C1', line: teaLine, itemId: tea!.id, quantity: 2, reasonId: '002', at: new Date(at(0)).toISOString() }]);
    const view = quoteAt(cut, at(1));
    const refund = view.partCancelRefunds.get('C1')!;
    expect(sumPaise(view.quote.lines) + refund.totalPaise).toBe(sumPaise(order.quote.lines));
    expect(refund.trail[0]).toEqual({ titleType: 'item', itemId: tea!.id, pricePaise: -2 * tea!.pricePaise });
    // Told once, as an on_update; a later cancel of the rest refunds only what was left.
    expect(dueNotices(cut, at(0)).filter((n) => n.kind === 'partCancel')).toEqual([{ kind: 'partCancel', count: 1, atMs: at(0) }]);
    const rest = quoteAt(cancelOrder(cut, { reasonId: '003', by: 'buyer.example', at: new Date(at(5)) }), at(6));
    expect(rest.cancelRefund!.totalPaise + refund.totalPaise).toBe(sumPaise(order.quote.lines));
  });
});

describe('liquidation and settlements', () => {
  it('damaged goods (003) are refunded without a pickup: Return_Initiated → Liquidated', () => {
    let order = groceryOrder();
    for (const notice of dueNotices(order, at(46))) order = markNotified(order, notice);
    order = addReturn(order, { itemId: rice!.id, quantity: 1, reasonId: '003' }, new Date(at(50)));
    expect(order.returns[0]?.liquidated).toBe(true);
    expect(returnStepOf(order.returns[0]!, at(55))).toBe(0);
    expect(returnStepOf(order.returns[0]!, at(61))).toBe(finalReturnStep(order.returns[0]!));
    expect(quoteAt(order, at(61)).returnRefunds.get('R1')?.totalPaise).toBeGreaterThan(0);
    for (const notice of dueNotices(order, at(61))) order = markNotified(order, notice);
    expect(isSettled(order)).toBe(true);
  });

  it('keeps each refund settlement the buyer app sends once, and only refunds to the buyer', () => {
    const settlement = {
      settlement_counterparty: 'buyer',
      settlement_phase: 'refund',
      settlement_type: 'upi',
      settlement_amount: '20.00',
      settlement_timestamp: '2026-01-05T07:00:00.000Z',
    };
    const once = recordSettlements(groceryOrder(), [settlement]);
    expect(recordSettlements(once, [settlement]).settlements).toEqual([settlement]);
    expect(recordSettlements(groceryOrder(), [{ ...settlement, settlement_counterparty: 'seller-app' }]).settlements).toEqual([]);
  });
});
