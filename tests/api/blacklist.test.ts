// SPEC §6 user blacklist: the home provider response says whether the signed-in user is paused,
// /user-blacklist explains it to that user only, and a paused user cannot start a checkout.
import { describe, expect, inject, it } from 'vitest';
import { userIdCookieValue } from '../support/identity.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { PAUSED_USER_ID } from './global-setup.ts';

const store = openGroceryStore();
const PAUSED = 'Ordering is paused for your account';

describe.each(inject('servers'))('user blacklist on $name', ({ url }) => {
  const as = (userId: string | null, init: RequestInit & { headers?: Record<string, string> } = {}) => ({
    ...init,
    redirect: 'manual' as const,
    headers: { pincode: '560102', 'content-type': 'application/json', ...(userId ? { cookie: `userId=${userIdCookieValue(userId)}` } : {}), ...init.headers },
  });
  const providers = async (userId: string | null) => {
    const response = await fetch(`${url}/ondc/landing-page?type=provider`, as(userId, { method: 'POST', body: JSON.stringify({ cityName: 'bengaluru' }) }));
    expect(response.status).toBe(200);
    return (await response.json()) as { isUserBlacklisted: boolean; data: unknown[] };
  };

  it('the home provider response carries isUserBlacklisted: true only for a paused user', async () => {
    const paused = await providers(PAUSED_USER_ID);
    expect(paused.isUserBlacklisted).toBe(true);
    expect(paused.data.length).toBeGreaterThan(0);
    expect((await providers('someone-else')).isUserBlacklisted).toBe(false);
    expect((await providers(null)).isUserBlacklisted).toBe(false);
  });

  it('/user-blacklist explains the pause to the paused user and sends anyone else home', async () => {
    const paused = await fetch(`${url}/user-blacklist`, as(PAUSED_USER_ID));
    expect(paused.status).toBe(200);
    expect(await paused.text()).toContain(PAUSED);
    const other = await fetch(`${url}/user-blacklist`, as('someone-else'));
    expect(other.status).toBe(302);
    expect(other.headers.get('location')).toBe('/');
  });

  it('refuses a paused user’s select with 403 and the way to the explanation', async () => {
    const body = {
      categoryDomain: 'ONDC:RET10',
      ondcCity: 'std:080',
      bpp: { bpp_id: store.seller.id, bpp_uri: 'http://127.0.0.1:1/' },
      provider: { id: store.provider.id, locations: [{ id: store.location.id }] },
      items: [{ sku_id: store.items[0]!.id, quantity: 1, location_id: store.location.id }],
      address: { area_code: '560102' },
    };
    const response = await fetch(`${url}/ondc/select`, as(PAUSED_USER_ID, { method: 'POST', body: JSON.stringify(body) }));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ status: 'FAILURE', error: { message: PAUSED, details: { redirect: '/user-blacklist' } } });
  });
});
