import { describe, expect, it } from 'vitest';
import { createSimulatedGateway, scenarioOf, vpaSchema } from './gateway.ts';

describe('payment simulator scenarios, chosen by the UPI handle', () => {
  it('names each scenario', () => {
    expect(scenarioOf('asha@okaxis')).toBe('success');
    expect(scenarioOf('failure@kirana')).toBe('failure');
    expect(scenarioOf('pending@kirana')).toBe('pending-then-success');
    expect(scenarioOf('timeout@kirana')).toBe('timeout');
  });
  it('success pays at once', async () => expect(await createSimulatedGateway().collect({ paymentId: 'p', amountPaise: 100, vpa: 'asha@okaxis' })).toBe('PAID'));
  it('failure is refused', async () => expect(await createSimulatedGateway().collect({ paymentId: 'p', amountPaise: 100, vpa: 'failure@kirana' })).toBe('FAILED'));
  it('pending is paid after two status checks', async () => {
    const gateway = createSimulatedGateway();
    const payment = { paymentId: 'p', vpa: 'pending@kirana' };
    expect(await gateway.collect({ ...payment, amountPaise: 100 })).toBe('PENDING');
    expect(await gateway.status(payment)).toBe('PENDING');
    expect(await gateway.status(payment)).toBe('PAID');
  });
  it('timeout never completes', async () => {
    const gateway = createSimulatedGateway();
    const payment = { paymentId: 'p', vpa: 'timeout@kirana' };
    await gateway.collect({ ...payment, amountPaise: 100 });
    for (let i = 0; i < 5; i++) expect(await gateway.status(payment)).toBe('PENDING');
  });
});

describe('a collect request the shopper gave up on is withdrawn', () => {
  it('a timed-out payment cancels to FAILED and stays failed', async () => {
    const gateway = createSimulatedGateway();
    const payment = { paymentId: 'p', vpa: 'timeout@kirana' };
    await gateway.collect({ ...payment, amountPaise: 100 });
    expect(await gateway.cancel(payment)).toBe('FAILED');
    expect(await gateway.status(payment)).toBe('FAILED');
  });
  it('a payment already made is not withdrawn', async () => {
    const gateway = createSimulatedGateway();
    const payment = { paymentId: 'p', vpa: 'asha@okaxis' };
    await gateway.collect({ ...payment, amountPaise: 100 });
    expect(await gateway.cancel(payment)).toBe('PAID');
  });
});

describe('UPI ids', () => {
  it('are handle@bank, lower-cased', () => expect(vpaSchema.parse(' Asha.Rao@OKAXIS ')).toBe('asha.rao@okaxis'));
  it('refuse anything else', () => expect(vpaSchema.safeParse('not a vpa').success).toBe(false));
});
