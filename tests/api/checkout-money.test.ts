// Issue 28, the money moments of the checkout: the order empties the cart it was placed from
// (server side, with the order), the offers the store advertises are the offers checkout
// accepts, and the bill is the same before and after payment.
import { describe, expect, inject, it } from 'vitest';
import { lines, placeOrder, store } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';

const cartOf = async (client: ReturnType<typeof shopper>) => ((await (await client.get('/ondc/cart?cityName=bengaluru')).json()) as { data: unknown[] }).data.at(-1) ?? null;

describe.each(inject('servers'))('issue 28: the checkout money moments on $name', ({ url }) => {
  it('a placed order empties the cart it was placed from, whether or not a page is watching', async () => {
    const client = shopper(url);
    const { orderId } = await placeOrder(client, 'upi', lines());
    expect(orderId).toMatch(/^KO/);
    expect(await cartOf(client)).toBeNull();
    // Nothing re-places it: a select now finds an empty cart.
    const again = await client.post('/ondc/select', { ondcCity: 'bengaluru', lat_long: `${store.location.lat},${store.location.lng}`, address: { area_code: store.location.pincode } });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatchObject({ code: 'CART_EMPTY' });
  });

  it('cash on delivery empties it too', async () => {
    const client = shopper(url);
    await placeOrder(client, 'cod', lines());
    expect(await cartOf(client)).toBeNull();
  });
});
