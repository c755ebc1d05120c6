// First: the stores must mount on the test storage engine.
import './fixtures/test-storage.ts';
import { getTestStorage, setTestStorageKey } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts } from '../platform/toast.ts';
import { CART_TOASTS } from './cart.ts';
import { cartOf, groceryItem } from './fixtures/cart.ts';
import type { Cart } from './payload.ts';
import {
  $cart,
  $cartLoad,
  $cartProducts,
  $isCoinBurnEnabled,
  $providerChange,
  addToCart,
  cancelProviderChange,
  cartSettled,
  changeQuantity,
  clearCart,
  loadCart,
  proceedWithProviderChange,
  resetCart,
  setQuantity,
} from './store.ts';

const atta = groceryItem('store-a', 'atta');
const dal = groceryItem('store-a', 'dal');
const milk = groceryItem('store-b', 'milk');

type Answer = { status: number; body: unknown };
const success = (cart: Cart | null): Answer => ({ status: 200, body: { status: 'SUCCESS', data: cart ? [cart] : [], error: null } });
const failure = (status: number, code: string, cart: Cart | null): Answer => ({
  status,
  body: { status: 'FAILURE', data: cart ? [cart] : [], error: { message: code, code } },
});

/** A scripted server: answers in order, records what was asked. */
function server(...answers: Answer[]) {
  const requests: Array<{ url: string; body: Record<string, unknown> | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null });
      const answer = answers.shift();
      if (!answer) throw new TypeError('network down');
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

const toasts = () => $toasts.get().map((t) => t.message);

beforeEach(() => {
  resetCart();
  $toasts.set([]);
});
afterEach(() => vi.unstubAllGlobals());

describe('optimistic updates, rolled back on failure', () => {
  it('shows the add at once, then the server’s cart, persisted under `cart` and `cartProducts`', async () => {
    const requests = server(success(cartOf([[atta, 1]])));
    addToCart(atta, { context: 'listing' });
    expect($cartProducts.get()).toEqual({ atta: 1 });
    await cartSettled();
    expect(requests[0]?.body).toMatchObject({ action: 'UPDATE_ITEM', sku_id: 'atta', quantity: 1, item_metadata: { itemId: 'atta', providerId: 'store-a' } });
    expect($cart.get()?.items).toHaveLength(1);
    expect(JSON.parse(getTestStorage()['cartProducts'] ?? '{}')).toEqual({ atta: 1 });
    expect(JSON.parse(getTestStorage()['cart'] ?? 'null')).toMatchObject({ provider_id: 'store-a' });
    expect(toasts()).toEqual([]);
  });

  it('rolls a failed listing add back with "Unable to add/remove item. Please try again later."', async () => {
    server(failure(400, 'ITEM_UNAVAILABLE', null));
    addToCart(atta, { context: 'listing' });
    expect($cartProducts.get()).toEqual({ atta: 1 });
    await cartSettled();
    expect($cartProducts.get()).toEqual({});
    expect(toasts()).toEqual([CART_TOASTS.listingFailed]);
  });

  it('names cart-page changes: updated, removed, and their failures', async () => {
    const cart = cartOf([[atta, 2]]);
    $cart.set(cart);
    const target = { item: atta, lineKey: 'atta', customisations: null };
    const three = cartOf([[atta, 3]], { version: 2 });
    server(success(three), failure(400, 'QUANTITY_LIMIT', three), success(null));
    changeQuantity(target, 1, 'cart');
    changeQuantity(target, 1, 'cart');
    setQuantity(target, 0, 'cart');
    await cartSettled();
    expect(toasts()).toEqual([CART_TOASTS.updated, CART_TOASTS.updateFailed, CART_TOASTS.removed]);
    server({ status: 500, body: { message: 'crashed' } });
    $cart.set(cart);
    setQuantity(target, 0, 'cart');
    expect($cartProducts.get()).toEqual({});
    await cartSettled();
    expect($cartProducts.get()).toEqual({ atta: 2 });
    expect(toasts().at(-1)).toBe(CART_TOASTS.removeFailed);
  });

  it('sends fast taps one at a time, each from the last answer', async () => {
    const requests = server(success(cartOf([[atta, 1]])), success(cartOf([[atta, 2]], { version: 2 })));
    addToCart(atta, { context: 'listing' });
    addToCart(atta, { context: 'listing' });
    expect($cartProducts.get()).toEqual({ atta: 2 });
    await cartSettled();
    expect(requests.map((r) => r.body?.['quantity'])).toEqual([1, 2]);
    expect(requests[1]?.body).toMatchObject({ version: 1 });
  });
});

describe('a stale update: conflict, reload, apply again', () => {
  it('takes the current cart from the conflict answer and sends the tap against it', async () => {
    $cart.set(cartOf([[atta, 1]], { version: 1 }));
    const requests = server(failure(409, 'CART_CONFLICT', cartOf([[atta, 4]], { version: 7 })), success(cartOf([[atta, 5]], { version: 8 })));
    changeQuantity({ item: atta, lineKey: 'atta', customisations: null }, 1, 'listing');
    await cartSettled();
    expect(requests.map((r) => [r.body?.['quantity'], r.body?.['version']])).toEqual([
      [2, 1],
      [5, 7],
    ]);
    expect($cartProducts.get()).toEqual({ atta: 5 });
  });
});

