// The checkout in the browser (SPEC §4 checkout flow): select and its poll, the coupon, init and
// its poll, then payment and confirm. The server builds the protocol bodies from the server cart,
// checks the quote and works out what is due (issue 23); this only shows its answers. Components
// only render $checkout and call these actions (STYLE: nanostores).
import { tellNativeApp, track } from '#/features/analytics/emit.ts';
import { atom } from 'nanostores';
import type { AppType } from '#/ondc/error-codes.ts';
import { SOMETHING_WENT_WRONG } from '#/features/cart/cart.ts';
import type { Cart } from '#/features/cart/payload.ts';
import { $isCoinBurnEnabled, resetCart } from '#/features/cart/store.ts';
import type { DeliveryLocation } from '#/features/location/delivery-location.ts';
import { applySavedAddress, type Address } from '#/features/location/address.ts';
import { $savedAddresses } from '#/features/location/saved-addresses.ts';
import { vpaSchema } from '#/features/payment/gateway.ts';
import {
  INVALID_UPI_ID_MESSAGE,
  NO_QUOTE_TO_PAY_MESSAGE,
  PAYMENT_FAILED_MESSAGE,
  PAYMENT_TOO_LONG_MESSAGE,
  PAYMENT_UNDER_WAY_MESSAGE,
  SELLER_UNREACHABLE_CODE,
} from '#/features/payment/payment.ts';
import { showToast } from '#/features/platform/toast.ts';
import { INVALID_COUPON_MESSAGE, offersListAllowed, shouldFetchOffers } from './offers.ts';
import { initStep, INIT_POLL, poll, selectStep, SELECT_POLL, type InitStatus, type SelectAnswer } from './poll.ts';
import { PRICE_UPDATE_MESSAGE, type ItemProblem, type PriceMismatchEvent } from './quote-check.ts';
import type { SummaryLine } from './summary.ts';
import { checkoutPlace } from './session.ts';
import { bridgeOrder, type BridgeOrder } from './native-payload.ts';
import type { DeliveryChoice } from './delivery-choice.ts';
import type { IfShortChoice } from '#/ondc/if-short.ts';

/**
 * `repriced`: on_init changed what is due; the shopper sees the new amount and accepts it before paying.
 * `approving`: waiting for the shopper to approve a UPI intent in their UPI app (issue 29).
 * `requoting`: the store quotes the same checkout again (an offer, a delivery time): the page stays as
 * it was, what the shopper typed included, and nothing can be placed until the new quote is in.
 */
type CheckoutPhase = 'quoting' | 'requoting' | 'quoted' | 'placing' | 'repriced' | 'payable' | 'paying' | 'approving' | 'failed';

/** A UPI intent the shopper approves in their UPI app: the link it opens, its QR code, and until when (ms) it can be paid. */
export type UpiIntent = { paymentId: string; link: string; qr: string; deadline: number; payee: string };

