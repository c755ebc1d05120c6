// Lighthouse (mobile defaults) on catalogue pages, median of BENCH_RUNS (3) runs each, with
// Debian's Chromium, against a fresh server on loopback. Prints figures; never fails on them.
// BENCH_BEFORE_URL (another build's server, e.g. main's in a separate worktree) adds it side by
// side: runs alternate before/after in one session, so both sides share the machine's load.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '#/lib/process/build.server.ts';
import { startServer } from '../support/server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = (process.env.BENCH_PAGES ?? '/').split(',');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const beforeUrl = process.env.BENCH_BEFORE_URL?.replace(/\/$/, '');

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Cumulative layout shift, in thousandths. */
  clsMilli: number;
  totalBytes: number;
  jsGzipBytes: number;
  htmlBytes: number;
  scriptsBeforeFcp: number;
  mainThreadMs: number;
  styleLayoutMs: number;
  scriptMs: number;
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
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-dev-shm-usage',
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  if (report.runtimeError) throw new Error(`lighthouse runtime error: ${report.runtimeError.message}`);
  const audits = report.audits;
  const requests: Array<{ resourceType: string; transferSize: number; url: string; startTime: number }> = audits['network-requests'].details.items;
  const fcp = audits['first-contentful-paint'].numericValue as number;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const doc = requests.find((r) => r.resourceType === 'Document');
  const breakdown: Array<{ group: string; duration: number }> = audits['mainthread-work-breakdown'].details?.items ?? [];
  const inGroup = (group: string) => Math.round(breakdown.find((i) => i.group === group)?.duration ?? 0);
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    bestPractices: Math.round(report.categories['best-practices'].score * 100),
    seo: Math.round(report.categories.seo.score * 100),
    fcpMs: Math.round(fcp),
    lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(audits['total-blocking-time'].numericValue),
    clsMilli: Math.round(audits['cumulative-layout-shift'].numericValue * 1000),
    totalBytes: Math.round(audits['total-byte-weight'].numericValue),
    jsGzipBytes: scripts.reduce((sum, r) => sum + r.transferSize, 0),
    htmlBytes: doc?.transferSize ?? 0,
    scriptsBeforeFcp: scripts.filter((r) => r.startTime < fcp).length,
    mainThreadMs: Math.round(audits['mainthread-work-breakdown'].numericValue),
    styleLayoutMs: inGroup('styleLayout'),
    scriptMs: inGroup('scriptEvaluation') + inGroup('scriptParseCompile'),
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function medians(results: Run[]): Run {
  return Object.fromEntries(Object.keys(results[0] as Run).map((key) => [key, median(results.map((r) => r[key as keyof Run]))])) as unknown as Run;
}

const grouped = (n: number) => n.toLocaleString('en-US');

function row(page: string, side: string, m: Run) {
  return `| \`${page}\` | ${side} | ${m.performance} | ${grouped(m.fcpMs)} ms | ${grouped(m.lcpMs)} ms | ${grouped(m.tbtMs)} ms | ${(m.clsMilli / 1000).toFixed(3)} | ${grouped(m.htmlBytes)} B | ${grouped(m.jsGzipBytes)} B | ${grouped(m.totalBytes)} B | ${grouped(m.mainThreadMs)} ms | ${grouped(m.styleLayoutMs)} ms | ${grouped(m.scriptMs)} ms | ${m.scriptsBeforeFcp} |`;
}

ensureBuilt();
const server = await startServer();
const dir = mkdtempSync(path.join(tmpdir(), 'kirana-lh-'));
try {
  const rows: string[] = [];
  for (const page of pages) {
    const after: Run[] = [];
    const before: Run[] = [];
    for (let i = 0; i < runs; i++) {
      if (beforeUrl) before.push(lighthouse(beforeUrl + page, path.join(dir, `before-${i}.json`)));
      after.push(lighthouse(server.url + page, path.join(dir, `after-${i}.json`)));
    }
    const m = medians(after);
    console.log(
      `lighthouse ${page}: performance ${m.performance}, accessibility ${m.accessibility}, best practices ${m.bestPractices}, SEO ${m.seo}, FCP ${m.fcpMs} ms, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.clsMilli / 1000}, JS ${m.jsGzipBytes} B transferred, HTML ${m.htmlBytes} B transferred, scripts before first paint ${m.scriptsBeforeFcp}, main thread ${m.mainThreadMs} ms (style & layout ${m.styleLayoutMs} ms, script ${m.scriptMs} ms) (median of ${runs})`,
    );
    if (beforeUrl) rows.push(row(page, 'before', medians(before)));
    rows.push(row(page, beforeUrl ? 'after' : 'this build', m));
  }
  console.log(`\n| Page | Build | Perf | FCP | LCP | TBT | CLS | HTML | JS | All bytes | Main thread | Style & layout | Script | Scripts before FCP |`);
  console.log(`|---|---|---|---|---|---|---|---|---|---|---|---|---|---|`);
  for (const r of rows) console.log(r);
} finally {
  await server.stop();
}
