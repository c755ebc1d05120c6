// First: the stores must mount on the test storage engine.
import '#/features/cart/fixtures/test-storage.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartOf, groceryItem } from '#/features/cart/fixtures/cart.ts';
import { DEFAULT_DELIVERY_LOCATION } from '#/features/location/delivery-location.ts';
import { $toasts } from '#/features/platform/toast.ts';
import { INVALID_UPI_ID_MESSAGE, NO_QUOTE_TO_PAY_MESSAGE, PAYMENT_UNDER_WAY_MESSAGE, SELLER_UNREACHABLE_CODE } from '#/features/payment/payment.ts';
import { SELECT_POLL_EXCEEDED_MESSAGE } from './poll.ts';
import { PRICE_UPDATE_MESSAGE } from './quote-check.ts';
import { $checkout, applyCoupon, leaveUpiApp, payAndConfirm, payWithUpiApp, placeOrder, proceedToPay, removeOffer, startCheckout } from './store.ts';
import type { SummaryLine } from './summary.ts';
import { CART_CHANGED_MESSAGE } from './session.ts';
import { storeClosedMessage } from '#/features/catalogue/store-hours.ts';
// Loaded up front, as the page has it by the time an order is placed.
import '#/features/analytics/native-bridge.ts';

// The island against a fake server on a fake clock (issue 23): it sends the place, not the cart,
// polls once a second, and draws what the server says is due.

