import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { createSimulatedGateway, scenarioOf, vpaSchema } from './gateway.ts';
import { upiPayLinkSchema } from './upi-intent.ts';
import type { PaymentNotice } from './webhook.ts';

let database: Database;
const [pglite] = testDatabases();
beforeAll(async () => {
  database = await pglite!.open();
});
afterAll(async () => database?.close());
const notices: PaymentNotice[] = [];
const simulator = () =>
  createSimulatedGateway(
    () => database,
    async (notice) => void notices.push(notice),
  );
let count = 0;
const next = () => `p${++count}`;

describe('payment simulator scenarios, chosen by the UPI handle', () => {
  it('names each scenario', () => {
    expect(scenarioOf('asha@okaxis')).toBe('success');
    expect(scenarioOf('failure@kirana')).toBe('failure');
    expect(scenarioOf('pending@kirana')).toBe('pending-then-success');
    expect(scenarioOf('timeout@kirana')).toBe('timeout');
  });
  it('success pays at once', async () => expect(await simulator().collect({ paymentId: next(), amountPaise: 100, vpa: 'asha@okaxis' })).toBe('PAID'));
  it('failure is refused', async () => expect(await simulator().collect({ paymentId: next(), amountPaise: 100, vpa: 'failure@kirana' })).toBe('FAILED'));
  it('pending is paid after two status checks', async () => {
    const gateway = simulator();
    const payment = { paymentId: next(), vpa: 'pending@kirana' };
    expect(await gateway.collect({ ...payment, amountPaise: 100 })).toBe('PENDING');
    expect(await gateway.status(payment)).toBe('PENDING');
    expect(await gateway.status(payment)).toBe('PAID');
  });
  it('timeout never completes', async () => {
    const gateway = simulator();
    const payment = { paymentId: next(), vpa: 'timeout@kirana' };
    await gateway.collect({ ...payment, amountPaise: 100 });
    for (let i = 0; i < 5; i++) expect(await gateway.status(payment)).toBe('PENDING');
  });
});

describe('the simulator tells the storefront of a settled payment, as a gateway webhook does (issue 24)', () => {
  it('sends one notice with the amount collected once the payment is paid, none while pending', async () => {
    const gateway = simulator();
    const payment = { paymentId: next(), vpa: 'pending@kirana' };
    const sent = () => notices.filter((notice) => notice.payment_id === payment.paymentId);
    await gateway.collect({ ...payment, amountPaise: 6_350 });
    await gateway.status(payment);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent()).toEqual([]);
    await gateway.status(payment);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent()).toEqual([{ id: expect.any(String), payment_id: payment.paymentId, status: 'PAID', amount_paise: 6_350 }]);
  });
});

describe('a collect request the shopper gave up on is withdrawn', () => {
  it('a timed-out payment cancels to FAILED and stays failed', async () => {
    const gateway = simulator();
    const payment = { paymentId: next(), vpa: 'timeout@kirana' };
    await gateway.collect({ ...payment, amountPaise: 100 });
    expect(await gateway.cancel(payment)).toBe('FAILED');
    expect(await gateway.status(payment)).toBe('FAILED');
  });
  it('a payment already made is not withdrawn', async () => {
    const gateway = simulator();
    const payment = { paymentId: next(), vpa: 'asha@okaxis' };
    await gateway.collect({ ...payment, amountPaise: 100 });
    expect(await gateway.cancel(payment)).toBe('PAID');
  });
});

describe('several storefront processes', () => {
  it('see one payment: checks counted on one and refunds made on another are the same', async () => {
    const [a, b] = [simulator(), simulator()];
    const payment = { paymentId: next(), vpa: 'pending@kirana' };
    expect(await a.collect({ ...payment, amountPaise: 100 })).toBe('PENDING');
    expect(await a.status(payment)).toBe('PENDING');
    expect(await b.status(payment)).toBe('PAID');
    await a.refund({ ...payment, refundId: 'r1', amountPaise: 100 });
    await b.refund({ ...payment, refundId: 'r1', amountPaise: 100 });
    expect(await database.query('SELECT refund_id FROM simulated_upi_refunds WHERE payment_id = $1', [payment.paymentId])).toHaveLength(1);
  });
});

