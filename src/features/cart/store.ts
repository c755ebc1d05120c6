// The cart in the browser (DESIGN §6): nanostores shared by every add-to-cart island, the header
// badge, the cart bar and the cart page, persisted under the SPEC §3 local-storage keys and so
// synced across open tabs. The server cart is the source of truth: a tap changes the screen at
// once (optimistic) and queues an operation; operations go to the server one at a time, against
// the cart version it last answered. A failure drops the operation, which rolls the screen back.
// Without a connection the operations wait in the queue ("Will sync") and go when it returns.
import { track } from '#/features/analytics/emit.ts';
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { showToast } from '#/features/platform/toast.ts';
import { OFFLINE_MESSAGES } from '#/features/pwa/messages.ts';
import {
  APP_DOMAINS,
  CART_TOASTS,
  decideQuantity,
  isForeignDomainCart,
  isProviderChange,
  lineIdOf,
  lineKeyOf,
  SOMETHING_WENT_WRONG,
  type AddToCartItem,
  type ProviderKey,
  type QuantityMap,
} from './cart.ts';
import type { Cart, CartAnswer, CartEntry } from './payload.ts';
import type { InstantAnswer } from './instant-add.ts';

function json<T>(fallback: T) {
  return {
    encode: (value: T) => JSON.stringify(value),
    // Another app on the same origin, or an older version of this one, may have left anything here.
    decode: (text: string): T => {
      try {
        return JSON.parse(text) as T;
      } catch {
        return fallback;
      }
    },
  };
}

/** SPEC §3 root state `cart` (local storage `cart`): the server's last answer. */
export const $cart = persistentAtom<Cart | null>('cart', null, json<Cart | null>(null));
/** SPEC §3 `cartProducts` (local storage `cartProducts`): quantity per item as the shopper sees it now. */
export const $cartProducts = persistentAtom<QuantityMap>('cartProducts', {}, json<QuantityMap>({}));
/** SPEC §3 root state isVegOnly and isCutlery (local storage isVegOnly, isCutlerySelect; cutlery defaults to true). */
export const $isVegOnly = persistentAtom<boolean>('isVegOnly', false, json(false));
export const $isCutlerySelect = persistentAtom<boolean>('isCutlerySelect', true, json(true));
/** SPEC §4: coin burn, chosen at checkout (issue 7), is reset to false whenever the cart is cleared. */
export const $isCoinBurnEnabled = atom(false);

/** SPEC §4 cart load: fetching, then loaded, or "Something went wrong" with the page-error flag. */
export type CartLoad = { state: 'idle' | 'loading' | 'loaded' } | { state: 'error'; message: string; pageError: true };
export const $cartLoad = atom<CartLoad>({ state: 'idle' });

/** Toasts follow where the tap happened: the cart page names each change, a listing only failures. */
export type CartContext = 'cart' | 'listing';

/** The item of a line, as the cart update payload names it (provider name and domain for the popup's words). */
export type ItemRef = Pick<AddToCartItem, 'bppId' | 'providerId' | 'locationId' | 'itemId' | 'name'> & Partial<Pick<AddToCartItem, 'providerName' | 'domain'>>;

/** A cart line: an item with one set of customisations, or (customisations null) the existing line `lineKey`. */
export interface LineTarget {
  item: ItemRef;
  lineKey: string;
  customisations: string[] | null;
}

/** `offline`: the tap met no connection (issue 15): it waits, and on a conflict the server's cart stands. */
type Operation = { offline?: boolean } & (
  | { id: number; kind: 'change'; target: LineTarget; delta: number; context: CartContext; held: boolean }
  | { id: number; kind: 'remove'; target: LineTarget; context: CartContext }
  | { id: number; kind: 'replace'; target: LineTarget; context: CartContext }
  | { id: number; kind: 'clear'; context: CartContext }
);

/** Taps the server has not confirmed yet, oldest first. */
const $operations = atom<Operation[]>([]);
let nextOperationId = 1;

const isHeld = (op: Operation) => op.kind === 'change' && op.held;