export interface CheckoutState {
  phase: CheckoutPhase;
  message: string | null;
  isServiceable: boolean;
  transactionId: string | null;
  selectMessageId: string | null;
  initMessageId: string | null;
  /** How the order is paid, chosen with the address (UPI now, or cash on delivery). */
  paymentType: CustomerForm['paymentType'];
  /** The server's payable lines (issue 23): drawn as they come, never summed here. */
  lines: SummaryLine[];
  /** What "Pay ₹X" charges, in rupees: the server's payable total. */
  total: number | null;
  problems: ItemProblem[];
  coupon: { code: string; discountPaise: number } | null;
  /** The store's advertised offer chosen here (issue 28): the seller's quote carries its discount. */
  storeOffer: { code: string } | null;
  /** Why the last code did not apply: SPEC §8 'Invalid coupon', or the advertised offer's reason. */
  couponError: string | null;
  /** SPEC §5: coins the shopper may burn on this order (0 when coins are off or the balance is empty). */
  burnableCoins: number;
  /** SPEC §7.3 offer list: the coupons a shopper can pick for this checkout. */
  offers: OfferCard[];
  /** The UPI id to offer on the payment form (SPEC §7.3 getInstrumentDetails or the cookie). */
  savedVpa: string | null;
  /** The intent being approved (issue 29), and why its wait ended unpaid: it expired, or the payment failed. */
  intent: UpiIntent | null;
  intentProblem: 'expired' | 'failed' | null;
  /** The shopper left the UPI app for their UPI id: the form asks for it first. */
  upiIdAsked: boolean;
  /** What was in the order when Place order was tapped, for the native app's payment_info. */
  placed: BridgeOrder | null;
  /** Issue 29: the delivery the quote is for (init names it), and the times on offer where the store offers a choice. */
  fulfillmentId: string | null;
  delivery: DeliveryChoice | null;
  /** The delivery time the shopper picked, asked for in every select of this checkout; null for the store's soonest. */
  chosenDelivery: string | null;
  /** Issue 29: the store honours "no order if something has run out" (ondc/if-short.ts). */
  cancelIfShortOffered: boolean;
  /** The store did not take an order paid by UPI: the payment is on its way back whole. */
  refunding: boolean;
}

const initial: CheckoutState = {
  phase: 'quoting',
  message: null,
  isServiceable: true,
  transactionId: null,
  selectMessageId: null,
  initMessageId: null,
  paymentType: 'ON-ORDER',
  lines: [],
  total: null,
  problems: [],
  coupon: null,
  storeOffer: null,
  couponError: null,
  savedVpa: null,
  intent: null,
  intentProblem: null,
  upiIdAsked: false,
  offers: [],
  burnableCoins: 0,
  placed: null,
  fulfillmentId: null,
  delivery: null,
  chosenDelivery: null,
  cancelIfShortOffered: false,
  refunding: false,
};

interface OfferCard {
  code: string;
  title: string;
  description: string;
  /** The store's advertised offer, or the storefront's own coupon (issue 28). */
  source: 'store' | 'storefront';
  /** Why it does not apply to this cart yet (minimum value), null when it does. */
  reason: string | null;
}

/** The server's payable() as the poll and summary answer it (session.server.ts payableView). */
interface PayableView {
  lines: SummaryLine[];
  total: number;
  coins: { burnable: number; burned: number; discountPaise: number };
}

/** What a select poll adds to the seller's answer: the SPEC §5 quote checks and the payable lines. */
type SelectChecked = {
  problems: ItemProblem[];
  events: PriceMismatchEvent[];
  priceChanged: boolean;
  payable: PayableView | null;
  fulfillmentId?: string | null;
  delivery?: DeliveryChoice | null;
  cancelIfShortOffered?: boolean;
};
type InitChecked = SelectChecked & { previousTotal: number | null };

export const $checkout = atom<CheckoutState>(initial);
const patch = (next: Partial<CheckoutState>) => $checkout.set({ ...$checkout.get(), ...next });

async function call(path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, json };
}
const errorText = (json: Record<string, unknown>) =>
  (json['error'] as { message?: string } | undefined)?.message ?? (json['errorMessage'] as string | undefined) ?? 'Something went wrong';

const appTypeOf = (cart: Cart): AppType => (cart.cart_metadata.categoryDomain === 'ONDC:RET11' ? 'food' : 'retail');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const burnFlag = () => ($isCoinBurnEnabled.get() ? '1' : '0');
const shown = (payable: PayableView | null): Partial<CheckoutState> =>
  payable ? { lines: payable.lines, total: payable.total, burnableCoins: payable.coins.burnable } : {};

/** The summary redrawn from the server (after a coupon, a coin choice or a price update). */
async function refreshSummary() {
  const { transactionId } = $checkout.get();
  if (!transactionId) return;
  const answer = await call(`/ondc/checkout/summary?transaction_id=${encodeURIComponent(transactionId)}&burn_coins=${burnFlag()}`);
  if (answer.status === 200) patch(shown(answer.json['data'] as PayableView));
}

