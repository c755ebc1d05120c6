import { describe, expect, it } from 'vitest';
import { NUL_MESSAGE, parseJsonText, SURROGATE_MESSAGE, unstorableText } from './json.ts';
import { bodyLimitFor, CALLBACK_MAX_BYTES, DEFAULT_MAX_BYTES } from './body-limits.ts';

describe('text we cannot store is refused, naming the field (issue 24)', () => {
  it('a lone surrogate or a NUL in a string or a key, at any depth', () => {
    expect(parseJsonText('{"address":{"lines":["ok","x\\ud800"]}}')).toEqual({ ok: false, message: `address.lines.1: ${SURROGATE_MESSAGE}` });
    expect(parseJsonText('{"a":"\\udfff tail"}')).toEqual({ ok: false, message: `a: ${SURROGATE_MESSAGE}` });
    expect(parseJsonText('{"a":"x\\u0000"}')).toEqual({ ok: false, message: `a: ${NUL_MESSAGE}` });
    expect(parseJsonText('{"k\\ud800":1}')).toEqual({ ok: false, message: `body: a key: ${SURROGATE_MESSAGE}` });
    expect(parseJsonText('"\\ud800"')).toEqual({ ok: false, message: `body: ${SURROGATE_MESSAGE}` });
  });

  it('a surrogate pair is one real character, and a written-out backslash-u is plain text', () => {
    expect(parseJsonText('{"note":"ok \\ud83d\\ude00"}')).toEqual({ ok: true, value: { note: 'ok 😀' } });
    expect(parseJsonText('{"note":"\\\\ud800"}')).toEqual({ ok: true, value: { note: '\\ud800' } });
    expect(parseJsonText('not json')).toEqual({ ok: false, message: 'The request body must be JSON' });
  });

  it('walks nesting deeper than the call stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\ud800"${']'.repeat(100_000)}`) as unknown;
    expect(unstorableText(deep)).toMatch(/surrogate/);
  });
});

describe('body limits per route (issue 24)', () => {
  it.each([
    ['/bap/on_search', CALLBACK_MAX_BYTES],
    ['/bap/on_status', CALLBACK_MAX_BYTES],
    ['/ondc/order/return-photo', 2 * 1024 * 1024],
    ['/ondc/hive', 64 * 1024],
    ['/ins-api', 64 * 1024],
    ['/ondc/select', 64 * 1024],
    ['/sync/unified/address', 64 * 1024],
    ['/ondc/cart', 16 * 1024],
    ['/save/unified/address', 16 * 1024],
    ['/cart/add', DEFAULT_MAX_BYTES],
    ['/', DEFAULT_MAX_BYTES],
    ['/bap/not-a-callback', DEFAULT_MAX_BYTES],
  ])('%s takes at most %i bytes', (path, bytes) => {
    expect(bodyLimitFor(path)).toBe(bytes);
  });
});
