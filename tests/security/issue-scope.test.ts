// Issue 26, threat "a seller answers for a complaint that is not its own, or in the shopper's name":
// real sellers of the network, signing with their own keys, push on_issue about our complaint. The
// other store is refused (403 NACK, ONDC 20006); the order's own store may add only its own steps:
// one in the shopper's name is refused, and a refund it reports without the shopper accepting it
// pays nothing.
import { describe, expect, inject, it } from 'vitest';
import { placeOrder, plentifulItems } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { callbackContext, postSigned, sellers, type SellerKey } from '../support/seller-callbacks.ts';

const [server] = inject('servers');
const url = server!.url;
const { owner, rogue } = sellers(server!.dataDir);

type Issue = {
  id: string;
  status: string;
  level: string;
  last_action_id: string;
  updated_at: string;
  actors: Array<Record<string, unknown>>;
  actions: Array<Record<string, unknown> & { id: string }>;
  resolutions?: unknown[];
};

const sellerActor = (seller: SellerKey) => ({
  id: seller.id,
  type: 'COUNTERPARTY_NP',
  info: { org: { name: `${seller.id}::ONDC:RET10` }, contact: { phone: '9876543210', email: 'store@example.in' } },
});

function withStep(issue: Issue, seller: SellerKey, step: Record<string, unknown>, changes: Partial<Issue> = {}): Issue {
  const at = new Date().toISOString();
  const action = {
    id: 'A9S',
    descriptor: { code: 'PROCESSING', short_desc: 'Looking into it' },
    updated_at: at,
    action_by: seller.id,
    actor_details: { name: 'Store' },
    ...step,
  };
  return {
    ...issue,
    status: 'PROCESSING',
    actors: [...issue.actors, sellerActor(seller)],
    ...changes,
    actions: [...issue.actions, action],
    last_action_id: action.id,
    updated_at: at,
  };
}

const push = (transactionId: string, issue: Issue, seller: SellerKey, action = 'on_issue', messageId: string = crypto.randomUUID()) =>
  postSigned(
    url,
    action,
    {
      context: callbackContext(url, { action, transactionId, messageId, seller }),
      message: { update_target: [{ path: 'issue.actions', action: 'APPENDED' }], issue },
    },
    seller,
  );

describe('a seller speaks only for complaints about its own orders', () => {
  it('another seller’s on_issue and on_issue_status are refused; the order’s own store cannot act for the shopper nor pay itself a refund', async () => {
    const client = shopper(url);
    // An item no other test empties: the shared storefront's shelves run down over the suite.
    const [item] = await plentifulItems(url, 1, 50);
    const { transactionId, orderId } = await placeOrder(client, 'upi', [{ sku_id: item!.id, quantity: 1 }]);
    const raised = await client.post('/ondc/issue', { order_id: orderId, code: 'FLM002', description: 'The order has not come yet' });
    expect(raised.status).toBe(200);
    const issueId = ((await raised.json()) as { data: { issue_id: string } }).data.issue_id;
    const read = async () => ((await (await client.get(`/ondc/issue?issue_id=${issueId}`)).json()) as { data: { issue: Issue } }).data.issue;
    const ours = await read();

    // Another store, signing as itself: its word on our complaint is refused and changes nothing.
    const fromRogue = await push(transactionId, withStep(ours, rogue, {}), rogue);
    expect(fromRogue).toMatchObject({ status: 403, ack: 'NACK', error: { type: 'CONTEXT-ERROR', code: '20006' } });
    const asked = await client.post('/ondc/issue/status', { issue_id: issueId });
    expect(asked.status).toBe(200);
    const statusReply = await push(transactionId, withStep(ours, rogue, {}), rogue, 'on_issue_status');
    expect(statusReply.ack).toBe('NACK');
    expect((await read()).actions).toEqual(ours.actions);

    // The order's store, in the shopper's name (accepting a resolution), is refused.
    const forged = withStep(ours, owner, { action_by: ours.actions[0]!['action_by'], descriptor: { code: 'RESOLUTION_ACCEPTED', short_desc: 'ok' } });
    expect(await push(transactionId, forged, owner)).toMatchObject({ status: 400, ack: 'NACK', error: { type: 'DOMAIN-ERROR', code: 'IGM006' } });
    // Closing the shopper's complaint or raising its level is the shopper's alone.
    expect((await push(transactionId, withStep(ours, owner, {}, { status: 'CLOSED' }), owner)).error).toMatchObject({ code: 'IGM006' });
    expect((await push(transactionId, withStep(ours, owner, {}, { level: 'DISPUTE' }), owner)).error).toMatchObject({ code: 'IGM006' });
    // A complaint that is not ours in this transaction is unknown.
    expect((await push(transactionId, { ...withStep(ours, owner, {}), id: 'ISS-NOT-OURS' }, owner)).error).toMatchObject({ code: '20008' });

    // The store reports a ₹99,999 refund resolved that the shopper never accepted: kept as its
    // word, but nothing is paid.
    const refund = {
      id: 'RX-1',
      descriptor: { code: 'REFUND', short_desc: 'Refund' },
      updated_at: new Date().toISOString(),
      proposed_by: owner.id,
      tags: [{ descriptor: { code: 'RESOLUTION_DETAILS' }, list: [{ descriptor: { code: 'REFUND_AMOUNT' }, value: '99999.00' }] }],
    };
    const resolved = withStep(
      ours,
      owner,
      { descriptor: { code: 'RESOLVED', short_desc: 'Refunded', name: 'REFUND' }, ref_id: 'RX-1', ref_type: 'RESOLUTIONS' },
      { status: 'RESOLVED', resolutions: [refund] },
    );
    expect(await push(transactionId, resolved, owner)).toMatchObject({ status: 200, ack: 'ACK' });
    expect((await read()).status).toBe('RESOLVED');
    await new Promise((r) => setTimeout(r, 1000));
    const detail = (await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json()) as { refunds: unknown[] };
    expect(detail.refunds).toEqual([]);
  }, 90_000);
});
