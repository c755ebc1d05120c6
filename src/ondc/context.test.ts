import { describe, it, expect } from 'vitest';
import {
  ack,
  ackSchema,
  buildContext,
  callbackContext,
  contextSchema,
  durationParts,
  isExpired,
  isoDurationSchema,
  answeredContextOf,
  nack,
  ttlToMs,
} from './context.ts';

const NOW = new Date('2026-03-01T10:15:30.123Z');

const SELECT = {
  action: 'select',
  domain: 'ONDC:RET10',
  city: 'std:080',
  transactionId: 'txn-1',
  messageId: 'msg-1',
  bapId: 'kirana.example.in',
  bapUri: 'https://kirana.example.in/ondc',
  bppId: 'seller.example.in',
  bppUri: 'https://seller.example.in/ondc',
  now: NOW,
} as const;

describe('buildContext (ondc-notes §1 context)', () => {
  it('fills the 1.2.0 constants, the ids and a millisecond UTC timestamp', () => {
    expect(buildContext(SELECT)).toEqual({
      domain: 'ONDC:RET10',
      country: 'IND',
      city: 'std:080',
      action: 'select',
      core_version: '1.2.0',
      bap_id: 'kirana.example.in',
      bap_uri: 'https://kirana.example.in/ondc',
      bpp_id: 'seller.example.in',
      bpp_uri: 'https://seller.example.in/ondc',
      transaction_id: 'txn-1',
      message_id: 'msg-1',
      timestamp: '2026-03-01T10:15:30.123Z',
      ttl: 'PT30S',
    });
  });

  it('defaults ttl to the PT30S outer limit and honours an explicit one', () => {
    expect(buildContext(SELECT).ttl).toBe('PT30S');
    expect(buildContext({ ...SELECT, ttl: 'PT10S' }).ttl).toBe('PT10S');
  });

  it('leaves bpp_id and bpp_uri out of a search, which goes to no seller in particular', () => {
    const { bppId: _bppId, bppUri: _bppUri, ...rest } = SELECT;
    const context = buildContext({ ...rest, action: 'search' });
    expect(context).not.toHaveProperty('bpp_id');
    expect(context).not.toHaveProperty('bpp_uri');
  });

  it('makes a fresh message_id per request when none is given', () => {
    const { messageId: _messageId, ...rest } = SELECT;
    const first = buildContext(rest).message_id;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(buildContext(rest).message_id).not.toBe(first);
  });

  it('speaks core 1.2.5 to a seller known to speak it, and nothing but 1.2.0 or 1.2.5 (issue 25)', () => {
    expect(buildContext({ ...SELECT, coreVersion: '1.2.5' }).core_version).toBe('1.2.5');
    expect(() => buildContext({ ...SELECT, coreVersion: '1.3.0' as never })).toThrow();
  });

  it('rejects a city that is not an STD code', () => {
    expect(() => buildContext({ ...SELECT, city: 'Bengaluru' })).toThrow();
  });

  it('rejects a ttl that is not an ISO-8601 duration', () => {
    expect(() => buildContext({ ...SELECT, ttl: '30s' })).toThrow();
  });
});

