// Lighthouse (mobile defaults) on catalogue pages, median of 3 runs each, with Debian's Chromium,
// against a fresh server on loopback. Prints figures; never fails on them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../../src/serve.ts';
import { startServer } from '../support/server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = (process.env.BENCH_PAGES ?? '/').split(',');
const runs = Number(process.env.BENCH_RUNS ?? 3);

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  jsGzipBytes: number;
  htmlBytes: number;
  scriptsBeforeFcp: number;
}

// Lighthouse now and then loses the trace (NO_NAVSTART) on a busy 2-core machine: one retry.
function lighthouse(url: string, out: string): Run {
  try {
    return lighthouseOnce(url, out);
  } catch (error) {
    console.warn(`retrying after: ${error instanceof Error ? error.message : error}`);
    return lighthouseOnce(url, out);
  }
}

function lighthouseOnce(url: string, out: string): Run {
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [url, '--quiet', '--output=json', `--output-path=${out}`, '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-dev-shm-usage'],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  if (report.runtimeError) throw new Error(`lighthouse runtime error: ${report.runtimeError.message}`);
  const requests: Array<{ resourceType: string; transferSize: number; url: string; startTime: number }> =
    report.audits['network-requests'].details.items;
  const fcp = report.audits['first-contentful-paint'].numericValue as number;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const doc = requests.find((r) => r.resourceType === 'Document');
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    bestPractices: Math.round(report.categories['best-practices'].score * 100),
    seo: Math.round(report.categories.seo.score * 100),
    lcpMs: Math.round(report.audits['largest-contentful-paint'].numericValue),
    jsGzipBytes: scripts.reduce((sum, r) => sum + r.transferSize, 0),
    htmlBytes: doc?.transferSize ?? 0,
    scriptsBeforeFcp: scripts.filter((r) => r.startTime < fcp).length,
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

ensureBuilt();
const server = await startServer();
const dir = mkdtempSync(path.join(tmpdir(), 'kirana-lh-'));
try {
  for (const page of pages) {
    const results = Array.from({ length: runs }, (_, i) => lighthouse(server.url + page, path.join(dir, `${i}.json`)));
    const m = (key: keyof Run) => median(results.map((r) => r[key]));
    console.log(
      `lighthouse ${page}: performance ${m('performance')}, accessibility ${m('accessibility')}, best practices ${m('bestPractices')}, SEO ${m('seo')}, LCP ${m('lcpMs')} ms, JS ${m('jsGzipBytes')} B transferred, HTML ${m('htmlBytes')} B transferred, scripts before first paint ${m('scriptsBeforeFcp')} (median of ${runs})`,
    );
  }
} finally {
  await server.stop();
}