describe("the simulator plays the shopper's UPI app for an intent (issue 29)", () => {
  const FIVE_MINUTES = 5 * 60_000;
  // Intents are named by UUIDs: the link's tr carries one.
  const intentFor = async (gateway: ReturnType<typeof simulator>, amountPaise = 93_225, expiresAt = new Date(Date.now() + FIVE_MINUTES)) => {
    const paymentId = crypto.randomUUID();
    const { link } = await gateway.intent({ paymentId, amountPaise, expiresAt });
    return { paymentId, vpa: null, link: upiPayLinkSchema.parse(link) };
  };
  const sentFor = (paymentId: string) => notices.filter((notice) => notice.payment_id === paymentId);

  it("is pending until approved; the approval pays the link's amount and tells the storefront once", async () => {
    const gateway = simulator();
    const intent = await intentFor(gateway);
    expect(intent.link).toMatchObject({ payeeVpa: 'kirana@simupi', amountPaise: 93_225 });
    expect(await gateway.status(intent)).toBe('PENDING');
    expect(await gateway.approve(intent.link)).toEqual({ ok: true });
    expect(await gateway.status(intent)).toBe('PAID');
    expect(sentFor(intent.paymentId)).toEqual([{ id: expect.any(String), payment_id: intent.paymentId, status: 'PAID', amount_paise: 93_225 }]);
    // A second approval (a double tap in the app) pays nothing more.
    expect(await gateway.approve(intent.link)).toMatchObject({ ok: false, status: 409 });
    expect(sentFor(intent.paymentId)).toHaveLength(1);
    // Paid first, so it cannot be withdrawn.
    expect(await gateway.cancel(intent)).toBe('PAID');
  });

  it('is not payable once expired', async () => {
    const gateway = simulator();
    const intent = await intentFor(gateway, 5_000, new Date(Date.now() + 1_000));
    expect(await gateway.approve(intent.link, Date.now() + 1_000)).toEqual({ ok: false, status: 410, message: 'This payment request has expired' });
    expect(await gateway.status(intent)).toBe('PENDING');
    expect(await gateway.cancel(intent)).toBe('FAILED');
    expect(sentFor(intent.paymentId)).toEqual([]);
  });

  it('is not payable once withdrawn', async () => {
    const gateway = simulator();
    const intent = await intentFor(gateway);
    expect(await gateway.cancel(intent)).toBe('FAILED');
    expect(await gateway.approve(intent.link)).toMatchObject({ ok: false, status: 409 });
    expect(await gateway.status(intent)).toBe('FAILED');
    expect(sentFor(intent.paymentId)).toEqual([]);
  });

  it('pays only the amount asked, only to us, only for an intent it made', async () => {
    const gateway = simulator();
    const intent = await intentFor(gateway, 10_000);
    expect(await gateway.approve({ ...intent.link, amountPaise: 1 })).toMatchObject({ ok: false, status: 409 });
    expect(await gateway.approve({ ...intent.link, payeeVpa: 'someone@else' })).toMatchObject({ ok: false, status: 404 });
    expect(await gateway.approve({ ...intent.link, paymentId: crypto.randomUUID() })).toMatchObject({ ok: false, status: 404 });
    expect(await gateway.status(intent)).toBe('PENDING');
  });
});

describe('UPI ids', () => {
  it('are handle@bank, lower-cased', () => expect(vpaSchema.parse(' Asha.Rao@OKAXIS ')).toBe('asha.rao@okaxis'));
  it('refuse anything else', () => expect(vpaSchema.safeParse('not a vpa').success).toBe(false));
});