/** SPEC §4: coin burn chosen at checkout redraws the summary. */
export async function setCoinBurn(enabled: boolean) {
  $isCoinBurnEnabled.set(enabled);
  await refreshSummary();
}

/** The place the select and init name; the order itself is the shopper's server cart (issue 23). */
let quoting: { cart: Cart; place: DeliveryLocation } | null = null;

/** SPEC §4: select, then poll every 1 s at most 20 times; the server rechecks the quote against the cart. */
export async function startCheckout(cart: Cart, place: DeliveryLocation) {
  const previous = $checkout.get();
  quoting = { cart, place };
  const requote = previous.phase === 'quoted' && previous.transactionId !== null;
  $checkout.set({
    ...initial,
    ...(requote
      ? { phase: 'requoting', lines: previous.lines, total: previous.total, delivery: previous.delivery, fulfillmentId: previous.fulfillmentId }
      : {}),
    transactionId: previous.transactionId,
    coupon: previous.coupon,
    storeOffer: previous.storeOffer,
    offers: previous.offers,
    chosenDelivery: previous.chosenDelivery,
  });
  const sent = await call('/ondc/select', {
    ...checkoutPlace(cart, place),
    address: { area_code: place.pincode },
    ...(previous.transactionId ? { transaction_id: previous.transactionId } : {}),
    ...(previous.chosenDelivery ? { fulfillment_id: previous.chosenDelivery } : {}),
  });
  if (sent.status !== 200) return patch({ phase: 'failed', message: errorText(sent.json) });
  const data = sent.json['data'] as { message_id: string; transaction_id: string };
  patch({ transactionId: data.transaction_id, selectMessageId: data.message_id });
  let checked = null as SelectChecked | null;
  const step = await poll(
    async () => {
      const answer = (await call(`/ondc/fetchMessage?type=select&message_id=${data.message_id}&burn_coins=${burnFlag()}`)).json;
      checked = (answer['checkout'] as SelectChecked | null | undefined) ?? null;
      return answer as SelectAnswer;
    },
    (answer: SelectAnswer, attempt) => selectStep(answer, attempt, appTypeOf(cart)),
    { ...SELECT_POLL, sleep },
  );
  if (step.kind === 'failed') {
    if (step.label) track(step.label, { transaction_id: data.transaction_id });
    return patch({ phase: 'failed', message: step.message, isServiceable: step.isServiceable });
  }
  const check: SelectChecked = checked ?? { problems: [], events: [], priceChanged: false, payable: null };
  for (const { label, ...mismatch } of check.events) track(label, mismatch);
  track('checkout_quoted', { transaction_id: data.transaction_id });
  if (check.priceChanged) showToast(PRICE_UPDATE_MESSAGE);
  // SPEC §4: the offers list loads when the offer mode is manual and the provider is not
  // blacklisted. It comes before the quote is shown, so the page appears whole: a list arriving
  // after it pushed the address form down under the shopper's eyes (issue 30, layout shift).
  if (offersListAllowed(cart)) await loadOffers(place.city);
  patch({
    phase: 'quoted',
    problems: check.problems,
    message: step.notice,
    isServiceable: step.isServiceable,
    ...shown(check.payable),
    fulfillmentId: check.fulfillmentId ?? null,
    delivery: check.delivery ?? null,
    // A window that has gone since it was offered: the store quoted its soonest instead (30013's notice says so).
    chosenDelivery: check.delivery?.options.find((o) => o.id === check.delivery?.chosen)?.start ? (check.delivery?.chosen ?? null) : null,
    cancelIfShortOffered: check.cancelIfShortOffered ?? false,
  });
  // SPEC §4: a coupon applied before is re-applied after a new select.
  if (previous.coupon) await applyCoupon(previous.coupon.code, place.city);
}