/** The cart once the queued operations land: each line's quantity and the provider. */
function optimisticCart(cart: Cart | null, operations: readonly Operation[]) {
  const lines = new Map((cart?.items ?? []).map((e) => [lineKeyOf(e), { sku: e.sku_id, quantity: e.quantity }]));
  let provider: ProviderKey | null = cart && cart.items.length > 0 ? { bppId: cart.cart_metadata.bpp_id, providerId: cart.provider_id } : null;
  for (const op of operations) {
    if (op.kind === 'clear' || op.kind === 'replace') {
      lines.clear();
      provider = null;
    }
    if (op.kind === 'clear') continue;
    const current = lines.get(op.target.lineKey)?.quantity ?? 0;
    const quantity = op.kind === 'replace' ? 1 : op.kind === 'remove' ? 0 : Math.max(0, current + op.delta);
    lines.set(op.target.lineKey, { sku: op.target.item.itemId, quantity });
    if (quantity > 0) provider ??= { bppId: op.target.item.bppId, providerId: op.target.item.providerId };
    if ([...lines.values()].every((l) => l.quantity === 0)) provider = null;
  }
  return { lines, provider };
}

/**
 * The taps the shopper sees counted: not an add held for the provider-change popup (issue 28),
 * which is a question, not a change, until "Yes, replace".
 */
const counted = (operations: readonly Operation[]) => operations.filter((op) => !isHeld(op));

/** Line quantities as the cart page shows them (optimistic). */
export const $lineQuantities = computed([$cart, $operations], (cart, operations) => {
  const quantities: Record<string, number> = {};
  for (const [key, line] of optimisticCart(cart, counted(operations)).lines) quantities[key] = line.quantity;
  return quantities;
});

function refreshQuantityMap() {
  const map: QuantityMap = {};
  for (const line of optimisticCart($cart.get(), counted($operations.get())).lines.values()) {
    if (line.quantity > 0) map[line.sku] = (map[line.sku] ?? 0) + line.quantity;
  }
  $cartProducts.set(map);
}
// Also when another tab writes `cart`: its storage event updates $cart here.
$cart.listen(refreshQuantityMap);
$operations.listen(refreshQuantityMap);

function enqueue(operation: Operation) {
  const waiting = $waitingForConnection.get();
  $operations.set([...$operations.get(), waiting ? { ...operation, offline: true } : operation]);
  if (!isHeld(operation) && !waiting) void drain();
}

// ---- Without a connection (issue 15) ----

/** True while taps wait for the connection; they go, in order, when it returns. */
export const $waitingForConnection = atom(false);

/** Lines (line keys) and items (item ids) with a tap that has not reached the server since the connection dropped: "Will sync". */
export const $willSync = computed($operations, (operations) => {
  const keys = new Set<string>();
  for (const op of operations) if (op.offline && op.kind !== 'clear') keys.add(op.target.lineKey).add(op.target.item.itemId);
  return keys;
});

/** A network error while the browser still says online (a dead link) is tried again after this long. */
const RETRY_MS = 15_000;
let retry: ReturnType<typeof setTimeout> | undefined;
let listening = false;

function waitForConnection() {
  $operations.set($operations.get().map((op) => (op.offline ? op : { ...op, offline: true })));
  $waitingForConnection.set(true);
  if (!listening && typeof addEventListener === 'function') {
    listening = true;
    addEventListener('online', resumeSending);
  }
  clearTimeout(retry);
  retry = setTimeout(resumeSending, RETRY_MS);
}

function resumeSending() {
  clearTimeout(retry);
  if (!$waitingForConnection.get()) return;
  $waitingForConnection.set(false);
  void drain();
}

/**
 * Taps made offline outlive the page: a shopper without a connection moves on to saved copies, and
 * whichever page loads next sends them. Two tabs sending the same taps cannot count them twice:
 * both carry the same cart version, so the second meets a conflict and the server's cart stands.
 */