describe('callbackContext', () => {
  const request = buildContext(SELECT);

  it('answers with on_<action>, the same ids and a later timestamp', () => {
    const later = new Date(NOW.getTime() + 1500);
    expect(callbackContext(request, { now: later })).toEqual({
      ...request,
      action: 'on_select',
      timestamp: '2026-03-01T10:15:31.623Z',
    });
  });

  it('never stamps the callback at or before the request, even with a lagging clock', () => {
    const behind = new Date(NOW.getTime() - 5000);
    expect(callbackContext(request, { now: behind }).timestamp).toBe('2026-03-01T10:15:30.124Z');
  });

  it('adds the seller identity to a search callback', () => {
    const { bppId: _bppId, bppUri: _bppUri, ...rest } = SELECT;
    const search = buildContext({ ...rest, action: 'search' });
    const onSearch = callbackContext(search, { now: NOW, bppId: 'seller.example.in', bppUri: 'https://seller.example.in/ondc' });
    expect(onSearch).toMatchObject({ action: 'on_search', bpp_id: 'seller.example.in', bpp_uri: 'https://seller.example.in/ondc' });
  });

  it('answers in the seller’s own core version, whatever the request’s (issue 25)', () => {
    expect(callbackContext(request, { now: NOW, coreVersion: '1.2.5' }).core_version).toBe('1.2.5');
    expect(callbackContext(buildContext({ ...SELECT, coreVersion: '1.2.5' }), { now: NOW }).core_version).toBe('1.2.5');
    expect(callbackContext(buildContext({ ...SELECT, coreVersion: '1.2.5' }), { now: NOW, coreVersion: '1.2.0' }).core_version).toBe('1.2.0');
  });

  it('refuses to answer a callback', () => {
    const onSelect = callbackContext(request, { now: NOW });
    expect(() => callbackContext(onSelect)).toThrow();
  });
});

describe('contextSchema', () => {
  it('accepts a context built here and a callback context', () => {
    const request = buildContext(SELECT);
    expect(contextSchema.safeParse(request).success).toBe(true);
    expect(contextSchema.safeParse(callbackContext(request, { now: NOW })).success).toBe(true);
  });

  it('reads a seller’s core 1.2.5 context as well as a 1.2.0 one (issue 25)', () => {
    expect(contextSchema.parse({ ...buildContext(SELECT), core_version: '1.2.5' }).core_version).toBe('1.2.5');
  });

  it.each([
    ['country other than IND', { country: 'USA' }],
    ['core_version neither 1.2.0 nor 1.2.5', { core_version: '1.2.3' }],
    ['other domain', { domain: 'ONDC:RET12' }],
    ['timestamp without milliseconds', { timestamp: '2026-03-01T10:15:30Z' }],
    ['timestamp with an offset', { timestamp: '2026-03-01T15:45:30.123+05:30' }],
    ['unknown action', { action: 'on_nothing' }],
  ])('rejects a %s', (_case, change) => {
    expect(contextSchema.safeParse({ ...buildContext(SELECT), ...change }).success).toBe(false);
  });

  it('requires transaction_id and message_id', () => {
    const { transaction_id: _t, ...withoutTransaction } = buildContext(SELECT);
    expect(contextSchema.safeParse(withoutTransaction).success).toBe(false);
  });
});

describe('ttlToMs (ISO-8601 durations for ttl and @ondc/org/TAT)', () => {
  it.each([
    ['PT30S', 30_000],
    ['PT45M', 45 * 60_000],
    ['PT1H', 3_600_000],
    ['PT1H30M', 5_400_000],
    ['P1D', 86_400_000],
    ['P1DT2H', 93_600_000],
    ['P1W', 604_800_000],
    ['PT0.5S', 500],
    ['PT24H', 86_400_000],
  ])('%s is %i ms', (duration, ms) => {
    expect(ttlToMs(duration)).toBe(ms);
  });

  it.each(['', 'P', 'PT', 'P1DT', '30S', 'PT30', 'P1M', 'P1Y', 'pt30s', 'PT-5S'])('rejects %j', (duration) => {
    expect(() => ttlToMs(duration)).toThrow(RangeError);
    expect(isoDurationSchema.safeParse(duration).success).toBe(false);
  });
});

describe('isExpired', () => {
  const context = buildContext(SELECT);

  it('is live up to and at timestamp + ttl, expired after', () => {
    expect(isExpired(context, new Date(NOW.getTime() + 30_000))).toBe(false);
    expect(isExpired(context, new Date(NOW.getTime() + 30_001))).toBe(true);
  });

  it('uses the context ttl', () => {
    const short = buildContext({ ...SELECT, ttl: 'PT5S' });
    expect(isExpired(short, new Date(NOW.getTime() + 6_000))).toBe(true);
  });

  it('applies the PT30S limit when the context carries no ttl', () => {
    const { ttl: _ttl, ...withoutTtl } = context;
    expect(isExpired(withoutTtl, new Date(NOW.getTime() + 29_000))).toBe(false);
    expect(isExpired(withoutTtl, new Date(NOW.getTime() + 31_000))).toBe(true);
  });
});

