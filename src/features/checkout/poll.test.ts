import { describe, expect, it } from 'vitest';
import { initStep, INIT_POLL, isOrderServiceable, poll, selectStep, SELECT_POLL, type InitStatus, type SelectAnswer } from './poll.ts';

const serviceableOrder = { fulfillments: [{ state: { descriptor: { code: 'Serviceable' } } }], quote: {} };
const answered = (error: { code: string; message: string } | null = null, order: Record<string, unknown> | null = serviceableOrder): SelectAnswer => ({
  status: 'SUCCESS',
  message: order ? { order } : {},
  error,
});

describe('SPEC §4 select poll: every 1 s, at most 20 times', () => {
  it('is 1000 ms and 20 attempts', () => expect(SELECT_POLL).toEqual({ intervalMs: 1000, maxAttempts: 20 }));
  it('waits while pending up to the 19th poll', () => expect(selectStep({ status: 'PENDING' }, 19, 'retail')).toEqual({ kind: 'wait' }));
  it('stops at the 20th with "We are facing some issue. Please retry"', () =>
    expect(selectStep({ status: 'PENDING' }, 20, 'retail')).toEqual({
      kind: 'failed',
      message: 'We are facing some issue. Please retry',
      isServiceable: true,
      label: 'ON_SELECT_POLL_COUNT_EXCEEDED',
    }));
  it('runs the poll loop with 1 s sleeps and gives up after 20 polls', async () => {
    const sleeps: number[] = [];
    let calls = 0;
    const outcome = await poll(
      async () => {
        calls++;
        return { status: 'PENDING' as const };
      },
      (a: SelectAnswer, n) => selectStep(a, n, 'retail'),
      {
        ...SELECT_POLL,
        sleep: async (ms) => void sleeps.push(ms),
        now: () => 0,
      },
    );
    expect(calls).toBe(20);
    expect(sleeps).toEqual(Array(19).fill(1000));
    expect(outcome).toMatchObject({ kind: 'failed', label: 'ON_SELECT_POLL_COUNT_EXCEEDED' });
  });
});

describe('SPEC §4 a select NACK is an error', () => {
  it('shows the network message and labels ON_SELECT_NACK_ERROR', () =>
    expect(selectStep({ status: 'NACK', error: { code: '30016', message: 'bad sig' } }, 1, 'retail')).toEqual({
      kind: 'failed',
      message: 'Invalid Signature',
      isServiceable: true,
      label: 'ON_SELECT_NACK_ERROR',
    }));
});

describe('SPEC §8 serviceability codes on select stop polling with isServiceable false', () => {
  it.each(['30008', '30009', '30010', '60001', '60002', '60003'])('%s: location not serviceable', (code) =>
    expect(selectStep(answered({ code, message: 'x' }), 1, 'retail')).toEqual({
      kind: 'failed',
      message: 'Your location is not serviceable',
      isServiceable: false,
      label: null,
    }),
  );
  it.each(['30011', '60004'])('%s: no delivery partners', (code) =>
    expect(selectStep(answered({ code, message: 'x' }), 1, 'retail')).toMatchObject({
      kind: 'failed',
      message: 'No delivery partners are available right now',
      isServiceable: false,
    }),
  );
});

describe('SPEC §4 a quote answer', () => {
  it('is the quote, serviceable by its first fulfillment', () =>
    expect(selectStep(answered(), 3, 'retail')).toEqual({ kind: 'quote', order: serviceableOrder, isServiceable: true, notice: null }));
  it('keeps the quote with an item error and names it (40002)', () =>
    expect(selectStep(answered({ code: '40002', message: 'x' }), 1, 'retail')).toMatchObject({ kind: 'quote', notice: 'Item quantity unavailable' }));
  it('reads "store" for retail when a store is closed (30017) without a quote', () =>
    expect(selectStep(answered({ code: '30017', message: 'x' }, null), 1, 'retail')).toMatchObject({
      kind: 'failed',
      message: 'The store is not taking orders right now',
    }));
  it('an unknown code reads "Something went wrong" with the code', () =>
    expect(selectStep(answered({ code: '99999', message: 'x' }, null), 1, 'retail')).toMatchObject({ message: 'Something went wrong (99999)' }));
});

describe('SPEC §4 serviceability of an order', () => {
  it('is the first fulfillment state "serviceable", any case', () => {
    expect(isOrderServiceable({ fulfillments: [{ state: { descriptor: { code: 'SERVICEABLE' } } }] })).toBe(true);
    expect(isOrderServiceable({ fulfillments: [{ state: { descriptor: { code: 'Non-serviceable' } } }] })).toBe(false);
    expect(isOrderServiceable({})).toBe(false);
  });
});

