import { describe, expect, it } from 'vitest';
import { isUserBlacklisted, readUserBlacklist } from './blacklist.ts';

describe('SPEC §6 user blacklist', () => {
  it('is empty by default: nobody is paused', () => {
    expect(readUserBlacklist({}).size).toBe(0);
    expect(isUserBlacklisted('u-1', readUserBlacklist({}))).toBe(false);
  });

  it('reads a comma-separated list of user ids, ignoring spaces and empty entries', () => {
    const list = readUserBlacklist({ USER_BLACKLIST: ' u-1, ,u_2,' });
    expect([...list]).toEqual(['u-1', 'u_2']);
    expect(isUserBlacklisted('u_2', list)).toBe(true);
    expect(isUserBlacklisted('u-3', list)).toBe(false);
  });

  it('never pauses an anonymous shopper (no user id)', () => {
    expect(isUserBlacklisted(null, readUserBlacklist({ USER_BLACKLIST: 'u-1' }))).toBe(false);
  });
});
