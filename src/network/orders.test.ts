import { describe, expect, it } from 'vitest';
import { findProviderItem } from './catalogue/generate.ts';
import { MINUTE, minutesIn as at, orderOf, providerById, steadyItems } from './fixtures/orders.ts';
import { RETURN_STEP, STEP } from './order-clock.ts';
import {
  addReturn,
  cancellationError,
  cancelOrder,
  deliveryStepOf,
  dueNotices,
  isSettled,
  markNotified,
  quoteAt,
  returnError,
  timelineOf,
} from './orders.ts';
import { sumPaise } from './quote.ts';

const quick = providerById('bengaluru-quick-basket-store');
const pizza = providerById('bengaluru-dine-two-pizza');
const [tea, rice] = steadyItems(quick);

// The store's offer (TREAT20: 20 % off from ₹399) applies: 8 units of items over ₹50 reach it.
const groceryOrder = () => orderOf(quick, [[tea!, 6], [rice!, 2]], { offer: quick.offers[0]!.code });

describe('cancel (ondc-notes §1 cancel, §2 reasons)', () => {
  it('accepts the buyer reasons 001, 003, 006, 009, 010 while the order is in the store', () => {
    for (const reason of ['001', '003', '006', '009', '010']) expect(cancellationError(groceryOrder(), reason, at(10))).toBeNull();
  });

  it('refuses any other reason with 30012', () => {
    for (const reason of ['002', '005', '999', 'x']) expect(cancellationError(groceryOrder(), reason, at(10))?.code).toBe('30012');
  });

  it('refuses once the order is out for delivery (50001)', () => {
    const order = groceryOrder();
    expect(deliveryStepOf(order, at(30))).toBe(STEP.outForDelivery);
    expect(cancellationError(order, '001', at(30))).toMatchObject({ type: 'POLICY-ERROR', code: '50001' });
  });

  it('freezes the fulfillment where it was and refunds every line', () => {
    const order = cancelOrder(groceryOrder(), { reasonId: '001', by: 'buyer.example', at: new Date(at(21)) });
    expect(order.cancellation).toMatchObject({ reasonId: '001', step: STEP.packed });
    expect(deliveryStepOf(order, at(60))).toBe(STEP.packed);
    const view = quoteAt(order, at(22));
    expect(sumPaise(view.quote.lines)).toBe(0);
    expect(view.quote.lines.every((l) => l.titleType === 'item' && l.count === 0)).toBe(true);
    expect(view.cancelRefund?.totalPaise).toBe(sumPaise(order.quote.lines));
    expect(cancellationError(order, '001', at(23))).toBeNull();
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
    const order = orderOf(pizza, [[margherita!, 2, 'P1'], [regular!, 2, 'P1'], [classic!, 2, 'P1']]);
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
    const told = markNotified(markNotified(order, { kind: 'status', step: STEP.accepted, atMs: timeline[1]! }), { kind: 'status', step: STEP.packed, atMs: timeline[2]! });
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