type Reply = { status?: number; json: unknown };
type Call = { url: string; body: unknown; at: number };
let calls: Call[] = [];
let routes: Array<[RegExp, (call: Call) => Reply]> = [];

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  calls = [];
  routes = [];
  $checkout.set({ ...$checkout.get(), transactionId: null, coupon: null, storeOffer: null, offers: [] });
  $toasts.set([]);
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('window', { location: { assign: vi.fn() } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, body: init?.body ? JSON.parse(String(init.body)) : undefined, at: Date.now() };
      calls.push(call);
      const route = routes.find(([pattern]) => pattern.test(url));
      if (!route) throw new Error(`unexpected call ${url}`);
      const { status = 200, json } = route[1](call);
      return new Response(JSON.stringify(json), { status });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const cart = cartOf([[groceryItem('p1', 'atta', 24500), 2]], { version: 7 });
const place = DEFAULT_DELIVERY_LOCATION;
const lines = (totalPaise: number, deliveryPaise: number): SummaryLine[] => [
  { kind: 'item', label: 'Item atta', count: 2, amountPaise: totalPaise - deliveryPaise, amount: '' },
  { kind: 'delivery', label: 'Delivery charges', amountPaise: deliveryPaise, amount: '', struck: null, benefit: null },
  { kind: 'total', label: 'Total', amountPaise: totalPaise, amount: '' },
];
const payable = (totalPaise: number, deliveryPaise: number) => ({
  lines: lines(totalPaise, deliveryPaise),
  total: totalPaise / 100,
  totalPaise,
  coins: { burnable: 0, burned: 0, discountPaise: 0 },
});
const quoted = {
  status: 'SUCCESS',
  error: null,
  message: { order: { fulfillments: [{ state: { descriptor: { code: 'Serviceable' } } }], quote: {} } },
  checkout: { problems: [], events: [], priceChanged: false, payable: payable(52000, 3000) },
};

function serveSelect(pendingPolls: number) {
  let polls = 0;
  routes.push([/^\/ondc\/select$/, () => ({ json: { status: 'ACK', data: { message_id: 'm-select', transaction_id: 'tx-00000001' } } })]);
  routes.push([/^\/ondc\/fetchMessage\?type=select/, () => (++polls <= pendingPolls ? { json: { status: 'PENDING' } } : { json: quoted })]);
  routes.push([/^\/ondc\/offer\/list/, () => ({ json: { status: 'SUCCESS', data: [] } })]);
}

async function run<T>(promise: Promise<T>, ms: number): Promise<T> {
  await vi.advanceTimersByTimeAsync(ms);
  return promise;
}

describe('checkout store (issue 23): the server builds the order and says what is due', () => {
  it('select sends the place and the cart version only, polls once a second, and draws the server lines', async () => {
    serveSelect(2);
    await run(startCheckout(cart, place), 5000);
    const select = calls.find((c) => c.url === '/ondc/select');
    expect(select?.body).toEqual({ ondcCity: place.city, cart_version: 7, lat_long: `${place.lat},${place.lng}`, address: { area_code: place.pincode } });
    expect(calls.filter((c) => c.url.startsWith('/ondc/fetchMessage')).map((c) => c.at)).toEqual([0, 1000, 2000]);
    expect($checkout.get()).toMatchObject({ phase: 'quoted', total: 520, lines: lines(52000, 3000), problems: [] });
  });

  it('a seller that never answers: 20 select attempts, given up within 21 s with the SPEC message', async () => {
    serveSelect(Number.POSITIVE_INFINITY);
    await run(startCheckout(cart, place), 25_000);
    const polls = calls.filter((c) => c.url.startsWith('/ondc/fetchMessage'));
    expect(polls).toHaveLength(20);
    expect(polls.at(-1)!.at).toBeLessThanOrEqual(21_000);
    expect($checkout.get()).toMatchObject({ phase: 'failed', message: SELECT_POLL_EXCEEDED_MESSAGE });
  });

  it('on_init raised the amount: the new total and the SPEC message, nothing charged until the shopper goes on; then the amount shown is the one paid', async () => {
    serveSelect(0);
    await run(startCheckout(cart, place), 1000);
    routes.push([/^\/ondc\/init$/, () => ({ json: { status: 'ACK', data: { message_id: 'm-init' } } })]);
    routes.push([
      /^\/ondc\/status\?type=init/,
      () => ({
        json: {
          order_status: 'CREATED',
          error: null,
          onInitTotalPrice: 535.5,
          checkout: { problems: [], events: [], priceChanged: true, previousTotal: 520, payable: payable(53550, 4550) },
        },
      }),
    ]);
    routes.push([/getInstrumentDetails/, () => ({ json: { success: false } })]);
    await run(
      placeOrder(cart, place, {
        paymentType: 'ON-ORDER',
        name: 'Asha Rao',
        phone: '9876543210',
        email: '',
        door: '12',
        building: 'Lake Tower',
        locality: 'Indiranagar',
        state: 'Karnataka',
        instructions: 'Ring twice',
        tip: 20,
        ifShort: 'cancel_order',
      }),
      100,
    );
    const init = calls.find((c) => c.url === '/ondc/init');
    expect(init?.body).not.toHaveProperty('items');
    // Issue 29: what the shopper wrote for the rider goes with the init.
    expect(init?.body).toMatchObject({ delivery_instructions: 'Ring twice', tip: 20, if_short: 'cancel_order' });
    expect($checkout.get()).toMatchObject({ phase: 'repriced', total: 535.5, message: PRICE_UPDATE_MESSAGE, lines: lines(53550, 4550) });
    expect($toasts.get().map((t) => t.message)).toContain(PRICE_UPDATE_MESSAGE);
    expect(calls.some((c) => c.url === '/ondc/payment')).toBe(false);

    await run(proceedToPay(), 0);
    expect($checkout.get().phase).toBe('payable');
    routes.push([/^\/ondc\/payment$/, () => ({ json: { status: 'SUCCESS', data: { payment_id: 'pay-0001', status: 'PAID' } } })]);
    routes.push([/^\/ondc\/confirm$/, () => ({ json: { status: 'ACK', data: { message_id: 'm-confirm', order_id: 'KO1' } } })]);
    routes.push([/^\/ondc\/status\?type=confirm/, () => ({ json: { order_status: 'CONFIRMED', order_id: 'KO1', error: null } })]);
    await run(payAndConfirm('asha@okaxis'), 1000);
    expect(calls.find((c) => c.url === '/ondc/payment')?.body).toMatchObject({ method: 'upi', init_message_id: 'm-init', amount: 535.5 });
  });

  it('a store closed since the quote (issue 28): "Place order" says so and when it opens, in place of the form, and asks nothing more', async () => {
    serveSelect(0);
    await run(startCheckout(cart, place), 1000);
    const closed = storeClosedMessage(800, 'retail');
    routes.push([/^\/ondc\/init$/, () => ({ status: 409, json: { status: 'FAILURE', error: { message: closed, code: 'STORE_CLOSED' } } })]);
    await run(
      placeOrder(cart, place, {
        paymentType: 'ON-ORDER',
        name: 'Asha Rao',
        phone: '9876543210',
        email: '',
        door: '',
        building: '',
        locality: 'Indiranagar',
        state: 'Karnataka',
        instructions: '',
        tip: 0,
        ifShort: 'leave_out',
      }),
      1000,
    );
    expect(closed).toMatch(/\. Opens at 8:00$/);
    expect($checkout.get()).toMatchObject({ phase: 'failed', message: closed, isServiceable: false });
    expect(calls.some((c) => c.url.startsWith('/ondc/status') || c.url === '/ondc/payment')).toBe(false);
  });

  it('any other refusal at "Place order" (the cart changed) is said and the form stays to try again', async () => {
    serveSelect(0);
    await run(startCheckout(cart, place), 1000);
    routes.push([/^\/ondc\/init$/, () => ({ status: 409, json: { status: 'FAILURE', error: { message: CART_CHANGED_MESSAGE, code: 'CART_CHANGED' } } })]);
    await run(
      placeOrder(cart, place, {
        paymentType: 'ON-ORDER',
        name: 'Asha Rao',
        phone: '9876543210',
        email: '',
        door: '',
        building: '',
        locality: 'Indiranagar',
        state: 'Karnataka',
        instructions: '',
        tip: 0,
        ifShort: 'leave_out',
      }),
      1000,
    );
    expect($checkout.get().phase).toBe('quoted');
    expect($toasts.get().map((t) => t.message)).toContain(CART_CHANGED_MESSAGE);
  });

  /** Quoted, the order placed by UPI and its init answered: the shopper is at "Pay". */
  async function atPayment() {
    serveSelect(0);
    await run(startCheckout(cart, place), 1000);
    routes.push([/^\/ondc\/init$/, () => ({ json: { status: 'ACK', data: { message_id: 'm-init' } } })]);
    routes.push([
      /^\/ondc\/status\?type=init/,
      () => ({ json: { order_status: 'CREATED', error: null, onInitTotalPrice: 520, checkout: { ...quoted.checkout, previousTotal: null } } }),
    ]);
    routes.push([/getInstrumentDetails/, () => ({ json: { success: false } })]);
    await run(
      placeOrder(cart, place, {
        paymentType: 'ON-ORDER',
        name: 'Asha Rao',
        phone: '9876543210',
        email: '',
        door: '',
        building: '',
        locality: 'Indiranagar',
        state: 'Karnataka',
        instructions: '',
        tip: 0,
        ifShort: 'leave_out',
      }),
      1000,
    );
    // No instructions written: the init names none.
    expect(calls.find((c) => c.url === '/ondc/init')?.body).not.toHaveProperty('delivery_instructions');
  }

  it('an order the store did not take (issue 29): nothing to pay again, the refund said, a retry asks afresh in a new transaction', async () => {
    await atPayment();
    const refused = 'Item quantity unavailable: something in your order had run out, so the store did not take it';
    routes.push([/^\/ondc\/payment$/, () => ({ json: { status: 'SUCCESS', data: { payment_id: 'pay-0003', status: 'PAID' } } })]);
    routes.push([/^\/ondc\/confirm$/, () => ({ status: 502, json: { status: 'NACK', error: { code: '40002', message: refused } } })]);
    await run(payAndConfirm('asha@okaxis'), 1000);
    expect($checkout.get()).toMatchObject({ phase: 'failed', message: refused, refunding: true, isServiceable: true, transactionId: null });
    const selects = calls.filter((c) => c.url === '/ondc/select').length;
    await run(startCheckout(cart, place), 1000);
    const again = calls.filter((c) => c.url === '/ondc/select');
    expect(again).toHaveLength(selects + 1);
    expect(again.at(-1)?.body).not.toHaveProperty('transaction_id');
  });

  it('a store not reached at confirm is no refusal: the order is not ended, and the shopper can still pay', async () => {
    await atPayment();
    routes.push([/^\/ondc\/payment$/, () => ({ json: { status: 'SUCCESS', data: { payment_id: 'pay-0004', status: 'PAID' } } })]);
    routes.push([
      /^\/ondc\/confirm$/,
      () => ({ status: 502, json: { status: 'NACK', error: { code: SELLER_UNREACHABLE_CODE, message: 'The seller could not be reached (timeout)' } } }),
    ]);
    await run(payAndConfirm('asha@okaxis'), 1000);
    expect($checkout.get()).toMatchObject({ phase: 'payable', refunding: false, transactionId: 'tx-00000001' });
  });

  it('a payment refused because the amount changed meanwhile asks the shopper again with the new summary', async () => {
    await atPayment();
    expect($checkout.get().phase).toBe('payable');
    routes.push([/^\/ondc\/payment$/, () => ({ status: 409, json: { error: { message: PRICE_UPDATE_MESSAGE } } })]);
    routes.push([/^\/ondc\/checkout\/summary/, () => ({ json: { status: 'SUCCESS', data: payable(54000, 5000) } })]);
    await run(payAndConfirm('asha@okaxis'), 1000);
    expect($checkout.get()).toMatchObject({ phase: 'repriced', total: 540, message: PRICE_UPDATE_MESSAGE });
  });

  it('a refused payment says why in words a shopper can act on, and offers what can still help', async () => {
    await atPayment();
    const refusals: Reply[] = [];
    routes.push([/^\/ondc\/payment$/, () => refusals.shift()!]);

    // Not a UPI id: said at once, nothing sent.
    await run(payAndConfirm('asha'), 0);
    expect($checkout.get()).toMatchObject({ phase: 'payable', message: INVALID_UPI_ID_MESSAGE });
    expect(calls.some((c) => c.url === '/ondc/payment')).toBe(false);

    // Another tap's payment is under way: the server's reason, and the pay button stays.
    refusals.push({ status: 409, json: { status: 'FAILURE', error: { message: PAYMENT_UNDER_WAY_MESSAGE } } });
    await run(payAndConfirm('asha@okaxis'), 0);
    expect($checkout.get()).toMatchObject({ phase: 'payable', message: PAYMENT_UNDER_WAY_MESSAGE });

    // A body the server could not read, or a crash: nothing the shopper can act on.
    refusals.push({ status: 400, json: { status: 'FAILURE', error: { message: 'vpa: Expected a UPI id such as name@bank' } } });
    await run(payAndConfirm('asha@okaxis'), 0);
    expect($checkout.get()).toMatchObject({ phase: 'payable', message: 'Something went wrong' });

    // No quote left to pay (its on_init gone): SPEC §4's words, and back to placing the order.
    refusals.push({ status: 404, json: { status: 'FAILURE', error: { message: NO_QUOTE_TO_PAY_MESSAGE } } });
    await run(payAndConfirm('asha@okaxis'), 0);
    expect($checkout.get()).toMatchObject({ phase: 'quoted', message: 'Failed to proceed with payment' });
    expect($toasts.get().map((t) => t.message)).toEqual(
      expect.arrayContaining([INVALID_UPI_ID_MESSAGE, PAYMENT_UNDER_WAY_MESSAGE, 'Failed to proceed with payment']),
    );
  });
});

describe("paying with a UPI app (issue 29): the server's intent, then the wait for the approval", () => {
  const link = 'upi://pay?pa=kirana%40simupi&pn=Kirana&am=520.00&tr=0f8fad5bd9cb469fa16570867728950e&tn=Kirana%20order&cu=INR';
  const pending = (expiresIn: number) => ({
    payment_id: 'pay-0002',
    status: 'PENDING',
    intent: { link, qr: '/ondc/payment/qr?payment_id=pay-0002', expires_in: expiresIn },
  });
  const statusPolls = () => calls.filter((c) => c.url.startsWith('/ondc/payment/status'));

  async function atPayment() {
    serveSelect(0);
    await run(startCheckout(cart, place), 1000);
    routes.push([/^\/ondc\/init$/, () => ({ json: { status: 'ACK', data: { message_id: 'm-init' } } })]);
    routes.push([
      /^\/ondc\/status\?type=init/,
      () => ({ json: { order_status: 'CREATED', error: null, onInitTotalPrice: 520, checkout: { ...quoted.checkout, previousTotal: null } } }),
    ]);
    routes.push([/getInstrumentDetails/, () => ({ json: { success: false } })]);
    await run(
      placeOrder(cart, place, {
        paymentType: 'ON-ORDER',
        name: 'Asha Rao',
        phone: '9876543210',
        email: '',
        door: '',
        building: '',
        locality: 'Indiranagar',
        state: 'Karnataka',
        instructions: '',
        tip: 0,
        ifShort: 'leave_out',
      }),
      1000,
    );
  }

  it("a phone is sent to the server's link; the page asks every 2 s and opens the confirmation once the app approves", async () => {
    await atPayment();
    let polls = 0;
    routes.push([/^\/ondc\/payment$/, () => ({ json: { status: 'SUCCESS', data: pending(300) } })]);
    routes.push([
      /^\/ondc\/payment\/status/,
      () => ({ json: { status: 'SUCCESS', data: ++polls < 3 ? pending(300 - polls * 2) : { payment_id: 'pay-0002', status: 'PAID' } } }),
    ]);
    routes.push([/^\/ondc\/confirm$/, () => ({ json: { status: 'ACK', data: { message_id: 'm-confirm', order_id: 'KO2' } } })]);
    routes.push([/^\/ondc\/status\?type=confirm/, () => ({ json: { order_status: 'CONFIRMED', order_id: 'KO2', error: null } })]);
    const paying = payWithUpiApp({ openApp: true });
    await vi.advanceTimersByTimeAsync(0);
    // The amount the shopper saw goes with it (a different payable is asked again), never a link of the page's.
    expect(calls.find((c) => c.url === '/ondc/payment')?.body).toMatchObject({ method: 'upi_intent', renew: false, init_message_id: 'm-init', amount: 520 });
    expect($checkout.get()).toMatchObject({ phase: 'approving', intent: { paymentId: 'pay-0002', link, payee: 'Kirana', deadline: Date.now() + 300_000 } });
    await run(paying, 10_000);
    const assign = (window as unknown as { location: { assign: ReturnType<typeof vi.fn> } }).location.assign;
    expect(assign.mock.calls.map(([to]) => to)).toEqual([link, '/order-confirmation?order_id=KO2']);
    const polled = statusPolls().map((c) => c.at);
    expect(polled).toHaveLength(3);
    expect(polled[1]! - polled[0]!).toBe(2000);
  });

  it('an intent that expires unpaid says so; leaving for a UPI id stops the polls and asks for it', async () => {
    await atPayment();
    routes.push([/^\/ondc\/payment$/, () => ({ json: { status: 'SUCCESS', data: pending(10) } })]);
    const start = Date.now();
    routes.push([
      /^\/ondc\/payment\/status/,
      () => ({
        json: {
          status: 'SUCCESS',
          data: Date.now() - start < 10_000 ? pending(10 - (Date.now() - start) / 1000) : { payment_id: 'pay-0002', status: 'FAILED' },
        },
      }),
    ]);
    await run(payWithUpiApp({ openApp: false }), 12_000);
    expect($checkout.get()).toMatchObject({ phase: 'approving', intentProblem: 'expired' });
    // A desktop is not sent anywhere: it shows the QR code.
    expect((window as unknown as { location: { assign: ReturnType<typeof vi.fn> } }).location.assign).not.toHaveBeenCalled();
    const asked = statusPolls().length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statusPolls()).toHaveLength(asked);

    // Retry: a fresh intent (the server withdraws the old one); leaving it stops its polls too.
    const retry = payWithUpiApp({ openApp: false, renew: true });
    await vi.advanceTimersByTimeAsync(2_100);
    expect(calls.filter((c) => c.url === '/ondc/payment').at(-1)?.body).toMatchObject({ method: 'upi_intent', renew: true });
    leaveUpiApp({ toUpiId: true });
    expect($checkout.get()).toMatchObject({ phase: 'payable', intent: null, intentProblem: null, upiIdAsked: true });
    const before = statusPolls().length;
    await run(retry, 10_000);
    expect(statusPolls()).toHaveLength(before);
  });
});

