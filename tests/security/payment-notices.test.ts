// Issue 24, threat "a forged payment notice": the payment gateway tells the storefront a payment
// was made by posting a notice to POST /payment/webhook, signed with the secret only it and the
// storefront hold, over the timestamp and the raw body. Someone who can reach the webhook but
// does not hold the secret (or who captured a real notice) must not be able to mark a payment
// paid, and so get an order placed without paying: forged, unsigned, stale, replayed, other-amount
// and other-payment notices are answered 4xx JSON and change nothing.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { initBody, pollFor, selectAndQuote, plentifulItems, type Client } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { gatewaySigned, noticeBody, postNotice } from '../support/payment-notices.ts';

const [server] = inject('servers');
const url = server!.url;

/** A checkout quoted and paid by a UPI collect the shopper has not approved yet (the simulator's timeout@ never completes). */
async function pendingPayment(client: Client, sku: string) {
  const items = [{ sku_id: sku, quantity: 1 }];
  const { transactionId } = await selectAndQuote(client, items);
  const init = await (await client.post('/ondc/init', initBody(transactionId, items))).json();
  await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
  const payment = await (
    await client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: init.data.message_id, vpa: 'timeout@kirana' })
  ).json();
  expect(payment.data.status).toBe('PENDING');
  return { transactionId, paymentId: payment.data.payment_id as string, amountPaise: Math.round(Number(payment.data.amount) * 100) };
}

const statusOf = async (client: Client, paymentId: string) =>
  ((await (await client.get(`/ondc/payment/status?payment_id=${paymentId}`)).json()).data as { status: string }).status;

describe('payment notices are taken only as the gateway signed them, for that payment and amount', () => {
  const asha = shopper(url);
  const ravi = shopper(url);
  let a: Awaited<ReturnType<typeof pendingPayment>>;
  let b: Awaited<ReturnType<typeof pendingPayment>>;
  beforeAll(async () => {
    const [first, second] = await plentifulItems(url, 2, 50);
    a = await pendingPayment(asha, first!.id);
    b = await pendingPayment(ravi, second!.id);
  }, 120_000);

  const paid = (payment: typeof a, amountPaise = payment.amountPaise) =>
    noticeBody({ payment_id: payment.paymentId, status: 'PAID', amount_paise: amountPaise });

  it('refuses an unsigned notice and one signed with another secret', async () => {
    const body = paid(a);
    const unsigned = await postNotice(url, body, {});
    expect(unsigned).toMatchObject({ status: 401, json: { status: 'FAILURE', error: { message: expect.stringContaining('x-payment-signature') } } });
    const forged = await postNotice(url, body, gatewaySigned(body, Date.now(), 'an-attacker-guessing-the-secret-0123456789'));
    expect(forged).toMatchObject({ status: 401, json: { error: { message: 'The notice is not signed by the payment gateway' } } });
    expect(await statusOf(asha, a.paymentId)).toBe('PENDING');
  });

  it('refuses a notice for another amount than the payment, though signed', async () => {
    const body = paid(a, 100);
    const answer = await postNotice(url, body, gatewaySigned(body));
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ status: 'FAILURE', error: { message: expect.stringMatching(/^The notice is for ₹1, the payment is for ₹\d/) } });
    expect(await statusOf(asha, a.paymentId)).toBe('PENDING');
  });

  it("refuses one payment's signature on a notice naming another payment, and a notice for a payment we never took", async () => {
    const signedForA = gatewaySigned(paid(a));
    const swapped = await postNotice(url, paid(b, a.amountPaise), signedForA);
    expect(swapped).toMatchObject({ status: 401, json: { error: { message: 'The notice is not signed by the payment gateway' } } });
    const unknown = noticeBody({ payment_id: crypto.randomUUID(), status: 'PAID', amount_paise: a.amountPaise });
    expect(await postNotice(url, unknown, gatewaySigned(unknown))).toMatchObject({ status: 404, json: { error: { message: 'No such payment' } } });
    expect(await statusOf(ravi, b.paymentId)).toBe('PENDING');
  });

  it('refuses a notice signed more than 5 minutes ago (a captured one sent later)', async () => {
    const body = paid(a);
    const stale = await postNotice(url, body, gatewaySigned(body, Date.now() - 6 * 60_000));
    expect(stale).toMatchObject({ status: 401, json: { error: { message: "The notice's timestamp is more than 300 s from ours" } } });
    expect(await statusOf(asha, a.paymentId)).toBe('PENDING');
  });

  it('takes the genuine notice once: the order is placed; the same bytes again are a replay; a fresh repeat changes nothing', async () => {
    const body = paid(a);
    const headers = gatewaySigned(body);
    expect(await postNotice(url, body, headers)).toMatchObject({ status: 200, json: { status: 'ACK', payment_status: 'PAID' } });
    expect(await statusOf(asha, a.paymentId)).toBe('PAID');
    // The server places the order itself; the page's confirm only joins it.
    const confirmed = await (await asha.post('/ondc/confirm', { transaction_id: a.transactionId, payment_id: a.paymentId })).json();
    const placed = await pollFor(asha, `/ondc/status?type=confirm&message_id=${confirmed.data.message_id}`, (r) => r['order_status'] !== 'PENDING', 20);
    expect(placed.order_status).toBe('CONFIRMED');

    expect(await postNotice(url, body, headers)).toMatchObject({ status: 409, json: { error: { message: 'This notice was already received' } } });
    // The gateway's retry of the same outcome (signed afresh) is answered as the first was.
    expect(await postNotice(url, body, gatewaySigned(body, Date.now() + 1000))).toMatchObject({ status: 200, json: { status: 'ACK', payment_status: 'PAID' } });
    const failed = noticeBody({ payment_id: a.paymentId, status: 'FAILED', amount_paise: a.amountPaise });
    expect(await postNotice(url, failed, gatewaySigned(failed))).toMatchObject({ status: 409, json: { error: { message: 'The payment is already PAID' } } });
    expect(await statusOf(asha, a.paymentId)).toBe('PAID');
    const history = await (await asha.get(`/ondc/order/detail?order_id=${placed.order_id as string}`)).json();
    expect(JSON.stringify(history)).toContain(placed.order_id as string);
  });

  it('refuses a body that is not a payment notice, though signed', async () => {
    const body = JSON.stringify({ payment_id: b.paymentId, paid: true });
    expect(await postNotice(url, body, gatewaySigned(body))).toMatchObject({ status: 400, json: { error: { message: 'The notice is not a payment notice' } } });
    expect(await statusOf(ravi, b.paymentId)).toBe('PENDING');
  });
});
