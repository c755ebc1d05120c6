// Issue 29, paying with a UPI app: the checkout's intent is the server's payable total to the
// paisa, the embedded simulator plays the shopper's UPI app (its approval comes back through the
// signed gateway notice) and the server places the order once; an expired intent is not payable;
// an intent is its shopper's alone. On a storefront of its own whose intents last 8 s, so expiry
// is seen without waiting 5 minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upiPayLinkSchema } from '#/features/payment/upi-intent.ts';
import { initBody, lines, pollFor, selectAndQuote, type Client } from '../support/checkout.ts';
import { shopper, until } from '../support/http.ts';
import { userIdCookieValue } from '../support/identity.ts';
import { startServer, type StartedServer } from '../support/server.ts';

const INTENT_SECONDS = 8;
let server: StartedServer;
let url = '';

beforeAll(async () => {
  server = await startServer({ UPI_INTENT_SECONDS: String(INTENT_SECONDS) });
  url = server.url;
}, 200_000);
afterAll(async () => server?.stop());

/** A signed-in shopper (tests/support/identity.ts), as the native app's webview sends one. */
function signedIn(name: string): Client {
  const client = shopper(url);
  client.cookies.set('userId', userIdCookieValue(`upi-${name}-${Date.now()}`));
  return client;
}

/** select → init, polled as the page does: the checkout ready to pay, and the payable total the server worked out. */
async function toPayment(client: Client) {
  const items = lines();
  const { transactionId } = await selectAndQuote(client, items);
  const init = await (await client.post('/ondc/init', initBody(transactionId, items))).json();
  const status = await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
  expect(status.order_status).toBe('CREATED');
  return { transaction_id: transactionId, init_message_id: init.data.message_id as string, payablePaise: status.checkout.payable.totalPaise as number };
}

type IntentAnswer = { payment_id: string; status: string; amount: number; intent: { link: string; qr: string; expires_in: number } };

async function startIntent(client: Client, checkout: { transaction_id: string; init_message_id: string }, extra: Record<string, unknown> = {}) {
  const response = await client.post('/ondc/payment', {
    method: 'upi_intent',
    transaction_id: checkout.transaction_id,
    init_message_id: checkout.init_message_id,
    ...extra,
  });
  return { status: response.status, body: await response.json() };
}

