// Issue 24, identity: nobody can be somebody else. Shopper A is signed in by the native app (a
// token signed with the shop's secret); another shopper presents A's id in the userId cookie as a
// bare id (what the app used to send, and what every shopper could type), an unsigned token, an
// expired one, one signed with another key, and A's id pasted into another user's signed token.
// Each is tried on every private endpoint, reading and writing (cart, addresses, checkout
// messages, payment, orders, invoice, tracking, return photos, cancel with its refund), and A
// finds everything as it was. Then: the cookies' flags, the device's cart moving to the user who
// signs in on it, the per-shopper limit held across two request streams, and the shop refusing to
// start with the public test secret where others can reach it.
import { createHmac, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartUpdate, initBody, pollFor, plentifulItems, selectAndQuote, store, type Client } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { TEST_APP_AUTH_ENV, userIdCookieValue } from '../support/identity.ts';
import { startServer, type StartedServer } from '../support/server.ts';
import { freshPhone, lastSignInCode } from '../support/sms.ts';

/** The per-shopper write limit of this file's server (a minute's worth), small enough to reach. */
const WRITES_PER_MINUTE = 60;

let server: StartedServer;
let plentiful: Awaited<ReturnType<typeof plentifulItems>> = [];
beforeAll(async () => {
  // Orders reach Delivered within ~15 s (a network minute in 0.5 s), and stay cancellable ~5 s.
  server = await startServer(
    { NETWORK_CLOCK_SPEED: '120', SHOPPER_WRITE_LIMIT: String(WRITES_PER_MINUTE), ANALYTICS_TOKEN: 'ops-token-for-tests' },
    { timeoutMs: 240_000 },
  );
  plentiful = await plentifulItems(server.url, 6, 20);
}, 300_000);
afterAll(async () => server?.stop());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function hs256(claims: Record<string, unknown>, secret: string): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}
const nowS = () => Math.floor(Date.now() / 1000);

/** A's id as a forger can present it, none of them proof. */
function forgeries(victim: string): Array<[string, string]> {
  const another = userIdCookieValue(`someone-${randomBytes(3).toString('hex')}`).split('.');
  return [
    ['a bare id', victim],
    ['an unsigned token (alg none)', `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: victim, exp: nowS() + 3600 })}.AA`],
    ['an expired token', hs256({ sub: victim, iat: nowS() - 7200, exp: nowS() - 3600 }, TEST_APP_AUTH_ENV.APP_AUTH_SECRET)],
    ['a token signed with another key', hs256({ sub: victim, exp: nowS() + 3600 }, 'an-attacker-secret-of-thirty-two-bytes-or-more')],
    ['another user’s token with A’s id pasted in', `${another[0]}.${b64({ sub: victim, exp: nowS() + 3600 })}.${another[2]}`],
  ];
}

async function newShopper(userToken: string | null): Promise<Client> {
  const client = shopper(server.url);
  if (userToken !== null) client.cookies.set('userId', userToken);
  await client.get('/');
  return client;
}