describe("an applied offer taken back (issue 28): the bill is the server's again without it", () => {
  it('a coupon of ours: the server drops it and the summary is redrawn from the server', async () => {
    serveSelect(0);
    await run(startCheckout(cart, place), 2000);
    let dueNow = payable(47000, 3000);
    routes.push([/^\/ondc\/offer\/apply$/, () => ({ json: { status: 'SUCCESS', data: { code: 'FLAT50', discount: 50, source: 'storefront' } } })]);
    routes.push([/^\/ondc\/checkout\/summary/, () => ({ json: { status: 'SUCCESS', data: dueNow } })]);
    routes.push([/^\/ondc\/offer\/remove$/, () => ({ json: { status: 'SUCCESS', data: { code: 'FLAT50', source: 'storefront' } } })]);
    await run(applyCoupon('FLAT50', place.city), 0);
    expect($checkout.get()).toMatchObject({ coupon: { code: 'FLAT50' }, total: 470 });

    dueNow = payable(52000, 3000);
    await run(removeOffer('FLAT50'), 0);
    expect(calls.find((c) => c.url === '/ondc/offer/remove')?.body).toEqual({ transactionId: 'tx-00000001', code: 'FLAT50' });
    expect($checkout.get()).toMatchObject({ coupon: null, total: 520, lines: lines(52000, 3000) });
  });

  it("a store's offer: the same checkout is quoted again, without it", async () => {
    serveSelect(0);
    await run(startCheckout(cart, place), 2000);
    routes.push([/^\/ondc\/offer\/apply$/, () => ({ json: { status: 'SUCCESS', data: { code: 'FRESH15', discount: 75, source: 'store' } } })]);
    routes.push([/^\/ondc\/offer\/remove$/, () => ({ json: { status: 'SUCCESS', data: { code: 'FRESH15', source: 'store' } } })]);
    await run(applyCoupon('FRESH15', place.city), 2000);
    expect($checkout.get().storeOffer).toEqual({ code: 'FRESH15' });

    await run(removeOffer('FRESH15'), 2000);
    const selects = calls.filter((c) => c.url === '/ondc/select');
    expect(selects).toHaveLength(3);
    expect(selects.at(-1)?.body).toMatchObject({ transaction_id: 'tx-00000001' });
    expect($checkout.get()).toMatchObject({ phase: 'quoted', storeOffer: null });
  });

  it('a refusal is said and the offer stays shown as applied', async () => {
    serveSelect(0);
    await run(startCheckout(cart, place), 2000);
    $checkout.set({ ...$checkout.get(), coupon: { code: 'FLAT50', discountPaise: 5000 } });
    routes.push([/^\/ondc\/offer\/remove$/, () => ({ status: 404, json: { status: 'FAILURE', error: { message: 'FLAT50 is not applied to this order' } } })]);
    await run(removeOffer('FLAT50'), 0);
    expect($toasts.get().map((t) => t.message)).toContain('FLAT50 is not applied to this order');
    expect($checkout.get().coupon).toEqual({ code: 'FLAT50', discountPaise: 5000 });
  });
});

