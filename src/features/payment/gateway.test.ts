import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { testDatabases } from '../../db/testing.ts';
import { createSimulatedGateway, scenarioOf, vpaSchema } from './gateway.ts';
import type { PaymentNotice } from './webhook.ts';

let database: Database;
const [pglite] = testDatabases();
beforeAll(async () => {
  database = await pglite!.open();
});
afterAll(async () => database?.close());
const notices: PaymentNotice[] = [];
const simulator = () => createSimulatedGateway(() => database, async (notice) => void notices.push(notice));
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

describe('UPI ids', () => {
  it('are handle@bank, lower-cased', () => expect(vpaSchema.parse(' Asha.Rao@OKAXIS ')).toBe('asha.rao@okaxis'));
  it('refuse anything else', () => expect(vpaSchema.safeParse('not a vpa').success).toBe(false));
});
