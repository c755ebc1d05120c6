// Issue 27: the clock a test run's storefronts read store hours on, so a test never depends on the
// hour it runs. The shared storefronts (tests/api/global-setup.ts, playwright.config.ts) start
// their sellers' clock at 12:00 IST today, when the stores the tests order from keep hours that
// are open; a test needing a closed store starts its own at 03:00 IST. The start is fixed once per
// run and handed to every test process in TEST_CLOCK, so fixtures compute the same "now": the
// start plus the real time gone by since.

const TEST_CLOCK = 'TEST_CLOCK';

export type TestClock = {
  /** the sellers' clock at `startedAt`, as NETWORK_CLOCK_START takes it */
  start: string;
  /** the real time (ms) the clock showed `start` */
  startedAt: number;
  now(): Date;
};

/** `hh:mm` IST today (the Indian date of the real clock), as an ISO instant with its offset. */
function todayIst(hhmm: string, realNow = Date.now()): string {
  const day = new Date(realNow + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10);
  return `${day}T${hhmm}:00+05:30`;
}

/** A clock that shows `start` now and runs at real speed. */
function testClockAt(start: string, startedAt = Date.now()): TestClock {
  const startMs = Date.parse(start);
  if (!Number.isFinite(startMs)) throw new Error(`Not a clock start: ${start}`);
  return { start, startedAt, now: () => new Date(startMs + (Date.now() - startedAt)) };
}

/**
 * The run's clock of the shared storefronts: the one in TEST_CLOCK, or noon IST today from now,
 * put there for the processes started after this one (test workers, storefronts' tests).
 */
export function sharedTestClock(): TestClock {
  const given = process.env[TEST_CLOCK];
  if (given) {
    const [start = '', startedAt = ''] = given.split('@');
    return testClockAt(start, Number(startedAt));
  }
  const clock = testClockAt(todayIst('12:00'));
  process.env[TEST_CLOCK] = `${clock.start}@${clock.startedAt}`;
  return clock;
}

/**
 * 03:00 IST today: every Bengaluru grocery but the all-day ones is closed for four hours, for a
 * test of a closed store on a storefront of its own (the shared ones' noon has none closed).
 */
export const nightClock = (): TestClock => testClockAt(todayIst('03:00'));

/** 17:00 IST today: inside the grocery stores' evening offer hours (4 pm–7 pm, issue 28), for a storefront of its own. */
export const eveningClock = (): TestClock => testClockAt(todayIst('17:00'));

/** Now on the shared storefronts' clock, for fixtures that pick a store open or closed. */
export const testNow = (): Date => sharedTestClock().now();
