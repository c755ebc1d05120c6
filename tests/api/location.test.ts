import { describe, expect, inject, it } from 'vitest';
import { openGroceryStore, unservedPincode } from '../support/fixtures.ts';
import { shopper } from '../support/http.ts';
import { userIdCookieValue } from '../support/identity.ts';

function signedIn(url: string, userId: string) {
  const client = shopper(url);
  client.cookies.set('userId', userIdCookieValue(userId));
  return client;
}

function address(id: string, type: 'HOME' | 'WORK' | 'OTHER', lat: number, lng: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    address_type: type,
    latitude: lat,
    longitude: lng,
    city: 'Bengaluru',
    state: 'Karnataka',
    pin_code: '560102',
    locality: 'HSR Layout',
    address: `${id}, HSR Layout, Bengaluru, Karnataka 560102`,
    ...extra,
  };
}

describe.each(inject('servers'))('location and addresses on $name', ({ url }) => {
  describe('GET /kong-api/reverse-geocode (SPEC §7.1)', () => {
    it('names Bengaluru, Karnataka and its pincode for 12.91, 77.64', async () => {
      const response = await fetch(`${url}/kong-api/reverse-geocode?lat=12.91&lng=77.64`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        status: 'SUCCESS',
        data: {
          formattedAddress: 'HSR Layout, Bengaluru, Karnataka 560102, India',
          city: { name: 'Bengaluru' },
          state: { name: 'Karnataka' },
          pinCode: '560102',
          locality: { name: 'HSR Layout' },
          landmark: { name: 'BDA Complex HSR Layout' },
        },
      });
    });
    it('names Delhi for a Delhi point', async () => {
      const body = await (await fetch(`${url}/kong-api/reverse-geocode?lat=28.5677&lng=77.2433`)).json();
      expect(body.data).toMatchObject({ city: { name: 'Delhi' }, state: { name: 'Delhi' }, pinCode: '110024', locality: { name: 'Lajpat Nagar' } });
    });
    it.each([
      ['lat=abc&lng=77.64', 'lat: lat must be a number'],
      ['lat=&lng=77.64', 'lat: lat must be a number'],
      ['lat=12.91', 'lng: lng is required'],
      ['lat=95&lng=77.64', 'lat: lat must be between -90 and 90'],
      ['lat=12.91&lng=200', 'lng: lng must be between -180 and 180'],
    ])('answers 400 with a clear message for %s', async (query, message) => {
      const response = await fetch(`${url}/kong-api/reverse-geocode?${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ status: 'FAILURE', error: { message } });
    });
    it('answers 404 for a point outside every city we cover', async () => {
      const response = await fetch(`${url}/kong-api/reverse-geocode?lat=0&lng=0`);
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toMatch(/we deliver in Delhi, Bengaluru/);
    });
  });

  describe('GET /get/serviceability', () => {
    it('says a seller delivers to a served pincode and none to an unserved one', async () => {
      const served = await (await fetch(`${url}/get/serviceability?pincode=${openGroceryStore().location.pincode}`)).json();
      expect(served).toEqual({ status: 'SUCCESS', data: { pinCode: openGroceryStore().location.pincode, served: true } });
      const unserved = await (await fetch(`${url}/get/serviceability?pincode=${unservedPincode()}`)).json();
      expect(unserved.data.served).toBe(false);
      expect((await fetch(`${url}/get/serviceability?pincode=12`)).status).toBe(400);
    });
  });

  describe('saved addresses: save, sync and get (SPEC §7.1)', () => {
    it('round-trips for one user with the replace rules, and a second user sees none of it', async () => {
      const user = signedIn(url, `api-user-${Date.now()}`);
      const home = address('home-1', 'HOME', 12.9121, 77.6446);
      const saved = await user.post('/save/unified/address', home);
      expect(saved.status).toBe(200);
      expect((await saved.json()).data.map((a: { id: string }) => a.id)).toEqual(['home-1']);

      const synced = await user.post('/sync/unified/address', [
        address('home-2', 'HOME', 12.935, 77.6245, { locality: 'Koramangala', pin_code: '560034' }),
        address('work-1', 'WORK', 12.9784, 77.6408),
      ]);
      expect(synced.status).toBe(200);
      const syncBody = await synced.json();
      expect(syncBody.userWhitelistedForSync).toBe(true);
      expect(syncBody.data.map((a: { id: string }) => a.id)).toEqual(['home-2', 'work-1']);

      const listed = await (await user.get('/get/unified/address')).json();
      expect(listed).toMatchObject({ status: 'SUCCESS', userWhitelistedForSync: true });
      expect(listed.data.map((a: { id: string; address_type: string }) => `${a.address_type}:${a.id}`)).toEqual(['HOME:home-2', 'WORK:work-1']);
      expect(listed.data[0]).toMatchObject({ country: 'India', precision: 0, locality: 'Koramangala', pin_code: '560034' });

      const stranger = signedIn(url, `api-stranger-${Date.now()}`);
      expect((await (await stranger.get('/get/unified/address')).json()).data).toEqual([]);
      // The stranger deleting the same id changes nothing for the owner.
      await fetch(`${url}/save/unified/address?id=work-1`, { method: 'DELETE', headers: { origin: url, cookie: `userId=${stranger.cookies.get('userId')}` } });
      expect((await (await user.get('/get/unified/address')).json()).data).toHaveLength(2);

      const deleted = await fetch(`${url}/save/unified/address?id=work-1`, {
        method: 'DELETE',
        headers: { origin: url, cookie: `userId=${user.cookies.get('userId')}` },
      });
      expect((await deleted.json()).data.map((a: { id: string }) => a.id)).toEqual(['home-2']);
    });

    it('refuses to sync or save when the first address has no city (SPEC §5)', async () => {
      const user = signedIn(url, `api-nocity-${Date.now()}`);
      const sync = await user.post('/sync/unified/address', [address('a', 'OTHER', 12.9, 77.6, { city: '' }), address('b', 'HOME', 12.9, 77.6)]);
      expect(sync.status).toBe(400);
      expect((await sync.json()).error.message).toBe('The first address has no city, so nothing was saved');
      expect((await user.post('/save/unified/address', address('c', 'HOME', 12.9, 77.6, { city: '' }))).status).toBe(400);
      expect((await user.post('/sync/unified/address', [])).status).toBe(400);
      expect((await (await user.get('/get/unified/address')).json()).data).toEqual([]);
    });

    it('asks an anonymous shopper to sign in', async () => {
      const anonymous = shopper(url);
      for (const response of [
        await anonymous.get('/get/unified/address'),
        await anonymous.post('/save/unified/address', address('x', 'HOME', 12.9, 77.6)),
        await anonymous.post('/sync/unified/address', [address('x', 'HOME', 12.9, 77.6)]),
      ]) {
        expect(response.status).toBe(401);
        expect((await response.json()).error.message).toMatch(/Sign in in the app/);
      }
    });

    it('answers bad bodies with 400, never 500', async () => {
      const user = signedIn(url, `api-bad-${Date.now()}`);
      expect((await user.post('/save/unified/address', '{not json')).status).toBe(400);
      expect((await user.post('/save/unified/address', { id: 'x', latitude: 'north' })).status).toBe(400);
      expect((await user.post('/save/unified/address', address('x', 'HOME', 12.9, 77.6, { address_type: 'CASTLE' }))).status).toBe(400);
      expect((await user.post('/sync/unified/address', { not: 'a list' })).status).toBe(400);
      const tooMany = Array.from({ length: 31 }, (_, i) => address(`a${i}`, 'OTHER', 12.9 + i / 1000, 77.6));
      expect((await user.post('/sync/unified/address', tooMany)).status).toBe(400);
      const bad = await fetch(`${url}/save/unified/address?id=${'x'.repeat(65)}`, {
        method: 'DELETE',
        headers: { origin: url, cookie: `userId=${userIdCookieValue('api-bad')}` },
      });
      expect(bad.status).toBe(400);
    });
  });

  describe('/address-map without JavaScript', () => {
    it('searches by pincode and delivers to the chosen locality through a form post', async () => {
      const page = await (await fetch(`${url}/address-map?q=560034`)).text();
      expect(page).toContain('Koramangala');
      expect(page).toMatch(/<form action="\/address-map" method="post"><input type="hidden" name="pincode" value="560034"\/>/);
      const form = await fetch(`${url}/address-map`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ pincode: '560034', locality: 'Koramangala' }),
        headers: { origin: url },
      });
      expect(form.status).toBe(303);
      const cookie = form.headers.getSetCookie().find((c) => c.startsWith('deliveryLocation='));
      expect(cookie).toBeDefined();
      const after = await (await fetch(`${url}/`, { headers: { cookie: (cookie ?? '').split(';')[0] ?? '' } })).text();
      expect(after).toContain('Koramangala, Bengaluru 560034');
      expect(after).not.toContain('until you choose');
    });
    it('shows "we don’t deliver here yet" for an unserved pincode', async () => {
      const pincode = unservedPincode();
      const location = encodeURIComponent(JSON.stringify({ label: 'Yelahanka', city: 'bengaluru', pincode, lat: 13.1007, lng: 77.5963 }));
      const page = await (await fetch(`${url}/address-map`, { headers: { cookie: `deliveryLocation=${location}` } })).text();
      expect(page).toContain('We don’t deliver here yet');
      expect(page).toContain('Change address');
    });
  });

  describe('the first visit (issue 29)', () => {
    const LISTING = '/grocery-category?categoryId=7';
    it("asks a shopper who told us nothing, over the default locality's whole catalogue", async () => {
      const html = await (await fetch(`${url}${LISTING}`)).text();
      expect(html).toContain('Delivering to HSR Layout, Bengaluru 560102 until you choose.');
      expect(html).toContain('href="/address-map?locate=1"');
      expect(html).toMatch(/class="item-card"/);
      expect(html).not.toMatch(/<dialog\b/);
    });
    it('asks nothing once the shopper chose, when the client names its pincode, or on the picker itself', async () => {
      const chosen = encodeURIComponent(JSON.stringify({ label: 'HSR Layout', city: 'bengaluru', pincode: '560102', lat: 12.91, lng: 77.64 }));
      for (const [path, headers] of [
        [LISTING, { cookie: `deliveryLocation=${chosen}` }],
        [LISTING, { pincode: '560102' }],
        ['/address-map', {}],
      ] as const) {
        const html = await (await fetch(`${url}${path}`, { headers })).text();
        expect(html, path).not.toContain('until you choose');
      }
    });
  });
});
