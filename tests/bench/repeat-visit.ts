// Repeat-visit Lighthouse (mobile defaults) on BENCH_PAGES: one Chromium profile kept between runs,
// so the second and later visits find what the first left (HTTP cache, and the service worker with
// its caches once it is installed). A warm-up visit first, then BENCH_RUNS measured visits; median.
// Prints figures; never fails on them.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ensureBuilt } from '#/lib/process/build.server.ts';
import { startServer } from '../support/server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = (process.env.BENCH_PAGES ?? '/').split(',');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const debuggingPort = Number(process.env.BENCH_DEBUG_PORT ?? 9333);

interface Visit {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  jsTransferred: number;
}

function visit(url: string, out: string): Visit {
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [url, '--quiet', '--output=json', `--output-path=${out}`, `--port=${debuggingPort}`, '--disable-storage-reset', '--only-categories=performance'],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  if (report.runtimeError) throw new Error(`lighthouse runtime error: ${report.runtimeError.message}`);
  const requests: Array<{ resourceType: string; transferSize: number }> = report.audits['network-requests'].details.items;
  return {
    performance: Math.round(report.categories.performance.score * 100),
    lcpMs: Math.round(report.audits['largest-contentful-paint'].numericValue),
    fcpMs: Math.round(report.audits['first-contentful-paint'].numericValue),
    jsTransferred: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + r.transferSize, 0),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Whether the kept profile opens the page under a service worker (the runs above then were too). */
async function controlledByWorker(url: string): Promise<boolean> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(url);
    const controlled = await page.evaluate(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined);
    await page.close();
    return controlled;
  } finally {
    await browser.close().catch(() => undefined);
  }
}

ensureBuilt();
const server = await startServer();
const profile = mkdtempSync(path.join(tmpdir(), 'kirana-repeat-'));
const chrome = spawn(
  process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    `--remote-debugging-port=${debuggingPort}`,
    '--remote-debugging-address=127.0.0.1',
    `--user-data-dir=${profile}`,
    'about:blank',
  ],
  { stdio: 'ignore' },
);
try {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (const page of pages) {
    const url = server.url + page;
    visit(url, path.join(profile, 'warm.json'));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const results = Array.from({ length: runs }, (_, i) => visit(url, path.join(profile, `${i}.json`)));
    const controlled = await controlledByWorker(url);
    console.log(
      `repeat visit ${page}: performance ${median(results.map((r) => r.performance))}, LCP ${median(results.map((r) => r.lcpMs))} ms, FCP ${median(results.map((r) => r.fcpMs))} ms, JS transferred ${median(results.map((r) => r.jsTransferred))} B, under a service worker: ${controlled ? 'yes' : 'no'} (median of ${runs})`,
    );
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}