export const OFFLINE_TAPS_KEY = 'cartOfflineTaps';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function keepOfflineTaps(operations: readonly Operation[]) {
  const taps = operations.filter((op) => op.offline && !isHeld(op));
  try {
    if (taps.length > 0) storage()?.setItem(OFFLINE_TAPS_KEY, JSON.stringify(taps));
    else storage()?.removeItem(OFFLINE_TAPS_KEY);
  } catch {
    // Storage full or refused: the taps still go if this page stays.
  }
}
$operations.listen(keepOfflineTaps);

/** Puts taps an earlier page kept back in the queue; they go once the cart has loaded (or the connection returns). */
export function restoreOfflineTaps() {
  let taps: unknown;
  try {
    taps = JSON.parse(storage()?.getItem(OFFLINE_TAPS_KEY) ?? '[]');
  } catch {
    taps = [];
  }
  if (!Array.isArray(taps) || taps.length === 0 || $operations.get().length > 0) return;
  const restored = (taps as Operation[]).filter((op) => op && typeof op === 'object' && ['change', 'remove', 'replace', 'clear'].includes(op.kind));
  $operations.set(restored.map((op) => ({ ...op, id: nextOperationId++, offline: true })));
}

/** A conflict met by taps made offline: the server's cart stands and those taps are dropped, once, with a word. */
function yieldToServerCart(cart: Cart | null) {
  $operations.set($operations.get().filter((o) => !o.offline));
  $cart.set(cart);
  showToast(OFFLINE_MESSAGES.syncConflict, 'cart');
}

function dropOperation(id: number) {
  $operations.set($operations.get().filter((op) => op.id !== id));
}

// ---- Talking to the server ----

/** SPEC §3: cart_metadata carries the platform from the os_name cookie, lower-cased. */
function platform(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = /(?:^|;\s*)os_name=([^;]*)/.exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]).toLowerCase() : undefined;
}

function lastCart(answer: { data?: unknown } | null): Cart | null {
  return answer && Array.isArray(answer.data) ? ((answer.data.at(-1) as Cart | undefined) ?? null) : null;
}

/** No answer because there is no connection (or the request died on the way): the tap waits. */
const NO_CONNECTION = 'no-connection';

async function post(path: string, body: unknown): Promise<CartAnswer | null | typeof NO_CONNECTION> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return NO_CONNECTION;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    return NO_CONNECTION;
  }
  try {
    return (await response.json()) as CartAnswer;
  } catch {
    return null;
  }
}

/** The SPEC §3 cart update payload of an operation, against the cart the server last answered; null when there is nothing to send. */
function payloadFor(op: Operation, cart: Cart | null): Record<string, unknown> | null {
  const expectation = cart ? { cart_reference_id: cart.cart_reference_id, version: cart.cart_version } : {};
  if (op.kind === 'clear') return cart ? { action: 'CLEAR_CART', ...expectation } : null;
  const { item, lineKey, customisations } = op.target;
  const existing = cart?.items.find((e) => lineKeyOf(e) === lineKey);
  const wanted = op.kind === 'replace' ? 1 : op.kind === 'remove' ? 0 : Math.max(0, (existing?.quantity ?? 0) + op.delta);
  if (!existing && wanted === 0) return null;
  const decision = decideQuantity(wanted);
  if (decision.kind === 'ignore') return null;
  const os = platform();
  return {
    action: op.kind === 'replace' ? 'CREATE_CART' : decision.kind === 'delete' ? 'DELETE_ITEM' : 'UPDATE_ITEM',
    // A replace is the shopper's decision about whatever the cart holds now: no expectation.
    ...(op.kind === 'replace' ? {} : expectation),
    sku_id: item.itemId,
    ...(decision.kind === 'set' ? { quantity: decision.quantity } : {}),
    cart_metadata: { bpp_id: item.bppId, provider_id: item.providerId, ...(os ? { platform: os } : {}) },
    item_metadata: {
      itemId: item.itemId,
      name: item.name,
      providerId: item.providerId,
      locationId: item.locationId,
      ...(customisations ? { customisations } : lineKey === item.itemId ? {} : { parentItemId: lineKey }),
    },
  };
}

