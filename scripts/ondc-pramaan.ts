// npm run ondc:pramaan [-- <log dir>]: judges a protocol log with ONDC's Pramaan buyer test engine
// (ONDC-Official/automation-report-pramaan, folder buyerNPTestAPI, run beside the project:
// ../shared/ONDC-PRAMAAN.md). Serves the log on loopback as the engine reads it (GET /logs), starts
// the engine from PRAMAAN_DIR (or uses one at PRAMAAN_URL started with PW_LOGS_API pointing here),
// posts /runtest for each retail 1.2.0, IGM 2.0 and RSF 2.0 flow the log plays, RET10 and RET11,
// one at a time (the engine keeps state between runs), and prints each report's failures not marked
// OPTIONAL.
// Default log: the newest run of `npm run ondc:flows` (data/ondc-flows/<time>/).
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  buyerAppId,
  countReport,
  pramaanFlows,
  pramaanIgmFlows,
  pramaanRecords,
  pramaanRsfFlows,
  type PramaanRecord,
} from '#/ondc/conformance/pramaan-logs.ts';

const args = process.argv.slice(2).filter((a) => a !== '--');
const runs = path.resolve('data', 'ondc-flows');
const source = args[0] ?? path.join(runs, readdirSync(runs).sort().at(-1) ?? '');
const engineDir = process.env['PRAMAAN_DIR'];
const enginePort = Number(process.env['PRAMAAN_PORT'] ?? '3995');
const engineUrl = process.env['PRAMAAN_URL'] ?? `http://127.0.0.1:${enginePort}`;
const logsPort = Number(process.env['PRAMAAN_LOGS_PORT'] ?? '0');
const DOMAINS = ['ONDC:RET10', 'ONDC:RET11'];

const files = statSync(source).isFile()
  ? [source]
  : readdirSync(source)
      .filter((f) => f.endsWith('.jsonl'))
      .sort()
      .map((f) => path.join(source, f));
const lines = files.flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((text) => {
      try {
        return [JSON.parse(text) as unknown];
      } catch {
        return [];
      }
    }),
);
const bapId = buyerAppId(lines);
if (!bapId) throw new Error(`${source}: no request of a buyer app in the log`);
const records = pramaanRecords(lines, bapId);
const flows = [...pramaanFlows(lines, records, DOMAINS), ...pramaanIgmFlows(records, DOMAINS), ...pramaanRsfFlows(records, DOMAINS[0]!)];

// The engine's log source, and 200s for the other addresses it calls (analytics, report callback).
// A flow judged on part of its transaction's records is served only those while it runs.
let serving: PramaanRecord[] | null = null;
const logs = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const body: PramaanRecord[] | { ok: true } =
    url.pathname === '/logs' ? (serving ?? records.get(url.searchParams.get('transaction_id') ?? '') ?? []) : { ok: true };
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  request.resume();
});
await new Promise<void>((resolve) => logs.listen(logsPort, '127.0.0.1', resolve));
const logsUrl = `http://127.0.0.1:${(logs.address() as AddressInfo).port}`;

let engine: ChildProcess | null = null;
async function stopEverything() {
  logs.close();
  if (engine && engine.exitCode === null && engine.signalCode === null) {
    const exited = new Promise((resolve) => engine?.once('exit', resolve));
    engine.kill('SIGTERM');
    await exited;
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stopEverything().finally(() => process.exit(130)));

async function engineUp(limitMs: number) {
  for (const started = Date.now(); Date.now() - started < limitMs; await new Promise((r) => setTimeout(r, 500))) {
    if (engine && engine.exitCode !== null) throw new Error(`the engine exited with ${engine.exitCode}`);
    const answer = await fetch(`${engineUrl}/runtest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => null);
    if (answer) return;
  }
  throw new Error(`no Pramaan engine at ${engineUrl} within ${limitMs / 1000} s`);
}

let failures = 0;
try {
  if (engineDir) {
    engine = spawn(process.execPath, ['src/server.js'], {
      cwd: engineDir,
      env: {
        ...process.env,
        // MongoDB only stores reports: unreachable, and the JSON report on disk is read instead.
        MONGODB_URI: 'mongodb://127.0.0.1:1/pramaan?serverSelectionTimeoutMS=3000',
        PORT: String(enginePort),
        HOST: '127.0.0.1',
        FLUSHPERIOD: 'P90D',
        analyticsAPI: `${logsUrl}/analytics`,
        BUYER_TESTING_URI: engineUrl,
        PW_LOGS_API: logsUrl,
        PW_LOGS_API_KEY: 'local',
        SELLER_TESTING_URI: `${logsUrl}/seller`,
      },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
  }
  await engineUp(10 * 60_000);
  const reports = engineDir ? path.join(engineDir, 'src', 'output') : process.env['PRAMAAN_REPORTS'];
  if (!reports) throw new Error('set PRAMAAN_DIR (the engine is started here) or PRAMAAN_REPORTS (its src/output) with PRAMAAN_URL');
  console.log(`${flows.length} flows of ${source} (buyer app ${bapId}), judged by ${engineUrl}\n`);
  for (const [index, flow] of flows.entries()) {
    serving = flow.records ?? null;
    const answer = await fetch(`${engineUrl}/runtest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: bapId,
        version: '1.2.0',
        domain: flow.domain,
        environment: 'local',
        type: 'RETAIL',
        test_id: `PW-kirana-${Date.now()}-${index}`,
        tests: [{ flow_id: flow.flowId, transaction_id: flow.transactionId, type: 'RETAIL' }],
      }),
    });
    const label = `${flow.flowId} ${flow.domain} (${flow.transactionId})`;
    if (!answer.ok) {
      failures++;
      console.log(`✗ ${label}: HTTP ${answer.status} ${await answer.text()}`);
      continue;
    }
    const report = JSON.parse(readFileSync(path.join(reports, `${flow.transactionId}_report.json`), 'utf8')) as Parameters<typeof countReport>[0];
    const counted = countReport(report);
    failures += counted.required.length;
    console.log(
      `${counted.required.length === 0 ? '✓' : '✗'} ${label}: ${counted.passed} passed, ${counted.failed} failed, ${counted.required.length} not OPTIONAL`,
    );
    for (const failure of counted.required) console.log(`    ${failure.suite}: ${failure.title} — ${failure.message}`);
  }
  console.log(`\n${flows.length} flows, ${failures} failures not marked OPTIONAL`);
} finally {
  await stopEverything();
}
process.exitCode = failures > 0 || flows.length === 0 ? 1 : 0;
