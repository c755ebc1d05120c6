import { describe, expect, it } from 'vitest';
import { CODE_LIFETIME_MS, codeSchema, codeSent, hashCode, judgeCode, lockedFor, LOCKOUT_MS, MAX_WRONG_CODES, newCode, type CodeRecord } from './code.ts';

const key = Buffer.from('a key of the shop, thirty-two bytes long');
const T0 = Date.UTC(2026, 10, 28, 6, 30);
const sent = (code: string, now = T0, before: CodeRecord | null = null) => codeSent(before, hashCode(key, 'salt', code), 'salt', now);

describe('issue 29: the sign-in code', () => {
  it('is six digits, leading zeros kept, and not the same twice in a row', () => {
    const codes = Array.from({ length: 50 }, newCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(45);
  });

  it('is kept as a keyed hash: neither the code nor an unkeyed hash of it is stored', () => {
    const record = sent('042917');
    expect(record.codeHash).not.toContain('042917');
    expect(record.codeHash).not.toBe(hashCode(Buffer.from('another key of thirty-two bytes..'), 'salt', '042917'));
  });

  it('takes six digits typed with spaces or Devanagari digits, nothing else', () => {
    expect(codeSchema.parse(' 042 917 ')).toBe('042917');
    expect(codeSchema.parse('०४२९१७')).toBe('042917');
    for (const bad of ['04291', '0429170', 'abcdef', '', 42917]) expect(codeSchema.safeParse(bad).success).toBe(false);
  });
});

describe('issue 29: a code signs in once, within its 5 minutes', () => {
  it('signs in with the right code', () => {
    expect(judgeCode(sent('042917'), '042917', key, T0 + 1000).verdict).toEqual({ outcome: 'signed-in' });
  });

  it('is spent once used: the same code again finds no code', () => {
    const first = judgeCode(sent('042917'), '042917', key, T0 + 1000);
    expect(first.next?.codeHash).toBeNull();
    expect(judgeCode(first.next, '042917', key, T0 + 2000).verdict).toEqual({ outcome: 'no-code' });
  });

  it('has expired at 5 minutes, and an expired code counts no wrong try', () => {
    const record = sent('042917');
    expect(judgeCode(record, '042917', key, T0 + CODE_LIFETIME_MS - 1).verdict.outcome).toBe('signed-in');
    const late = judgeCode(record, '042917', key, T0 + CODE_LIFETIME_MS);
    expect(late.verdict).toEqual({ outcome: 'expired' });
    expect(late.next?.wrongCodes).toBe(0);
  });

  it('a new code replaces the one before', () => {
    const second = sent('222222', T0 + 1000, sent('111111'));
    expect(judgeCode(second, '111111', key, T0 + 2000).verdict.outcome).toBe('wrong');
    expect(judgeCode(second, '222222', key, T0 + 2000).verdict.outcome).toBe('signed-in');
  });

  it('no code sent: nothing to check', () => {
    expect(judgeCode(null, '042917', key, T0).verdict).toEqual({ outcome: 'no-code' });
  });
});

describe(`issue 29: ${MAX_WRONG_CODES} wrong codes lock the phone for 15 minutes`, () => {
  function wrongTimes(times: number, record: CodeRecord, now = T0 + 1000) {
    const verdicts = [];
    let current: CodeRecord | null = record;
    for (let i = 0; i < times; i++) {
      const judged = judgeCode(current, '999999', key, now);
      verdicts.push(judged.verdict);
      current = judged.next;
    }
    return { verdicts, record: current! };
  }

  it('counts down the tries left, then locks and burns the code', () => {
    const { verdicts, record } = wrongTimes(MAX_WRONG_CODES, sent('042917'));
    expect(verdicts.slice(0, -1)).toEqual([4, 3, 2, 1].map((attemptsLeft) => ({ outcome: 'wrong', attemptsLeft })));
    expect(verdicts.at(-1)).toEqual({ outcome: 'locked', retryAfterS: LOCKOUT_MS / 1000 });
    // Even the right code is refused while locked, and again after: that code is gone.
    expect(judgeCode(record, '042917', key, T0 + 2000).verdict).toEqual({ outcome: 'locked', retryAfterS: LOCKOUT_MS / 1000 - 1 });
    expect(judgeCode(record, '042917', key, T0 + 1000 + LOCKOUT_MS).verdict).toEqual({ outcome: 'no-code' });
  });

  it('no new code is sent while locked; one is once the lock ends', () => {
    const { record } = wrongTimes(MAX_WRONG_CODES, sent('042917'));
    expect(lockedFor(record, T0 + 1000)).toBe(LOCKOUT_MS / 1000);
    expect(lockedFor(record, T0 + 1000 + LOCKOUT_MS)).toBeNull();
    const after = sent('555555', T0 + 1000 + LOCKOUT_MS, record);
    expect(judgeCode(after, '555555', key, T0 + 2000 + LOCKOUT_MS).verdict.outcome).toBe('signed-in');
  });

  it('asking for a new code does not buy new guesses', () => {
    const { record } = wrongTimes(MAX_WRONG_CODES - 1, sent('042917'));
    const resent = sent('777777', T0 + 2000, record);
    expect(judgeCode(resent, '000000', key, T0 + 3000).verdict.outcome).toBe('locked');
  });

  it('wrong codes long ago are forgotten by the next code', () => {
    const { record } = wrongTimes(MAX_WRONG_CODES - 1, sent('042917'));
    const muchLater = T0 + CODE_LIFETIME_MS + LOCKOUT_MS;
    expect(judgeCode(sent('777777', muchLater, record), '000000', key, muchLater + 1000).verdict).toEqual({
      outcome: 'wrong',
      attemptsLeft: MAX_WRONG_CODES - 1,
    });
  });

  it('a right code clears the count', () => {
    const { record } = wrongTimes(MAX_WRONG_CODES - 1, sent('042917'));
    expect(judgeCode(record, '042917', key, T0 + 2000).next?.wrongCodes).toBe(0);
  });
});
