import { describe, expect, it } from 'vitest';
import {
  cartTotals,
  confirmedItemTotalPaise,
  decideQuantity,
  isForeignDomainCart,
  isProviderChange,
  lineIdOf,
  minCartShortfallRupees,
  providerWord,
  quantityMap,
  totalQuantity,
} from './cart.ts';
import { cartOf, entry, groceryItem } from './fixtures/cart.ts';

const atta = groceryItem('store-a', 'atta', 24500);
const dal = groceryItem('store-a', 'dal', 13250);

describe('SPEC §5 minimum cart value', () => {
  it('asks for the shortfall, rounded up to whole rupees', () => {
    expect(minCartShortfallRupees({ minCartValueRequiredPaise: 19900, itemTotalPaise: 13250, warehouseWhitelisted: false })).toBe(67);
    expect(minCartShortfallRupees({ minCartValueRequiredPaise: 19900, itemTotalPaise: 19899, warehouseWhitelisted: false })).toBe(1);
  });
  it('lets checkout go on at or above the minimum, or without one', () => {
    expect(minCartShortfallRupees({ minCartValueRequiredPaise: 19900, itemTotalPaise: 19900, warehouseWhitelisted: false })).toBeNull();
    expect(minCartShortfallRupees({ minCartValueRequiredPaise: null, itemTotalPaise: 100, warehouseWhitelisted: false })).toBeNull();
  });
  it('exempts a whitelisted warehouse', () => {
    expect(minCartShortfallRupees({ minCartValueRequiredPaise: 19900, itemTotalPaise: 100, warehouseWhitelisted: true })).toBeNull();
  });
});

describe('SPEC §4 cart load: domain mismatch', () => {
  it('flags a cart of a domain this app does not sell in', () => {
    expect(isForeignDomainCart(cartOf([[atta, 1]], { domain: 'ONDC:RET12' }))).toBe(true);
  });
  it('keeps grocery and food carts, and no cart', () => {
    expect(isForeignDomainCart(cartOf([[atta, 1]], { domain: 'ONDC:RET10' }))).toBe(false);
    expect(isForeignDomainCart(cartOf([[atta, 1]], { domain: 'ONDC:RET11' }))).toBe(false);
    expect(isForeignDomainCart(null)).toBe(false);
  });
  it('follows the app domains it is given', () => {
    expect(isForeignDomainCart(cartOf([[atta, 1]], { domain: 'ONDC:RET11' }), ['ONDC:RET10'])).toBe(true);
  });
});

describe('SPEC §3 cartProducts quantity map', () => {
  it('adds up the lines of each item, customised lines included', () => {
    const cart = cartOf([
      [atta, 2],
      [dal, 1],
    ]);
    const customised = entry(dal, 3);
    customised.item_metadata[0] = { ...customised.item_metadata[0]!, parentItemId: 'Lx' };
    expect(quantityMap({ items: [...cart.items, customised] })).toEqual({ atta: 2, dal: 4 });
    expect(totalQuantity({ atta: 2, dal: 4 })).toBe(6);
  });
});

describe('SPEC §5 item total with item discount', () => {
  it('totals selling prices, MRPs and the savings between them, in paise', () => {
    const cart = { items: [entry(atta, 2, 26000), entry(dal, 1)] };
    expect(cartTotals(cart)).toEqual({ itemTotalPaise: 62250, mrpTotalPaise: 65250, savingsPaise: 3000, count: 3 });
  });

  it('the cart bar shows a total only once the server cart holds the quantities on the page', () => {
    const cart = { items: [entry(atta, 2, 26000), entry(dal, 1)] };
    expect(confirmedItemTotalPaise(cart, 3)).toBe(62250);
    // A tap shows its quantity at once; until the server answers there is no total, never ₹0.
    expect(confirmedItemTotalPaise(cart, 4)).toBeNull();
    expect(confirmedItemTotalPaise(null, 1)).toBeNull();
  });
});

describe('SPEC §4 quantity 0 becomes a delete, undefined is ignored', () => {
  it('decides', () => {
    expect(decideQuantity(0)).toEqual({ kind: 'delete' });
    expect(decideQuantity(3)).toEqual({ kind: 'set', quantity: 3 });
    expect(decideQuantity(undefined)).toMatchObject({ kind: 'ignore' });
    expect(decideQuantity(1.5)).toMatchObject({ kind: 'ignore' });
    expect(decideQuantity(-1)).toMatchObject({ kind: 'ignore' });
  });
});

describe('SPEC §5 provider mismatch triggers the popup', () => {
  it('only for another provider than a non-empty cart’s', () => {
    const cart = { bppId: atta.bppId, providerId: 'store-a' };
    expect(isProviderChange(cart, groceryItem('store-b', 'milk'))).toBe(true);
    expect(isProviderChange(cart, dal)).toBe(false);
    expect(isProviderChange(null, dal)).toBe(false);
  });
  it('says store for retail and restaurant for food (SPEC §1 wording rule)', () => {
    expect(providerWord('ONDC:RET10')).toBe('store');
    expect(providerWord('ONDC:RET11')).toBe('restaurant');
  });
});

describe('SPEC §4 each customisation is its own cart line', () => {
  it('keys a plain item by its id and a customisation by a digest of its choices, in any order', () => {
    expect(lineIdOf('dosa', [])).toBe('dosa');
    expect(lineIdOf('dosa', ['ghee', 'cheese'])).toBe(lineIdOf('dosa', ['cheese', 'ghee']));
    expect(lineIdOf('dosa', ['ghee'])).not.toBe(lineIdOf('dosa', ['cheese']));
    expect(lineIdOf('dosa', ['ghee'])).toMatch(/^L[0-9a-f]{16}$/);
  });
});
