import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { testDatabases } from '../db/testing.ts';
import { buildContext, callbackContext } from './context.ts';
import {
  acceptCallback,
  findAnswer,
  recordAck,
  INBOX_FULL,
  inboxHasRoom,
  recordRequest,
  startTransaction,
  waitForAnswer,
  type CallbackEnvelope,
} from './message-store.server.ts';

const BAP = 'kirana-storefront.local';
const SELLER = 'grocer-one.sellers.kirana.local';

describe.each(testDatabases())('ONDC message store on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  async function select(transactionId: string, shopper = 'device:a', now = new Date()) {
    const context = buildContext({
      action: 'select', domain: 'ONDC:RET10', city: 'std:080', transactionId, bapId: BAP,
      bapUri: 'http://127.0.0.1:4321/bap', bppId: SELLER, bppUri: 'http://127.0.0.1:5321/sellers/x', now,
    });
    await startTransaction(database, { transactionId, shopperKey: shopper, domain: 'ONDC:RET10', city: 'std:080', lifetimeMs: 86_400_000, now });
    await recordRequest(database, { context, body: { context, message: {} }, participantId: SELLER });
    await recordAck(database, { messageId: context.message_id, action: 'select', ack: 'ACK' });
    return context;
  }

  function onSelect(request: ReturnType<typeof buildContext>, quote = '100.00'): { envelope: CallbackEnvelope; raw: string } {
    const envelope = { context: callbackContext(request), message: { order: { quote: { price: { currency: 'INR', value: quote } } } } };
    return { envelope, raw: JSON.stringify(envelope) };
  }

  it('stores a callback for our request, and a repeat of it only once', async () => {
    const request = await select('tx-dup-0001');
    const { envelope, raw } = onSelect(request);
    const first = await acceptCallback(database, { envelope, rawBody: raw, signer: SELLER, bapId: BAP });
    const second = await acceptCallback(database, { envelope, rawBody: raw, signer: SELLER, bapId: BAP });
    expect(first).toEqual({ accepted: true, duplicate: false, late: false });
    expect(second).toEqual({ accepted: true, duplicate: true, late: false });
    const rows = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ondc_messages WHERE message_id = $1 AND action = 'on_select'`,
      [request.message_id],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses a callback for an unknown transaction', async () => {
    const request = buildContext({ action: 'select', domain: 'ONDC:RET10', city: 'std:080', transactionId: 'tx-unknown-1', bapId: BAP, bapUri: 'http://x.test/bap', bppId: SELLER });
    const { envelope, raw } = onSelect(request);
    const verdict = await acceptCallback(database, { envelope, rawBody: raw, signer: SELLER, bapId: BAP });
    expect(verdict).toMatchObject({ accepted: false, error: { code: '20008' } });
  });

  it('refuses a callback for an expired transaction', async () => {
    const long = new Date(Date.now() - 3 * 86_400_000);
    const request = await select('tx-expired-1', 'device:a', long);
    const { envelope, raw } = onSelect(request);
    const verdict = await acceptCallback(database, { envelope, rawBody: raw, signer: SELLER, bapId: BAP });
    expect(verdict).toMatchObject({ accepted: false, error: { code: '20002' } });
  });

  it('stores a callback after the ttl but marks it late', async () => {
    const request = await select('tx-late-0001', 'device:a', new Date(Date.now() - 60_000));
    const { envelope, raw } = onSelect(request);
    expect(await acceptCallback(database, { envelope, rawBody: raw, signer: SELLER, bapId: BAP })).toEqual({ accepted: true, duplicate: false, late: true });
    expect(await findAnswer(database, { messageId: request.message_id, action: 'select', shopperKey: 'device:a' })).toMatchObject({ state: 'answered', late: true });
  });

  it('refuses a callback signed by another seller than the one it names', async () => {
    const request = await select('tx-signer-01');
    const { envelope, raw } = onSelect(request);
    const verdict = await acceptCallback(database, { envelope, rawBody: raw, signer: 'someone-else', bapId: BAP });
    expect(verdict).toMatchObject({ accepted: false, status: 401 });
  });

  it("never shows one shopper's answer to another", async () => {
    const request = await select('tx-owner-001', 'device:a');
    const { envelope, raw } = onSelect(request);
    await acceptCallback(database, { envelope, rawBody: raw, signer: SELLER, bapId: BAP });
    expect(await findAnswer(database, { messageId: request.message_id, action: 'select', shopperKey: 'device:b' })).toEqual({ state: 'unknown' });
    expect((await findAnswer(database, { messageId: request.message_id, action: 'select', shopperKey: 'device:a' })).state).toBe('answered');
  });

  it('reports a NACK from the seller as refused', async () => {
    const request = await select('tx-nack-0001');
    await recordAck(database, { messageId: request.message_id, action: 'select', ack: 'NACK', error: { code: '30016', message: 'Invalid Signature' } });
    expect(await findAnswer(database, { messageId: request.message_id, action: 'select', shopperKey: 'device:a' })).toEqual({
      state: 'refused',
      error: { code: '30016', message: 'Invalid Signature' },
    });
  });

  it('wakes a long poll as soon as the answer is stored', async () => {
    const request = await select('tx-wait-0001');
    const started = Date.now();
    const waiting = waitForAnswer(database, { messageId: request.message_id, action: 'select', shopperKey: 'device:a', waitMs: 5000 });
    setTimeout(() => {
      const { envelope, raw } = onSelect(request, '250.00');
      void acceptCallback(database, { envelope, rawBody: raw, signer: SELLER, bapId: BAP });
    }, 150);
    const answer = await waiting;
    expect(answer.state).toBe('answered');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives up a long poll after its wait, still pending', async () => {
    const request = await select('tx-wait-0002');
    expect(await waitForAnswer(database, { messageId: request.message_id, action: 'select', shopperKey: 'device:a', waitMs: 200 })).toEqual({ state: 'pending' });
  });

  describe('the inbox of on_search pages (streaming ingestion)', () => {
    async function search(transactionId: string) {
      const context = buildContext({ action: 'search', domain: 'ONDC:RET10', city: 'std:080', transactionId, bapId: BAP, bapUri: 'http://127.0.0.1:4321/bap' });
      await startTransaction(database, { transactionId, shopperKey: null, domain: 'ONDC:RET10', city: 'std:080', lifetimeMs: 3_600_000 });
      await recordRequest(database, { context, body: { context, message: {} }, participantId: null });
      return context;
    }
    function page(request: ReturnType<typeof buildContext>, itemIds: string[]) {
      const envelope = { context: { ...callbackContext(request), bpp_id: SELLER, bpp_uri: 'http://127.0.0.1:5321/sellers/x' }, message: { catalog: { 'bpp/providers': [{ id: 'p1', items: itemIds.map((id) => ({ id })) }] } } };
      return { envelope, raw: JSON.stringify(envelope) };
    }
    const inbox = () => database.query<{ body: string; bytes: number }>(`SELECT body, bytes FROM ondc_inbox WHERE action = 'on_search' ORDER BY id`);
    const receipts = async (messageId: string) =>
      (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ondc_messages WHERE message_id = $1 AND action = 'on_search'`, [messageId]))[0]?.n;

    it('keeps a page whole, with its receipt, and a page sent again only once', async () => {
      await database.query('DELETE FROM ondc_inbox');
      const request = await search('tx-inbox-0001');
      const { envelope, raw } = page(request, ['a', 'b']);
      expect(await acceptCallback(database, { envelope, rawBody: raw, signer: SELLER, bapId: BAP })).toEqual({ accepted: true, duplicate: false, late: false });
      expect(await acceptCallback(database, { envelope, rawBody: raw, signer: SELLER, bapId: BAP })).toEqual({ accepted: true, duplicate: true, late: false });
      expect(await inbox()).toEqual([{ body: raw, bytes: Buffer.byteLength(raw) }]);
      expect(await receipts(request.message_id)).toBe(1);
    });

    it('refuses a page as busy (23001, nothing stored) while waiting pages fill the limit, and takes it once there is room', async () => {
      await database.query('DELETE FROM ondc_inbox');
      const request = await search('tx-inbox-0002');
      const first = page(request, ['a']);
      const second = page(request, ['b']);
      const limit = Buffer.byteLength(first.raw) + 10;
      // An empty inbox takes a page whatever its size; the next one would pass the limit.
      expect(await acceptCallback(database, { envelope: first.envelope, rawBody: first.raw, signer: SELLER, bapId: BAP, inboxLimitBytes: 1 })).toMatchObject({ accepted: true });
      expect(await acceptCallback(database, { envelope: second.envelope, rawBody: second.raw, signer: SELLER, bapId: BAP, inboxLimitBytes: limit })).toEqual({
        accepted: false,
        status: 503,
        error: INBOX_FULL,
      });
      expect((await inbox()).map((r) => r.body)).toEqual([first.raw]);
      expect(await receipts(request.message_id)).toBe(1);
      // What the callback endpoint asks before it reads a page at all.
      expect(await inboxHasRoom(database, limit)).toBe(true);
      expect(await inboxHasRoom(database, Buffer.byteLength(first.raw))).toBe(false);
      // The first page applied (deleted), the seller's second try is taken, not mistaken for a repeat.
      await database.query('DELETE FROM ondc_inbox');
      expect(await acceptCallback(database, { envelope: second.envelope, rawBody: second.raw, signer: SELLER, bapId: BAP, inboxLimitBytes: limit })).toEqual({ accepted: true, duplicate: false, late: false });
      expect((await inbox()).map((r) => r.body)).toEqual([second.raw]);
    });

    it('keeps nothing but the receipt of other callbacks', async () => {
      await database.query('DELETE FROM ondc_inbox');
      const request = await select('tx-inbox-0003');
      const { envelope, raw } = onSelect(request);
      await acceptCallback(database, { envelope, rawBody: raw, signer: SELLER, bapId: BAP });
      expect(await inbox()).toEqual([]);
    });
  });
});