/** Issue 29: the shopper picks when the order comes; the store quotes again for that delivery. */
export async function chooseDelivery(fulfillmentId: string) {
  const { delivery } = $checkout.get();
  if (!quoting || !delivery || delivery.chosen === fulfillmentId) return;
  const option = delivery.options.find((o) => o.id === fulfillmentId);
  if (!option) return;
  track('delivery_time_chosen', { fulfillment_id: fulfillmentId, window: option.start !== null });
  patch({ chosenDelivery: option.start === null ? null : fulfillmentId });
  await startCheckout(quoting.cart, quoting.place);
}

/** SPEC §5: the offers list is fetched only with a transaction id and a city, and only when empty. */
async function loadOffers(cityName: string) {
  const { transactionId, offers } = $checkout.get();
  if (!shouldFetchOffers({ transactionId, cityName, listed: offers.length })) return;
  const answer = await call(`/ondc/offer/list?transactionId=${encodeURIComponent(transactionId ?? '')}&cityName=${encodeURIComponent(cityName)}`);
  if (answer.status === 200 && Array.isArray(answer.json['data'])) patch({ offers: answer.json['data'] as OfferCard[] });
}

/** SPEC §7.3 offer apply; 'Invalid coupon' clears the applied offer and flags the error (SPEC §8). */
export async function applyCoupon(code: string, cityName: string) {
  const { transactionId, selectMessageId } = $checkout.get();
  if (!transactionId || !selectMessageId) return;
  const answer = await call('/ondc/offer/apply', { transactionId, messageId: selectMessageId, cityName, manualCoupon: code });
  if (answer.status !== 200) {
    // An advertised offer that does not apply says why (issue 28); any other code is SPEC §8's.
    const message = answer.status === 429 || answer.json['reason'] ? errorText(answer.json) : INVALID_COUPON_MESSAGE;
    showToast(message);
    patch({ coupon: null, couponError: message });
    return refreshSummary();
  }
  const data = answer.json['data'] as { code: string; discount: number; source: OfferCard['source'] };
  if (data.source === 'store') {
    // The seller applies its own offer: a new quote for the same checkout carries the discount.
    patch({ storeOffer: { code: data.code }, couponError: null });
    if (quoting) await startCheckout(quoting.cart, quoting.place);
    return;
  }
  patch({ coupon: { code: data.code, discountPaise: Math.round(data.discount * 100) }, couponError: null });
  await refreshSummary();
}

/**
 * Issue 28: the shopper takes back an applied offer. The server drops it; a store's offer leaves
 * with a new quote of the same checkout, a coupon of ours with the server's summary redrawn.
 */
export async function removeOffer(code: string) {
  const { transactionId } = $checkout.get();
  if (!transactionId) return;
  const answer = await call('/ondc/offer/remove', { transactionId, code });
  if (answer.status !== 200) {
    showToast(errorText(answer.json));
    return;
  }
  const { source } = answer.json['data'] as { source: OfferCard['source'] };
  if (source === 'store') {
    patch({ storeOffer: null, couponError: null });
    if (quoting) await startCheckout(quoting.cart, quoting.place);
    return;
  }
  patch({ coupon: null, couponError: null });
  await refreshSummary();
}

/**
 * Issue 28: delivery details edited at checkout, kept in the address book: on this device, and for
 * a signed-in shopper in the account's (SPEC §7.1 save, which answers the account's whole list).
 */
export async function keepAddress(address: Address, signedIn: boolean): Promise<Address[] | null> {
  $savedAddresses.set(applySavedAddress($savedAddresses.get(), address));
  if (!signedIn) return null;
  const answer = await call('/save/unified/address', address);
  if (answer.status !== 200) {
    showToast(errorText(answer.json));
    return null;
  }
  return answer.json['data'] as Address[];
}

export interface CustomerForm {
  /** Prepaid by UPI, or cash on delivery (ONDC ON-FULFILLMENT) when the seller allows it. */
  paymentType: 'ON-ORDER' | 'ON-FULFILLMENT';
  name: string;
  phone: string;
  /** Optional (README "Decisions": the shopper's email); empty when not given. */
  email: string;
  door: string;
  building: string;
  locality: string;
  state: string;
  /** Issue 29: for the rider; empty when the shopper wrote none. */
  instructions: string;
  /** Issue 29: the rider's tip picked, in rupees (0 for none); the server prices it. */
  tip: number;
  /** Issue 29: what the store should do if something has run out. */
  ifShort: IfShortChoice;
}

