import { describe, expect, it } from 'vitest';
import { createNetworkClock } from './clock.ts';

function fakeRealTime(startMs: number) {
  let now = startMs;
  return { realNow: () => now, advance: (ms: number) => (now += ms) };
}

describe('network clock (DESIGN §5: a clock tests can speed up)', () => {
  it('follows real time at speed 1', () => {
    const real = fakeRealTime(Date.parse('2026-03-01T10:00:00Z'));
    const clock = createNetworkClock({ realNow: real.realNow });
    real.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-03-01T10:01:30.000Z');
  });

  it('starts at NETWORK_CLOCK_START and runs SPEED times faster', () => {
    const real = fakeRealTime(Date.parse('2026-03-01T10:00:00Z'));
    const clock = createNetworkClock({ realNow: real.realNow, speed: 60, start: new Date('2026-01-05T21:30:00Z') });
    expect(clock.now().toISOString()).toBe('2026-01-05T21:30:00.000Z');
    real.advance(1_000);
    expect(clock.now().toISOString()).toBe('2026-01-05T21:31:00.000Z');
  });

  it('resumes where a fast clock stopped, unless told where to start', () => {
    const real = fakeRealTime(Date.parse('2026-03-01T10:00:00Z'));
    const notBefore = new Date('2026-03-01T14:00:00Z');
    expect(createNetworkClock({ realNow: real.realNow, notBefore }).now()).toEqual(notBefore);
    expect(
      createNetworkClock({ realNow: real.realNow, notBefore: new Date('2026-03-01T09:00:00Z') })
        .now()
        .toISOString(),
    ).toBe('2026-03-01T10:00:00.000Z');
    const start = new Date('2026-01-05T06:30:00Z');
    expect(createNetworkClock({ realNow: real.realNow, notBefore, start }).now()).toEqual(start);
  });

  it('refuses a speed that is not positive', () => {
    expect(() => createNetworkClock({ speed: 0 })).toThrow(RangeError);
    expect(() => createNetworkClock({ speed: Number.NaN })).toThrow(RangeError);
  });

  it('puts network times on the wire as the real times they happen', () => {
    const real = fakeRealTime(Date.parse('2026-03-01T10:00:00Z'));
    const clock = createNetworkClock({ realNow: real.realNow, speed: 60, start: new Date('2026-01-05T21:30:00Z') });
    real.advance(10_000);
    // Ten network minutes ago at 60×: ten real seconds ago.
    expect(new Date(clock.toReal(Date.parse('2026-01-05T21:30:00Z'))).toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(new Date(clock.toReal(clock.now().getTime())).toISOString()).toBe('2026-03-01T10:00:10.000Z');
    // A promised window an hour of network time ahead is a minute of real time ahead.
    expect(new Date(clock.toReal(clock.now().getTime() + 3_600_000)).toISOString()).toBe('2026-03-01T10:01:10.000Z');
    const plain = createNetworkClock({ realNow: real.realNow });
    expect(plain.toReal(Date.parse('2026-03-01T09:00:00Z'))).toBe(Date.parse('2026-03-01T09:00:00Z'));
  });
});
