import { describe, expect, it } from 'vitest';
import { bridgeOrder } from './native-payload.ts';

const line = (id: string, name: string, price: string) => ({ descriptor: { name }, price: { value: price }, id });

describe('bridgeOrder (issue 29: the native app’s order payload)', () => {
  it('names each line with its unit price and a dish’s add-ons, and the amount as rupees', () => {
    const cart = {
      items: [
        { sku_id: 'atta-5kg', quantity: 2, item_metadata: [line('atta-5kg', 'Atta 5 kg', '245.00')] },
        {
          sku_id: 'pizza',
          quantity: 1,
          item_metadata: [line('pizza', 'Margherita', '199.00'), line('c1', 'Thin crust', '0.00'), line('c2', 'Olives', '30.00')],
        },
      ],
    } as unknown as Parameters<typeof bridgeOrder>[0];
    expect(bridgeOrder(cart, 932.25)).toEqual({
      amount: '932.25',
      currency: 'INR',
      items: [
        { id: 'atta-5kg', name: 'Atta 5 kg', quantity: 2, price: '245.00' },
        { id: 'pizza', name: 'Margherita', quantity: 1, price: '199.00', customisations: ['Thin crust', 'Olives'] },
      ],
    });
    expect(bridgeOrder({ items: [] }, null)).toEqual({ amount: null, currency: 'INR', items: [] });
  });
});
