import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { buildContext, callbackContext, type Context } from './context.ts';
import { acceptCallback, recordAck, recordRequest, startTransaction } from './message-store.server.ts';
import { answerTo, findTransaction, latestSentOrderSql, sellerOrders, sentInTransaction, sentMessage, TRANSACTION_SELLERS } from './stored-messages.server.ts';

const BAP = 'kirana-storefront.local';
const SELLER = 'grocer-one.sellers.kirana.local';
const SELLER_URI = 'http://127.0.0.1:5321/sellers/x';

for (const target of testDatabases()) {
  describe(`what features read of ondc/'s messages, on ${target.name} (issue 27)`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await target.open();
    });
    afterAll(() => database?.close());

    async function begin(transactionId: string) {
      await startTransaction(database, {
        transactionId,
        shopperKey: 'device:a',
        domain: 'ONDC:RET11',
        city: 'std:080',
        bppId: SELLER,
        bppUri: SELLER_URI,
        lifetimeMs: 30 * 86_400_000,
      });
    }

    async function send(transactionId: string, action: 'select' | 'init' | 'confirm' | 'status' | 'update', order: Record<string, unknown>): Promise<Context> {
      const context = buildContext({
        action,
        domain: 'ONDC:RET11',
        city: 'std:080',
        transactionId,
        bapId: BAP,
        bapUri: 'http://127.0.0.1:4321/bap',
        bppId: SELLER,
        bppUri: SELLER_URI,
      });
      await recordRequest(database, { context, body: { context, message: { order } }, participantId: SELLER });
      await recordAck(database, { messageId: context.message_id, action, ack: 'ACK' });
      return context;
    }

    async function answer(request: Context, body: { message?: Record<string, unknown>; error?: { type: string; code: string; message: string } }) {
      const envelope = { context: callbackContext(request), ...body };
      const verdict = await acceptCallback(database, { envelope: envelope as never, rawBody: JSON.stringify(envelope), signer: SELLER, bapId: BAP });
      expect(verdict).toMatchObject({ accepted: true });
    }

    it('names the seller, domain and city a transaction was started with, and none for an unknown one', async () => {
      const transactionId = randomUUID();
      await begin(transactionId);
      expect(await findTransaction(database, transactionId)).toEqual({ domain: 'ONDC:RET11', city: 'std:080', bppId: SELLER, bppUri: SELLER_URI });
      expect(await findTransaction(database, randomUUID())).toBeNull();
    });

    it('reads a request of ours by id and action, and the requests of a transaction newest first', async () => {
      const transactionId = randomUUID();
      await begin(transactionId);
      const first = await send(transactionId, 'init', { provider: { id: 'p1' }, tags: [{ code: 'tip' }] });
      const second = await send(transactionId, 'init', { provider: { id: 'p2' } });
      const read = await sentMessage(database, first.message_id, 'init');
      expect(read).toMatchObject({ transactionId, messageId: first.message_id, order: { provider: { id: 'p1' }, tags: [{ code: 'tip' }] } });
      expect(read?.context['bpp_id']).toBe(SELLER);
      expect(await sentMessage(database, first.message_id, 'select')).toBeNull();
      expect((await sentInTransaction(database, transactionId, 'init')).map((m) => m.messageId)).toEqual([second.message_id, first.message_id]);
    });

    it("reads a seller's answer, its first or its latest, and nothing for a request still unanswered", async () => {
      const transactionId = randomUUID();
      await begin(transactionId);
      const status = await send(transactionId, 'status', {});
      expect(await answerTo(database, status.message_id, 'status', 'first')).toBeNull();
      await answer(status, { message: { order: { id: 'O-1', state: 'Accepted' } } });
      await answer(status, { message: { order: { id: 'O-1', state: 'In-progress' } } });
      expect((await answerTo(database, status.message_id, 'status', 'first'))?.order['state']).toBe('Accepted');
      const latest = await answerTo(database, status.message_id, 'status', 'latest');
      expect(latest?.order['state']).toBe('In-progress');
      expect(latest?.body).toMatchObject({ context: { action: 'on_status', message_id: status.message_id } });
    });

    it("lists the seller's order callbacks newest first, leaving out errors and other actions", async () => {
      const transactionId = randomUUID();
      await begin(transactionId);
      const confirm = await send(transactionId, 'confirm', { id: 'O-2' });
      await answer(confirm, { message: { order: { id: 'O-2', state: 'Created' } } });
      await answer(await send(transactionId, 'status', {}), { message: { order: { id: 'O-2', state: 'In-progress' } } });
      await answer(await send(transactionId, 'update', {}), { error: { type: 'DOMAIN-ERROR', code: '40000', message: 'no' } });
      await answer(await send(transactionId, 'update', {}), { message: { order: { id: 'O-2', state: 'Completed' } } });
      expect((await sellerOrders(database, transactionId)).map((o) => o['state'])).toEqual(['Completed', 'In-progress', 'Created']);
      expect((await sellerOrders(database, transactionId, { limit: 2 })).map((o) => o['state'])).toEqual(['Completed', 'In-progress']);
      expect((await sellerOrders(database, transactionId, { actions: ['on_update'] })).map((o) => o['state'])).toEqual(['Completed']);
    });

    it('gives queries over many orders the seller of each transaction and its latest confirm', async () => {
      const transactionId = randomUUID();
      await begin(transactionId);
      await send(transactionId, 'confirm', { id: 'O-3', payment: { type: 'ON-ORDER' } });
      await send(transactionId, 'confirm', { id: 'O-3', payment: { type: 'ON-FULFILLMENT' } });
      const [row] = await database.query<{ bpp_id: string; terms: { type: string } | string }>(
        `SELECT t.bpp_id, ${latestSentOrderSql('t.transaction_id', 'confirm')}->'payment' AS terms FROM ${TRANSACTION_SELLERS} t WHERE t.transaction_id = $1`,
        [transactionId],
      );
      expect(row?.bpp_id).toBe(SELLER);
      expect(typeof row?.terms === 'string' ? JSON.parse(row.terms) : row?.terms).toEqual({ type: 'ON-FULFILLMENT' });
    });
  });
}
