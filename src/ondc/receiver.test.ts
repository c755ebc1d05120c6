// ONDC's published retail 1.2.0 callbacks through the receiver (issue 25: liberal receiver): each
// example, given our identities and fresh ids, signed by its seller and answering a request of
// ours, is acknowledged. Fixtures: tests/fixtures/ondc-1.2.0 (sources and commits in each file).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { reportProblem } from '#/features/orders/orders.ts';
import { domainSchema } from './context.ts';
import { recordRequest, startTransaction } from './message-store.server.ts';
import { receiveCallback } from './receiver.server.ts';
import type { BuyerApp } from './runtime.server.ts';
import { generateKeyPair, signRequest } from './signing.ts';

const BAP = 'kirana.example';
const SELLER = 'sellerNP.com';
const keys = generateKeyPair();
const app = {
  identity: { subscriberId: BAP, uniqueKeyId: 'k1', privateKey: generateKeyPair().privateKey },
  bapUri: 'https://kirana.example/bap',
  registry: { lookupPublicKey: async (id: string) => (id === SELLER ? keys.publicKey : null) },
} as unknown as BuyerApp;

type Example = {
  from: string;
  body: { context: Record<string, unknown> & { action: string; domain: string }; message?: Record<string, unknown>; error?: unknown };
};
const examples = ['ret-spec', 'workbench'].flatMap(
  (name) =>
    (JSON.parse(readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/ondc-1.2.0', `${name}.json`), 'utf8')) as { payloads: Example[] }).payloads,
);
// The storefront sells groceries, food and what a grocery stocks besides (RET10/11/13/16/18);
// ONDC's fashion and electronics catalogues (RET12, RET14) are for other buyer apps.
const ours = examples.filter((e) => domainSchema.safeParse(e.body.context.domain).success);

describe.each(testDatabases())('ONDC 1.2.0 examples through the receiver on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  // Core 1.2.5 (issue 25) keeps 1.2.0's callbacks and adds to them: a 1.2.5 seller's are read too.
  it.each(['1.2.0', '1.2.5'])(
    `acknowledges every example callback in our domains (${ours.length} of ${examples.length}), sent in core %s`,
    async (coreVersion) => {
      expect(new Set(ours.map((e) => e.body.context.action))).toEqual(
        new Set(['on_search', 'on_select', 'on_init', 'on_confirm', 'on_status', 'on_track', 'on_cancel', 'on_update']),
      );
      const refused: Array<{ from: string; status: number; error: unknown }> = [];
      for (const example of ours) {
        const transactionId = randomUUID();
        const messageId = randomUUID();
        const context = {
          ...example.body.context,
          core_version: coreVersion,
          bap_id: BAP,
          bap_uri: app.bapUri,
          bpp_id: SELLER,
          bpp_uri: 'https://sellerNP.com/ondc',
          transaction_id: transactionId,
          message_id: messageId,
          timestamp: new Date().toISOString(),
        };
        const request = {
          ...context,
          action: example.body.context.action.replace(/^on_/, ''),
          timestamp: new Date(Date.now() - 1000).toISOString(),
          ttl: 'PT30S',
        };
        await startTransaction(database, {
          transactionId,
          shopperKey: 'device:a',
          domain: context.domain as string,
          city: String(example.body.context['city']),
          bppId: SELLER,
          bppUri: 'https://sellerNP.com/ondc',
          lifetimeMs: 3_600_000,
        });
        await recordRequest(database, {
          context: request as never,
          body: { context: request, message: {} },
          participantId: example.body.context.action === 'on_search' ? null : SELLER,
        });
        const rawBody = JSON.stringify({ ...example.body, context });
        const authorization = signRequest({ body: rawBody, subscriberId: SELLER, uniqueKeyId: 'k1', privateKey: keys.privateKey });
        const reception = await receiveCallback(database, app, { action: context.action, rawBody, authorization });
        if (reception.status !== 200) refused.push({ from: example.from, status: reception.status, error: reception.body.error });
      }
      expect(refused).toEqual([]);
    },
    60_000,
  );
});

describe('ONDC 1.2.0 order reports and the order state machine', () => {
  it('lets every example report move an order that is out for delivery and has a return asked for', () => {
    const reports = ours.filter((e) => ['on_confirm', 'on_status', 'on_cancel', 'on_update'].includes(e.body.context.action));
    const refused = reports
      .map((e) => ({
        from: e.from,
        problem: reportProblem({ status: 'out_for_delivery', returnRequested: true }, (e.body.message as { order: Parameters<typeof reportProblem>[1] }).order),
      }))
      .filter((r) => r.problem !== null);
    expect(refused).toEqual([]);
  });
});

// Every refusal is an ONDC NACK that echoes the refused message's context and carries an error of
// type, code and message (Pramaan fails an answer without them, 13 checks per answer).
describe.each(testDatabases())('NACKs in the spec’s shape on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  const contextOf = (action: string) => ({
    domain: 'ONDC:RET10',
    country: 'IND',
    city: 'std:080',
    action,
    core_version: '1.2.0',
    bap_id: BAP,
    bap_uri: app.bapUri,
    bpp_id: SELLER,
    bpp_uri: 'https://sellerNP.com/ondc',
    transaction_id: randomUUID(),
    message_id: randomUUID(),
    timestamp: new Date().toISOString(),
  });
  const expectNack = (body: { context?: unknown; message: unknown; error?: unknown }, context: unknown, code: string) => {
    expect(body.context).toEqual(context);
    expect(body.message).toEqual({ ack: { status: 'NACK' } });
    expect(body.error).toMatchObject({ type: expect.any(String), code, message: expect.any(String) });
  };

  it('answers a bad signature 401 with the context and error 20001', async () => {
    const context = contextOf('on_status');
    const rawBody = JSON.stringify({ context, message: { order: { id: 'O1' } } });
    const authorization = signRequest({ body: rawBody, subscriberId: SELLER, uniqueKeyId: 'k1', privateKey: generateKeyPair().privateKey });
    const reception = await receiveCallback(database, app, { action: 'on_status', rawBody, authorization });
    expect(reception.status).toBe(401);
    expectNack(reception.body, context, '20001');
  });

  it('answers an unknown callback 404 with the context', async () => {
    // A callback the buyer app has no use for: a seller answering a catalog_rejection.
    const context = contextOf('on_catalog_rejection');
    const reception = await receiveCallback(database, app, {
      action: 'on_catalog_rejection',
      rawBody: JSON.stringify({ context, message: {} }),
      authorization: null,
    });
    expect(reception.status).toBe(404);
    expectNack(reception.body, context, '20006');
  });

  it('refuses a catalogue page while the inbox is full, before verifying it, with the page’s context', async () => {
    await database.query("INSERT INTO ondc_inbox (action, body, bytes) VALUES ('on_search', '{}', 100)");
    const context = contextOf('on_search');
    // Unsigned, and its catalogue cut short: the refusal comes first and reads only the context.
    const rawBody = `{"context":${JSON.stringify(context)},"message":{"catalog":{"bpp/providers":[`;
    const reception = await receiveCallback(database, app, { action: 'on_search', rawBody, authorization: null, inboxLimitBytes: 50 });
    expect(reception.status).toBe(503);
    expectNack(reception.body, context, '23001');
    await database.query('DELETE FROM ondc_inbox');
  });
});
