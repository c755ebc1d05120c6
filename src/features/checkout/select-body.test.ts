import { describe, expect, it } from 'vitest';
import { cartOf, groceryItem } from '../cart/fixtures/cart.ts';
import { DEFAULT_DELIVERY_LOCATION } from '../location/delivery-location.ts';
import { selectRequestSchema } from './select.ts';
import { selectBody } from './select-body.ts';

describe('SPEC §3 select request from the cart', () => {
  const cart = cartOf([
    [groceryItem('p1', 'atta'), 2],
    [groceryItem('p1', 'dal'), 1],
  ]);
  const body = selectBody(cart, DEFAULT_DELIVERY_LOCATION);

  it('names the seller, provider and location, and one item per line with its quantity', () => {
    expect(body).toMatchObject({
      categoryDomain: 'ONDC:RET10',
      ondcCity: 'bengaluru',
      bpp: { bpp_id: 'grocer-one.sellers.kirana.local' },
      provider: { id: 'p1', locations: ['p1-l1'] },
      items: [
        { sku_id: 'atta', quantity: 2, location_id: 'p1-l1' },
        { sku_id: 'dal', quantity: 1, location_id: 'p1-l1' },
      ],
    });
  });
  it('uses the pincode only as the address, with the place as lat_long', () => {
    expect(body.address).toEqual({ area_code: '560102' });
    expect(body.lat_long).toBe('12.91,77.64');
  });
  it('is what POST /ondc/select accepts', () => expect(selectRequestSchema.safeParse(body).success).toBe(true));
});
