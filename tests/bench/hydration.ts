// What hydration costs a page left alone, which Lighthouse's trace ends too early to see once
// cards hydrate on intent (issue 16): Chromium at 4× CPU slowdown (Lighthouse's mobile factor),
// no interaction for BENCH_WATCH_MS (10 s), long tasks from a buffered PerformanceObserver.
// Prints, per page, median of BENCH_RUNS (3): long tasks, the longest, their blocking time (the
// part over 50 ms, as TBT counts it) and when the first script was asked for. BENCH_BEFORE_URL
// adds another build's server side by side, runs alternating.
import { chromium, type Browser } from '@playwright/test';
import { ensureBuilt } from '#/lib/process/build.server.ts';
import { startServer } from '../support/server.ts';

const pages = (process.env.BENCH_PAGES ?? '/').split(',');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const watchMs = Number(process.env.BENCH_WATCH_MS ?? 10_000);
const beforeUrl = process.env.BENCH_BEFORE_URL?.replace(/\/$/, '');

interface Watch {
  longTasks: number;
  longestMs: number;
  blockingMs: number;
  firstScriptMs: number | null;
}

async function watch(browser: Browser, url: string): Promise<Watch> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let started = 0;
  let firstScriptMs: number | null = null;
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && firstScriptMs === null) firstScriptMs = Date.now() - started;
  });
  started = Date.now();
  await page.goto(url);
  await page.waitForTimeout(watchMs);
  const tasks = await page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: true });
        setTimeout(() => resolve([]), 500);
      }),
  );
  await context.close();
  return {
    longTasks: tasks.length,
    longestMs: Math.round(Math.max(0, ...tasks)),
    blockingMs: Math.round(tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
    firstScriptMs,
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function summary(watches: Watch[]) {
  const scripts = watches.map((w) => w.firstScriptMs).filter((t): t is number => t !== null);
  return `${median(watches.map((w) => w.longTasks))} long tasks, longest ${median(watches.map((w) => w.longestMs))} ms, blocking ${median(watches.map((w) => w.blockingMs))} ms, first script ${scripts.length === watches.length ? `${median(scripts)} ms after navigation` : scripts.length === 0 ? 'never' : `in ${scripts.length} of ${watches.length} runs`}`;
}

ensureBuilt();
const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});
try {
  for (const page of pages) {
    const after: Watch[] = [];
    const before: Watch[] = [];
    for (let i = 0; i < runs; i++) {
      if (beforeUrl) before.push(await watch(browser, beforeUrl + page));
      after.push(await watch(browser, server.url + page));
    }
    if (beforeUrl) console.log(`hydration ${page} before: ${summary(before)} (median of ${runs}, ${watchMs / 1000} s untouched, 4× CPU)`);
    console.log(`hydration ${page}${beforeUrl ? ' after' : ''}: ${summary(after)} (median of ${runs}, ${watchMs / 1000} s untouched, 4× CPU)`);
  }
} finally {
  await browser.close();
  await server.stop();
}
