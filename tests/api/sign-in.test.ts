// Issue 29: phone sign-in on the web. A code sent by SMS (the embedded simulator keeps it in a file
// under DATA_DIR, where this test reads it) signs a device in as the phone's user, with the token
// the native app's backend would give; a second device signing in with the same phone is the same
// shopper, with the same orders and addresses; signing out leaves the device anonymous. Bad input,
// wrong, spent and expired codes, the lockout and the limits are refusals with a reason, never a 500.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_APP_AUTH_SECRET, verifyAppToken } from '#/features/platform/app-token.ts';
import { readSimulatedSms } from '#/features/sign-in/sms.server.ts';
import { cartUpdate, placeOrder, type Client } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { startServer, type StartedServer } from '../support/server.ts';
import { freshPhone, lastSignInCode } from '../support/sms.ts';

type Refusal = { status: string; error: { message: string; details: { code: string; attempts_left?: number; retry_after_s?: number } } };

/** A browser that has shopped here before: it has a device cookie (as a first cart add gives it). */
function device(url: string): Client {
  const client = shopper(url);
  client.cookies.set('kirana_device', randomUUID());
  return client;
}

const askCode = (client: Client, phone: unknown) => client.post('/sign-in/code', { phone });
const verify = (client: Client, phone: unknown, code: unknown) => client.post('/sign-in/verify', { phone, code });

async function refusal(response: Response, status: number, code: string): Promise<Refusal> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = (await response.json()) as Refusal;
  expect(body.status).toBe('FAILURE');
  expect(body.error.details.code).toBe(code);
  return body;
}

/** Signs `client` in with `phone` through the two steps; the user id it is signed in as. */
async function signIn(client: Client, dataDir: string, phone: string): Promise<string> {
  const asked = Date.now();
  expect((await askCode(client, phone)).status).toBe(200);
  const answer = await verify(client, phone, await lastSignInCode(dataDir, phone, asked));
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { user_id: string } }).data.user_id;
}

const homeAddress = (id: string) => ({
  id,
  address_type: 'HOME',
  latitude: 12.9116,
  longitude: 77.6389,
  city: 'Bengaluru',
  state: 'Karnataka',
  pin_code: '560102',
  locality: 'HSR Layout',
  address: `${id}, HSR Layout, Bengaluru, Karnataka 560102`,
});