function isRemoval(op: Operation, body: Record<string, unknown>) {
  return op.kind === 'remove' || body['action'] === 'DELETE_ITEM';
}

/** A conflict is resolved by taking the server's current cart and applying the tap to it again. */
const MAX_ATTEMPTS = 3;

async function send(op: Operation): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const body = payloadFor(op, $cart.get());
    if (!body) {
      dropOperation(op.id);
      return;
    }
    const answer = op.kind === 'clear' ? await post('/ondc/clear-cart', body) : await post('/ondc/cart?offer=1', body);
    if (answer === NO_CONNECTION) {
      waitForConnection();
      return;
    }
    if (answer?.status === 'SUCCESS') {
      settle(op, lastCart(answer));
      if (op.context === 'cart' && op.kind !== 'clear') showToast(isRemoval(op, body) ? CART_TOASTS.removed : CART_TOASTS.updated);
      return;
    }
    const code = answer?.error?.code;
    // A tap that met no connection may have reached the server before the answer was lost: applying
    // it again could count it twice, so the server's cart stands (issue 15).
    if ((code === 'CART_CONFLICT' || code === 'CART_NOT_FOUND') && $operations.get().find((o) => o.id === op.id)?.offline) {
      yieldToServerCart(lastCart(answer));
      return;
    }
    if ((code === 'CART_CONFLICT' || code === 'CART_NOT_FOUND') && attempt < MAX_ATTEMPTS) {
      $cart.set(lastCart(answer));
      continue;
    }
    if (code === 'PROVIDER_MISMATCH' && op.kind === 'change') {
      // The cart changed provider in another tab meanwhile: ask, as for any provider change.
      settle(op, lastCart(answer));
      holdForProviderChange({ ...op, held: true });
      return;
    }
    settle(op, answer && Array.isArray(answer.data) ? lastCart(answer) : $cart.get());
    if (op.context === 'listing') showToast(CART_TOASTS.listingFailed, 'cart');
    else showToast(isRemoval(op, body) ? CART_TOASTS.removeFailed : CART_TOASTS.updateFailed, 'cart');
    return;
  }
}

/** Server answers to operations so far: a cart load that one of them overtook is older than it. */
let operationAnswers = 0;

/** Takes the server's cart and drops the operation in one step, so quantities never flicker. */
function settle(op: Operation, cart: Cart | null) {
  operationAnswers++;
  $operations.set($operations.get().filter((o) => o.id !== op.id));
  $cart.set(cart);
}

let draining: Promise<void> | null = null;

function drain(): Promise<void> {
  if (draining) return draining;
  const run = (async () => {
    for (let op = $operations.get().find((o) => !isHeld(o)); op && !$waitingForConnection.get(); op = $operations.get().find((o) => !isHeld(o))) await send(op);
  })();
  // Cleared once settled, never inside the run: with nothing to send (only an add held for the
  // provider-change popup) the run ends before `draining` is even assigned, and clearing it
  // there left a finished run in place, so "Yes, replace" was never sent (issue 28).
  draining = run;
  const done = () => {
    if (draining === run) draining = null;
  };
  run.then(done, done);
  return run;
}

/** True while taps are on their way to the server (not those waiting for the connection). */
export function cartSaving(): boolean {
  return draining !== null;
}

/** Resolves once every sent operation has its answer (tests; a page about to navigate). */
export function cartSettled(): Promise<void> {
  return draining ?? Promise.resolve();
}

// ---- Provider change (SPEC §4) ----

/** SPEC §4 provider change: the popup is open for this add, held until the shopper decides. */
export interface ProviderChange {
  operationId: number;
  itemId: string;
  itemName: string;
  /** The provider the item is from; null when only the server noticed the change. */
  providerName: string | null;
  cartProviderName: string;
  /** Domains of the cart and of the item, for the SPEC §1 wording ("restaurant" or "store"). */
  cartDomain: string;
  domain: string;
}
export const $providerChange = atom<ProviderChange | null>(null);