describe('the native app hears of the order (issue 29: README bridge contract)', () => {
  it('place_order_click carries the amount and items; payment_info, once the order stands, its id, the amount paid and the items', async () => {
    const heard: Array<{ event: string; data: Record<string, unknown> }> = [];
    vi.stubGlobal('window', { location: { assign: vi.fn() }, KiranaNative: { postMessage: (json: string) => void heard.push(JSON.parse(json)) } });
    serveSelect(0);
    await run(startCheckout(cart, place), 1000);
    routes.push([/^\/ondc\/init$/, () => ({ json: { status: 'ACK', data: { message_id: 'm-init' } } })]);
    routes.push([
      /^\/ondc\/status\?type=init/,
      () => ({
        json: {
          order_status: 'CREATED',
          error: null,
          onInitTotalPrice: 535.5,
          checkout: { problems: [], events: [], priceChanged: true, previousTotal: 520, payable: payable(53550, 4550) },
        },
      }),
    ]);
    routes.push([/getInstrumentDetails/, () => ({ json: { success: false } })]);
    await run(
      placeOrder(cart, place, {
        paymentType: 'ON-ORDER',
        name: 'Asha Rao',
        phone: '9876543210',
        email: '',
        door: '',
        building: '',
        locality: 'Indiranagar',
        state: 'Karnataka',
        instructions: '',
        tip: 0,
        ifShort: 'leave_out',
      }),
      100,
    );
    const items = [{ id: cart.items[0]!.sku_id, name: 'Item atta', quantity: 2, price: '245.00' }];
    expect(heard).toEqual([
      { event: 'place_order_click', data: { transaction_id: 'tx-00000001', payment_type: 'ON-ORDER', amount: '520.00', currency: 'INR', items } },
    ]);
    await run(proceedToPay(), 0);
    routes.push([/^\/ondc\/payment$/, () => ({ json: { status: 'SUCCESS', data: { payment_id: 'pay-0001', status: 'PAID' } } })]);
    routes.push([/^\/ondc\/confirm$/, () => ({ json: { status: 'ACK', data: { message_id: 'm-confirm', order_id: 'KO1' } } })]);
    routes.push([/^\/ondc\/status\?type=confirm/, () => ({ json: { order_status: 'CONFIRMED', order_id: 'KO1', error: null } })]);
    await run(payAndConfirm('asha@okaxis'), 1000);
    // The amount paid is the repriced one the shopper accepted, not the one at the tap.
    expect(heard.slice(1)).toEqual([
      {
        event: 'payment_info',
        data: { order_id: 'KO1', transaction_id: 'tx-00000001', payment_id: 'pay-0001', method: 'upi', amount: '535.50', currency: 'INR', items },
      },
    ]);
    expect((window as unknown as { location: { assign: ReturnType<typeof vi.fn> } }).location.assign).toHaveBeenCalledWith('/order-confirmation?order_id=KO1');
  });
});