/** SPEC §4: init with the customer and address, then poll every 1 s at most 5 times. */
export async function placeOrder(cart: Cart, place: DeliveryLocation, form: CustomerForm) {
  const { transactionId } = $checkout.get();
  if (!transactionId) return;
  const placed = bridgeOrder(cart, $checkout.get().total);
  patch({ phase: 'placing', message: null, paymentType: form.paymentType, placed });
  track('place_order_click', { transaction_id: transactionId, payment_type: form.paymentType });
  // No order id yet: the order is made by confirm; payment_info carries it.
  void tellNativeApp('place_order_click', { transaction_id: transactionId, payment_type: form.paymentType, ...placed });
  const address = {
    door: form.door,
    building: form.building,
    name: form.name,
    locality: form.locality,
    city: place.city,
    state: form.state,
    country: 'IND',
    area_code: place.pincode,
  };
  const sent = await call('/ondc/init', {
    ...checkoutPlace(cart, place),
    transaction_id: transactionId,
    customer_details: { name: form.name, phone: form.phone, ...(form.email ? { email: form.email } : {}) },
    billing_address: address,
    delivery_address: address,
    // The delivery the quote is for; the seller's own id for its soonest when it named none.
    fulfillment_id: $checkout.get().fulfillmentId ?? 'F1',
    is_consent_accepted: true,
    payment_type: form.paymentType,
    ...(form.instructions ? { delivery_instructions: form.instructions } : {}),
    ...(form.tip > 0 ? { tip: form.tip } : {}),
    ...(form.ifShort === 'cancel_order' ? { if_short: form.ifShort } : {}),
  });
  if (sent.status !== 200) {
    // Issue 28: a store that closed since the quote takes no order until it opens: the page says
    // so and when, where the form was (a toast is gone before it is read, and a retry cannot help).
    const code = (sent.json['error'] as { code?: string } | undefined)?.code;
    if (code === 'STORE_CLOSED' || code === 'STORE_TEMPORARILY_CLOSED') return patch({ phase: 'failed', message: errorText(sent.json), isServiceable: false });
    showToast(errorText(sent.json));
    return patch({ phase: 'quoted' });
  }
  const messageId = (sent.json['data'] as { message_id: string }).message_id;
  let checked = null as InitChecked | null;
  const step = await poll(
    async () => {
      const status = (await call(`/ondc/status?type=init&message_id=${messageId}&burn_coins=${burnFlag()}`)).json;
      checked = (status['checkout'] as InitChecked | null | undefined) ?? null;
      return status as InitStatus;
    },
    (status: InitStatus, attempt) => initStep(status, attempt, appTypeOf(cart)),
    { ...INIT_POLL, sleep },
  );
  if (step.kind === 'failed') {
    if (step.label) track(step.label, { transaction_id: transactionId });
    showToast(step.toast);
    return patch({ phase: 'quoted' });
  }
  const check: InitChecked | null = checked;
  patch({ initMessageId: messageId, ...shown(check?.payable ?? null) });
  // On_init changed what is due (the seller priced the full address): the shopper sees the new
  // amount with the SPEC §5 price-update message and accepts it before anything is charged.
  if (check?.priceChanged) {
    showToast(PRICE_UPDATE_MESSAGE);
    return patch({ phase: 'repriced', message: PRICE_UPDATE_MESSAGE });
  }
  await proceedToPay();
}

/** After on_init (and, when the amount changed, the shopper's yes): pay by UPI or place cash on delivery. */
export async function proceedToPay() {
  const { initMessageId, paymentType } = $checkout.get();
  if (!initMessageId) return;
  if (paymentType === 'ON-FULFILLMENT') return payOnDelivery(initMessageId);
  patch({ phase: 'payable', message: null, savedVpa: await savedUpiId() });
}