function holdForProviderChange(op: Extract<Operation, { kind: 'change' }>) {
  $operations.set([...$operations.get().filter((o) => o.id !== op.id && !isHeld(o)), op]);
  const cart = $cart.get();
  $providerChange.set({
    operationId: op.id,
    itemId: op.target.item.itemId,
    itemName: op.target.item.name,
    providerName: op.target.item.providerName ?? null,
    cartProviderName: cart?.cart_metadata.descriptor.name ?? '',
    cartDomain: cart?.cart_metadata.categoryDomain ?? 'ONDC:RET10',
    domain: op.target.item.domain ?? cart?.cart_metadata.categoryDomain ?? 'ONDC:RET10',
  });
}

/** SPEC §4: proceed clears the cart and adds the item, in one CREATE_CART (never an empty cart in between). */
export function proceedWithProviderChange() {
  const change = $providerChange.get();
  const held = $operations.get().find((op) => op.id === change?.operationId);
  $providerChange.set(null);
  if (held?.kind !== 'change') return;
  $isCoinBurnEnabled.set(false);
  $operations.set($operations.get().filter((op) => op.id !== held.id));
  enqueue({ id: nextOperationId++, kind: 'replace', target: held.target, context: held.context });
}

/** SPEC §4: cancel restores the prior quantity map (the held add is dropped). */
export function cancelProviderChange() {
  const change = $providerChange.get();
  $providerChange.set(null);
  if (change) dropOperation(change.operationId);
}

// ---- What islands call ----

/** The line an entry of the server's cart is, as a stepper target. */
export function lineTargetOf(cart: Cart, entry: CartEntry): LineTarget {
  const [item] = entry.item_metadata;
  return {
    item: {
      bppId: cart.cart_metadata.bpp_id,
      providerId: cart.provider_id,
      locationId: item?.location_id ?? cart.cart_metadata.provider_locations[0]?.id ?? '',
      itemId: entry.sku_id,
      name: item?.descriptor.name ?? entry.sku_id,
    },
    lineKey: lineKeyOf(entry),
    customisations: null,
  };
}

/** The cart's lines of one item, oldest first (SPEC §4 chooser: "repeat last" takes the last). */
export function linesOfItem(cart: Cart | null, itemId: string): Array<{ target: LineTarget; entry: CartEntry }> {
  if (!cart) return [];
  return cart.items.filter((e) => e.sku_id === itemId).map((entry) => ({ target: lineTargetOf(cart, entry), entry }));
}

/** Adds one of an item (of a customised dish: one of this customisation); another provider's item asks first. */
export function addToCart(item: ItemRef & { inStock?: boolean }, options: { customisations?: string[]; context: CartContext }) {
  if (item.inStock === false) return;
  const customisations = options.customisations ? [...new Set(options.customisations)].sort() : null;
  const target: LineTarget = customisations
    ? { item, lineKey: lineIdOf(item.itemId, customisations), customisations }
    : { item, lineKey: item.itemId, customisations: null };
  const op = { id: nextOperationId++, kind: 'change' as const, target, delta: 1, context: options.context, held: false };
  track('add_to_cart', { item_id: item.itemId, provider_id: item.providerId });
  const { provider } = optimisticCart($cart.get(), counted($operations.get()));
  if (isProviderChange(provider, item)) holdForProviderChange({ ...op, held: true });
  else enqueue(op);
}

/** One more or one less of a line (the stepper). */
export function changeQuantity(target: LineTarget, delta: 1 | -1, context: CartContext) {
  track(delta > 0 ? 'add_to_cart' : 'remove_from_cart', { item_id: target.item.itemId, provider_id: target.item.providerId });
  enqueue({ id: nextOperationId++, kind: 'change', target, delta, context, held: false });
}

