// A shopper who keeps going when the shop falters (issue 14 reliability): each checkout step is
// sent again after a refused or cut request, a poll that never gets an answer starts its step
// over, and the confirm is repeated until the order stands, as the checkout page would on retry.
import { fillCart, initBody, lines, selectBody, type Client, type Line } from './checkout.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Json = Record<string, unknown> & { data?: Record<string, unknown> };

/**
 * What the last try of a step ran into, for the message of a checkout that never got through: a
 * kill's refused connection, a 4xx that kept coming, or a poll that never saw the seller's answer.
 * (One for the process: the tests that use it run one checkout at a time.)
 */
let lastSeen = '';

/** One request; a network error or a 5xx reads as "try again" (null). */
async function attempt(send: () => Promise<Response>): Promise<{ status: number; body: Json } | null> {
  try {
    const response = await send();
    const body = (await response.json().catch(() => ({}))) as Json;
    lastSeen = `${response.status} ${JSON.stringify(body).slice(0, 300)}`;
    return response.status >= 500 ? null : { status: response.status, body };
  } catch (error) {
    lastSeen = `no answer (${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : String(error)})`;
    return null;
  }
}

async function poll(client: Client, path: string, done: (body: Json) => boolean, polls: number): Promise<Json | null> {
  for (let i = 0; i < polls; i++) {
    const answer = await attempt(() => client.get(path));
    if (answer?.status === 200 && done(answer.body)) return answer.body;
    await pause(answer ? 200 : 500);
  }
  return null;
}

export type Checkout = { transactionId: string; paymentId: string; orderId: string; retries: number; seconds: number };

/** A UPI checkout, select to confirmed order, carried through failures until `limitMs` passes. */
export async function checkoutThroughFailures(
  client: Client,
  options: { limitMs: number; items?: Line[]; onStep?: (step: string) => void },
): Promise<Checkout> {
  const items = options.items ?? lines();
  const started = Date.now();
  let retries = 0;
  const step = async <T>(name: string, run: () => Promise<T | null>): Promise<T> => {
    options.onStep?.(name);
    for (;;) {
      if (Date.now() - started > options.limitMs) throw new Error(`checkout stuck at ${name} after ${retries} retries; last: ${lastSeen}`);
      const result = await run();
      if (result !== null) return result;
      retries++;
      await pause(300);
    }
  };

  const quoted = await step('select', async () => {
    // Issue 23: select orders the server cart; a cart call cut by a kill is tried again.
    if (
      !(await fillCart(client, items).then(
        () => true,
        () => false,
      ))
    )
      return null;
    const sent = await attempt(() => client.post('/ondc/select', selectBody(items)));
    if (sent?.status !== 200 || !sent.body.data) return null;
    const messageId = String(sent.body.data['message_id']);
    const answer = await poll(client, `/ondc/fetchMessage?type=select&message_id=${messageId}`, (b) => b['status'] !== 'PENDING', 10);
    if (!answer) return null;
    // A seller's refusal (out of stock, closed) is an answer, not a failure of ours: say so.
    if (answer['status'] !== 'SUCCESS' || answer['error']) throw new Error(`the seller refused the select: ${JSON.stringify(answer['error'])}`);
    return { transactionId: String(sent.body.data['transaction_id']) };
  });
  const { transactionId } = quoted;
  const initMessageId = await step('init', async () => {
    const sent = await attempt(() => client.post('/ondc/init', initBody(transactionId, items)));
    if (sent?.status !== 200 || !sent.body.data) return null;
    const messageId = String(sent.body.data['message_id']);
    const answer = await poll(client, `/ondc/status?type=init&message_id=${messageId}`, (b) => b['order_status'] !== 'PENDING', 10);
    return answer?.['order_status'] === 'CREATED' ? messageId : null;
  });
  const paymentId = await step('payment', async () => {
    const sent = await attempt(() =>
      client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: initMessageId, vpa: 'asha@okaxis' }),
    );
    if (sent?.status !== 200 || !sent.body.data) return null;
    const id = String(sent.body.data['payment_id']);
    if (sent.body.data['status'] === 'PAID') return id;
    // A payment still pending (its collect was under way when the process died) is asked after,
    // as the payment page does: 10 polls, 1 s apart.
    const paid = await poll(client, `/ondc/payment/status?payment_id=${id}`, (b) => b.data?.['status'] !== 'PENDING', 10);
    return paid?.data?.['status'] === 'PAID' ? id : null;
  });
  const orderId = await step('confirm', async () => {
    const sent = await attempt(() => client.post('/ondc/confirm', { transaction_id: transactionId, payment_id: paymentId }));
    // 409 "being placed": a process that stopped mid-confirm holds the claim until it is stale.
    if (sent?.status !== 200 || !sent.body.data) return null;
    const answer = await poll(
      client,
      `/ondc/status?type=confirm&message_id=${String(sent.body.data['message_id'])}`,
      (b) => b['order_status'] === 'CONFIRMED',
      10,
    );
    if (answer) return String(answer['order_id']);
    // An on_confirm lost with a stopped process: the crash-resume sweep asks the seller with
    // status, and the order stands once its answer is in.
    const orderId = String(sent.body.data['order_id'] ?? '');
    const order = orderId ? await attempt(() => client.get(`/ondc/order/detail?order_id=${orderId}`)) : null;
    return order?.status === 200 ? orderId : null;
  });
  return { transactionId, paymentId, orderId, retries, seconds: (Date.now() - started) / 1000 };
}
