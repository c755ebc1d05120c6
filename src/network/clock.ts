// The sellers' clock. Store hours and order progress read it, so tests can start it at a chosen
// instant (NETWORK_CLOCK_START: a store that is closed at 03:00) and run it fast
// (NETWORK_CLOCK_SPEED=60: one real second is a network minute, DESIGN §5 "a clock that tests
// can speed up"). Protocol timestamps (context.timestamp, signatures) stay on real time: the
// buyer app checks them against its own clock.

export type NetworkClock = {
  /** the network's current time */
  now(): Date;
  /** network milliseconds per real millisecond */
  speed: number;
  /**
   * The real time at which the network clock shows `networkMs`: what a message puts on the wire,
   * so that what has happened sits at or before its context timestamp and a promised window
   * stays the same in every message (ONDC's log validator checks both) at any speed or start.
   */
  toReal(networkMs: number): number;
};

export type NetworkClockOptions = {
  speed?: number;
  /** the network time at creation; the real time when absent */
  start?: Date;
  /**
   * Without a start, the clock resumes here when that is later than the real time: a fast
   * clock's orders stay in its past across a restart.
   */
  notBefore?: Date;
  /** real time in ms, for tests */
  realNow?: () => number;
};

export function createNetworkClock(options: NetworkClockOptions = {}): NetworkClock {
  const speed = options.speed ?? 1;
  if (!Number.isFinite(speed) || speed <= 0) throw new RangeError(`Clock speed must be a positive number, got ${speed}`);
  const realNow = options.realNow ?? Date.now;
  const realStart = realNow();
  const networkStart = options.start?.getTime() ?? Math.max(realStart, options.notBefore?.getTime() ?? realStart);
  return {
    speed,
    now: () => new Date(networkStart + (realNow() - realStart) * speed),
    toReal: (networkMs) => Math.round(realStart + (networkMs - networkStart) / speed),
  };
}