describe.each(inject('servers'))('issue 29 phone sign-in on $name', ({ url, dataDir }) => {
  it('bad input is a 400 with the reason, in JSON and never a 500', async () => {
    const client = device(url);
    for (const phone of ['12345', '5876543210', '+1 415 555 0100', 9876543210, null, 'x'.repeat(100)]) {
      const body = await refusal(await askCode(client, phone), 400, 'INVALID_PHONE');
      expect(body.error.message).toBe('Enter a 10-digit Indian mobile number');
    }
    expect((await client.post('/sign-in/code', 'not json')).status).toBe(400);
    expect((await client.post('/sign-in/code', [])).status).toBe(400);
    expect((await client.post('/sign-in/code', { phone: '98765\u0000' })).status).toBe(400);
    const phone = freshPhone();
    for (const code of ['12ab56', '12345', '1234567', 123456, '']) {
      expect((await refusal(await verify(client, phone, code), 400, 'INVALID_CODE')).error.message).toBe('Enter the 6-digit code from the SMS');
    }
    // No code was sent to this phone: nothing to check, and nothing counted against it.
    await refusal(await verify(client, phone, '123456'), 400, 'NO_CODE');
  });

  it("a code signs the device in once, with the native app's signed token in an HttpOnly cookie every private endpoint trusts", async () => {
    const client = device(url);
    const phone = freshPhone();
    const asked = Date.now();
    const sent = await askCode(client, `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { data: { phone: string; expires_in_s: number } }).data).toEqual({ phone, expires_in_s: 300 });
    const code = await lastSignInCode(dataDir, phone, asked);
    // Before: a device shopper, who reads no saved addresses.
    expect((await client.get('/get/unified/address')).status).toBe(401);

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await refusal(await verify(client, phone, wrong), 401, 'WRONG_CODE')).error.details.attempts_left).toBe(4);
    const signedIn = await verify(client, phone, code);
    expect(signedIn.status).toBe(200);
    const { user_id: userId } = ((await signedIn.json()) as { data: { user_id: string } }).data;
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('userId='));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
    const token = client.cookies.get('userId')!;
    expect(verifyAppToken(token, { secret: Buffer.from(TEST_APP_AUTH_SECRET), publicKeys: [], audience: null })).toEqual({ verified: true, userId });
    expect(token).not.toContain(phone);
    expect((await client.get('/get/unified/address')).status).toBe(200);
    expect(await (await client.get('/sign-in')).text()).toContain(`Signed in with +91 ${phone.slice(0, 5)} ${phone.slice(5)}.`);

    // Spent: the same code again signs nobody in.
    await refusal(await verify(device(url), phone, code), 400, 'NO_CODE');
  });

  it(`five wrong codes lock the phone for 15 minutes with a clear message: the right code and a new code are refused too`, async () => {
    const client = device(url);
    const phone = freshPhone();
    const asked = Date.now();
    expect((await askCode(client, phone)).status).toBe(200);
    const code = await lastSignInCode(dataDir, phone, asked);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1]) expect((await refusal(await verify(client, phone, wrong), 401, 'WRONG_CODE')).error.details.attempts_left).toBe(left);
    const locked = await refusal(await verify(client, phone, wrong), 429, 'LOCKED');
    expect(locked.error.message).toBe('Too many wrong codes. This number is locked for 15 minutes.');
    expect(locked.error.details.retry_after_s).toBe(900);
    await refusal(await verify(device(url), phone, code), 429, 'LOCKED');
    const again = await askCode(device(url), phone);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(800);
    await refusal(again, 429, 'LOCKED');
  });

  it('limits the codes sent to one phone, and the codes one device asks for', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 3; i++) expect((await askCode(device(url), phone)).status).toBe(200);
    const tooMany = await refusal(await askCode(device(url), phone), 429, 'TOO_MANY_CODES');
    expect(tooMany.error.message).toMatch(/^Too many codes asked for\. Try again in \d+ minutes?\.$/);

    const client = device(url);
    for (let i = 0; i < 5; i++) expect((await askCode(client, freshPhone())).status).toBe(200);
    await refusal(await askCode(client, freshPhone()), 429, 'TOO_MANY_CODES');
    // Another device is not held by this one's asking.
    expect((await askCode(device(url), freshPhone())).status).toBe(200);
  });

  it('a second device signing in with the same phone sees the same orders and addresses; signing out leaves it anonymous', async () => {
    const phone = freshPhone();
    const first = device(url);
    const userId = await signIn(first, dataDir, phone);
    const { orderId } = await placeOrder(first, 'cod');
    // The first device's saved addresses go to the account as its page sends them (SPEC §7.1 sync).
    expect((await first.post('/sync/unified/address', [homeAddress(`home-${phone}`)])).status).toBe(200);

    const second = device(url);
    expect((await second.get(`/ondc/order/detail?order_id=${orderId}`)).status).toBe(404);
    expect(await signIn(second, dataDir, phone)).toBe(userId);
    expect((await second.get(`/ondc/order/detail?order_id=${orderId}`)).status).toBe(200);
    expect(await (await second.get('/order-history')).text()).toContain(orderId);
    const addresses = (await (await second.get('/get/unified/address')).json()) as { data: Array<{ id: string }> };
    expect(addresses.data.map((a) => a.id)).toEqual([`home-${phone}`]);

    const out = await second.post('/sign-out', {});
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('userId='))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await second.get(`/ondc/order/detail?order_id=${orderId}`)).status).toBe(404);
    expect((await second.get('/get/unified/address')).status).toBe(401);
    expect(await (await second.get('/order-history')).text()).not.toContain(orderId);
    // The first device is still signed in.
    expect((await first.get(`/ondc/order/detail?order_id=${orderId}`)).status).toBe(200);
  }, 90_000);

  it("the device's cart becomes the user's on sign-in, once: signed out, the device's cart is empty", async () => {
    const cartOf = async (client: Client) =>
      (
        (await (await client.get('/ondc/cart?cityName=bengaluru')).json()) as { data: Array<{ items: Array<{ sku_id: string; quantity: number }> }> }
      ).data.flatMap((c) => c.items.map((i) => [i.sku_id, i.quantity]));
    const client = device(url);
    expect((await client.post('/ondc/cart', cartUpdate(2))).status).toBe(200);
    const before = await cartOf(client);
    expect(before).toHaveLength(1);
    const phone = freshPhone();
    await signIn(client, dataDir, phone);
    expect(await cartOf(client)).toEqual(before);
    const elsewhere = device(url);
    await signIn(elsewhere, dataDir, phone);
    expect(await cartOf(elsewhere)).toEqual(before);
    expect((await client.post('/sign-out', {})).status).toBe(200);
    expect(await cartOf(client)).toEqual([]);
  });

  it('a browser without a device cookie gets one with its code, and the page without JavaScript walks it through', async () => {
    const browser = shopper(url);
    const phone = freshPhone();
    const form = (path: string, fields: Record<string, string>) =>
      fetch(url + path, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url, cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        body: new URLSearchParams(fields).toString(),
      }).then((response) => {
        for (const c of response.headers.getSetCookie()) {
          const [pair = ''] = c.split(';');
          const at = pair.indexOf('=');
          browser.cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        return response;
      });

    const bad = await form('/sign-in/code', { phone: '12345' });
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe('/sign-in?error=INVALID_PHONE');
    expect(await (await browser.get('/sign-in?error=INVALID_PHONE')).text()).toContain('Enter a 10-digit Indian mobile number');

    const asked = Date.now();
    const sent = await form('/sign-in/code', { phone, next: '/cart' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/sign-in?step=code&next=%2Fcart');
    expect(browser.cookies.get('kirana_device')).toMatch(/^[0-9a-f-]{36}$/);
    const page = await (await browser.get('/sign-in?step=code&next=%2Fcart')).text();
    expect(page).toContain(`We sent a 6-digit code to +91 ${phone.slice(0, 5)} ${phone.slice(5)}.`);
    expect(page).toContain('autocomplete="one-time-code"');

    const code = await lastSignInCode(dataDir, phone, asked);
    const wrong = await form('/sign-in/verify', { phone, code: code === '000000' ? '111111' : '000000', next: '/cart' });
    expect(wrong.headers.get('location')).toBe('/sign-in?step=code&error=WRONG_CODE&left=4&next=%2Fcart');
    expect(await (await browser.get('/sign-in?step=code&error=WRONG_CODE&left=4')).text()).toContain('That code is not right. 4 tries left.');
    // A `next` that names another site is not followed.
    const done = await form('/sign-in/verify', { phone, code, next: '//evil.example/' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/order-history');
    expect(await (await browser.get('/sign-in')).text()).toContain('You are signed in');
    const out = await form('/sign-out', {});
    expect(out.headers.get('location')).toBe('/');
    expect(await (await browser.get('/sign-in')).text()).toContain('Sign in with your phone');
  });

  it('says it in Hindi for a Hindi shopper', async () => {
    const client = device(url);
    client.cookies.set('locale', 'hi');
    const body = await refusal(await askCode(client, '123'), 400, 'INVALID_PHONE');
    expect(body.error.message).toBe('10 अंकों का भारतीय मोबाइल नंबर डालें');
    const asked = Date.now();
    const phone = freshPhone();
    expect((await askCode(client, phone)).status).toBe(200);
    await lastSignInCode(dataDir, phone, asked);
    expect(readSimulatedSms(dataDir, phone)?.text).toMatch(/^\d{6} आपका Kirana साइन-इन कोड है।/);
  });
});

describe('issue 29: a code expires', () => {
  let server: StartedServer;
  beforeAll(async () => {
    // Codes that live 2 s; no seller network: only sign-in is tried here.
    server = await startServer({ SELLER_NETWORK: 'off', SIGN_IN_CODE_SECONDS: '2' }, { timeoutMs: 180_000 });
  }, 200_000);
  afterAll(async () => server?.stop());

  it('refuses a code after its time with "expired", and a new code works', async () => {
    const client = device(server.url);
    const phone = freshPhone();
    const asked = Date.now();
    expect((await askCode(client, phone)).status).toBe(200);
    const code = await lastSignInCode(server.dataDir, phone, asked);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const expired = await refusal(await verify(client, phone, code), 400, 'EXPIRED');
    expect(expired.error.message).toBe('That code has expired. Ask for a new one.');
    const again = Date.now();
    expect((await askCode(client, phone)).status).toBe(200);
    expect((await verify(client, phone, await lastSignInCode(server.dataDir, phone, again))).status).toBe(200);
  });
});
