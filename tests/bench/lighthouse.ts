// Lighthouse (mobile defaults) on catalogue pages, median of BENCH_RUNS (3) runs each, with
// Debian's Chromium, against a fresh server on loopback. Prints figures; never fails on them.
// BENCH_BEFORE_URL (another build's server, e.g. main's in a separate worktree) adds it side by
// side: runs alternate before/after in one session, so both sides share the machine's load.
// BENCH_PLAIN=1 adds, the same way, a plain-HTML twin of each page (issue 30): the same document
// with its styles, scripts and attributes of presentation taken out, served gzipped from loopback,
// so the TBT and DOM size of ours stand beside what the same content costs a browser unstyled.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
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
const plain = process.env.BENCH_PLAIN === '1';

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
  /** Elements in the document once loaded (Lighthouse's DOM size). */
  domElements: number;
  /** SVG pictures loaded: Chromium builds a document for each, on the page's main thread (BENCHMARKS "Session 25"). */
  svgImages: number;
  /** Lighthouse's measure of this machine's speed: figures from different machines compare only beside it. */
  benchmarkIndex: number;
}

// Lighthouse now and then loses the trace (NO_NAVSTART) on a busy 2-core machine: one retry.
async function lighthouse(url: string, out: string): Promise<Run> {
  try {
    return await lighthouseOnce(url, out);
  } catch (error) {
    console.warn(`retrying after: ${error instanceof Error ? error.message : error}`);
    return lighthouseOnce(url, out);
  }
}

// Spawned, not run synchronously: the plain twins are served from this process's own event loop.
async function lighthouseOnce(url: string, out: string): Promise<Run> {
  const child = spawn(
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
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  if (report.runtimeError) throw new Error(`lighthouse runtime error: ${report.runtimeError.message}`);
  const audits = report.audits;
  const requests: Array<{ resourceType: string; transferSize: number; url: string; startTime: number; mimeType?: string }> =
    audits['network-requests'].details.items;
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
    domElements: Math.round(audits['dom-size-insight']?.numericValue ?? 0),
    svgImages: requests.filter((r) => r.mimeType === 'image/svg+xml').length,
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
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
  return `| \`${page}\` | ${side} | ${m.performance} | ${grouped(m.fcpMs)} ms | ${grouped(m.lcpMs)} ms | ${grouped(m.tbtMs)} ms | ${(m.clsMilli / 1000).toFixed(3)} | ${grouped(m.htmlBytes)} B | ${grouped(m.jsGzipBytes)} B | ${grouped(m.totalBytes)} B | ${grouped(m.mainThreadMs)} ms | ${grouped(m.styleLayoutMs)} ms | ${grouped(m.scriptMs)} ms | ${m.scriptsBeforeFcp} | ${grouped(m.domElements)} | ${m.svgImages} |`;
}

/**
 * The page's content as plain HTML: no styles, scripts, islands' wrappers or templates, no class,
 * style or data attributes; text, headings, lists, links, forms and images (at our server's
 * address) stay where they were.
 */
function plainTwin(html: string, origin: string): string {
  return html
    .replace(/<(style|script|template|noscript)\b[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<link\b[^>]*>/gi, '')
    .replace(/<\/?astro-[a-z-]+\b[^>]*>/gi, '')
    .replace(/\s(?:class|style|data-[\w-]+|aria-[\w-]+|hidden)(?:="[^"]*")?(?=[\s>/])/gi, '')
    .replace(/\s(src|href|action)="\//g, ` $1="${origin}/`);
}

/** Serves each page's plain twin, gzipped, at its own path. */
async function servePlain(twins: Map<string, string>) {
  const gzipped = new Map([...twins].map(([page, html]) => [page, gzipSync(html)]));
  const server = createServer((request, response) => {
    const body = gzipped.get(request.url ?? '');
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

ensureBuilt();
const server = await startServer();
const dir = mkdtempSync(path.join(tmpdir(), 'kirana-lh-'));
const twins = new Map<string, string>();
if (plain) for (const page of pages) twins.set(page, plainTwin(await (await fetch(server.url + page)).text(), server.url));
const plainServer = plain ? await servePlain(twins) : null;
try {
  const rows: string[] = [];
  for (const page of pages) {
    const after: Run[] = [];
    const before: Run[] = [];
    const twin: Run[] = [];
    for (let i = 0; i < runs; i++) {
      if (beforeUrl) before.push(await lighthouse(beforeUrl + page, path.join(dir, `before-${i}.json`)));
      if (plainServer) twin.push(await lighthouse(plainServer.url + page, path.join(dir, `plain-${i}.json`)));
      after.push(await lighthouse(server.url + page, path.join(dir, `after-${i}.json`)));
    }
    const m = medians(after);
    console.log(
      `lighthouse ${page}: performance ${m.performance}, accessibility ${m.accessibility}, best practices ${m.bestPractices}, SEO ${m.seo}, FCP ${m.fcpMs} ms, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.clsMilli / 1000}, JS ${m.jsGzipBytes} B transferred, HTML ${m.htmlBytes} B transferred, scripts before first paint ${m.scriptsBeforeFcp}, main thread ${m.mainThreadMs} ms (style & layout ${m.styleLayoutMs} ms, script ${m.scriptMs} ms), SVG pictures ${m.svgImages}, benchmarkIndex ${m.benchmarkIndex} (median of ${runs})`,
    );
    if (beforeUrl) rows.push(row(page, 'before', medians(before)));
    if (plainServer) rows.push(row(page, 'plain HTML twin', medians(twin)));
    rows.push(row(page, beforeUrl ? 'after' : 'this build', m));
  }
  console.log(
    `\n| Page | Build | Perf | FCP | LCP | TBT | CLS | HTML | JS | All bytes | Main thread | Style & layout | Script | Scripts before FCP | DOM elements | SVG pictures |`,
  );
  console.log(`|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|`);
  for (const r of rows) console.log(r);
} finally {
  await plainServer?.stop();
  await server.stop();
}
