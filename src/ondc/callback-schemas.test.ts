import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callbackMessageProblem, type CallbackMessageAction } from './callback-schemas.ts';

type Fixture = { source: string; payloads: Array<{ from: string; body: { context: { action: string }; message?: Record<string, unknown>; error?: unknown } }> };
const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/ondc-1.2.0', `${name}.json`), 'utf8')) as Fixture;

const problemOf = (action: string, message: unknown, hasError = false) =>
  callbackMessageProblem(action as CallbackMessageAction, message as Record<string, unknown>, hasError);

describe('callback schemas: liberal where ONDC 1.2.0 allows (issue 25)', () => {
  for (const name of ['ret-spec', 'workbench']) {
    const { payloads } = fixture(name);
    it(`accepts every published ${name} example (${payloads.length})`, () => {
      const refused = payloads
        .map((p) => ({ from: p.from, problem: problemOf(p.body.context.action, p.body.message, p.body.error !== undefined) }))
        .filter((p) => p.problem !== null);
      expect(refused).toEqual([]);
    });
  }

  it('takes what ONDC allows and a strict reading refused: on_track without location or tags', () => {
    expect(problemOf('on_track', { tracking: { id: 'F1', url: 'https://seller.example/track/F1', status: 'active' } })).toBeNull();
  });
});

describe('callback schemas: what no seller may send (issue 24)', () => {
  const order = (overrides: Record<string, unknown>) => ({
    order: {
      id: 'O1',
      state: 'In-progress',
      fulfillments: [{ id: 'F1', type: 'Delivery', state: { descriptor: { code: 'Out-for-delivery' } } }],
      quote: { price: { currency: 'INR', value: '63.00' } },
      ...overrides,
    },
  });

  it('refuses an order state, a fulfillment state and an amount ONDC has no such thing as', () => {
    expect(problemOf('on_status', order({ state: 'Completed' }))).toBeNull();
    expect(problemOf('on_status', order({ state: 'Teleported' }))?.path).toBe('message.order.state');
    expect(problemOf('on_status', order({ fulfillments: [{ id: 'F1', state: { descriptor: { code: 'Teleported' } } }] }))?.path).toBe(
      'message.order.fulfillments.0.state.descriptor.code',
    );
    expect(problemOf('on_status', order({ quote: { price: { currency: 'INR', value: 'lots' } } }))?.path).toBe('message.order.quote.price.value');
  });

  it('refuses fulfillments that are null or a string, also next to an error', () => {
    expect(problemOf('on_cancel', order({ state: 'Cancelled', fulfillments: null }))?.path).toBe('message.order.fulfillments');
    expect(problemOf('on_status', order({ fulfillments: 'Delivered' }))?.path).toBe('message.order.fulfillments');
    expect(problemOf('on_status', order({ fulfillments: 'Delivered' }), true)?.path).toBe('message.order.fulfillments');
  });

  it('takes a business error with an empty message, but not a message-less callback without one', () => {
    expect(problemOf('on_select', {}, true)).toBeNull();
    expect(problemOf('on_select', undefined, true)).toBeNull();
    expect(problemOf('on_select', undefined, false)).not.toBeNull();
  });
});
