import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { $online } from './connection.ts';

describe('the connection as islands see it', () => {
  afterEach(() => cleanStores($online));

  it('is online while the server renders a page, though Node has no navigator.onLine', () => {
    const seen: boolean[] = [];
    const stop = $online.subscribe((online) => seen.push(online));
    stop();
    expect(seen).toEqual([true]);
  });
});
