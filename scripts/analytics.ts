// npm run analytics -- [--since 7d] [--export events.ndjson]: the shopping funnel per day
// (home → listing → cart → checkout → order, with each step's conversion from the one before),
// read from a running storefront (ANALYTICS_URL, default http://localhost:4321) with its
// ANALYTICS_TOKEN; --export writes the events as NDJSON for another tool.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { since: { type: 'string', default: '7d' }, export: { type: 'string' } } });
const base = (process.env['ANALYTICS_URL'] ?? 'http://localhost:4321').replace(/\/$/, '');
const token = process.env['ANALYTICS_TOKEN'];
if (!token) {
  console.error('Set ANALYTICS_TOKEN to the storefront’s analytics token.');
  process.exit(2);
}
const get = (path: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });

const funnel = await get(`/ops/analytics/funnel?since=${encodeURIComponent(values.since)}`);
if (!funnel.ok) {
  console.error(`${base} answered ${funnel.status}: ${await funnel.text()}`);
  process.exit(1);
}
const { steps, days } = (await funnel.json()) as { steps: string[]; days: Array<Record<string, number | string>> };
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–');
console.log(`Funnel since ${values.since} (sessions per day, IST):`);
console.table(
  Object.fromEntries(
    days.map((day) => [
      day['day'],
      Object.fromEntries(
        steps.flatMap((step, i) => {
          const count = Number(day[step] ?? 0);
          return i === 0
            ? [[step, count]]
            : [
                [step, count],
                [`→${step}`, percent(count, Number(day[steps[i - 1]!] ?? 0))],
              ];
        }),
      ),
    ]),
  ),
);
if (values.export) {
  const events = await get(`/ops/analytics/events?since=${encodeURIComponent(values.since)}&limit=100000`);
  const text = await events.text();
  writeFileSync(values.export, text);
  console.log(`${text.split('\n').filter(Boolean).length} events written to ${values.export}`);
}