const status = (overrides: Partial<InitStatus>): InitStatus => ({ order_status: 'PENDING', error: null, onInitTotalPrice: null, ...overrides });

describe('SPEC §4 init poll: every 1 s, at most 5 times', () => {
  it('is 1000 ms and 5 attempts', () => expect(INIT_POLL).toEqual({ intervalMs: 1000, maxAttempts: 5 }));
  it('CREATED ends the poll', () =>
    expect(initStep(status({ order_status: 'CREATED', onInitTotalPrice: 245.5 }), 2, 'retail')).toEqual({ kind: 'created', totalRupees: 245.5 }));
  it('waits while pending before the 5th poll', () => expect(initStep(status({}), 4, 'retail')).toEqual({ kind: 'wait' }));
  it("past the maximum: FAILED_TO_PROCEED_WITH_PAYMENT and 'Failed to proceed with payment'", () =>
    expect(initStep(status({}), 5, 'retail')).toEqual({
      kind: 'failed',
      orderStatus: 'FAILED_TO_PROCEED_WITH_PAYMENT',
      toast: 'Failed to proceed with payment',
      label: 'ON_INIT_POLL_COUNT_EXCEEDED',
    }));
  it('the loop stops after 5 polls', async () => {
    let calls = 0;
    const outcome = await poll(
      async () => {
        calls++;
        return status({});
      },
      (s: InitStatus, n) => initStep(s, n, 'retail'),
      { ...INIT_POLL, sleep: async () => {} },
    );
    expect(calls).toBe(5);
    expect(outcome).toMatchObject({ orderStatus: 'FAILED_TO_PROCEED_WITH_PAYMENT' });
  });
});

describe('SPEC §8 init errors', () => {
  it("ON_INIT_VALIDATION_FAILURE → 'Validation error, please retry'", () =>
    expect(initStep(status({ order_status: 'ON_INIT_VALIDATION_FAILURE' }), 1, 'retail')).toMatchObject({
      kind: 'failed',
      toast: 'Validation error, please retry',
    }));
  it.each(['30008', '30009', '30010', '30011', '60001', '60002', '60003', '60004'])("%s → 'Your location is not serviceable'", (code) =>
    expect(initStep(status({ order_status: 'FAILED', error: { code, message: 'x' } }), 1, 'retail')).toMatchObject({
      toast: 'Your location is not serviceable',
    }),
  );
  it.each(['20005', '21002', '21003', '30004', '40002'])("%s → 'There is some issue with one or more items'", (code) =>
    expect(initStep(status({ order_status: 'FAILED', error: { code, message: 'x' } }), 1, 'retail')).toMatchObject({
      toast: 'There is some issue with one or more items',
    }),
  );
  it('other init errors show their message', () =>
    expect(initStep(status({ order_status: 'FAILED', error: { code: '40004', message: 'x' } }), 1, 'retail')).toMatchObject({
      toast: 'Payment type not supported',
    }));
});

// Issue 23: one attempt per second of wall time. A fake clock: a seller that never answers, the
// server holding each poll `holdMs` (fetchMessage.ts / status.ts hold 1 s) plus a little transit.
async function pace<S extends { kind: string }>(options: { intervalMs: number; maxAttempts: number }, holdMs: number, steps: (n: number) => S) {
  let clock = 0;
  const outcome = await poll(
    async () => {
      clock += holdMs;
    },
    (_answer, n) => steps(n),
    {
      ...options,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
    },
  );
  return { outcome, elapsedMs: clock };
}

describe('SPEC §4 poll pace with a seller that never answers (fake clock)', () => {
  const select = (n: number) => selectStep({ status: 'PENDING' }, n, 'retail');
  const init = (n: number) => initStep(status({}), n, 'retail');
  it('20 select attempts held 1 s each end within 21 s (no sleep on top of the hold)', async () => {
    const { outcome, elapsedMs } = await pace(SELECT_POLL, 1000 + 20, select);
    expect(outcome).toMatchObject({ kind: 'failed', label: 'ON_SELECT_POLL_COUNT_EXCEEDED' });
    expect(elapsedMs).toBeLessThanOrEqual(21_000);
  });
  it('5 init attempts held 1 s each end within 6 s', async () => {
    const { outcome, elapsedMs } = await pace(INIT_POLL, 1000 + 20, init);
    expect(outcome).toMatchObject({ kind: 'failed', orderStatus: 'FAILED_TO_PROCEED_WITH_PAYMENT' });
    expect(elapsedMs).toBeLessThanOrEqual(6_000);
  });
  it('an answer faster than the hold is still asked again only once a second', async () => {
    const { elapsedMs } = await pace(SELECT_POLL, 30, select);
    expect(elapsedMs).toBeGreaterThanOrEqual(19_000);
    expect(elapsedMs).toBeLessThanOrEqual(21_000);
  });
});
