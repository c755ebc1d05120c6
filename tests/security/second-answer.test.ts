// Issue 24, threat "a second answer replaces the first": the store answers our select and our
// init, then sends another, cheaper or dearer answer for the same message id. The first answer is
// what the shopper is shown and charged; the second is refused (409 NACK, ONDC 20008 Response out
// of sequence).
import { describe, expect, inject, it } from 'vitest';
import { initBody, plentifulItems, pollFor, selectAndQuote, store } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { callbackContext, postSigned, sellers } from '../support/seller-callbacks.ts';

const [server] = inject('servers');
const url = server!.url;
const { owner } = sellers(server!.dataDir);

type Answer = { context: Record<string, unknown>; message: { order: Record<string, unknown> & { quote: { price: { value: string } } } } };

/** The stored answer again, with another total and a fresh timestamp: a new message for the same request. */
function another(answer: Answer, action: string, value: string) {
  return {
    context: {
      ...callbackContext(url, {
        action,
        transactionId: answer.context['transaction_id'] as string,
        messageId: answer.context['message_id'] as string,
        seller: owner,
      }),
      bap_id: answer.context['bap_id'],
      bap_uri: answer.context['bap_uri'],
    },
    message: { order: { ...answer.message.order, quote: { ...answer.message.order.quote, price: { currency: 'INR', value } } } },
  };
}

describe('one answer per request', () => {
  it('a second on_select and a second on_init are refused; the first is shown and charged', async () => {
    const client = shopper(url);
    // An item no other test empties: the shared storefront's shelves run down over the suite.
    const [item] = await plentifulItems(url, 1, 50);
    const ordered = [{ sku_id: item!.id, quantity: 1 }];
    const { transactionId, messageId } = await selectAndQuote(client, ordered);
    const first = (await (await client.get(`/ondc/fetchMessage?type=select&message_id=${messageId}`)).json()) as Answer;
    const second = await postSigned(url, 'on_select', another(first, 'on_select', '2.00'), owner);
    expect(second).toMatchObject({ status: 409, ack: 'NACK', error: { type: 'CONTEXT-ERROR', code: '20008' } });
    const shown = (await (await client.get(`/ondc/fetchMessage?type=select&message_id=${messageId}`)).json()) as Answer;
    expect(shown.message.order.quote).toEqual(first.message.order.quote);

    const init = await (await client.post('/ondc/init', initBody(transactionId, ordered))).json();
    await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] === 'CREATED', 10);
    const onInit = await postSigned(
      url,
      'on_init',
      {
        context: callbackContext(url, { action: 'on_init', transactionId, messageId: init.data.message_id, seller: owner }),
        message: {
          order: {
            provider: { id: store.provider.id },
            items: [{ id: store.items[0]!.id, fulfillment_id: 'F1', quantity: { count: 1 } }],
            quote: { price: { currency: 'INR', value: '2.00' }, breakup: [] },
          },
        },
      },
      owner,
    );
    expect(onInit).toMatchObject({ status: 409, ack: 'NACK', error: { code: '20008' } });
    const payment = await (
      await client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: init.data.message_id, vpa: 'asha@okaxis' })
    ).json();
    expect(payment.status).toBe('SUCCESS');
    expect(Number(payment.data.amount)).toBeGreaterThan(2);
  }, 60_000);
});