describe('ACK and NACK (ondc-notes §1)', () => {
  it('ack() is the bare ACK', () => {
    expect(ack()).toEqual({ message: { ack: { status: 'ACK' } } });
  });

  it('nack() carries the error beside the NACK', () => {
    const error = { type: 'CONTEXT-ERROR', code: '20002', message: 'Stale Request' } as const;
    expect(nack(error)).toEqual({ message: { ack: { status: 'NACK' } }, error });
  });

  it('ackSchema accepts both and rejects other statuses and error types', () => {
    expect(ackSchema.safeParse(ack()).success).toBe(true);
    expect(ackSchema.safeParse(nack({ type: 'DOMAIN-ERROR', code: '40002', message: 'Item quantity unavailable' })).success).toBe(true);
    expect(ackSchema.safeParse({ message: { ack: { status: 'OK' } } }).success).toBe(false);
    expect(ackSchema.safeParse({ message: { ack: { status: 'NACK' } }, error: { type: 'OOPS', code: '1' } }).success).toBe(false);
  });
});

describe('the context an answer echoes (answeredContextOf)', () => {
  const context = { domain: 'ONDC:RET10', action: 'on_search', message_id: 'm-1', bpp_id: 'seller {"x"}' };

  it('cuts the leading context out of a page without reading the rest', () => {
    // The rest of the page is not even JSON: a refused page is not parsed whole.
    expect(answeredContextOf(`{"context":${JSON.stringify(context)},"message":{"catalog": <1 MiB of items>`)).toEqual(context);
    expect(answeredContextOf(` {\n  "context" : ${JSON.stringify(context, null, 2)}, "message": {}}`)).toEqual(context);
  });

  it('matches braces outside strings only', () => {
    const tricky = { ...context, key: 'a } b { c \\" }' };
    expect(answeredContextOf(JSON.stringify({ context: tricky, message: {} }))).toEqual(tricky);
  });

  it('reads a body whose context is not first', () => {
    expect(answeredContextOf(JSON.stringify({ message: { ack: {} }, context }))).toEqual(context);
  });

  it('has none for text that is not JSON or carries no context object', () => {
    expect(answeredContextOf('not json')).toBeUndefined();
    expect(answeredContextOf('')).toBeUndefined();
    expect(answeredContextOf('{"context": [1]}')).toBeUndefined();
    expect(answeredContextOf('{"context": "x"}')).toBeUndefined();
    expect(answeredContextOf('null')).toBeUndefined();
  });
});

describe('durationParts: a TAT, time to ship or return window in parts (SPEC §9)', () => {
  it('splits into days, hours, minutes and seconds', () => {
    expect(durationParts('PT45M')).toEqual({ days: 0, hours: 0, minutes: 45, seconds: 0 });
    expect(durationParts('P1DT2H30M15S')).toEqual({ days: 1, hours: 2, minutes: 30, seconds: 15 });
    expect(durationParts('PT90M')).toEqual({ days: 0, hours: 1, minutes: 30, seconds: 0 });
    expect(durationParts('P1W')).toEqual({ days: 7, hours: 0, minutes: 0, seconds: 0 });
  });
  it('refuses what is not a duration', () => {
    expect(durationParts('45 minutes')).toBeNull();
    expect(durationParts('P')).toBeNull();
  });
  it('reads no parts from an absent duration', () => {
    expect(durationParts('soon')).toBeNull();
    expect(durationParts(null)).toBeNull();
    expect(durationParts(undefined)).toBeNull();
  });
});
