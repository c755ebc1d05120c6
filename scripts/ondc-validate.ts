// npm run ondc:validate [-- [--provider <id>]... <log file or dir>...]: checks a protocol log with ONDC's log validator
// (ONDC-Official/log-validation-utility, run beside the project: ../shared/ONDC-VALIDATOR.md).
// Reads JSON-lines logs (default $DATA_DIR/ondc-log, as ONDC_LOG=1 writes them), builds one
// request per order transaction, posts it to $VALIDATOR_URL and prints each report and a count.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { catalogueRequests, reportLines, validatorRequests, type ValidatorRequest } from '#/ondc/conformance/validator-payload.ts';
import { igmValidatorRequests } from '#/ondc/conformance/igm-payload.ts';
import { rsfValidatorRequests } from '#/ondc/conformance/rsf-payload.ts';

const validatorUrl = process.env['VALIDATOR_URL'] ?? 'http://127.0.0.1:3999';
// --provider <id> (repeatable) narrows the catalogue flows (1, 7, 9) to those stores.
const args = process.argv.slice(2).filter((a) => a !== '--');
const providers = args.flatMap((a, i) => (args[i - 1] === '--provider' ? [a] : []));
const inputs = args.filter((a, i) => a !== '--provider' && args[i - 1] !== '--provider');
const sources = inputs.length > 0 ? inputs : [path.join(process.env['DATA_DIR'] ?? 'data', 'ondc-log')];

function logFiles(source: string): string[] {
  if (!statSync(source, { throwIfNoEntry: false })) throw new Error(`No log at ${source} (start the storefront with ONDC_LOG=1)`);
  if (statSync(source).isFile()) return [source];
  return readdirSync(source)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => path.join(source, f));
}

const lines = sources.flatMap(logFiles).flatMap((file) =>
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

type Answer = { success?: boolean; response?: { message?: string; report?: unknown } };

async function validate(body: ValidatorRequest['body']) {
  // The validator drops and refills one store per request: one at a time.
  const response = await fetch(`${validatorUrl}/api/validate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json()) as Answer;
  return { response, answer, found: reportLines(answer.response?.report) };
}

function isStoreRace(found: readonly string[], body: ValidatorRequest['body']): boolean {
  const sameDomain = Object.values(body.payload).every((m) => m.context.domain === body.domain);
  return sameDomain && found.some((line) => line.endsWith('Domain should be same in each action'));
}

const requests = [...catalogueRequests(lines, providers.length > 0 ? { providers } : {}), ...validatorRequests(lines)];
let checked = 0;
let failed = 0;
let errors = 0;
/** One request checked: verified, or failed with the validator's errors, counted and printed. */
function verdict(label: string, response: Response, answer: Answer, found: readonly string[]) {
  checked++;
  if (answer.success && found.length === 0) {
    console.log(`✓ ${label}: ${answer.response?.message ?? 'verified'}`);
    return;
  }
  failed++;
  errors += Math.max(1, found.length);
  console.log(`✗ ${label}: ${answer.response?.message ?? `HTTP ${response.status}`}, ${found.length} errors`);
  for (const line of found) console.log(`    ${line}`);
}
for (const request of requests) {
  const label = `${request.transactionId} (${request.body.domain}, flow ${request.body.flow})`;
  if (request.skipped) {
    console.log(`- ${label}: not checked, ${request.skipped}`);
    continue;
  }
  let { response, answer, found } = await validate(request.body);
  // The validator empties its store without waiting for it (shared/validateLogs.ts calls dropDB()
  // unawaited), so the empty can land after it has noted the request's domain: it then reports a
  // domain mismatch, and errors that follow from it, in a request whose every message has the
  // same domain. Such a report is the validator's own race: the request is asked again (twice at
  // most), and the retry is said.
  for (let retry = 1; retry <= 2 && isStoreRace(found, request.body); retry++) {
    console.log(`  ${label}: the validator reported a domain mismatch this request does not have; asking again (${retry})`);
    ({ response, answer, found } = await validate(request.body));
  }
  verdict(label, response, answer, found);
}
// Complaints (IGM 2.0.0): one request per issue to /api/validate/igm.
const complaints = igmValidatorRequests(lines);
for (const request of complaints) {
  const label = `issue ${request.issueId} (${request.body.flow}: ${Object.keys(request.body.payload).join(', ')})`;
  const response = await fetch(`${validatorUrl}/api/validate/igm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
  });
  const answer = (await response.json()) as Answer;
  const found = reportLines(answer.response?.report);
  if (request.unnamed.length > 0) console.log(`  ${label}: not named by the validator, so not checked: ${request.unnamed.join('; ')}`);
  verdict(label, response, answer, found);
}
// Settlement (RSF 2.0.0): one request per recon, settle or report to /api/validate/rsf.
const recons = rsfValidatorRequests(lines);
for (const request of recons) {
  const label = `${request.body.flow.toLowerCase()} ${request.transactionId} (${Object.keys(request.body.payload).join(', ')})`;
  const response = await fetch(`${validatorUrl}/api/validate/rsf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
  });
  const answer = (await response.json()) as Answer;
  verdict(label, response, answer, reportLines(answer.response?.report));
}
console.log(
  `\n${requests.length + complaints.length + recons.length} flows, ${checked} checked by ${validatorUrl}, ${checked - failed} verified, ${errors} errors`,
);
process.exitCode = failed > 0 || checked === 0 ? 1 : 0;
