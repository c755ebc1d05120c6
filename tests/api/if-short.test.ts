// Issue 29: what the shopper wants when something has run out. A store whose catalogue honours "no
// order unless whole" is offered with the quote; the shopper's choice goes to the seller as an
// order tag in init and confirm. A store that only leaves out what ran out is not offered the
// choice, and an init asking it anyway is a 400 that sends nothing, as is a choice nobody offers.
// (The store refusing such an order short of stock, and the full refund: tests/api/orders.test.ts.)
import { describe, expect, inject, it } from 'vitest';
import { IF_SHORT_NOT_OFFERED_MESSAGE } from '#/features/checkout/init.server.ts';
import { orderMessageProblems } from '#/ondc/order-schemas.ts';
import { cartOfOne, checkoutAddress, initBody, lines, placeOrder, pollFor, selectAndQuote, type Client } from '../support/checkout.ts';
import { storeLeavingOutOnly } from '../support/fixtures.ts';
import { shopper } from '../support/http.ts';
import { wireOf } from '../support/protocol-log.ts';

const servers = inject('servers');
// The PGlite storefront writes the protocol log.
const [logged] = servers;
const other = storeLeavingOutOnly();

type Checkout = { cancelIfShortOffered?: boolean };
const CANCEL_TAG = { code: 'if_short', list: [{ code: 'choice', value: 'cancel_order' }] };

/** A quote from the store that only leaves out what ran out, for one of its items. */
async function quoteLeavingOutOnly(client: Client) {
  await cartOfOne(client, other, other.item);
  const place = { categoryDomain: 'ONDC:RET10', ondcCity: 'bengaluru', lat_long: `${other.location.lat},${other.location.lng}` };
  const sent = await client.post('/ondc/select', { ...place, address: { area_code: other.location.pincode } });
  expect(sent.status).toBe(200);
  const ack = await sent.json();
  const answer = await pollFor(client, `/ondc/fetchMessage?type=select&message_id=${ack.data.message_id}`, (b) => b['status'] !== 'PENDING', 20);
  const address = checkoutAddress({ area_code: other.location.pincode });
  const init = (extra: Record<string, unknown>) =>
    client.post('/ondc/init', {
      ...place,
      transaction_id: ack.data.transaction_id,
      customer_details: { name: 'Asha Rao', phone: '9876543210' },
      billing_address: address,
      delivery_address: address,
      fulfillment_id: 'F1',
      ...extra,
    });
  return { transactionId: ack.data.transaction_id as string, checkout: answer['checkout'] as Checkout, init };
}

describe.each(servers)('issue 29: if something has run out, on $name', ({ url, dataDir }) => {
  it('a store that honours it offers "no order unless whole"; the choice goes to the seller in init and confirm', async () => {
    const client = shopper(url);
    const { answer } = await selectAndQuote(client, lines());
    expect((answer['checkout'] as Checkout).cancelIfShortOffered).toBe(true);

    // Everything is on the shelf: the order is placed as any other.
    const { transactionId, orderId } = await placeOrder(client, 'cod', lines(), { init: { if_short: 'cancel_order' } });
    expect(orderId).toMatch(/^KO/);
    if (url !== logged?.url) return;
    const sent = wireOf(dataDir, transactionId);
    const last = (action: string) => sent.filter((m) => m.action === action).at(-1);
    for (const action of ['init', 'confirm'] as const) {
      expect(last(action)?.order?.tags, action).toContainEqual(CANCEL_TAG);
      expect(orderMessageProblems(action, last(action)?.message), action).toEqual([]);
    }
    // Leaving out is what every store does unasked: an order without the choice states nothing.
    const plain = await placeOrder(client, 'cod', lines());
    expect(
      wireOf(dataDir, plain.transactionId)
        .filter((m) => m.action === 'init' || m.action === 'confirm')
        .flatMap((m) => m.order?.tags ?? []),
    ).not.toContainEqual(expect.objectContaining({ code: 'if_short' }));
  }, 90_000);

  it('a store that only leaves out what ran out is not offered the choice; asked anyway, or for a choice nobody offers, nothing goes to it', async () => {
    const client = shopper(url);
    const { transactionId, checkout, init } = await quoteLeavingOutOnly(client);
    expect(checkout.cancelIfShortOffered).toBe(false);

    const refused = await init({ if_short: 'cancel_order' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { message: IF_SHORT_NOT_OFFERED_MESSAGE } });
    const unknown = await init({ if_short: 'replace_with_similar' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain('if_short');
    if (url === logged?.url) expect(wireOf(dataDir, transactionId).filter((m) => m.action === 'init')).toEqual([]);

    // Leaving out, said or not, is an init like any other.
    const left = await init({ if_short: 'leave_out' });
    expect(left.status).toBe(200);
    const ack = await left.json();
    const status = await pollFor(client, `/ondc/status?type=init&message_id=${ack.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 10);
    expect(status['order_status']).toBe('CREATED');
  }, 90_000);

  it('the choice of a store that honours it is checked like the rest of the init', async () => {
    const client = shopper(url);
    const { transactionId } = await selectAndQuote(client, lines());
    const bad = await client.post('/ondc/init', { ...initBody(transactionId, lines()), if_short: 7 });
    expect(bad.status).toBe(400);
  }, 60_000);
});