const cookieHeader = (client: Client) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
// A real photo: the storefront decodes and re-encodes every return photo (issue 24), so bytes that
// only start like a JPEG are refused before any owner check.
const jpeg = async (width: number) =>
  new Uint8Array(
    await sharp({ create: { width, height: 240, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer(),
  );
const homeAddress = (id: string, locality = 'HSR Layout') => ({
  id,
  address_type: 'HOME',
  latitude: 12.9116,
  longitude: 77.6389,
  city: 'Bengaluru',
  state: 'Karnataka',
  pin_code: '560102',
  locality,
  address: `${id}, ${locality}, Bengaluru, Karnataka 560102`,
});
const refused = (status: number) => status === 401 || status === 403 || status === 404;

/** select → init → UPI payment → confirm, with A's own UPI id. */
async function order(owner: Client, vpa: string) {
  const items = plentiful.splice(0, 1).map((item) => ({ sku_id: item.id, quantity: 2 }));
  const { transactionId, messageId: selectMessageId } = await selectAndQuote(owner, items);
  const init = await (await owner.post('/ondc/init', initBody(transactionId, items))).json();
  const initMessageId = String(init.data.message_id);
  await pollFor(owner, `/ondc/status?type=init&message_id=${initMessageId}`, (b) => b['order_status'] !== 'PENDING', 10);
  const payment = await (await owner.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: initMessageId, vpa })).json();
  const paymentId = String(payment.data.payment_id);
  const confirmed = await (await owner.post('/ondc/confirm', { transaction_id: transactionId, payment_id: paymentId })).json();
  const placed = await pollFor(owner, `/ondc/status?type=confirm&message_id=${confirmed.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
  expect(placed['order_status']).toBe('CONFIRMED');
  return { transactionId, selectMessageId, initMessageId, paymentId, orderId: String(placed['order_id']), items };
}

async function orderStatus(owner: Client, orderId: string) {
  return (await (await owner.get(`/ondc/order/detail?order_id=${orderId}`)).json()) as { status: string; eligibility?: { cancel?: { eligible: boolean } } };
}

describe('issue 24: a userId cookie that is not a valid token for A gets nothing of A’s', () => {
  it('forged, unsigned, expired and wrong-key ids, on every private endpoint, read and write', async () => {
    const victimId = `victim-${randomBytes(4).toString('hex')}`;
    const owner = await newShopper(userIdCookieValue(victimId));
    const vpa = `v${randomBytes(4).toString('hex')}@okaxis`;

    // A's delivered order, with a return photo and an invoice.
    const delivered = await order(owner, vpa);
    for (let i = 0; i < 80 && (await orderStatus(owner, delivered.orderId)).status !== 'delivered'; i++) await new Promise((r) => setTimeout(r, 500));
    expect((await orderStatus(owner, delivered.orderId)).status).toBe('delivered');
    const photo = await fetch(`${server.url}/ondc/order/return-photo?order_id=${delivered.orderId}`, {
      method: 'POST',
      body: await jpeg(320),
      headers: { 'content-type': 'image/jpeg', cookie: cookieHeader(owner) },
    });
    expect(photo.status).toBe(200);
    const photoId = String((await photo.json()).data.photo_id);
    // A's saved address and cart.
    const addressId = `home-${randomBytes(3).toString('hex')}`;
    expect((await owner.post('/save/unified/address', homeAddress(addressId))).status).toBe(200);
    // A's order still on its way: cancelling it would refund A's UPI payment.
    const pending = await order(owner, vpa);
    // A's cart, filled after the orders (a checkout orders the server cart, issue 23).
    const cart = await (await owner.post('/ondc/cart', cartUpdate(2, store.items[2]!))).json();
    const cartReference = String(cart.data[0].cart_reference_id);

    const variants = await Promise.all(forgeries(victimId).map(async ([name, value]) => [name, await newShopper(value)] as const));
    const status = async (response: Promise<Response>) => (await response).status;
    const hides = async (response: Promise<Response>, ...secrets: string[]) => {
      const answer = await response;
      const text = await answer.text();
      return refused(answer.status) || secrets.every((s) => !text.includes(s));
    };
    const allowed: string[] = [];
    const attempt = async (name: string, tryIt: () => Promise<boolean>) => {
      if (!(await tryIt())) allowed.push(name);
    };

    // The cancel first, while A's order can still be cancelled.
    for (const [variant, thief] of variants) {
      await attempt(`${variant}: order write (cancel → refund)`, async () =>
        refused(await status(thief.post('/ondc/order/update', { type: 'cancel', order_id: pending.orderId, reason_id: '001' }))),
      );
    }

    for (const [variant, thief] of variants) {
      const header = { cookie: cookieHeader(thief) };
      const tries: Array<[string, () => Promise<boolean>]> = [
        ['cart read', () => hides(thief.get('/ondc/cart?cityName=bengaluru'), cartReference)],
        [
          'cart write (update its cart)',
          async () => refused(await status(thief.post('/ondc/cart', { ...cartUpdate(9, store.items[2]!), cart_reference_id: cartReference }))),
        ],
        [
          'cart write (clear its cart)',
          async () => refused(await status(thief.post('/ondc/clear-cart', { action: 'CLEAR_CART', cart_reference_id: cartReference }))),
        ],
        ['addresses read', () => hides(thief.get('/get/unified/address'), addressId)],
        [
          'addresses write (add a drop point)',
          async () => refused(await status(thief.post('/save/unified/address', homeAddress('attacker-drop', 'Attacker drop point')))),
        ],
        ['addresses write (sync a list over it)', async () => refused(await status(thief.post('/sync/unified/address', [homeAddress('attacker-sync')])))],
        [
          'addresses write (delete its home)',
          async () =>
            refused(
              (await fetch(`${server.url}/save/unified/address?id=${addressId}`, { method: 'DELETE', headers: { ...header, origin: server.url } })).status,
            ),
        ],
        ['UPI id read', () => hides(thief.get('/kong-api/package_api/v3/payment/getInstrumentDetails?instrumentType=upi_account'), vpa)],
        ['transaction read (on_select)', async () => refused(await status(thief.get(`/ondc/fetchMessage?type=select&message_id=${pending.selectMessageId}`)))],
        [
          'transaction read (on_init: name, phone, address)',
          async () => refused(await status(thief.get(`/ondc/status?type=init&message_id=${pending.initMessageId}`))),
        ],
        [
          'transaction write (init its transaction)',
          async () => refused(await status(thief.post('/ondc/init', initBody(pending.transactionId, pending.items)))),
        ],
        ['payment read', async () => refused(await status(thief.get(`/ondc/payment/status?payment_id=${pending.paymentId}`)))],
        [
          'payment write (pay for its checkout)',
          async () =>
            refused(
              await status(
                thief.post('/ondc/payment', {
                  method: 'upi',
                  transaction_id: pending.transactionId,
                  init_message_id: pending.initMessageId,
                  vpa: 'thief@okaxis',
                }),
              ),
            ),
        ],
        [
          'payment write (confirm with its payment)',
          async () => refused(await status(thief.post('/ondc/confirm', { transaction_id: pending.transactionId, payment_id: pending.paymentId }))),
        ],
        ['payment page', () => hides(thief.get(`/payment?transaction_id=${pending.transactionId}`), vpa, pending.paymentId)],
        ['order read (detail)', async () => refused(await status(thief.get(`/ondc/order/detail?order_id=${pending.orderId}`)))],
        ['order read (history list)', () => hides(thief.get('/order-history'), pending.orderId, delivered.orderId)],
        ['order read (history page)', async () => refused(await status(thief.get(`/order-history?order_id=${pending.orderId}`)))],
        ['order read (confirmation page)', () => hides(thief.get(`/order-confirmation?order_id=${pending.orderId}`), 'data-order-id')],
        ['order read (cancel eligibility)', async () => refused(await status(thief.get(`/ondc/order/eligiblity?order_id=${pending.orderId}&type=cancel`)))],
        ['tracking read (track call)', async () => refused(await status(thief.get(`/ondc/order/track?order_id=${pending.orderId}`)))],
        ['tracking read (tracking page)', async () => refused(await status(thief.get(`/tracking-details?order_id=${pending.orderId}`)))],
        ['tracking read (map)', async () => refused(await status(thief.get(`/track-map?order_id=${pending.orderId}`)))],
        ['tracking read (riders)', () => hides(thief.get(`/drivers-list?order_id=${pending.orderId}`), pending.orderId)],
        ['invoice read', async () => refused(await status(thief.get(`/invoice?order_id=${delivered.orderId}`)))],
        ['return photo read', async () => refused(await status(thief.get(`/return-photos/${photoId}`)))],
        [
          'return photo write (upload to its order)',
          async () =>
            refused(
              (
                await fetch(`${server.url}/ondc/order/return-photo?order_id=${delivered.orderId}`, {
                  method: 'POST',
                  body: await jpeg(200),
                  headers: { ...header, 'content-type': 'image/jpeg' },
                })
              ).status,
            ),
        ],
        ['return photo page (camera)', () => hides(thief.get(`/camera?order_id=${delivered.orderId}`), delivered.orderId)],
        [
          'order write (return with its photo → refund)',
          async () =>
            refused(
              await status(
                thief.post('/ondc/order/update', {
                  type: 'return',
                  order_id: delivered.orderId,
                  reason_id: '003',
                  items: [{ item_id: delivered.items[0]!.sku_id, quantity: 1 }],
                  photo_ids: [photoId],
                }),
              ),
            ),
        ],
      ];
      for (const [name, tryIt] of tries) await attempt(`${variant}: ${name}`, tryIt);
    }
    expect(allowed).toEqual([]);

    // A finds everything as it was: the cart, the address, both payments paid and not refunded.
    const mine = await (await owner.get('/ondc/cart?cityName=bengaluru')).json();
    expect(mine.data[0].cart_reference_id).toBe(cartReference);
    expect(mine.data[0].items).toContainEqual(expect.objectContaining({ sku_id: store.items[2]!.id, quantity: 2 }));
    const addresses = await (await owner.get('/get/unified/address')).text();
    expect(addresses).toContain(addressId);
    expect(addresses).not.toContain('attacker');
    for (const paid of [pending, delivered])
      expect((await (await owner.get(`/ondc/payment/status?payment_id=${paid.paymentId}`)).json()).data.status).toBe('PAID');
    expect((await orderStatus(owner, pending.orderId)).status).not.toBe('cancelled');
    expect((await orderStatus(owner, delivered.orderId)).status).toBe('delivered');
    expect((await owner.get(`/return-photos/${photoId}`)).status).toBe(200);
    // The UPI id is A's to see, from the server (SPEC §7.3), with no cookie a page script can read.
    expect(await (await owner.get('/kong-api/package_api/v3/payment/getInstrumentDetails?instrumentType=upi_account')).json()).toMatchObject({
      success: true,
      vpa,
    });
    expect(owner.cookies.get('payment-identifier') ?? '').toBe('');
  }, 240_000);

  it('an unverified id reaches analytics only as ext_user_id marked unverified, never as the shopper', async () => {
    const victimId = `victim-${randomBytes(4).toString('hex')}`;
    const thief = await newShopper(victimId);
    const signedIn = await newShopper(userIdCookieValue(`${victimId}-real`));
    const event = (name: string) => [{ event_name: name }];
    const marker = `identity_${randomBytes(3).toString('hex')}`;
    expect((await thief.post('/ondc/hive', event(`${marker}_forged`))).status).toBe(200);
    expect((await signedIn.post('/ondc/hive', event(`${marker}_signed`))).status).toBe(200);
    let rows: Array<{ name: string; shopper_key: string | null; attributes: Record<string, unknown> }> = [];
    for (let i = 0; i < 20 && rows.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 300));
      const ndjson = await (await fetch(`${server.url}/ops/analytics/events?since=1d`, { headers: { authorization: 'Bearer ops-token-for-tests' } })).text();
      rows = ndjson
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .filter((r: { name: string }) => r.name.startsWith(marker));
    }
    const forged = rows.find((r) => r.name.endsWith('_forged'));
    const signed = rows.find((r) => r.name.endsWith('_signed'));
    expect(forged?.shopper_key).not.toBe(`user:${victimId}`);
    expect(forged?.attributes).toMatchObject({ ext_user_id: victimId, ext_user_verified: false });
    expect(signed?.shopper_key).toBe(`user:${victimId}-real`);
    expect(signed?.attributes).toMatchObject({ ext_user_id: `${victimId}-real`, ext_user_verified: true });
  }, 60_000);
});

describe('issue 24: the device’s cart moves to the user who signs in on it, once', () => {
  it('moves on the first signed-in request, whatever the concurrency; not again; never over the user’s own cart', async () => {
    const [first, second] = plentiful.splice(0, 2) as [(typeof plentiful)[number], (typeof plentiful)[number]];
    const device = await newShopper(null);
    expect((await device.post('/ondc/cart', cartUpdate(3, first))).status).toBe(200);
    const deviceCookie = device.cookies.get('kirana_device');
    expect(deviceCookie).toBeTruthy();

    const userId = `mover-${randomBytes(4).toString('hex')}`;
    device.cookies.set('userId', userIdCookieValue(userId));
    // Several first requests at once: the cart moves once, its lines neither lost nor doubled.
    const answers = await Promise.all(Array.from({ length: 4 }, () => device.get('/ondc/cart?cityName=bengaluru')));
    for (const answer of answers) {
      const body = await answer.json();
      expect(body.data[0].items).toEqual([expect.objectContaining({ sku_id: first.id, quantity: 3 })]);
    }
    // The user's other device (the app on another phone) has it too; the bare device has it no more.
    const elsewhere = await newShopper(userIdCookieValue(userId));
    expect((await (await elsewhere.get('/ondc/cart?cityName=bengaluru')).json()).data[0].items).toEqual([
      expect.objectContaining({ sku_id: first.id, quantity: 3 }),
    ]);
    const signedOut = shopper(server.url);
    signedOut.cookies.set('kirana_device', deviceCookie!);
    expect((await (await signedOut.get('/ondc/cart?cityName=bengaluru')).json()).data ?? []).toEqual([]);

    // Signed out, the device fills a cart again; signing in again moves nothing a second time.
    expect((await signedOut.post('/ondc/cart', cartUpdate(1, second))).status).toBe(200);
    const again = await (await device.get('/ondc/cart?cityName=bengaluru')).json();
    expect(again.data[0].items).toEqual([expect.objectContaining({ sku_id: first.id, quantity: 3 })]);
    expect((await (await signedOut.get('/ondc/cart?cityName=bengaluru')).json()).data[0].items).toEqual([
      expect.objectContaining({ sku_id: second.id, quantity: 1 }),
    ]);

    // A user who already has a cart keeps it: another device's cart stays with that device.
    const other = await newShopper(null);
    expect((await other.post('/ondc/cart', cartUpdate(2, second))).status).toBe(200);
    other.cookies.set('userId', userIdCookieValue(userId));
    expect((await (await other.get('/ondc/cart?cityName=bengaluru')).json()).data[0].items).toEqual([
      expect.objectContaining({ sku_id: first.id, quantity: 3 }),
    ]);
    other.cookies.delete('userId');
    expect((await (await other.get('/ondc/cart?cityName=bengaluru')).json()).data[0].items).toEqual([
      expect.objectContaining({ sku_id: second.id, quantity: 2 }),
    ]);
  }, 120_000);
});

describe('issue 24: per-shopper limits live in the database', () => {
  it('two request streams of one shopper share one allowance; another shopper is not held back', async () => {
    // The allowance is per minute of the clock: start well inside one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 200));
    const token = userIdCookieValue(`busy-${randomBytes(4).toString('hex')}`);
    const streams = await Promise.all([newShopper(token), newShopper(token)]);
    const extra = 10;
    const each = WRITES_PER_MINUTE / 2 + extra / 2;
    const deleteNothing = (client: Client) =>
      fetch(`${server.url}/save/unified/address?id=nothing-here`, { method: 'DELETE', headers: { origin: server.url, cookie: cookieHeader(client) } });
    const results = await Promise.all(
      streams.map(async (client) => {
        const statuses: number[] = [];
        for (let i = 0; i < each; i++) statuses.push((await deleteNothing(client)).status);
        return statuses;
      }),
    );
    const all = results.flat();
    expect(all.filter((s) => s === 200)).toHaveLength(WRITES_PER_MINUTE);
    expect(all.filter((s) => s === 429)).toHaveLength(extra);
    const over = await deleteNothing(streams[0]!);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await over.json()).error.message).toMatch(/Too many requests/);
    const someoneElse = await newShopper(userIdCookieValue(`calm-${randomBytes(4).toString('hex')}`));
    expect((await deleteNothing(someoneElse)).status).toBe(200);
  }, 120_000);
});

describe('issue 24: cookies on an https shop, and the test secret', () => {
  it('refuses to start with the public test secret where others can reach the shop', async () => {
    let pid = 0;
    const started = startServer({ PUBLIC_SITE_URL: 'https://shop.example.in' }, { timeoutMs: 60_000, onSpawn: (spawned) => (pid = spawned), refusal: true });
    await expect(started).rejects.toThrow(/public test secret/);
    // Had it started (or hung), it must not outlive the test.
    await started
      .then((s) => s.stop())
      .catch(() => {
        try {
          if (pid) process.kill(pid, 'SIGKILL');
        } catch {
          // Refused: it has exited already.
        }
      });
  }, 90_000);

  it('refuses to start where others can reach the shop when phone sign-in codes would go to the SMS simulator (issue 29)', async () => {
    let pid = 0;
    const started = startServer(
      { PUBLIC_SITE_URL: 'https://shop.example.in', APP_AUTH_SECRET: randomBytes(32).toString('hex') },
      { timeoutMs: 60_000, onSpawn: (spawned) => (pid = spawned), refusal: true },
    );
    await expect(started).rejects.toThrow(/SMS simulator/);
    await started
      .then((s) => s.stop())
      .catch(() => {
        try {
          if (pid) process.kill(pid, 'SIGKILL');
        } catch {
          // Refused: it has exited already.
        }
      });
  }, 90_000);

  it('every cookie we set is Secure under an https public URL, and HttpOnly unless a page reads it', async () => {
    // A small catalogue: only the cookies matter here. The SMS simulator is allowed, as for a demo,
    // so the phone sign-in's cookies are seen too (issue 29).
    let pid = 0;
    const https = await startServer(
      { PUBLIC_SITE_URL: 'https://shop.example.in', APP_AUTH_SECRET: randomBytes(32).toString('hex'), CATALOGUE_SCALE: '200', SMS_SIMULATOR: 'allow' },
      { timeoutMs: 180_000, onSpawn: (spawned) => (pid = spawned) },
    ).catch((error: unknown) => {
      if (pid) process.kill(pid, 'SIGKILL');
      throw error;
    });
    try {
      const setCookies: string[] = [];
      const home = await fetch(`${https.url}/?lang=hi`);
      setCookies.push(...home.headers.getSetCookie());
      const added = await fetch(`${https.url}/ondc/cart`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(cartUpdate(1)),
      });
      setCookies.push(...added.headers.getSetCookie());
      const chosen = await fetch(`${https.url}/address-map`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: https.url },
        body: 'pincode=560102&locality=HSR+Layout',
      });
      setCookies.push(...chosen.headers.getSetCookie());
      const old = await fetch(`${https.url}/`, { headers: { cookie: 'payment-identifier=asha%40okaxis' } });
      setCookies.push(...old.headers.getSetCookie());
      const phone = freshPhone();
      const asked = Date.now();
      const codeSent = await fetch(`${https.url}/sign-in/code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone }),
      });
      setCookies.push(...codeSent.headers.getSetCookie());
      const code = await lastSignInCode(https.dataDir, phone, asked);
      const signedIn = await fetch(`${https.url}/sign-in/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, code }),
      });
      expect(signedIn.status).toBe(200);
      setCookies.push(...signedIn.headers.getSetCookie());
      const byName = new Map(setCookies.map((c) => [c.split('=')[0]!, c]));
      // The session id is read by the page's analytics, the delivery location written by the picker.
      expect([...byName.keys()].sort()).toEqual(['deliveryLocation', 'kirana_device', 'kirana_sign_in', 'locale', 'payment-identifier', 'sessionId', 'userId']);
      for (const cookie of setCookies) expect(cookie).toMatch(/; Secure/);
      for (const name of ['kirana_device', 'locale', 'kirana_sign_in', 'userId']) expect(byName.get(name)).toMatch(/; HttpOnly/);
      // The UPI id's old cookie is deleted wherever it still is.
      expect(byName.get('payment-identifier')).toMatch(/^payment-identifier=(deleted)?;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    } finally {
      await https.stop();
    }
  }, 240_000);
});
