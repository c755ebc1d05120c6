// Threat: a flood of requests (issue 24). A script that sends cookieless cart adds made a device
// shopper, and a cart, per request, with no limit; and the 429 that stops one shopper's flood
// left out the security headers every other answer carries. Now a device is made only by a
// shopper's first write, and one address may start NEW_DEVICE_LIMIT devices a minute; a refusal
// makes none. Every 429 carries the same security headers as any other answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '#/lib/http/security-headers.ts';
import { cartUpdate } from '../support/checkout.ts';
import { startServer, type StartedServer } from '../support/server.ts';

const NEW_DEVICES_PER_MINUTE = 5;
const WRITES_PER_MINUTE = 4;

// A storefront of its own (its limits are this test's), without the seller network: the limits
// act before any route, whatever the cart then answers.
let server: StartedServer;
beforeAll(async () => {
  server = await startServer(
    { SELLER_NETWORK: 'off', NEW_DEVICE_LIMIT: String(NEW_DEVICES_PER_MINUTE), SHOPPER_WRITE_LIMIT: String(WRITES_PER_MINUTE) },
    { timeoutMs: 300_000 },
  );
}, 320_000);
afterAll(async () => server?.stop());

const deviceCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('kirana_device='))
    ?.split(';')[0];
const addToCart = (cookie?: string) =>
  fetch(`${server.url}/ondc/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(cartUpdate(1)),
  });
const securityHeaders = (response: Response) => Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, response.headers.get(name)]));

/** Waits until the rest of this minute can hold `needed` seconds of requests (allowances are per clock minute). */
async function startOfAMinute(needed = 20) {
  const into = Date.now() % 60_000;
  if (into > 60_000 - needed * 1000) await new Promise((resolve) => setTimeout(resolve, 60_000 - into + 200));
}

/** A device the flood made: its shopper writes on, up to their own allowance. */
let madeDevice: string | undefined;

describe('devices are made only by a first write, a few a minute per address', () => {
  it('a cookieless page or cart read makes no device', async () => {
    for (const path of ['/', '/cart', '/ondc/cart?cityName=bengaluru']) {
      const response = await fetch(`${server.url}${path}`);
      await response.arrayBuffer();
      expect(deviceCookie(response), path).toBeUndefined();
    }
  });

  it('a flood of cookieless adds makes at most NEW_DEVICE_LIMIT devices; the rest are 429 and make none; a shopper with a device is not held back', async () => {
    await startOfAMinute();
    const answers = [];
    for (let i = 0; i < 30; i++) {
      const response = await addToCart();
      answers.push({ status: response.status, device: deviceCookie(response), retryAfter: response.headers.get('retry-after'), body: await response.text() });
    }
    const devices = answers.filter((a) => a.device);
    expect(devices).toHaveLength(NEW_DEVICES_PER_MINUTE);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(30 - NEW_DEVICES_PER_MINUTE);
    expect(refused.every((a) => !a.device && Number(a.retryAfter) > 0 && /Too many requests/.test(a.body))).toBe(true);
    // A shopper whose device was made before writes on, whatever the address's new devices.
    madeDevice = devices[0]!.device;
    expect((await addToCart(madeDevice)).status).not.toBe(429);
  });
});

describe('a 429 carries the security headers of any other answer', () => {
  it('for a new device over the limit and for a shopper over their writes', async () => {
    const ordinary = await fetch(`${server.url}/ondc/cart?cityName=bengaluru`);
    await ordinary.arrayBuffer();
    const expected = securityHeaders(ordinary);
    expect(expected['X-Content-Type-Options']).toBe('nosniff');

    let newDevice: Response | undefined;
    for (let i = 0; i <= NEW_DEVICES_PER_MINUTE && newDevice?.status !== 429; i++) newDevice = await addToCart();
    expect(newDevice?.status).toBe(429);
    expect(securityHeaders(newDevice!)).toEqual(expected);

    // The flood's first shopper writes past their own allowance.
    let over: Response | undefined;
    for (let i = 0; i <= WRITES_PER_MINUTE && over?.status !== 429; i++) over = await addToCart(madeDevice);
    expect(over?.status).toBe(429);
    expect(securityHeaders(over!)).toEqual(expected);
  });
});