describe('SPEC §4 quantity 0 and undefined', () => {
  it('turns quantity 0 into a DELETE_ITEM', async () => {
    $cart.set(cartOf([[atta, 1], [dal, 2]]));
    const requests = server(success(cartOf([[dal, 2]], { version: 2 })));
    setQuantity({ item: atta, lineKey: 'atta', customisations: null }, 0, 'cart');
    await cartSettled();
    expect(requests[0]?.body).toMatchObject({ action: 'DELETE_ITEM', sku_id: 'atta' });
    expect(requests[0]?.body).not.toHaveProperty('quantity');
  });

  it('reports an undefined quantity and ignores it', () => {
    const requests = server();
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setQuantity({ item: atta, lineKey: 'atta', customisations: null }, undefined, 'cart');
    expect(report).toHaveBeenCalledWith('Unusable cart quantity: undefined');
    expect(requests).toEqual([]);
    report.mockRestore();
  });
});

describe('SPEC §4 provider change', () => {
  beforeEach(() => $cart.set(cartOf([[atta, 2], [dal, 1]])));

  it('opens the popup for another provider’s item; cancel restores the prior quantity map', () => {
    const requests = server();
    const prior = $cartProducts.get();
    addToCart(milk, { context: 'listing' });
    expect($providerChange.get()).toMatchObject({ itemName: milk.name, providerName: 'Store store-b', cartProviderName: 'Store store-a' });
    expect($cartProducts.get()).toEqual({ ...prior, milk: 1 });
    cancelProviderChange();
    expect($cartProducts.get()).toEqual(prior);
    expect($providerChange.get()).toBeNull();
    expect(requests).toEqual([]);
  });

  it('proceed replaces the cart with the item in one CREATE_CART and resets coin burn', async () => {
    $isCoinBurnEnabled.set(true);
    const requests = server(success(cartOf([[milk, 1]], { reference: '6f1c1a8e-0000-4000-8000-000000000002' })));
    addToCart(milk, { context: 'listing' });
    proceedWithProviderChange();
    await cartSettled();
    expect(requests.map((r) => r.body?.['action'])).toEqual(['CREATE_CART']);
    expect($cartProducts.get()).toEqual({ milk: 1 });
    expect($isCoinBurnEnabled.get()).toBe(false);
  });

  it('asks too when the server says the cart is another provider’s (changed in another tab)', async () => {
    $cart.set(null);
    server(failure(409, 'PROVIDER_MISMATCH', cartOf([[atta, 1]])));
    addToCart(milk, { context: 'listing' });
    await cartSettled();
    expect($providerChange.get()).toMatchObject({ itemName: milk.name });
    cancelProviderChange();
    expect($cartProducts.get()).toEqual({ atta: 1 });
  });
});

describe('SPEC §4 clearing the cart', () => {
  it('empties it and resets coin burn', async () => {
    $cart.set(cartOf([[atta, 1]]));
    $isCoinBurnEnabled.set(true);
    const requests = server(success(null));
    clearCart('cart');
    expect($isCoinBurnEnabled.get()).toBe(false);
    expect($cartProducts.get()).toEqual({});
    await cartSettled();
    expect(requests[0]).toMatchObject({ url: '/ondc/clear-cart', body: { action: 'CLEAR_CART' } });
  });
});

describe('SPEC §4 cart load', () => {
  it('goes loading, then loaded with the server’s cart', async () => {
    server(success(cartOf([[atta, 3]])));
    const loaded = loadCart('bengaluru');
    expect($cartLoad.get()).toEqual({ state: 'loading' });
    await loaded;
    expect($cartLoad.get()).toEqual({ state: 'loaded' });
    expect($cartProducts.get()).toEqual({ atta: 3 });
  });

  it('an add answered while the load was on its way is not undone by the older cart it brings', async () => {
    let answerLoad = () => {};
    const reply = (answer: Answer) => new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/ondc/cart?cityName=')) {
          await new Promise<void>((resolve) => (answerLoad = resolve));
          return reply(success(null));
        }
        return reply(success(cartOf([[atta, 1]])));
      }),
    );
    const loaded = loadCart('bengaluru');
    addToCart(atta, { context: 'listing' });
    await cartSettled();
    answerLoad();
    await loaded;
    expect($cartProducts.get()).toEqual({ atta: 1 });
    expect($cart.get()?.items).toHaveLength(1);
  });

  it('says "Something went wrong" with the page-error flag on an invalid answer', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server({ status: 200, body: { status: 'NOPE' } });
    await loadCart('bengaluru');
    expect($cartLoad.get()).toEqual({ state: 'error', message: 'Something went wrong', pageError: true });
    expect(report).toHaveBeenCalledWith('Not valid cart data');
    report.mockRestore();
  });

  it('clears a cart of another app domain and resets all cart state', async () => {
    $isCoinBurnEnabled.set(true);
    const foreign = cartOf([[atta, 1]], { domain: 'ONDC:RET12' });
    const requests = server(success(foreign), success(null));
    await loadCart('bengaluru');
    expect(requests[1]).toMatchObject({ url: '/ondc/clear-cart', body: { action: 'CLEAR_CART', cart_reference_id: foreign.cart_reference_id } });
    expect($cart.get()).toBeNull();
    expect($cartProducts.get()).toEqual({});
    expect($isCoinBurnEnabled.get()).toBe(false);
  });
});

describe('cart state syncs across tabs', () => {
  it('takes the cart another tab wrote to local storage', () => {
    setTestStorageKey('cart', JSON.stringify(cartOf([[dal, 4]])));
    expect($cart.get()?.items[0]?.sku_id).toBe('dal');
    expect($cartProducts.get()).toEqual({ dal: 4 });
  });
});