/** Cash on delivery: nothing to collect now; the order is confirmed unpaid. */
async function payOnDelivery(initMessageId: string) {
  const { transactionId } = $checkout.get();
  if (!transactionId) return;
  // The order is still being placed as far as the shopper can tell: the form keeps "Placing order…".
  patch({ phase: 'placing', message: null });
  track('payment_started', { transaction_id: transactionId, method: 'cod' });
  const started = await call('/ondc/payment', {
    method: 'cod',
    transaction_id: transactionId,
    init_message_id: initMessageId,
    burn_coins: $isCoinBurnEnabled.get(),
    ...amountShown(),
  });
  if (started.status === 409 && errorText(started.json) === PRICE_UPDATE_MESSAGE) return repriced();
  if (started.status !== 200) {
    showToast(paymentRefusal(started));
    return patch({ phase: 'quoted' });
  }
  await confirmAndOpen(transactionId, (started.json['data'] as { payment_id: string }).payment_id);
}

/** SPEC §7.3: the shopper's saved UPI id, kept on the server (issue 24), from the instrument call. */
async function savedUpiId(): Promise<string | null> {
  const answer = await call('/kong-api/package_api/v3/payment/getInstrumentDetails?instrumentType=upi_account');
  return answer.json['success'] === true && typeof answer.json['vpa'] === 'string' ? answer.json['vpa'] : null;
}

/** A payment as POST /ondc/payment and its status answer it; a pending intent carries its link. */
type PaymentAnswer = { payment_id: string; status: string; intent?: { link: string; qr: string; expires_in: number } };

/**
 * Starts a UPI payment of the checkout at the server, which works out the amount; a refusal is
 * shown (a new price to accept, no quote left to pay, another payment under way) and answers null.
 */
async function startUpiPayment(method: { method: 'upi'; vpa: string } | { method: 'upi_intent'; renew: boolean }): Promise<PaymentAnswer | null> {
  const { transactionId, initMessageId } = $checkout.get();
  if (!transactionId || !initMessageId) return null;
  patch({ phase: 'paying', message: null, intentProblem: null });
  track('payment_started', { transaction_id: transactionId, method: method.method });
  const started = await call('/ondc/payment', {
    ...method,
    transaction_id: transactionId,
    init_message_id: initMessageId,
    burn_coins: $isCoinBurnEnabled.get(),
    ...amountShown(),
  });
  if (started.status === 409 && errorText(started.json) === PRICE_UPDATE_MESSAGE) {
    await repriced();
    return null;
  }
  if (started.status === 404) {
    // No quote to pay (its on_init is gone or refused): paying again cannot help, placing the order again can.
    showToast(NO_QUOTE_TO_PAY_MESSAGE);
    patch({ phase: 'quoted', message: NO_QUOTE_TO_PAY_MESSAGE });
    return null;
  }
  if (started.status !== 200) {
    failPayment(paymentRefusal(started));
    return null;
  }
  return started.json['data'] as PaymentAnswer;
}

/** Pays by UPI, then confirms and opens the order's confirmation. */
export async function payAndConfirm(vpa: string) {
  const { transactionId } = $checkout.get();
  if (!transactionId) return;
  if (!vpaSchema.safeParse(vpa).success) return failPayment(INVALID_UPI_ID_MESSAGE);
  // The UPI id the shopper moved to: the server withdraws an intent left pending first.
  waiting++;
  let payment = await startUpiPayment({ method: 'upi', vpa });
  if (!payment) return;
  for (let attempt = 1; payment.status === 'PENDING' && attempt <= PAYMENT_POLL.maxAttempts; attempt++) {
    await sleep(PAYMENT_POLL.intervalMs);
    payment = (await call(`/ondc/payment/status?payment_id=${payment.payment_id}`)).json['data'] as PaymentAnswer;
  }
  if (payment.status !== 'PAID') return failPayment(payment.status === 'FAILED' ? PAYMENT_FAILED_MESSAGE : PAYMENT_TOO_LONG_MESSAGE);
  await confirmAndOpen(transactionId, payment.payment_id);
}

