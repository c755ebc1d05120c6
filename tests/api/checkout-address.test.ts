// Issue 28: delivery details edited at checkout go back to the address book through SPEC §7.1's
// save, as the checkout page sends them (addressToKeep): the saved address is updated in place, a
// new one joins the book, what the book cannot hold is a 400, and one shopper's save never touches
// another's book, even under the same address id.
import { describe, expect, inject, it } from 'vitest';
import { addressToKeep } from '#/features/checkout/delivery-details.ts';
import { addressSchema, type Address } from '#/features/location/address.ts';
import { store } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { userIdCookieValue } from '../support/identity.ts';

const place = { city: 'bengaluru', pincode: store.location.pincode, lat: store.location.lat, lng: store.location.lng };
const home = addressSchema.parse({
  id: 'home-1',
  address_type: 'HOME',
  name: 'Asha Rao',
  house_number: '12',
  building: 'Lake View Apartments',
  locality: 'Indiranagar 2nd Stage',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin_code: place.pincode,
  latitude: place.lat,
  longitude: place.lng,
  address: '12, Lake View Apartments, Indiranagar 2nd Stage',
});
const edits = {
  name: 'Asha R',
  phone: '9876543210',
  email: '',
  door: '14B',
  building: 'Lake View Towers',
  locality: 'Indiranagar 2nd Stage',
  state: 'Karnataka',
};

function signedIn(url: string, userId: string) {
  const client = shopper(url);
  client.cookies.set('userId', userIdCookieValue(userId));
  return client;
}
const bookOf = async (client: ReturnType<typeof shopper>) => ((await (await client.get('/get/unified/address')).json()) as { data: Address[] }).data;

describe.each(inject('servers'))('issue 28: checkout edits kept in the address book on $name', ({ url }) => {
  it('the edited saved address is updated in place, and a new one joins the book', async () => {
    const asha = signedIn(url, `api-keep-${Date.now()}`);
    expect((await asha.post('/save/unified/address', home)).status).toBe(200);
    expect((await asha.post('/save/unified/address', addressToKeep(home, edits, place, 'unused'))).status).toBe(200);
    expect(await bookOf(asha)).toEqual([
      expect.objectContaining({ id: 'home-1', address_type: 'HOME', name: 'Asha R', house_number: '14B', building: 'Lake View Towers' }),
    ]);

    // A new address at another pin of the same pincode (at HOME's own pin it would replace it, SPEC §5: the checkout does not offer that).
    const fresh = addressToKeep(null, { ...edits, door: '3', building: 'Shanti Nivas' }, { ...place, lat: place.lat + 0.002 }, 'checkout-new-1');
    expect((await asha.post('/save/unified/address', fresh)).status).toBe(200);
    expect((await bookOf(asha)).map((a) => [a.id, a.address_type, a.house_number])).toEqual([
      ['checkout-new-1', 'OTHER', '3'],
      ['home-1', 'HOME', '14B'],
    ]);
  });

  it("another shopper's save under the same id never touches this shopper's address", async () => {
    const asha = signedIn(url, `api-keep-a-${Date.now()}`);
    const ravi = signedIn(url, `api-keep-b-${Date.now()}`);
    expect((await asha.post('/save/unified/address', home)).status).toBe(200);
    expect((await ravi.post('/save/unified/address', addressToKeep(home, { ...edits, name: 'Ravi K', door: '99' }, place, 'unused'))).status).toBe(200);
    expect(await bookOf(asha)).toEqual([expect.objectContaining({ id: 'home-1', name: 'Asha Rao', house_number: '12' })]);
    expect(await bookOf(ravi)).toEqual([expect.objectContaining({ id: 'home-1', name: 'Ravi K', house_number: '99' })]);
  });

  it('refuses what the book cannot hold with a 400 and keeps the address as it was; a shopper not signed in gets a 401', async () => {
    const asha = signedIn(url, `api-keep-bad-${Date.now()}`);
    expect((await asha.post('/save/unified/address', home)).status).toBe(200);
    const kept = addressToKeep(home, edits, place, 'unused')!;
    for (const bad of [
      { ...kept, name: 'A'.repeat(81) },
      { ...kept, pin_code: '5600' },
      { ...kept, latitude: 'north' },
      { ...kept, id: '../home-1' },
      '{"id":',
    ]) {
      const answer = await asha.post('/save/unified/address', bad);
      expect(answer.status).toBe(400);
      expect((await answer.json()).status).toBe('FAILURE');
    }
    expect(await bookOf(asha)).toEqual([expect.objectContaining({ id: 'home-1', house_number: '12' })]);
    expect((await shopper(url).post('/save/unified/address', kept)).status).toBe(401);
  });
});
