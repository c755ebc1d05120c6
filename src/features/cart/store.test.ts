// First: the stores must mount on the test storage engine.
import './fixtures/test-storage.ts';
import { getTestStorage, setTestStorageKey } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts } from '#/features/platform/toast.ts';
import { CART_TOASTS } from './cart.ts';
import { cartOf, groceryItem } from './fixtures/cart.ts';
import type { Cart } from './payload.ts';
import {
  $cart,
  $cartLoad,
  $cartProducts,
  $isCoinBurnEnabled,
  $lineQuantities,
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
  $waitingForConnection,
  $willSync,
  OFFLINE_TAPS_KEY,
  restoreOfflineTaps,
} from './store.ts';
import { OFFLINE_MESSAGES } from '#/features/pwa/messages.ts';

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
    $cart.set(
      cartOf([
        [atta, 1],
        [dal, 2],
      ]),
    );
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
  beforeEach(() =>
    $cart.set(
      cartOf([
        [atta, 2],
        [dal, 1],
      ]),
    ),
  );

  it('opens the popup for another provider’s item; cancel restores the prior quantity map', () => {
    const requests = server();
    const prior = $cartProducts.get();
    addToCart(milk, { context: 'listing' });
    expect($providerChange.get()).toMatchObject({ itemName: milk.name, providerName: 'Store store-b', cartProviderName: 'Store store-a' });
    // Issue 28: the badge counts the cart, not the question: the map stays until "Yes, replace".
    expect($cartProducts.get()).toEqual(prior);
    expect($lineQuantities.get()).toEqual({ atta: 2, dal: 1 });
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

  it('sends "Yes, replace" for an add held before the cart had loaded (the tap that woke the card)', async () => {
    const requests = server(
      success(
        cartOf([
          [atta, 2],
          [dal, 1],
        ]),
      ),
      success(cartOf([[milk, 1]], { reference: '6f1c1a8e-0000-4000-8000-000000000003' })),
    );
    const loaded = loadCart('bengaluru');
    addToCart(milk, { context: 'listing' });
    await loaded;
    proceedWithProviderChange();
    await cartSettled();
    expect(requests.map((r) => r.body?.['action'] ?? 'load')).toEqual(['load', 'CREATE_CART']);
    expect($cartProducts.get()).toEqual({ milk: 1 });
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

describe('issue 15: taps without a connection wait in the queue and sync when it returns', () => {
  const online: Array<() => void> = [];
  let onLine = true;
  beforeEach(() => {
    onLine = true;
    vi.stubGlobal('navigator', {
      get onLine() {
        return onLine;
      },
    });
    vi.stubGlobal('addEventListener', (type: string, listener: () => void) => {
      if (type === 'online') online.push(listener);
    });
  });
  const reconnect = async () => {
    onLine = true;
    for (const listener of online) listener();
    await cartSettled();
  };

  it('keeps an offline add on screen as "will sync", sends nothing, then sends it once the connection returns', async () => {
    onLine = false;
    const requests = server(success(cartOf([[atta, 1]])));
    addToCart(atta, { context: 'listing' });
    addToCart(dal, { context: 'listing' });
    await cartSettled();
    expect(requests).toEqual([]);
    expect($cartProducts.get()).toEqual({ atta: 1, dal: 1 });
    expect($waitingForConnection.get()).toBe(true);
    expect([...$willSync.get()]).toEqual(expect.arrayContaining(['atta', 'dal']));
    expect(toasts()).toEqual([]);

    server(
      success(cartOf([[atta, 1]])),
      success(
        cartOf(
          [
            [atta, 1],
            [dal, 1],
          ],
          { version: 2 },
        ),
      ),
    );
    await reconnect();
    expect($waitingForConnection.get()).toBe(false);
    expect($willSync.get().size).toBe(0);
    expect($cartProducts.get()).toEqual({ atta: 1, dal: 1 });
    expect($cart.get()?.cart_version).toBe(2);
  });

  it('sends the waiting taps one at a time against the version the server last answered', async () => {
    $cart.set(cartOf([[atta, 1]], { version: 3 }));
    onLine = false;
    server();
    changeQuantity({ item: atta, lineKey: 'atta', customisations: null }, 1, 'listing');
    changeQuantity({ item: atta, lineKey: 'atta', customisations: null }, 1, 'listing');
    await cartSettled();
    const requests = server(success(cartOf([[atta, 2]], { version: 4 })), success(cartOf([[atta, 3]], { version: 5 })));
    await reconnect();
    expect(requests.map((r) => [r.body?.['quantity'], r.body?.['version']])).toEqual([
      [2, 3],
      [3, 4],
    ]);
    expect($cartProducts.get()).toEqual({ atta: 3 });
  });

  it('a request that died on the way waits too; on a conflict the server’s cart stands and the tap is not counted twice', async () => {
    $cart.set(cartOf([[atta, 1]], { version: 1 }));
    // No answer scripted: fetch throws as a dropped connection does, with the browser still "online".
    server();
    changeQuantity({ item: atta, lineKey: 'atta', customisations: null }, 1, 'listing');
    await cartSettled();
    expect($waitingForConnection.get()).toBe(true);
    expect($willSync.get().has('atta')).toBe(true);
    // The first request had reached the server: its cart is at 2 already, version 2.
    const requests = server(failure(409, 'CART_CONFLICT', cartOf([[atta, 2]], { version: 2 })));
    await reconnect();
    expect(requests).toHaveLength(1);
    expect($cartProducts.get()).toEqual({ atta: 2 });
    expect($willSync.get().size).toBe(0);
    expect(toasts()).toEqual([OFFLINE_MESSAGES.syncConflict]);
  });

  it('a conflict drops every tap made offline, not only the first', async () => {
    $cart.set(cartOf([[atta, 1]], { version: 1 }));
    onLine = false;
    server();
    changeQuantity({ item: atta, lineKey: 'atta', customisations: null }, 1, 'listing');
    addToCart(dal, { context: 'listing' });
    await cartSettled();
    const requests = server(failure(409, 'CART_CONFLICT', cartOf([[atta, 5]], { version: 9 })));
    await reconnect();
    expect(requests).toHaveLength(1);
    expect($cartProducts.get()).toEqual({ atta: 5 });
  });

  it('taps made offline are kept for the next page, which sends them once its cart has loaded', async () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    });
    $cart.set(cartOf([[atta, 1]], { version: 4 }));
    onLine = false;
    server();
    changeQuantity({ item: atta, lineKey: 'atta', customisations: null }, 1, 'listing');
    addToCart(dal, { context: 'listing' });
    await cartSettled();
    const stored = kept.get(OFFLINE_TAPS_KEY) ?? '';
    expect(JSON.parse(stored)).toHaveLength(2);

    // The shopper moves on to another page: this one's queue is gone, the kept taps are not.
    resetCart();
    $cart.set(cartOf([[atta, 1]], { version: 4 }));
    kept.set(OFFLINE_TAPS_KEY, stored);
    onLine = true;
    restoreOfflineTaps();
    expect([...$willSync.get()]).toEqual(expect.arrayContaining(['atta', 'dal']));
    expect($cartProducts.get()).toEqual({ atta: 2, dal: 1 });
    const requests = server(
      success(cartOf([[atta, 1]], { version: 4 })),
      success(cartOf([[atta, 2]], { version: 5 })),
      success(
        cartOf(
          [
            [atta, 2],
            [dal, 1],
          ],
          { version: 6 },
        ),
      ),
    );
    await loadCart('bengaluru');
    await cartSettled();
    expect(requests.slice(1).map((r) => [r.body?.['sku_id'], r.body?.['quantity'], r.body?.['version']])).toEqual([
      ['atta', 2, 4],
      ['dal', 1, 5],
    ]);
    expect($cartProducts.get()).toEqual({ atta: 2, dal: 1 });
    expect(kept.has(OFFLINE_TAPS_KEY)).toBe(false);
  });

  it('a kept tap restored in a second tab after the first sent it meets a conflict and is not counted twice', async () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    });
    $cart.set(cartOf([[atta, 1]], { version: 4 }));
    kept.set(
      OFFLINE_TAPS_KEY,
      JSON.stringify([
        { id: 1, kind: 'change', target: { item: atta, lineKey: 'atta', customisations: null }, delta: 1, context: 'listing', held: false, offline: true },
      ]),
    );
    restoreOfflineTaps();
    const requests = server(success(cartOf([[atta, 2]], { version: 5 })), failure(409, 'CART_CONFLICT', cartOf([[atta, 2]], { version: 5 })));
    await loadCart('bengaluru');
    await cartSettled();
    expect(requests).toHaveLength(2);
    expect($cartProducts.get()).toEqual({ atta: 2 });
  });

  it('a refusal after reconnecting still rolls the tap back as any refusal does', async () => {
    onLine = false;
    server();
    addToCart(atta, { context: 'listing' });
    await cartSettled();
    server(failure(400, 'ITEM_UNAVAILABLE', null));
    await reconnect();
    expect($cartProducts.get()).toEqual({});
    expect(toasts()).toEqual([CART_TOASTS.listingFailed]);
  });
});

describe('issue 16: a card that hydrates on the tap loads the cart and sends the tap together', () => {
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
});