/** The wait under way for an intent's approval: a newer wait, or the shopper leaving it, stops the older one's polls. */
let waiting = 0;

/**
 * Issue 29: pays through the shopper's own UPI app. The server makes the intent (its amount and
 * reference, never the page's); a phone opens its upi://pay link, a desktop shows its QR code;
 * then the page waits for the approval. `renew`: a fresh intent (Retry), the old one withdrawn.
 */
export async function payWithUpiApp({ openApp, renew = false }: { openApp: boolean; renew?: boolean }) {
  const { transactionId } = $checkout.get();
  if (!transactionId) return;
  const wait = ++waiting;
  const payment = await startUpiPayment({ method: 'upi_intent', renew });
  if (!payment || wait !== waiting) return;
  if (payment.status === 'PAID') return confirmAndOpen(transactionId, payment.payment_id);
  // A collect to a UPI id still under way answers instead of an intent: it is the checkout's payment.
  if (!payment.intent) return failPayment(payment.status === 'FAILED' ? PAYMENT_FAILED_MESSAGE : PAYMENT_UNDER_WAY_MESSAGE);
  patch({ phase: 'approving', upiIdAsked: false, intent: intentOf(payment.payment_id, payment.intent) });
  if (openApp) window.location.assign(payment.intent.link);
  await awaitApproval(wait, transactionId, payment.payment_id);
}

/** The intent as the wait shows it; the payee is named as the link names it, so the app shows the same name. */
const intentOf = (paymentId: string, intent: NonNullable<PaymentAnswer['intent']>): UpiIntent => ({
  paymentId,
  link: intent.link,
  qr: intent.qr,
  deadline: Date.now() + intent.expires_in * 1000,
  payee: URL.canParse(intent.link) ? (new URL(intent.link).searchParams.get('pn') ?? '') : '',
});

/**
 * Asks after the intent until it is paid (then the order opens), fails or expires (then the
 * shopper may retry or type a UPI id), or the shopper leaves the wait. A request that does not
 * get through (the shop restarting) is asked again: the payment is the server's, and so is the order.
 */
async function awaitApproval(wait: number, transactionId: string, paymentId: string) {
  while (wait === waiting) {
    await sleep(APPROVAL_POLL_MS);
    if (wait !== waiting) return;
    const answer = await call(`/ondc/payment/status?payment_id=${encodeURIComponent(paymentId)}`).catch(() => null);
    const payment = answer?.status === 200 ? (answer.json['data'] as PaymentAnswer) : null;
    if (!payment || wait !== waiting) continue;
    if (payment.status === 'PAID') {
      waiting++;
      return confirmAndOpen(transactionId, paymentId);
    }
    if (payment.status === 'FAILED') {
      waiting++;
      const { intent } = $checkout.get();
      return patch({ intentProblem: intent && intent.deadline <= Date.now() ? 'expired' : 'failed' });
    }
    if (payment.intent) patch({ intent: intentOf(paymentId, payment.intent) });
  }
}

/**
 * The shopper leaves the wait: back to the payment choices, or straight to their UPI id. The intent
 * stays payable until it expires (an approval already on its way still places the order); paying
 * another way withdraws it first.
 */
export function leaveUpiApp({ toUpiId }: { toUpiId: boolean }) {
  waiting++;
  patch({ phase: 'payable', intent: null, intentProblem: null, upiIdAsked: toUpiId, message: null });
}

/**
 * How often the wait asks after the intent: every 2 s, not the SPEC's 1 s poll, as it may last the
 * intent's whole 5 minutes; an approval shows within 2 s, the notice having placed the order already.
 */
const APPROVAL_POLL_MS = 2000;