/** Sets a line's quantity: 0 becomes a delete; an undefined quantity is reported and ignored (SPEC §4). */
export function setQuantity(target: LineTarget, quantity: number | undefined, context: CartContext) {
  const decision = decideQuantity(quantity);
  if (decision.kind === 'ignore') {
    console.error(decision.reason);
    return;
  }
  if (decision.kind === 'delete') {
    removeLine(target, context);
    return;
  }
  const current = $lineQuantities.get()[target.lineKey] ?? 0;
  if (decision.quantity !== current) enqueue({ id: nextOperationId++, kind: 'change', target, delta: decision.quantity - current, context, held: false });
}

function removeLine(target: LineTarget, context: CartContext) {
  track('remove_from_cart', { item_id: target.item.itemId, provider_id: target.item.providerId });
  enqueue({ id: nextOperationId++, kind: 'remove', target, context });
}

/** Empties the cart; SPEC §4: clearing the cart resets coin burn. */
export function clearCart(context: CartContext) {
  $isCoinBurnEnabled.set(false);
  enqueue({ id: nextOperationId++, kind: 'clear', context });
}

/** Every cart state back to empty (SPEC §4: a cart of another app's domain). */
export function resetCart() {
  $operations.set([]);
  $waitingForConnection.set(false);
  clearTimeout(retry);
  $providerChange.set(null);
  $cart.set(null);
  $isCoinBurnEnabled.set(false);
}

/** The cart the server rendered the page with: the freshest truth there is, unless taps are on their way. */
export function takeServerCart(cart: Cart | null) {
  if ($operations.get().length === 0) $cart.set(cart);
}

/**
 * The answer to an add the page posted before this island was live (instant-add.ts), taken as an
 * operation's answer would be. False when the island must carry the tap out itself: the server
 * never saw it (no connection), or it asks first (another provider's cart, SPEC §4).
 */
export function takeInstantAnswer(answer: InstantAnswer): boolean {
  if (!answer) return false;
  const cart = lastCart(answer);
  if (answer.status !== 'SUCCESS' && answer.error?.code === 'PROVIDER_MISMATCH') {
    takeServerCart(cart);
    return false;
  }
  // A cart load already on its way is older than this answer and must not undo it.
  operationAnswers++;
  takeServerCart(cart);
  if (answer.status !== 'SUCCESS') showToast(CART_TOASTS.listingFailed, 'cart');
  return true;
}

let loading: Promise<void> | null = null;

/** SPEC §4 cart load, once per page: the islands of a page share it. */
export function ensureCartLoaded(city: string): Promise<void> {
  loading ??= loadCart(city);
  return loading;
}

export async function loadCart(city: string, appDomains: readonly string[] = APP_DOMAINS): Promise<void> {
  $cartLoad.set({ state: 'loading' });
  // An island that hydrates on the shopper's tap loads the cart and sends the tap at once: the
  // add's answer can come back first, and this older cart must not undo it.
  const answersBefore = operationAnswers;
  let answer: CartAnswer | null = null;
  try {
    const response = await fetch(`/ondc/cart?cityName=${encodeURIComponent(city)}&offer=1`);
    answer = (await response.json()) as CartAnswer;
  } catch {
    answer = null;
    // Kept taps wait for the connection; the shopper sees the cart as it was left.
    if ($operations.get().some((op) => op.offline)) {
      waitForConnection();
      $cartLoad.set({ state: 'loaded' });
      return;
    }
  }
  if (answer?.status !== 'SUCCESS' || !Array.isArray(answer.data)) {
    // SPEC §7.3: an invalid status is "Not valid cart data"; the shopper reads the generic message.
    console.error('Not valid cart data');
    $cartLoad.set({ state: 'error', message: SOMETHING_WENT_WRONG, pageError: true });
    return;
  }
  const cart = lastCart(answer);
  if (cart && isForeignDomainCart(cart, appDomains)) {
    await post('/ondc/clear-cart', { action: 'CLEAR_CART', cart_reference_id: cart.cart_reference_id });
    resetCart();
  } else if ($operations.get().length === 0 && operationAnswers === answersBefore) {
    $cart.set(cart);
  } else if (!$waitingForConnection.get()) {
    void drain();
  }
  $cartLoad.set({ state: 'loaded' });
}

if (typeof window !== 'undefined') restoreOfflineTaps();
