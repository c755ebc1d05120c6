// Issue 29: the order pages read for people (the store, when it arrives, where, how it is paid) and
// "Order again" puts a past order back in the server cart, on the shared storefronts.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { GroceryItem } from '#/network/catalogue/generate.ts';
import { formatRupees } from '#/lib/money.ts';
import { placeOrder, plentifulItems, store, type Client } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';

/** A no-JS form post from the page, as a browser sends it (same origin, this shopper's cookies). */
function postForm(client: Client, url: string, path: string, fields: Record<string, string>) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return fetch(url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

async function statusOf(client: Client, orderId: string): Promise<string> {
  return ((await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json()) as { status: string }).status;
}

async function until(read: () => Promise<string>, want: string, seconds: number) {
  for (let i = 0; i < seconds * 2; i++) {
    if ((await read()) === want) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`not ${want} within ${seconds} s`);
}

const cartQuantities = async (client: Client) => {
  const answer = (await (await client.get('/ondc/cart?cityName=bengaluru')).json()) as {
    data: Array<{ provider_id: string; items: Array<{ sku_id: string; quantity: number }> }>;
  };
  const cart = answer.data.at(-1);
  return { providerId: cart?.provider_id ?? null, items: Object.fromEntries((cart?.items ?? []).map((e) => [e.sku_id, e.quantity])) };
};

describe.each(inject('servers'))('issue 29 order pages and order again on $name', ({ url }) => {
  let items: GroceryItem[];
  beforeAll(async () => {
    items = await plentifulItems(url, 2, 40);
    expect(items).toHaveLength(2);
  }, 60_000);

  it('a cash-on-delivery order: the store heads the confirmation and the order page, with the promise, the address and the cash to pay', async () => {
    const client = shopper(url);
    const { orderId, totalPaise } = await placeOrder(
      client,
      'cod',
      items.map((i) => ({ sku_id: i.id, quantity: 2 })),
    );
    const pay = `Pay ${formatRupees(totalPaise)} in cash on delivery`;

    const confirmation = await (await client.get(`/order-confirmation?order_id=${orderId}`)).text();
    expect(confirmation).toMatch(new RegExp(`<h1[^>]*>${store.provider.name}</h1>`));
    expect(confirmation).toMatch(new RegExp(`Order ${orderId} · placed`));
    expect(confirmation).toMatch(/Delivery within \d+ (minutes|hour)[^<]*, expected by \d{1,2}:\d{2}/);
    expect(confirmation).toContain(pay);
    expect(confirmation).toMatch(/Asha Rao<br[^>]*>12, Lake View Apartments, Indiranagar 2nd Stage, Bengaluru, \d{6}/);

    const page = await (await client.get(`/order-history?order_id=${orderId}`)).text();
    expect(page).toMatch(new RegExp(`<h1[^>]*>${store.provider.name}</h1>`));
    expect(page).toContain(pay);
    // Not paid yet: the bill's total is what is to pay, not "paid".
    expect(/Total to pay<\/th><td[^>]*><strong[^>]*>(₹[\d,.]+)<\/strong>/.exec(page)?.[1]).toBe(formatRupees(totalPaise));
    expect(page).toMatch(/Delivery within \d+ (minutes|hour)/);
    // Still on its way: nothing to order again yet.
    expect(page).not.toContain('action="/cart/reorder"');

    // Hindi: the same promise and cash, in Hindi.
    const hindi = await (await client.get(`/order-confirmation?order_id=${orderId}&lang=hi`)).text();
    expect(hindi).toContain(`डिलीवरी पर ${formatRupees(totalPaise, 'hi')} नकद दें`);
    expect(hindi).toContain('के अंदर डिलीवरी, अनुमानित समय');
  }, 120_000);

  it('order again: refused while the order is coming and for another shopper; once cancelled, its items are back in the cart and the cart page says so', async () => {
    const client = shopper(url);
    const ordered = items.map((i, n) => ({ sku_id: i.id, quantity: n + 1 }));
    const { orderId } = await placeOrder(client, 'cod', ordered);
    // The order emptied the cart it was placed from.
    expect((await cartQuantities(client)).items).toEqual({});

    const early = await client.post('/cart/reorder', { order_id: orderId });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ status: 'FAILURE', error: { code: 'NOT_OVER' } });
    const earlyForm = await postForm(client, url, '/cart/reorder', { order_id: orderId });
    expect(earlyForm.status).toBe(303);
    expect(earlyForm.headers.get('location')).toBe(`/order-history?order_id=${orderId}&notice=reorder-not-over`);

    expect((await client.post('/ondc/order/update', { type: 'cancel', order_id: orderId, reason_id: '006' })).status).toBe(200);
    await until(() => statusOf(client, orderId), 'cancelled', 30);
    const page = await (await client.get(`/order-history?order_id=${orderId}`)).text();
    expect(page).toMatch(
      /<form method="post" action="\/cart\/reorder"[^>]*>\s*<input type="hidden" name="order_id" value="[^"]+"[^>]*>\s*<button[^>]*>Order again<\/button>/,
    );

    // Another shopper: the order is none of theirs, and their cart stays empty.
    const thief = shopper(url);
    await thief.get('/');
    const stolen = await thief.post('/cart/reorder', { order_id: orderId });
    expect(stolen.status).toBe(404);
    expect((await postForm(thief, url, '/cart/reorder', { order_id: orderId })).headers.get('location')).toBe(`/order-history?order_id=${orderId}`);
    expect((await cartQuantities(thief)).items).toEqual({});

    // Bad input: 4xx JSON, or the cart page's error for a form; never a 500.
    expect((await client.post('/cart/reorder', { order_id: '../../etc' })).status).toBe(400);
    expect((await client.post('/cart/reorder', 'not json')).status).toBe(400);
    expect((await client.post('/cart/reorder', { order_id: 'KO-no-such-order' })).status).toBe(404);
    expect((await postForm(client, url, '/cart/reorder', { nothing: 'here' })).headers.get('location')).toBe('/cart?error=BAD_REQUEST');

    // Without JavaScript: the form puts the order back and lands on /cart.
    const again = await postForm(client, url, '/cart/reorder', { order_id: orderId });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`/cart?reorder=${orderId}`);
    expect(await cartQuantities(client)).toEqual({ providerId: store.provider.id, items: Object.fromEntries(ordered.map((l) => [l.sku_id, l.quantity])) });
    const cartPage = await (await client.get(`/cart?reorder=${orderId}`)).text();
    expect(cartPage).toContain(`Items from your order at ${store.provider.name} are in your cart.`);
    expect(cartPage).not.toContain('Not added from your order');

    // With JavaScript (JSON): the same rules as an add, so a second time adds up, within the maximum.
    const json = await client.post('/cart/reorder', { order_id: orderId });
    expect(json.status).toBe(200);
    const body = (await json.json()) as { status: string; added: number; data: Array<{ items: Array<{ sku_id: string; quantity: number }> }> };
    expect(body).toMatchObject({ status: 'SUCCESS', added: 2 });
    expect(Object.fromEntries(body.data.at(-1)!.items.map((e) => [e.sku_id, e.quantity]))).toEqual(
      Object.fromEntries(ordered.map((l) => [l.sku_id, l.quantity * 2])),
    );
  }, 120_000);
});