/** Confirms the order, waits for on_confirm, then opens its confirmation page. */
async function confirmAndOpen(transactionId: string, paymentId: string) {
  const confirmed = await call('/ondc/confirm', { transaction_id: transactionId, payment_id: paymentId });
  // 502: the store refused the order (the server has ended the checkout and refunds it), unless it
  // was not reached (the server sends the order again). Anything else can be paid again.
  const refusal = (confirmed.json['error'] as { code?: string } | undefined)?.code;
  if (confirmed.status === 502 && refusal !== SELLER_UNREACHABLE_CODE) return orderNotPlaced(errorText(confirmed.json));
  if (confirmed.status !== 200) return failPayment(errorText(confirmed.json));
  const { message_id: messageId, order_id: orderId } = confirmed.json['data'] as { message_id: string; order_id: string };
  for (let attempt = 1; attempt <= PAYMENT_POLL.maxAttempts; attempt++) {
    const status = (await call(`/ondc/status?type=confirm&message_id=${messageId}`)).json;
    if (status['order_status'] === 'FAILED') return orderNotPlaced(errorText(status));
    if (status['order_status'] === 'CONFIRMED') break;
    await sleep(PAYMENT_POLL.intervalMs);
  }
  track('order_placed', { order_id: orderId, transaction_id: transactionId });
  // The app hears of the payment once the order stands (its id exists only now), before the page
  // goes: a bridge not ready in time is given up rather than holding the shopper back.
  const { paymentType, total, placed } = $checkout.get();
  await Promise.race([
    tellNativeApp('payment_info', {
      order_id: orderId,
      transaction_id: transactionId,
      payment_id: paymentId,
      method: paymentType === 'ON-FULFILLMENT' ? 'cod' : 'upi',
      ...(placed ?? { currency: 'INR', items: [] }),
      amount: total === null ? (placed?.amount ?? null) : total.toFixed(2),
    }),
    sleep(NATIVE_WAIT_MS),
  ]);
  // The server emptied the cart with the order (issue 28); the copy this device keeps follows it.
  resetCart();
  window.location.assign(`/order-confirmation?order_id=${encodeURIComponent(orderId)}`);
}

/** How long the order's page waits for the native app to take payment_info (its retries take up to 4.8 s). */
const NATIVE_WAIT_MS = 1500;

/** Payment and confirm polls: every 1 s like the others, long enough for a pending UPI payment. */
const PAYMENT_POLL = { intervalMs: 1000, maxAttempts: 10 } as const;

/** The amount the shopper was shown and agreed to: the server charges it or asks again (409). */
function amountShown(): { amount?: number } {
  const { total } = $checkout.get();
  return total === null ? {} : { amount: total };
}

/** What is due changed after the shopper saw it: the new summary, the SPEC §5 message, and ask again. */
async function repriced() {
  await refreshSummary();
  showToast(PRICE_UPDATE_MESSAGE);
  patch({ phase: 'repriced', message: PRICE_UPDATE_MESSAGE });
}

/**
 * What the shopper reads when POST /ondc/payment is refused: SPEC §4's words when no quote is left
 * to pay (404), SPEC §8's "Something went wrong" for what a shopper cannot act on (a body the
 * server could not read, a 5xx), else the server's own message (another payment under way, too
 * many attempts).
 */
function paymentRefusal(answer: { status: number; json: Record<string, unknown> }): string {
  if (answer.status === 404) return NO_QUOTE_TO_PAY_MESSAGE;
  if (answer.status === 400 || answer.status >= 500) return SOMETHING_WENT_WRONG;
  return errorText(answer.json);
}

/**
 * The store did not take the order: there is nothing to pay again (a UPI payment comes back whole,
 * by the server). The cart is kept; trying again asks the store afresh, in a new transaction.
 */
function orderNotPlaced(message: string) {
  showToast(message);
  // One order per transaction: asking again starts another.
  patch({ phase: 'failed', message, isServiceable: true, refunding: $checkout.get().paymentType === 'ON-ORDER', transactionId: null, initMessageId: null });
}

function failPayment(message: string) {
  showToast(message);
  patch({ phase: 'payable', message });
}