const approve = (link: string) =>
  fetch(`${url}/payment/simulator/approve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ link }) });
const paymentStatus = async (client: Client, paymentId: string) =>
  ((await (await client.get(`/ondc/payment/status?payment_id=${paymentId}`)).json()).data as { status: string }).status;

/** The shopper's orders as history lists them. */
async function orderIds(client: Client): Promise<string[]> {
  const html = await (await client.get('/order-history')).text();
  return [...new Set([...html.matchAll(/order_id=(KO[A-Z0-9]+)/g)].map((m) => m[1]!))];
}

describe('issue 29: paying with a UPI app', () => {
  it("the intent is for the server's payable total; the simulated app's approval places the order, once", async () => {
    const client = signedIn('pays');
    const checkout = await toPayment(client);
    const started = await startIntent(client, checkout);
    expect(started.status).toBe(200);
    const payment = started.body.data as IntentAnswer;
    expect(payment.status).toBe('PENDING');
    expect(Math.round(payment.amount * 100)).toBe(checkout.payablePaise);
    // The link the UPI app opens: our payee, the payable to the paisa, this payment's reference.
    const link = upiPayLinkSchema.parse(payment.intent.link);
    expect(link).toMatchObject({ payeeVpa: 'kirana@simupi', payeeName: 'Kirana', amountPaise: checkout.payablePaise, paymentId: payment.payment_id });
    expect(payment.intent.expires_in).toBeGreaterThan(0);
    expect(payment.intent.expires_in).toBeLessThanOrEqual(INTENT_SECONDS);
    // A second tap is the same intent, not a second payment.
    expect(((await startIntent(client, checkout)).body.data as IntentAnswer).intent.link).toBe(payment.intent.link);
    // A desktop's QR code of it.
    const qr = await client.get(payment.intent.qr);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/svg+xml');
    expect(await qr.text()).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"[\s\S]*<path fill="#000" d="M/);

    expect(await paymentStatus(client, payment.payment_id)).toBe('PENDING');
    const approved = await approve(payment.intent.link);
    expect(approved.status).toBe(200);
    expect(await paymentStatus(client, payment.payment_id)).toBe('PAID');
    // The server placed it, with no page confirming: it is in the shopper's history.
    const placed = await until(
      () => orderIds(client),
      (ids) => ids.length > 0,
      30,
    );
    expect(placed).toHaveLength(1);
    // The page's confirm joins that order; approving again pays nothing more and places nothing more.
    const confirmed = await (await client.post('/ondc/confirm', { transaction_id: checkout.transaction_id, payment_id: payment.payment_id })).json();
    expect(confirmed.data.order_id).toBe(placed[0]);
    expect((await approve(payment.intent.link)).status).toBe(409);
    expect(await orderIds(client)).toEqual(placed);
  }, 120_000);

  it("an intent past its time is not payable: the app's approval is refused, the payment fails, no order", async () => {
    const client = signedIn('expires');
    const checkout = await toPayment(client);
    const payment = (await startIntent(client, checkout)).body.data as IntentAnswer;
    await new Promise((resolve) => setTimeout(resolve, (payment.intent.expires_in + 1) * 1000));
    const late = await approve(payment.intent.link);
    expect(late.status).toBe(410);
    expect((await late.json()).error.message).toBe('This payment request has expired');
    expect(await paymentStatus(client, payment.payment_id)).toBe('FAILED');
    expect((await client.get(payment.intent.qr)).status).toBe(404);
    expect(await orderIds(client)).toEqual([]);
    // Retry: a fresh intent for the same checkout, with a new reference and the same amount.
    const again = (await startIntent(client, checkout)).body.data as IntentAnswer;
    expect(again.payment_id).not.toBe(payment.payment_id);
    expect(upiPayLinkSchema.parse(again.intent.link).amountPaise).toBe(checkout.payablePaise);
  }, 120_000);

  it('Retry withdraws the live intent first: its link is no longer payable, the new one is', async () => {
    const client = signedIn('retries');
    const checkout = await toPayment(client);
    const first = (await startIntent(client, checkout)).body.data as IntentAnswer;
    const second = (await startIntent(client, checkout, { renew: true })).body.data as IntentAnswer;
    expect(second.payment_id).not.toBe(first.payment_id);
    expect(await paymentStatus(client, first.payment_id)).toBe('FAILED');
    expect((await approve(first.intent.link)).status).toBe(409);
    expect((await approve(second.intent.link)).status).toBe(200);
    expect(
      await until(
        () => orderIds(client),
        (ids) => ids.length > 0,
        30,
      ),
    ).toHaveLength(1);
  }, 120_000);

  it("another shopper's intent is not there for them (404): not its status, not its QR code, not its checkout", async () => {
    const owner = signedIn('owner');
    const stranger = signedIn('stranger');
    const checkout = await toPayment(owner);
    const payment = (await startIntent(owner, checkout)).body.data as IntentAnswer;
    expect((await stranger.get(`/ondc/payment/status?payment_id=${payment.payment_id}`)).status).toBe(404);
    expect((await stranger.get(payment.intent.qr)).status).toBe(404);
    expect((await startIntent(stranger, checkout)).status).toBe(404);
    expect(await paymentStatus(owner, payment.payment_id)).toBe('PENDING');
  }, 120_000);

  it('an amount other than the payable is asked again (409), never charged', async () => {
    const client = signedIn('amount');
    const checkout = await toPayment(client);
    const refused = await startIntent(client, checkout, { amount: checkout.payablePaise / 100 - 1 });
    expect(refused.status).toBe(409);
    const agreed = await startIntent(client, checkout, { amount: checkout.payablePaise / 100 });
    expect(upiPayLinkSchema.parse((agreed.body.data as IntentAnswer).intent.link).amountPaise).toBe(checkout.payablePaise);
  }, 120_000);

  it.each([
    ['no checkout named', '/ondc/payment', { method: 'upi_intent' }],
    ['renew that is not a yes or no', '/ondc/payment', { method: 'upi_intent', transaction_id: 'T-00000000', init_message_id: 'M-00000000', renew: 'please' }],
    ['an approval without a link', '/payment/simulator/approve', {}],
    ['an approval of a web address', '/payment/simulator/approve', { link: 'https://example.com/pay?am=1.00' }],
    [
      'an approval with three decimals of rupees',
      '/payment/simulator/approve',
      { link: 'upi://pay?pa=kirana@simupi&am=1.005&tr=0f8fad5bd9cb469fa16570867728950e&cu=INR' },
    ],
  ])('bad input is a 400 JSON answer: %s', async (_, path, body) => {
    const answer = await shopper(url).post(path, body);
    expect(answer.status).toBe(400);
    expect((await answer.json()).status).toBe('FAILURE');
  });

  it('a QR code of nothing that is a payment id is a 400; of no intent, a 404', async () => {
    const client = signedIn('qr');
    expect((await client.get('/ondc/payment/qr?payment_id=%3Csvg%3E')).status).toBe(400);
    expect((await client.get('/ondc/payment/qr?payment_id=0f8fad5b-d9cb-469f-a165-70867728950e')).status).toBe(404);
  });

  it("an approval of a link that is no intent of the simulator's is a 404", async () => {
    expect((await approve('upi://pay?pa=kirana@simupi&am=1.00&tr=0f8fad5bd9cb469fa16570867728950e&cu=INR')).status).toBe(404);
  });
});
